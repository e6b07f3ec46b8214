import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ShipmentStatus } from '@domain/common/enums';
import type { CustomerShipment, CustomerShipmentEvent, ShipmentDetail, ShipmentEvent } from '@domain/shipments/index';
import { api, ApiError, READ_AHEAD_FRESH_MS } from '@web/lib/api';

/** Staff receive the full detail; a customer the whitelisted view (the server strips the rest). */
export type AnyShipment = ShipmentDetail | CustomerShipment;
export type AnyShipmentEvent = ShipmentEvent | CustomerShipmentEvent;

/** Under the lists' ['shipments'] key, so a write that invalidates the shipments refreshes the detail too. */
export const shipmentDetailKeys = {
  detail: (id: string) => ['shipments', 'detail', id] as const,
  events: (id: string) => ['shipments', 'detail', id, 'events'] as const,
};

const path = (id: string) => `/shipments/${encodeURIComponent(id)}`;

export const shipmentQuery = (id: string) =>
  queryOptions({
    queryKey: shipmentDetailKeys.detail(id),
    queryFn: ({ signal }) => api<AnyShipment>(path(id), { signal }),
    // A 404 (unknown id, another company's shipment) will not change on a retry.
    retry: (count, error) => count < 2 && !(error instanceof ApiError && (error.status === 404 || error.status === 403)),
  });

export const shipmentEventsQuery = (id: string) =>
  queryOptions({
    queryKey: shipmentDetailKeys.events(id),
    queryFn: async ({ signal }) => (await api<{ rows: AnyShipmentEvent[] }>(`${path(id)}/events`, { signal })).rows,
    staleTime: READ_AHEAD_FRESH_MS,
  });

export const changeShipmentStatus = (id: string, status: ShipmentStatus) => api<ShipmentDetail>(`${path(id)}/status`, { body: { status } });

/** After a status change: the detail answer is the new truth; history, lists, dashboards and analytics follow. */
export async function afterStatusChange(queryClient: QueryClient, detail: ShipmentDetail) {
  queryClient.setQueryData(shipmentDetailKeys.detail(detail.id), detail);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: shipmentDetailKeys.events(detail.id) }),
    queryClient.invalidateQueries({ queryKey: ['shipments', 'list'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['analytics'] }),
    // The company profile lists its shipments with their status.
    queryClient.invalidateQueries({ queryKey: ['companies', 'detail'] }),
  ]);
}

/** Staff details carry `totals`; the customer view never does. */
export const isStaffDetail = (s: AnyShipment): s is ShipmentDetail => 'totals' in s;
