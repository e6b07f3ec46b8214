import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { companies } from './directory';
import { shipments } from './shipments';

const ts = () => timestamp({ withTimezone: true });

/**
 * Carrier events (issue 18, migration 0028, decision record 0244): one row per event a carrier or visibility provider
 * sent in the DCSA Track & Trace 3.0 standard, in our own terms; `payload` is the message as received. Row-level
 * security (customer_scope on company_id) is in the migration, not declared here.
 */
export const carrier_events = pgTable(
  'carrier_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The sender's event id: an event is stored once per id. */
    external_id: text().notNull(),
    kind: text({ enum: ['shipment', 'transport', 'equipment'] }).notNull(),
    code: text(),
    classifier: text({ enum: ['actual', 'estimated', 'planned'] }),
    occurred_at: ts(),
    source_updated_at: ts(),
    received_at: ts().notNull().defaultNow(),
    location_code: text(),
    location_name: text(),
    transport_mode: text(),
    vessel_name: text(),
    vessel_imo: text(),
    voyage: text(),
    container_number: text(),
    /** Why the container number is doubtful (a failed ISO 6346 check digit): kept, not refused. */
    container_warning: text(),
    bl_number: text(),
    booking_reference: text(),
    state: text({ enum: ['matched', 'unmatched', 'dismissed'] }).notNull(),
    matched_by: text({ enum: ['container', 'bl', 'booking', 'manual'] }),
    shipment_id: uuid().references(() => shipments.id, { onDelete: 'set null' }),
    company_id: uuid().references(() => companies.id, { onDelete: 'set null' }),
    received_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    resolved_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    resolved_at: ts(),
    payload: jsonb().$type<unknown>().notNull(),
  },
  (t) => [
    uniqueIndex('carrier_events_external_id_idx').on(t.external_id),
    index('carrier_events_shipment_idx').on(t.shipment_id, t.occurred_at),
    index('carrier_events_company_received_idx').on(t.company_id, t.received_at, t.id),
    index('carrier_events_state_received_idx').on(t.state, t.received_at, t.id),
    index('carrier_events_received_idx').on(t.received_at, t.id),
  ],
);
