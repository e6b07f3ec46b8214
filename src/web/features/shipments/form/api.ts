import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Airport } from '@domain/airports/schema';
import type { Company } from '@domain/companies/schema';
import type { CarrierType } from '@domain/common/enums';
import type { Page } from '@domain/common/list';
import type { Carrier, ConsolidationAgent, ServiceProvider } from '@domain/partners/schema';
import type { Seaport } from '@domain/seaports/schema';
import type { ShipmentDetail } from '@domain/shipments/index';
import { api } from '@web/lib/api';

/** Rows a picker loads per search (spec: searchable selects, never the whole table). */
export const PICKER_PAGE_SIZE = 20;

export const shipmentQuery = (id: string) =>
  queryOptions({
    queryKey: ['shipments', 'detail', id],
    queryFn: ({ signal }) => api<ShipmentDetail>(`/shipments/${encodeURIComponent(id)}`, { signal }),
  });

export const createShipment = (body: Record<string, unknown>) => api<ShipmentDetail>('/shipments', { body });
export const updateShipment = (id: string, body: Record<string, unknown>) =>
  api<ShipmentDetail>(`/shipments/${encodeURIComponent(id)}`, { method: 'PUT', body });

/** After a write: lists, details, per-type analytics and dashboards may all have changed. */
export async function invalidateAfterShipmentWrite(queryClient: QueryClient) {
  await Promise.all(['shipments', 'analytics', 'dashboard', 'companies'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

const page = async <T>(path: string, q: string, signal: AbortSignal, extra: Record<string, string> = {}) =>
  (await api<Page<T>>(path, { query: { q, pageSize: PICKER_PAGE_SIZE, ...extra }, signal })).rows;

export const pickerSources = {
  companies: (q: string, signal: AbortSignal) => page<Company>('/companies', q, signal),
  airports: (q: string, signal: AbortSignal) => page<Airport>('/airports', q, signal),
  seaports: (q: string, signal: AbortSignal) => page<Seaport>('/seaports', q, signal),
  carriers: (carrierType: CarrierType) => (q: string, signal: AbortSignal) => page<Carrier>('/carriers', q, signal, { carrier_type: carrierType }),
  /** Carriers of every mode (the rate cards' filter). */
  anyCarrier: (q: string, signal: AbortSignal) => page<Carrier>('/carriers', q, signal),
  serviceProviders: (q: string, signal: AbortSignal) => page<ServiceProvider>('/service-providers', q, signal),
  consolidationAgents: (q: string, signal: AbortSignal) => page<ConsolidationAgent>('/consolidation-agents', q, signal),
};
