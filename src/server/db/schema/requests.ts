import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { companies } from './directory';
import { shipments } from './shipments';
import type { Piece } from '@domain/cargo/measures';
import type { EquipmentLine } from '@domain/requests/schema';

// Booking requests, their quotes and history (issue 15, migration 0021, decision record 0233). Customers read their
// company's rows under row-level security. A quote's lines are charge lines (schema/money.ts, migration 0035): the
// customer role reads only the sell lines of a sent quote.

const ts = () => timestamp({ withTimezone: true });
const measure = () => numeric({ precision: 14, scale: 3, mode: 'number' });

export const requests = pgTable(
  'requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    number: text().notNull(),
    company_id: uuid().notNull().references(() => companies.id, { onDelete: 'restrict' }),
    requested_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    handler_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** submitted, quoted, accepted, declined, cancelled ('expired' is read from the quote's valid_until). */
    status: text().notNull().default('submitted'),
    mode: text().notNull(),
    direction: text({ enum: ['export', 'import'] }).notNull(),
    sea_load: text(),
    equipment: jsonb().$type<EquipmentLine[]>().notNull().default([]),
    origin_airport: text(),
    origin_port: text(),
    origin_address: text(),
    origin_city: text(),
    origin_country: text(),
    destination_airport: text(),
    destination_port: text(),
    destination_address: text(),
    destination_city: text(),
    destination_country: text(),
    cargo_ready_date: date({ mode: 'string' }).notNull(),
    incoterm: text(),
    incoterm_place: text(),
    cargo_description: text().notNull(),
    pieces: jsonb().$type<Piece[]>().notNull().default([]),
    weight_gross: measure().notNull(),
    volume: measure(),
    weight_chargeable: measure(),
    dangerous_goods: boolean().notNull().default(false),
    un_number: text(),
    hazard_class: text(),
    notes: text(),
    /** Issue 45 (migration 0056): the customer's own reference, the parties, and the weight as entered. */
    po_number: text(),
    shipper_name: text(),
    shipper_address: text(),
    consignee_name: text(),
    consignee_address: text(),
    notify_name: text(),
    notify_address: text(),
    /** The unit the gross weight was entered in; weight_gross is kg, weight_entered the number as typed. */
    weight_unit: text({ enum: ['kg', 'lb'] }).notNull().default('kg'),
    weight_entered: measure(),
    decline_reason: text(),
    /** The shipment its acceptance made: unique, so a request makes one shipment at most. */
    shipment_id: uuid().references(() => shipments.id, { onDelete: 'set null' }),
    /** The quote's validity day, copied when it is sent (the list's expired state reads it without a join). */
    valid_until: date({ mode: 'string' }),
    /** The folded text the list's search matches: number, company, cargo, ends. */
    search: text().notNull().default(''),
    created_at: ts().notNull().defaultNow(),
    updated_at: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('requests_number_unique').on(t.number),
    uniqueIndex('requests_shipment_unique').on(t.shipment_id),
    index('requests_created_idx').on(t.created_at.desc(), t.id.desc()),
    index('requests_company_created_idx').on(t.company_id, t.created_at.desc(), t.id.desc()),
    index('requests_status_created_idx').on(t.status, t.created_at.desc(), t.id.desc()),
    index('requests_handler_created_idx').on(t.handler_id, t.created_at.desc()),
    index('requests_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);

/**
 * A company's address book (issue 45, migration 0056): the parties its requests named and asked to keep, one per
 * name (case aside), the most recently used first. Customers read their company's under row-level security.
 */
export const company_parties = pgTable(
  'company_parties',
  {
    id: uuid().primaryKey().defaultRandom(),
    company_id: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    address: text(),
    used_at: ts().notNull().defaultNow(),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('company_parties_name_unique').on(t.company_id, sql`lower(${t.name})`), index('company_parties_used_idx').on(t.company_id, t.used_at.desc())],
);

export const request_quotes = pgTable('request_quotes', {
  request_id: uuid().primaryKey().references(() => requests.id, { onDelete: 'cascade' }),
  company_id: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
  mode: text(),
  transport_mode: text(),
  valid_until: date({ mode: 'string' }),
  transit_days: integer(),
  terms: text(),
  customer_note: text(),
  /** Null while a draft; customers read only sent quotes. */
  sent_at: ts(),
  sent_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  expiry_warned_at: ts(),
  updated_at: ts().notNull().defaultNow(),
  updated_by: uuid().references(() => users.id, { onDelete: 'set null' }),
}, (t) => [index('request_quotes_valid_until_idx').on(t.valid_until).where(sql`sent_at is not null and expiry_warned_at is null`)]);

export const request_events = pgTable(
  'request_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    request_id: uuid().notNull().references(() => requests.id, { onDelete: 'cascade' }),
    company_id: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
    actor_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    kind: text().notNull(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Staff-only entries (a draft saved): never read by a customer. */
    internal: boolean().notNull().default(false),
    created_at: ts().notNull().defaultNow(),
  },
  (t) => [
    index('request_events_request_idx').on(t.request_id, t.created_at),
    // Migration 0055: the customers' answers, counted on the staff dashboards (issue 45).
    index('request_events_answers_idx').on(t.created_at).where(sql`kind in ('accepted', 'quote_declined', 'revision_requested')`),
  ],
);

/** The last request number given per month ('2611'). */
export const request_counters = pgTable('request_counters', {
  period: text().primaryKey(),
  last: integer().notNull(),
});

/** The staff queue's exact totals (migration 0022): kept by a row trigger on requests, summed by the list. */
export const request_counts = pgTable(
  'request_counts',
  {
    status: text().notNull(),
    mode: text().notNull(),
    assigned: boolean().notNull(),
    /** A sent quote's validity day; '-infinity' for every other state. */
    valid_day: date({ mode: 'string' }).notNull(),
    n: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'request_counts_pk', columns: [t.status, t.mode, t.assigned, t.valid_day] })],
);
