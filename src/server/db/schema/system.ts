import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** Transactional outbox: every notification is written here in the transaction that causes it. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** 'mail', or 'webhook' (a webhook delivery, issue 18: payload { delivery_id }); the worker picks the handler by kind. */
    kind: text({ enum: ['mail', 'webhook'] }).notNull().default('mail'),
    idempotency_key: text().notNull().unique(),
    payload: jsonb().$type<{ to: string; subject: string; html: string; text?: string } | { delivery_id: string }>().notNull(),
    status: text({ enum: ['pending', 'sent', 'dead'] }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    next_attempt_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    locked_until: timestamp({ withTimezone: true }),
    last_error: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp({ withTimezone: true }),
    /** Mails of one group (a thread's messages to one person) gather in one pending row while it waits (migration 0023). */
    group_key: text(),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.next_attempt_at), index('outbox_group_pending_idx').on(t.group_key).where(sql`status = 'pending' AND group_key IS NOT NULL`)],
);

/** Fixed-window counters for the auth rate limits, shared by every instance through the database. */
export const rate_limits = pgTable('rate_limits', {
  key: text().primaryKey(),
  count: integer().notNull(),
  reset_at: timestamp({ withTimezone: true }).notNull(),
});

/** Small key/value facts about this installation (e.g. when the demo data was seeded). */
export const app_meta = pgTable('app_meta', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Installation-wide security settings: exactly one row (id = 1, created by migration 0009), changed by admins
 * through PUT /api/settings/two-factor and read with every session (src/server/auth/session.ts).
 */
export const security_settings = pgTable(
  'security_settings',
  {
    id: integer().primaryKey().default(1),
    /** Staff (admin, export, import) without two-factor authentication may only enrol until they turn it on. */
    require_staff_two_factor: boolean().notNull().default(false),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_by: uuid(),
  },
  (t) => [check('security_settings_one_row', sql`${t.id} = 1`)],
);

/** The delay-alert thresholds (issue 17, migration 0019): one row, changed by admins on the Exceptions page. */
export const exception_settings = pgTable('exception_settings', {
  id: smallint().primaryKey().default(1),
  arrival_moved_days: integer().notNull().default(2),
  no_change_days: integer().notNull().default(14),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_by: uuid(),
});

/** Open shipments per exception rule, handler (or the zero uuid: all) and UTC day, kept exact by migration 0019's trigger. */
export const shipment_due_stats = pgTable(
  'shipment_due_stats',
  {
    kind: text().notNull(),
    handler_key: uuid().notNull(),
    day: date({ mode: 'string' }).notNull(),
    slot: smallint().notNull().default(0),
    n: integer().notNull().default(0),
  },
  (t) => [primaryKey({ name: 'shipment_due_stats_pk', columns: [t.kind, t.handler_key, t.day, t.slot] })],
);

export const audit_log = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    actor_id: uuid(),
    actor_email: text(),
    action: text().notNull(),
    target: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip_address: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.created_at.desc()), index('audit_log_action_idx').on(t.action, t.created_at.desc())],
);

/**
 * Rollups kept exact by triggers on shipments and shipment_containers (migration 0003), so the analytics
 * pages and the admin dashboard read a few hundred rows instead of every shipment (decision record 0006).
 */
export const shipment_stats = pgTable(
  'shipment_stats',
  {
    type: text().notNull(),
    status: text().notNull(),
    /** UTC day of created_at. */
    day: date({ mode: 'string' }).notNull(),
    /** Stripe of the counter (decision 0203): readers sum over it. */
    slot: smallint().notNull().default(0),
    n: integer().notNull().default(0),
  },
  // Migration 0007 adds shipment_stats_status_idx (status) INCLUDE (n) for the status-only list counts.
  (t) => [primaryKey({ name: 'shipment_stats_pk', columns: [t.type, t.status, t.day, t.slot] })],
);

/** Counts by a dimension of a shipment type: 'end' (airports, ports), 'route', 'truck_type', 'transport_mode', 'container_type'. */
export const shipment_dim_stats = pgTable(
  'shipment_dim_stats',
  {
    type: text().notNull(),
    dim: text().notNull(),
    value: text().notNull(),
    slot: smallint().notNull().default(0),
    n: integer().notNull().default(0),
  },
  (t) => [primaryKey({ name: 'shipment_dim_stats_pk', columns: [t.type, t.dim, t.value, t.slot] })],
);

/** Charges per revenue category and costs ('cost'), per currency: the shipments' charge lines (migration 0034). */
export const finance_stats = pgTable(
  'finance_stats',
  {
    currency: text().notNull(),
    category: text().notNull(),
    slot: smallint().notNull().default(0),
    amount: numeric({ precision: 20, scale: 4, mode: 'string' }).notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'finance_stats_pk', columns: [t.currency, t.category, t.slot] })],
);
