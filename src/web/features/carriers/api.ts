import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CarrierType } from '@domain/common/enums';
import { DEFAULT_PAGE_SIZE, type Page } from '@domain/common/list';
import type { Carrier, CarrierInput } from '@domain/partners/schema';
import { refreshAfterWrite } from '@web/lib/refresh';
import { api } from '@web/lib/api';

/** The carriers feature's server calls: one query key root, invalidated on every write. */
const KEY = ['carriers'] as const;
const path = (id: string) => `/carriers/${encodeURIComponent(id)}`;

/** The type filter goes to the server (filtered and counted in SQL). */
export const carrierListQuery = (q: string, page: number, type: CarrierType | undefined) =>
  queryOptions({
    queryKey: [...KEY, 'list', q, page, type ?? 'all'],
    queryFn: ({ signal }) => api<Page<Carrier>>('/carriers', { query: { q, page, pageSize: DEFAULT_PAGE_SIZE, carrier_type: type }, signal }),
    placeholderData: keepPreviousData,
  });

export const carrierQuery = (id: string) => queryOptions({ queryKey: [...KEY, 'one', id], queryFn: ({ signal }) => api<Carrier>(path(id), { signal }) });

function useCarrierMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => refreshAfterWrite(queryClient, KEY) });
}

/** Adds (no id) or saves (with id) a carrier. */
export const useSaveCarrier = () =>
  useCarrierMutation(({ id, values }: { id?: string; values: CarrierInput }) =>
    id ? api<Carrier>(path(id), { method: 'PUT', body: values }) : api<Carrier>('/carriers', { body: values }),
  );

export const useDeleteCarrier = () => useCarrierMutation((id: string) => api<void>(path(id), { method: 'DELETE' }));
