import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BulkHandlerResult, HandlerOption } from '@domain/shipments/handlers-schema';
import type { LoadingType } from '@domain/common/enums';
import type { ShipmentDetail } from '@domain/shipments/index';
import { api } from '@web/lib/api';

/** Staff who can handle shipments of a direction (all staff without one): admins only. */
export const handlersQuery = (loadingType: LoadingType | undefined) =>
  queryOptions({
    queryKey: ['handlers', loadingType ?? 'all'],
    queryFn: ({ signal }) => api<HandlerOption[]>('/handlers', { query: { loading_type: loadingType }, signal }),
    staleTime: 60_000,
  });

export const setShipmentHandler = (id: string, handlerId: string | null) =>
  api<ShipmentDetail>(`/shipments/${encodeURIComponent(id)}/handler`, { method: 'PUT', body: { handler_id: handlerId } });

export const assignShipmentHandlers = (shipmentIds: string[], handlerId: string | null) =>
  api<BulkHandlerResult>('/shipments/handler', { body: { shipment_ids: shipmentIds, handler_id: handlerId } });

/** After a handler change: the shipments (lists, details, histories), dashboards and analytics follow. */
export async function afterHandlerChange(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['shipments'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['analytics'] }),
  ]);
}
