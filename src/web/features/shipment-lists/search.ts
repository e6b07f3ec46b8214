import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ShipmentSort, SortDir } from '@domain/shipments/sorts';
import type { ShipmentSearch } from './search-schema';

export type { ShipmentSearch };

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
