/** Signed webhooks (issue 18, migration 0027, decision record 0243): subscriptions, their deliveries and each attempt. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { companies } from './directory';
import { users } from './auth';

export const webhook_subscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null: every company (an admin's subscription). */
    company_id: uuid().references(() => companies.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    description: text().notNull().default(''),
    events: text().array().notNull(),
    /** `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
    secret: text().notNull(),
    secret_hint: text().notNull(),
    status: text({ enum: ['active', 'paused'] }).notNull().default('active'),
    paused_reason: text({ enum: ['manual', 'failing'] }),
    /** When the current run of failed attempts began; null after a success. */
    failing_since: timestamp({ withTimezone: true }),
    last_delivery_at: timestamp({ withTimezone: true }),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_subscriptions_company_idx').on(t.company_id).where(sql`status = 'active'`)],
);

export const webhook_deliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    subscription_id: uuid().notNull().references(() => webhook_subscriptions.id, { onDelete: 'cascade' }),
    company_id: uuid().references(() => companies.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    /** The cause (e.g. the shipment event's id): one delivery per subscription and cause. */
    event_key: text().notNull(),
    /** The exact JSON body that is signed and sent. */
    payload: text().notNull(),
    state: text({ enum: ['pending', 'succeeded', 'failed', 'cancelled'] }).notNull().default('pending'),
    replays: integer().notNull().default(0),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('webhook_deliveries_once').on(t.subscription_id, t.event_key), index('webhook_deliveries_log_idx').on(t.subscription_id, t.created_at)],
);

export const webhook_attempts = pgTable(
  'webhook_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    delivery_id: uuid().notNull().references(() => webhook_deliveries.id, { onDelete: 'cascade' }),
    subscription_id: uuid().notNull().references(() => webhook_subscriptions.id, { onDelete: 'cascade' }),
    company_id: uuid().references(() => companies.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ok: boolean().notNull(),
    response_code: integer(),
    error: text(),
    duration_ms: integer().notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.delivery_id, t.at)],
);
