/**
 * The messages feature's query keys, and the sidebar's unread count: a module of its own, small, because the app
 * shell (every signed-in page) loads it; the thread and the threads page load the rest of the feature on demand.
 */
import { queryOptions } from '@tanstack/react-query';
import type { SubjectKind } from '@domain/messages/schema';
import { api } from '@web/lib/api';

export const MESSAGES_KEY = ['messages'] as const;
export const messageKeys = {
  thread: (kind: SubjectKind, id: string) => [...MESSAGES_KEY, 'thread', kind, id] as const,
  threads: (unread: boolean) => [...MESSAGES_KEY, 'threads', { unread }] as const,
  unread: [...MESSAGES_KEY, 'unread'] as const,
};

/** GET /api/threads/unread: every minute, and whenever the window gets the focus back. */
export const unreadCountQuery = queryOptions({
  queryKey: messageKeys.unread,
  queryFn: ({ signal }) => api<{ unread: number }>('/threads/unread', { signal }),
  refetchInterval: 60_000,
  refetchOnWindowFocus: 'always',
  staleTime: 30_000,
});
