import { bigint, boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';
import { companies } from './directory';
import { shipments } from './shipments';
import { files } from './documents';
import { requests } from './requests';

// The conversation on shipments and requests, and files attached to requests (issue 15, migration 0023, decision
// record 0235). Customers read their company's threads, and only the messages and attachments that are not internal,
// under row-level security; the triggers that keep a thread's handler are in the migration.

const ts = () => timestamp({ withTimezone: true });

export const threads = pgTable(
  'threads',
  {
    id: uuid().primaryKey().defaultRandom(),
    shipment_id: uuid().references(() => shipments.id, { onDelete: 'cascade' }),
    request_id: uuid().references(() => requests.id, { onDelete: 'cascade' }),
    company_id: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
    /** The subject's handler, kept by triggers on shipments and requests. */
    handler_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    last_message_at: ts().notNull().defaultNow(),
    /** The last message a customer may read; null while the thread holds internal notes only. */
    last_public_at: ts(),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('threads_shipment_unique').on(t.shipment_id),
    uniqueIndex('threads_request_unique').on(t.request_id),
    index('threads_company_public_idx').on(t.company_id, t.last_public_at.desc()).where(sql`last_public_at IS NOT NULL`),
    index('threads_handler_last_idx').on(t.handler_id, t.last_message_at.desc()),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    thread_id: uuid().notNull().references(() => threads.id, { onDelete: 'cascade' }),
    company_id: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
    author_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    author_name: text().notNull(),
    author_is_staff: boolean().notNull(),
    body: text().notNull(),
    /** A staff-only note: never read by a customer. */
    internal: boolean().notNull().default(false),
    created_at: ts().notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('messages_thread_created_idx').on(t.thread_id, t.created_at.desc(), t.id.desc())],
);

export const message_attachments = pgTable(
  'message_attachments',
  {
    message_id: uuid().notNull().references(() => messages.id, { onDelete: 'cascade' }),
    document_name: text().notNull().references(() => files.name, { onDelete: 'cascade' }),
    company_id: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
    /** The message's: an internal note's attachment is staff-only too. */
    internal: boolean().notNull(),
    /** The file's record, copied (it never changes): the thread reads no files row. */
    original_name: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    content_type: text().notNull(),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'message_attachments_pk', columns: [t.message_id, t.document_name] }), index('message_attachments_document_idx').on(t.document_name)],
);

export const thread_reads = pgTable(
  'thread_reads',
  {
    user_id: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
    thread_id: uuid().notNull().references(() => threads.id, { onDelete: 'cascade' }),
    read_at: ts().notNull(),
  },
  (t) => [primaryKey({ name: 'thread_reads_pk', columns: [t.user_id, t.thread_id] }), index('thread_reads_thread_idx').on(t.thread_id)],
);

export const request_attachments = pgTable(
  'request_attachments',
  {
    request_id: uuid().notNull().references(() => requests.id, { onDelete: 'cascade' }),
    document_name: text().notNull().references(() => files.name, { onDelete: 'cascade' }),
    company_id: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
    added_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'request_attachments_pk', columns: [t.request_id, t.document_name] }), index('request_attachments_document_idx').on(t.document_name)],
);
