/**
 * The conversation's rules and texts without its schemas (decision records 0235 and 0283): what the pages show and
 * check (limits, messages, which message is new, a subject's path) without building zod schemas, so a page that
 * shows a thread loads no zod. `schema.ts` re-exports everything here for the server.
 */
import { msg } from '@domain/common/i18n';
import { CONVERSATION_ANCHOR } from './anchor';

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

export const SUBJECT_KINDS = ['shipment', 'request'] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number];

/** The first message that is new to the reader: written by someone else after they last read. -1 when none. */
export function firstUnreadIndex(messages: readonly { mine: boolean; created_at: string }[], readAt: string | null): number {
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
