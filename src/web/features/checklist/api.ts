import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwedRow } from '@domain/checklist/owed';
import type { OwedState } from '@domain/checklist/rules';
import type { Page } from '@domain/common/list';
import type { ReviewInput, ShipmentChecklist } from '@domain/checklist/schema';
import type { DocumentRow } from '@domain/documents/schema';
import { api, READ_AHEAD_FRESH_MS } from '@web/lib/api';
import { uploadFile } from '@web/features/documents';

/**
 * A shipment's document checklist (issue 16; contract: src/domain/checklist/schema.ts). Everything sits under ['checklist'],
 * so a change refreshes the shipment's checklist and any overdue list; the shipment's documents (an upload or an
 * attachment lands there) and the dashboard's overdue counts refresh with it.
 */
export const checklistKeys = {
  all: ['checklist'] as const,
  shipment: (shipmentId: string) => ['checklist', 'shipment', shipmentId] as const,
};

const shipmentPath = (shipmentId: string) => `/shipments/${encodeURIComponent(shipmentId)}/checklist`;
const itemPath = (itemId: string) => `/checklist-items/${encodeURIComponent(itemId)}`;

export const checklistQuery = (shipmentId: string) =>
  queryOptions({
    queryKey: checklistKeys.shipment(shipmentId),
    queryFn: ({ signal }) => api<ShipmentChecklist>(shipmentPath(shipmentId), { signal }),
    // The customer's shipment page reads it, then its checklist section mounts a moment later and does not fetch it a
    // second time (changes refresh it through useChecklistActions).
    staleTime: READ_AHEAD_FRESH_MS,
  });

/** Apply the template, attach a document, upload one, approve or reject: each refreshes what it changes. */
export function useChecklistActions(shipmentId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: checklistKeys.all }),
      // An upload or an attachment adds to the shipment's documents and writes a history event.
      queryClient.invalidateQueries({ queryKey: ['documents'] }),
      queryClient.invalidateQueries({ queryKey: ['shipments', 'detail'] }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
  const apply = useMutation({
    mutationFn: () => api<{ items: number }>(shipmentPath(shipmentId), { method: 'POST' }),
    onSuccess: refresh,
  });
  const attach = useMutation({
    mutationFn: ({ itemId, documentName }: { itemId: string; documentName: string }) =>
      api<void>(`${itemPath(itemId)}/document`, { method: 'POST', body: { document_name: documentName } }),
    onSuccess: refresh,
  });
  const upload = useMutation({
    mutationFn: ({ itemId, file }: { itemId: string; file: File }) => uploadFile<DocumentRow>(file, { to: `/api${itemPath(itemId)}/upload` }),
    onSuccess: refresh,
  });
  const review = useMutation({
    mutationFn: ({ itemId, input }: { itemId: string; input: ReviewInput }) => api<void>(`${itemPath(itemId)}/review`, { method: 'POST', body: input }),
    onSuccess: refresh,
  });
  return { apply, attach, upload, review };
}

/** The papers the customer's company owes (issue 45): a page of /checklist/owed, under ['checklist'] so an upload refreshes it. */
export const OWED_PAGE_SIZE = 20;
export const owedQuery = (search: { state?: OwedState; q?: string; page?: number }) =>
  queryOptions({
    queryKey: ['checklist', 'owed', search.state ?? 'all', search.q ?? '', search.page ?? 1] as const,
    queryFn: ({ signal }) => api<Page<OwedRow>>('/checklist/owed', { query: { state: search.state, q: search.q || undefined, page: search.page ?? 1, pageSize: OWED_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
