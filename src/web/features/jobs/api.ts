import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobName } from '@domain/jobs/jobs';
import type { JobsOverview } from '@domain/jobs/schema';
import { api } from '@web/lib/api';
import { refreshAfterWrite } from '@web/lib/refresh';

const KEY = ['jobs'] as const;

/** The queues and failures; read again every 10 s while the page is open, so a run sent or retried shows its end. */
export const useJobs = () => useQuery({ queryKey: KEY, queryFn: ({ signal }) => api<JobsOverview>('/jobs', { signal }), refetchInterval: 10_000 });

function useRefreshing<A, R>(fn: (a: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => refreshAfterWrite(queryClient, KEY) });
}

export const useRunNow = () => useRefreshing((name: JobName) => api<{ id: string }>(`/jobs/${encodeURIComponent(name)}/run`, { body: {} }));
export const useRetry = () =>
  useRefreshing(({ name, id }: { name: JobName; id: string }) => api<void>(`/jobs/${encodeURIComponent(name)}/${encodeURIComponent(id)}/retry`, { body: {} }));
