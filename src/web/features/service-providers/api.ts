import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type Page } from '@domain/common/list';
import type { ServiceProvider, ServiceProviderInput } from '@domain/partners/schema';
import { refreshAfterWrite } from '@web/lib/refresh';
import { api } from '@web/lib/api';

/** The service providers feature's server calls: one query key root, invalidated on every write. */
const KEY = ['service-providers'] as const;
const path = (id: string) => `/service-providers/${encodeURIComponent(id)}`;

export const serviceProviderListQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: [...KEY, 'list', q, page],
    queryFn: ({ signal }) => api<Page<ServiceProvider>>('/service-providers', { query: { q, page, pageSize: DEFAULT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export const serviceProviderQuery = (id: string) =>
  queryOptions({ queryKey: [...KEY, 'one', id], queryFn: ({ signal }) => api<ServiceProvider>(path(id), { signal }) });

function useProviderMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => refreshAfterWrite(queryClient, KEY) });
}

/** Adds (no id) or saves (with id) a service provider. */
export const useSaveServiceProvider = () =>
  useProviderMutation(({ id, values }: { id?: string; values: ServiceProviderInput }) =>
    id ? api<ServiceProvider>(path(id), { method: 'PUT', body: values }) : api<ServiceProvider>('/service-providers', { body: values }),
  );

export const useDeleteServiceProvider = () => useProviderMutation((id: string) => api<void>(path(id), { method: 'DELETE' }));
