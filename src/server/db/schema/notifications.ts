import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { LineMessage } from '@domain/notifications/schema';
import { shipments } from './shipments';

/** Notification choices, digests and their items (issue 17, migration 0020), keyed by the address mailed. */
export const notification_preferences = pgTable(
  'notification_preferences',
  {
    email: text().notNull(),
    event: text().notNull(),
    mode: text({ enum: ['instant', 'daily', 'off'] }).notNull(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_by: uuid(),
  },
  (t) => [primaryKey({ name: 'notification_preferences_pk', columns: [t.email, t.event] })],
);

export const notification_profiles = pgTable('notification_profiles', {
  email: text().primaryKey(),
  digest_hour: smallint().notNull().default(8),
  time_zone: text().notNull().default('UTC'),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const notification_digests = pgTable(
  'notification_digests',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    local_day: date({ mode: 'string' }).notNull(),
    items: integer().notNull().default(0),
    mailed: boolean().notNull().default(false),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('notification_digests_once').on(t.email, t.local_day)],
);

export const notification_digest_items = pgTable(
  'notification_digest_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    event: text().notNull(),
    shipment_id: uuid().references(() => shipments.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    detail: text().notNull(),
    url: text().notNull(),
    /**
     * The English messages the title and detail were written from and their values, for the digest to write the line
     * in its reader's language (issue 42, migration 0057); null on older lines, shown as stored.
     */
    line_message: jsonb().$type<LineMessage>(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    digest_id: uuid().references(() => notification_digests.id, { onDelete: 'set null' }),
  },
  (t) => [index('notification_digest_items_pending_idx').on(t.email, t.created_at).where(sql`digest_id IS NULL`)],
);
