/** The supplier bills' server calls (issue 39): one key root, invalidated on every write with the charges (the job's profit moves). */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@domain/common/list';
import type { ChargeLine } from '@domain/billing/schema';
import type { SupplierKind } from '@domain/billing/lines';
import type { SupplierBillState } from '@domain/billing/supplier-bills';
import type {
  PayablesAgeing, SupplierBill, SupplierBillInput, SupplierBillMatchInput, SupplierBillPaymentInput, SupplierBillRow,
} from '@domain/billing/supplier-bills-schema';
import { api } from '@web/lib/api';
import { uploadFile } from '@web/features/documents';

const KEY = ['supplier-bills'] as const;
export const BILLS_PAGE_SIZE = 20;
const path = (id: string) => `/supplier-bills/${encodeURIComponent(id)}`;

export const billListQuery = (q: { q: string; state: SupplierBillState | undefined; page: number }) =>
  queryOptions({
    queryKey: [...KEY, 'list', q],
    queryFn: ({ signal }) => api<Page<SupplierBillRow>>('/supplier-bills', { query: { q: q.q, state: q.state, page: q.page, pageSize: BILLS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export const billQuery = (id: string) => queryOptions({ queryKey: [...KEY, 'detail', id], queryFn: ({ signal }) => api<SupplierBill>(path(id), { signal }) });

export const payablesQuery = (q: { as_of: string; currency?: string | undefined; page: number }) =>
  queryOptions({
    queryKey: [...KEY, 'payables', q],
    queryFn: ({ signal }) => api<PayablesAgeing>('/payables/ageing', { query: q, signal }),
    placeholderData: keepPreviousData,
  });

const SUPPLIER_PATHS: Record<SupplierKind, string> = { carrier: '/carriers', agent: '/consolidation-agents', service_provider: '/service-providers' };

/** Suppliers of a kind whose name holds `q`, a page at a time. */
export const suppliersQuery = (kind: SupplierKind, q: string) =>
  queryOptions({
    queryKey: [...KEY, 'suppliers', kind, q],
    queryFn: ({ signal }) => api<Page<{ id: string; name: string }>>(SUPPLIER_PATHS[kind], { query: { q, pageSize: 20 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** Shipments whose reference (or company, cargo) holds `q`, for a bill line's shipment. */
export const shipmentSearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...KEY, 'shipments', q],
    queryFn: ({ signal }) =>
      api<Page<{ id: string; reference_number: string; company_name: string | null }>>('/shipments', { query: { q, pageSize: 20 }, signal }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

/** A shipment's cost (buy) lines, with the bill that matches each (the staff charges answer). */
export const buyLinesQuery = (shipmentId: string) =>
  queryOptions({
    queryKey: [...KEY, 'buy-lines', shipmentId],
    queryFn: async ({ signal }) => (await api<{ lines: ChargeLine[] }>(`/shipments/${encodeURIComponent(shipmentId)}/charges`, { signal })).lines.filter((l) => l.side === 'buy'),
    enabled: !!shipmentId,
  });

function useBillMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: KEY }), client.invalidateQueries({ queryKey: ['charges'] })]),
  });
}

export type BillBody = Omit<SupplierBillInput, 'note'> & { note?: string | null };

export const useSaveBill = () =>
  useBillMutation(({ id, body }: { id?: string; body: BillBody }) => api<SupplierBill>(id ? path(id) : '/supplier-bills', { method: id ? 'PUT' : 'POST', body }));
/** Deletes a bill entered by mistake (a bill with payments stays: 409). */
export const useDeleteBill = () => useBillMutation((id: string) => api<void>(path(id), { method: 'DELETE' }));
export const useMatchLine = (id: string) =>
  useBillMutation(({ position, body }: { position: number; body: SupplierBillMatchInput }) => api<SupplierBill>(`${path(id)}/lines/${position}/match`, { method: 'PUT', body }));
export const useUnmatchLine = (id: string) => useBillMutation((position: number) => api<SupplierBill>(`${path(id)}/lines/${position}/match`, { method: 'DELETE' }));
export const usePayBill = (id: string) => useBillMutation((body: SupplierBillPaymentInput) => api<SupplierBill>(`${path(id)}/payments`, { body }));
/** The supplier's file, through the documents' one upload (kept in Documents, linked to the bill). */
export const useUploadBillFile = (id: string) => useBillMutation((file: File) => uploadFile<SupplierBill>(file, { to: `/api${path(id)}/document` }));
