import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CarrierEvent, CarrierEventState, InboxEvent } from '@domain/carrier-events/schema';
import type { Page } from '@domain/common/list';
import { api, READ_AHEAD_FRESH_MS } from '@web/lib/api';

/** Carrier events (issue 18; contract: src/domain/carrier-events/schema.ts): a shipment's timeline and the staff inbox. */
export const carrierEventKeys = {
  all: ['carrier-events'] as const,
  shipment: (shipmentId: string) => ['carrier-events', 'shipment', shipmentId] as const,
  inbox: (state: CarrierEventState, q: string, page: number) => ['carrier-events', 'inbox', state, q, page] as const,
};

export const INBOX_PAGE_SIZE = 20;

export const shipmentCarrierEventsQuery = (shipmentId: string) =>
  queryOptions({
    queryKey: carrierEventKeys.shipment(shipmentId),
    queryFn: ({ signal }) => api<CarrierEvent[]>(`/shipments/${encodeURIComponent(shipmentId)}/carrier-events`, { signal }),
    staleTime: READ_AHEAD_FRESH_MS,
  });

export const inboxQuery = (state: CarrierEventState, q: string, page: number) =>
  queryOptions({
    queryKey: carrierEventKeys.inbox(state, q, page),
    queryFn: ({ signal }) => api<Page<InboxEvent>>('/carrier-events/inbox', { query: { state, q, page, pageSize: INBOX_PAGE_SIZE }, signal }),
  });

/** Attach to a shipment by reference number, or dismiss: each refreshes the inbox, timelines and the shipment (its arrival may move). */
export function useInboxActions() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: carrierEventKeys.all }), queryClient.invalidateQueries({ queryKey: ['shipments'] })]);
  const attach = useMutation({
    mutationFn: ({ id, reference }: { id: string; reference: string }) =>
      api<InboxEvent>(`/carrier-events/${encodeURIComponent(id)}/attach`, { method: 'POST', body: { reference_number: reference } }),
    onSuccess: refresh,
  });
  const dismiss = useMutation({
    mutationFn: (id: string) => api<InboxEvent>(`/carrier-events/${encodeURIComponent(id)}/dismiss`, { method: 'POST' }),
    onSuccess: refresh,
  });
  return { attach, dismiss };
}
