import { z } from 'zod';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { REQUEST_MODES, REQUEST_SORTS, REQUEST_STATUSES } from '@domain/requests/schema';

/** The request list's state in the URL (filters, search, sort, page): back, forward and shared links keep it. Bad values are dropped. */
export const requestSearchSchema = z.object({
  q: z.string().max(200).optional().catch(undefined),
  status: z.enum(REQUEST_STATUSES).optional().catch(undefined),
  mode: z.enum(REQUEST_MODES).optional().catch(undefined),
  /** Staff: one customer company's requests. */
  company_id: z.uuid().optional().catch(undefined),
  /** Staff: 'me' for their own, 'none' for the unassigned. */
  handler: z.enum(['me', 'none']).optional().catch(undefined),
  sort: z.enum(REQUEST_SORTS).optional().catch(undefined),
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type RequestSearch = z.infer<typeof requestSearchSchema>;

/** The current search and a setter that writes a patch into the URL (a filter change goes back to page 1). */
export function useRequestSearch(): [RequestSearch, (patch: Partial<RequestSearch>) => void] {
  const search: RequestSearch = useSearch({ from: '/app/requests' });
  const navigate = useNavigate();
  const set = (patch: Partial<RequestSearch>) => {
    const next: Record<string, unknown> = { ...search, ...patch };
    if (!('page' in patch)) delete next.page;
    for (const [k, v] of Object.entries(next)) if (v === undefined || v === '' || v === null) delete next[k];
    void navigate({ to: '/requests', search: next as RequestSearch, replace: true });
  };
  return [search, set];
}

/** Whether a search or a filter narrows the list (then an empty list says no match, and 'Clear Filters' shows). */
export const isFiltered = (s: RequestSearch): boolean => !!(s.q || s.status || s.mode || s.company_id || s.handler);

/** The patch that clears every filter (the sort stays). */
export const CLEARED_FILTERS: Partial<RequestSearch> = { q: undefined, status: undefined, mode: undefined, company_id: undefined, handler: undefined };

/** Newest first unless another column is chosen (then ascending first). */
export const sortOf = (s: RequestSearch): { sort: NonNullable<RequestSearch['sort']>; dir: 'asc' | 'desc' } => ({
  sort: s.sort ?? 'created_at',
  dir: s.dir ?? (s.sort && s.sort !== 'created_at' ? 'asc' : 'desc'),
});
