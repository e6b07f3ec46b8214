/**
 * The conversation's server calls (issue 15; contract: src/domain/messages/schema.ts). Everything sits under ['messages'],
 * so one invalidation after a write refreshes the thread, the threads page and the sidebar's unread count.
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { msg } from '@domain/common/i18n';
import type { Attachment, Message, SubjectKind, Thread, ThreadList } from '@domain/messages/schema';
import { api, ApiError, READ_AHEAD_FRESH_MS } from '@web/lib/api';
import { uploadFile } from '@web/features/documents';
import { MESSAGES_KEY, messageKeys } from './message-keys';

/** The API path of a subject's thread. */
const threadPath = (kind: SubjectKind, id: string) => `/${kind === 'shipment' ? 'shipments' : 'requests'}/${encodeURIComponent(id)}/messages`;

// ---------------------------------------------------------------------------------------------------------
// Reads

/**
 * A subject's thread: the first page holds the newest messages (oldest first within it); each further page the ones
 * before the oldest shown, while the server says there are more.
 */
export const threadQuery = (kind: SubjectKind, id: string) =>
  infiniteQueryOptions({
    queryKey: messageKeys.thread(kind, id),
    queryFn: ({ pageParam, signal }) => api<Thread>(threadPath(kind, id), { query: { before: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more ? last.messages[0]?.created_at : undefined),
    staleTime: READ_AHEAD_FRESH_MS,
  });

export const threadListQuery = (unread: boolean) =>
  queryOptions({
    queryKey: messageKeys.threads(unread),
    queryFn: ({ signal }) => api<ThreadList>('/threads', { query: { unread: unread ? 'true' : undefined }, signal }),
    placeholderData: keepPreviousData,
  });

// ---------------------------------------------------------------------------------------------------------
// Writes

export const postMessage = (kind: SubjectKind, id: string, body: { body: string; internal?: boolean }) =>
  api<Message>(threadPath(kind, id), { body });

export const markThreadRead = (kind: SubjectKind, id: string) => api<void>(`${threadPath(kind, id)}/read`, { method: 'POST' });

/** After reading or writing: the threads page and the sidebar's count follow (the thread itself only when asked). */
export function afterThreadChange(queryClient: QueryClient, thread?: { kind: SubjectKind; id: string }) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...MESSAGES_KEY, 'threads'] }),
    queryClient.invalidateQueries({ queryKey: messageKeys.unread }),
    ...(thread ? [queryClient.invalidateQueries({ queryKey: messageKeys.thread(thread.kind, thread.id) })] : []),
  ]);
}

/** A file that was not stored, and why (in English or as the server said it; translated where shown). */
export type FailedUpload = { name: string; message: string };

/**
 * Uploads files one after another to an attachments endpoint ('/api/messages/{id}/attachments',
 * '/api/requests/{id}/attachments'), with the bytes sent so far over all files. One file's failure does not stop
 * the others; the answer lists the ones that failed.
 */
export async function uploadAttachments(
  to: string,
  files: readonly File[],
  onProgress?: (loaded: number, total: number) => void,
): Promise<{ stored: Attachment[]; failed: FailedUpload[] }> {
  const total = files.reduce((sum, f) => sum + f.size, 0);
  let before = 0;
  const stored: Attachment[] = [];
  const failed: FailedUpload[] = [];
  for (const file of files) {
    try {
      stored.push(await uploadFile<Attachment>(file, { to, onProgress: (loaded) => onProgress?.(before + loaded, total) }));
    } catch (e) {
      failed.push({ name: file.name, message: e instanceof ApiError || e instanceof Error ? e.message : msg('Upload failed') });
    }
    before += file.size;
    onProgress?.(before, total);
  }
  return { stored, failed };
}

export const messageAttachmentsPath = (messageId: string) => `/api/messages/${encodeURIComponent(messageId)}/attachments`;
export const requestAttachmentsPath = (requestId: string) => `/api/requests/${encodeURIComponent(requestId)}/attachments`;
