import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Airport, AirportInput, AirportPage } from '@domain/airports/schema';
import { DEFAULT_PAGE_SIZE } from '@domain/common/list';
import { api } from '@web/lib/api';

/** The airports feature's server calls: one query key root, invalidated on every write. */
const AIRPORTS_KEY = ['airports'] as const;

export const airportListQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: [...AIRPORTS_KEY, 'list', q, page],
    queryFn: ({ signal }) => api<AirportPage>('/airports', { query: { q, page, pageSize: DEFAULT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export const airportQuery = (id: string) =>
  queryOptions({
    queryKey: [...AIRPORTS_KEY, 'one', id],
    queryFn: ({ signal }) => api<Airport>(`/airports/${encodeURIComponent(id)}`, { signal }),
  });

function useAirportMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AIRPORTS_KEY }),
  });
}

/** Adds (no id) or saves (with id) an airport. */
export const useSaveAirport = () =>
  useAirportMutation(({ id, values }: { id?: string; values: AirportInput }) =>
    id ? api<Airport>(`/airports/${encodeURIComponent(id)}`, { method: 'PUT', body: values }) : api<Airport>('/airports', { body: values }),
  );

export const useDeleteAirport = () =>
  useAirportMutation((id: string) => api<void>(`/airports/${encodeURIComponent(id)}`, { method: 'DELETE' }));
