/**
 * The conversation on shipments and requests (issue 15, decision record 0235): the API contract shared by the server
 * and the pages, and the pure rules (what a message may hold, which messages are new to a reader).
 *
 *   GET  /api/shipments/{id}/messages       the thread, oldest first (the newest 200; ?before= for older)
 *   POST /api/shipments/{id}/messages       write a message (staff: internal: true for a note only staff read)
 *   POST /api/shipments/{id}/messages/read  mark the thread read up to now
 *   GET  /api/requests/{id}/messages ...    the same three on a request
 *   POST /api/messages/{id}/attachments     the author attaches a file to their message (raw body, X-File-Name)
 *   GET  /api/threads                       the threads I follow, latest first, with the unread count
 *   GET  /api/threads/unread                the sidebar's count of unread threads
 *   POST /api/requests/{id}/attachments     a file on a request (raw body, X-File-Name)
 */
import { z } from 'zod';
import { msg } from '@domain/common/i18n';
import { MESSAGE_MAX_LENGTH, MESSAGE_MESSAGES, SUBJECT_KINDS, normalizeMessageBody } from './rules';

export * from './rules';

export const messageInputSchema = z.object({
  body: z
    .string({ error: MESSAGE_MESSAGES.empty })
    .transform(normalizeMessageBody)
    .pipe(z.string().min(1, { error: MESSAGE_MESSAGES.empty }).max(MESSAGE_MAX_LENGTH, { error: MESSAGE_MESSAGES.tooLong })),
  /** Staff only: a note no customer reads. */
  internal: z.boolean({ error: msg('internal must be true or false') }).optional().default(false),
});
export type MessageInput = z.input<typeof messageInputSchema>;

export const threadQuerySchema = z.object({
  before: z.iso.datetime({ offset: true, error: MESSAGE_MESSAGES.before }).optional(),
});

export const attachmentSchema = z.object({
  name: z.string(),
  original_name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const messageSchema = z.object({
  id: z.string(),
  author_name: z.string(),
  author_is_staff: z.boolean(),
  /** Written by the reader. */
  mine: z.boolean(),
  body: z.string(),
  /** A staff-only note (never in a customer's answer). */
  internal: z.boolean(),
  created_at: z.string(),
  attachments: z.array(attachmentSchema),
});
export type Message = z.infer<typeof messageSchema>;

export const threadSchema = z.object({
  /** Null until the first message. */
  thread_id: z.string().nullable(),
  /** When the reader last read the thread; null if never. */
  read_at: z.string().nullable(),
  /** Oldest first. */
  messages: z.array(messageSchema),
  /** Older messages exist: ask with before = the first message's created_at. */
  has_more: z.boolean(),
});
export type Thread = z.infer<typeof threadSchema>;

export const threadSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(SUBJECT_KINDS),
  subject_id: z.string(),
  /** The shipment's reference or the request's number. */
  label: z.string(),
  company_name: z.string(),
  last_at: z.string(),
  last_author: z.string(),
  /** The start of the last message the reader may read. */
  last_excerpt: z.string(),
  last_internal: z.boolean(),
  unread: z.boolean(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

export const threadListQuerySchema = z.object({
  unread: z.enum(['true', 'false'], { error: msg('unread must be true or false') }).optional(),
});

export const threadListSchema = z.object({ items: z.array(threadSummarySchema), unread: z.number().int() });
export type ThreadList = z.infer<typeof threadListSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
