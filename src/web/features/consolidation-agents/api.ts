import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type Page } from '@domain/common/list';
import type { ConsolidationAgent, ConsolidationAgentInput } from '@domain/partners/schema';
import { refreshAfterWrite } from '@web/lib/refresh';
import { api } from '@web/lib/api';

/** The consolidation agents feature's server calls: one query key root, invalidated on every write. */
const KEY = ['consolidation-agents'] as const;
const path = (id: string) => `/consolidation-agents/${encodeURIComponent(id)}`;

export const consolidationAgentListQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: [...KEY, 'list', q, page],
    queryFn: ({ signal }) => api<Page<ConsolidationAgent>>('/consolidation-agents', { query: { q, page, pageSize: DEFAULT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export const consolidationAgentQuery = (id: string) =>
  queryOptions({ queryKey: [...KEY, 'one', id], queryFn: ({ signal }) => api<ConsolidationAgent>(path(id), { signal }) });

function useAgentMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => refreshAfterWrite(queryClient, KEY) });
}

/** Adds (no id) or saves (with id) a consolidation agent. */
export const useSaveConsolidationAgent = () =>
  useAgentMutation(({ id, values }: { id?: string; values: ConsolidationAgentInput }) =>
    id ? api<ConsolidationAgent>(path(id), { method: 'PUT', body: values }) : api<ConsolidationAgent>('/consolidation-agents', { body: values }),
  );

export const useDeleteConsolidationAgent = () => useAgentMutation((id: string) => api<void>(path(id), { method: 'DELETE' }));
