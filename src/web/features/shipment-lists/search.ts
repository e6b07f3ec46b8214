import { z } from 'zod';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { SHIPMENT_SORTS, type ShipmentSort, type SortDir } from '../../../domain/shipment-list';
import { SHIPMENT_STATUSES, SHIPMENT_TYPES, TRANSPORT_MODES } from '../../../domain/enums';

/** List state in the URL (filters, sort, page): back, forward, reload and shared links keep it. Bad values are dropped. */
export const shipmentSearchSchema = z.object({
  q: z.string().max(200).optional().catch(undefined),
  status: z.enum(SHIPMENT_STATUSES).optional().catch(undefined),
  type: z.enum(SHIPMENT_TYPES).optional().catch(undefined),
  transport_mode: z.enum(TRANSPORT_MODES).optional().catch(undefined),
  /** Staff: only shipments whose stored numbers fail today's checks (issue 14). */
  checks: z.enum(['failed']).optional().catch(undefined),
  /** Staff: only shipments without a handler (issue 21; the admin dashboard's Unassigned count links here). */
  handler: z.enum(['unassigned']).optional().catch(undefined),
  sort: z.enum(SHIPMENT_SORTS).optional().catch(undefined),
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type ShipmentSearch = z.infer<typeof shipmentSearchSchema>;

/** The current list search and a setter that writes a patch into the URL (a filter change goes back to page 1). */
export function useShipmentSearch(): [ShipmentSearch, (patch: Partial<ShipmentSearch>) => void] {
  const search: ShipmentSearch = useSearch({ strict: false });
  const navigate = useNavigate();
  const set = (patch: Partial<ShipmentSearch>) => {
    const next: Record<string, unknown> = { ...search, ...patch };
    if (!('page' in patch)) delete next.page;
    for (const [k, v] of Object.entries(next)) if (v === undefined || v === '' || v === null) delete next[k];
    void navigate({ to: '.', search: next as never });
  };
  return [search, set];
}

/** Whether the list is narrowed by a search or a filter (then 'Clear Filters' shows, and an empty list says no match). */
export const isFiltered = (s: ShipmentSearch): boolean => !!(s.q || s.status || s.type || s.transport_mode || s.checks || s.handler);

/** How many filters other than the search box are set: the count on the phone's Filters button. */
export const activeFilterCount = (s: ShipmentSearch): number => [s.status, s.type, s.transport_mode, s.checks, s.handler].filter(Boolean).length;

/** The patch that clears every filter (the sort stays). */
export const CLEARED_FILTERS: Partial<ShipmentSearch> = { q: undefined, status: undefined, type: undefined, transport_mode: undefined, checks: undefined, handler: undefined };

export const sortOf = (s: ShipmentSearch): { sort: ShipmentSort; dir: SortDir } => ({
  sort: s.sort ?? 'created_at',
  dir: s.dir ?? (s.sort && s.sort !== 'created_at' ? 'asc' : 'desc'),
});
