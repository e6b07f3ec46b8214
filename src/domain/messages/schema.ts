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

export const MESSAGE_MAX_LENGTH = 4000;
/** The newest messages a thread answers with; older ones are read with `before`. */
export const THREAD_PAGE_SIZE = 200;
export const MESSAGE_ATTACHMENTS_MAX = 5;
export const REQUEST_ATTACHMENTS_MAX = 10;
/** How long after writing a message its author may still attach files to it. */
export const ATTACH_WINDOW_MINUTES = 15;
/** Messages to one person on one thread within this window go out as one mail. */
export const MESSAGE_MAIL_WINDOW_SECONDS = 300;
/**
 * The first message of a quiet thread is mailed at once (issue 37), after this short hold for the files its author
 * attaches with it (the composer uploads them right after the message); the mail names them.
 */
export const FIRST_MESSAGE_MAIL_HOLD_SECONDS = 10;
import { CONVERSATION_ANCHOR } from './anchor';
export { CONVERSATION_ANCHOR };
/** The threads page: at most this many, latest first. */
export const THREADS_PAGE_SIZE = 50;

export const MESSAGE_MESSAGES = {
  empty: msg('Write a message'),
  tooLong: msg('A message has at most 4,000 characters'),
  internalStaffOnly: msg('Only staff can write internal notes'),
  notFound: msg('Message not found'),
  notAuthor: msg('Only the author can attach files to a message'),
  attachTooLate: msg('Files can be attached within 15 minutes of writing the message'),
  tooManyAttachments: msg('A message has at most 5 attachments'),
  tooManyRequestAttachments: msg('A request has at most 10 attachments'),
  requestClosed: msg('This request is closed: files can no longer be added'),
  before: msg('before must be a date and time'),
} as const;

/** Line breaks are kept; trailing spaces on the whole text and Windows line ends are not. */
export function normalizeMessageBody(body: string): string {
  return body.replace(/\r\n?/g, '\n').trim();
}

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

export const SUBJECT_KINDS = ['shipment', 'request'] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number];

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

/** The first message that is new to the reader: written by someone else after they last read. -1 when none. */
export function firstUnreadIndex(messages: readonly Pick<Message, 'mine' | 'created_at'>[], readAt: string | null): number {
  const since = readAt ? Date.parse(readAt) : -Infinity;
  return messages.findIndex((m) => !m.mine && Date.parse(m.created_at) > since);
}

/** A message's first line(s), cut at a word near `max` characters, for a list or a mail subject. */
export function excerpt(body: string, max = 140): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The subject's page for the reader: a shipment at /shipment (staff) or /all-shipments (customers), a request at /requests. */
export function subjectPath(kind: SubjectKind, id: string, staff = false): string {
  if (kind === 'request') return `/requests/${id}`;
  return staff ? `/shipment/${id}` : `/all-shipments/${id}`;
}

/** The subject's conversation, for a mail's link: the page, scrolled to the thread (CONVERSATION_ANCHOR). */
export const conversationPath = (kind: SubjectKind, id: string, staff = false): string => `${subjectPath(kind, id, staff)}#${CONVERSATION_ANCHOR}`;
