import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@domain/common/list';
import type { Seaport, SeaportInput, SeaportPage } from '@domain/seaports/schema';
import { api } from '@web/lib/api';

/** The sea ports feature's server calls: one query key root, invalidated on every write. */
const SEAPORTS_KEY = ['seaports'] as const;

export const seaportListQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: [...SEAPORTS_KEY, 'list', q, page],
    queryFn: ({ signal }) => api<SeaportPage>('/seaports', { query: { q, page, pageSize: DEFAULT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export const seaportQuery = (id: string) =>
  queryOptions({
    queryKey: [...SEAPORTS_KEY, 'one', id],
    queryFn: ({ signal }) => api<Seaport>(`/seaports/${encodeURIComponent(id)}`, { signal }),
  });

function useSeaportMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SEAPORTS_KEY }),
  });
}

/** Adds (no id) or saves (with id) a sea port. */
export const useSaveSeaport = () =>
  useSeaportMutation(({ id, values }: { id?: string; values: SeaportInput }) =>
    id ? api<Seaport>(`/seaports/${encodeURIComponent(id)}`, { method: 'PUT', body: values }) : api<Seaport>('/seaports', { body: values }),
  );

export const useDeleteSeaport = () =>
  useSeaportMutation((id: string) => api<void>(`/seaports/${encodeURIComponent(id)}`, { method: 'DELETE' }));
