import { bigint, boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { shipments } from './shipments';
import { collated, trgm } from '../fold';

/** A stored file in the 'documents' bucket. The record is committed only after its object is written. */
export const files = pgTable(
  'files',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull().unique(),
    original_name: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    content_type: text().notNull(),
    uploaded_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_created_idx').on(t.created_at.desc()),
    // The library's other sort columns, with the unique name as the tie-break (decision 0171).
    index('files_original_name_idx').on(collated(t.original_name), t.name),
    index('files_size_idx').on(t.size, t.name),
    trgm('files_name_trgm', t.original_name),
  ],
);

export const document_assignments = pgTable(
  'document_assignments',
  {
    id: uuid().primaryKey().defaultRandom(),
    document_name: text()
      .notNull()
      .unique()
      .references(() => files.name, { onDelete: 'cascade' }),
    shipment_id: uuid()
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    assigned_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    assigned_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A generated paper that is not final yet (issue 16): staff only, never read by a customer. */
    draft: boolean().notNull().default(false),
  },
  (t) => [index('document_assignments_shipment_idx').on(t.shipment_id)],
);

/** One version of a paper generated from a shipment (issue 16, migration 0024); its file is assigned to the shipment. */
export const generated_documents = pgTable(
  'generated_documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    shipment_id: uuid()
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    version: integer().notNull(),
    document_name: text()
      .notNull()
      .unique()
      .references(() => files.name, { onDelete: 'cascade' }),
    /** The printed fields' values at generation. */
    printed: jsonb().$type<Record<string, unknown>>().notNull(),
    final: boolean().notNull().default(false),
    finalized_at: timestamp({ withTimezone: true }),
    finalized_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('generated_documents_version_unique').on(t.shipment_id, t.kind, t.version)],
);

/** The last version number given out per shipment and paper (migration 0024): taken before rendering, never reused. */
export const generated_document_counters = pgTable(
  'generated_document_counters',
  {
    shipment_id: uuid()
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    last_version: integer().notNull(),
  },
  (t) => [primaryKey({ name: 'generated_document_counters_pk', columns: [t.shipment_id, t.kind] })],
);

/** Bytes kept in the database (the letterhead's logo, an import's file). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** The forwarder's letterhead on every generated paper: one row (id 1), kept by administrators. */
export const letterhead = pgTable('letterhead', {
  id: integer().primaryKey().default(1),
  name: text().notNull(),
  address: text().notNull().default(''),
  phone: text().notNull().default(''),
  email: text().notNull().default(''),
  tax_id: text().notNull().default(''),
  /** Issue 41 (migration 0049): the trade registry number, the place papers are issued at, the house B/L series. */
  registration_number: text().notNull().default(''),
  place_of_issue: text().notNull().default(''),
  bl_prefix: text().notNull().default('CDK'),
  bl_signed_as: text({ enum: ['carrier', 'agent'] }).notNull().default('agent'),
  bl_terms: text().notNull().default(''),
  /** The issuing agent's IATA code and account, printed on the house air waybill (migration 0050). */
  iata_agent_code: text().notNull().default(''),
  iata_account: text().notNull().default(''),
  logo: bytea(),
  logo_type: text(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_by: uuid().references(() => users.id, { onDelete: 'set null' }),
});

/** The last number given in each paper series and month (issue 41): 'CDKIST', '2611' -> 123 is CDKIST2611000123. */
export const paper_series = pgTable('paper_series', { prefix: text().notNull(), period: text().notNull(), last: integer().notNull() }, (t) => [
  primaryKey({ columns: [t.prefix, t.period] }),
]);

/** One document of a checklist template (issue 16, migration 0025): per shipment type and direction, in order. */
export const checklist_template_items = pgTable(
  'checklist_template_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    shipment_type: text({ enum: ['air', 'sea', 'land', 'partial'] }).notNull(),
    loading_type: text({ enum: ['export', 'import'] }).notNull(),
    position: integer().notNull(),
    name: text().notNull(),
    provider: text({ enum: ['customer', 'forwarder'] }).notNull(),
    required: boolean().notNull().default(true),
    anchor: text({ enum: ['departure', 'arrival'] }).notNull(),
    offset_days: integer().notNull(),
    /** Whether the row fits every shipment or only one with dangerous goods or temperature control (migration 0052). */
    applies_when: text({ enum: ['always', 'dangerous_goods', 'temperature_controlled'] }).notNull().default('always'),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [unique('checklist_template_items_position_unique').on(t.shipment_type, t.loading_type, t.position)],
);

/** A shipment's checklist item, copied from its template (migration 0025); the document that satisfies it, and its review. */
export const shipment_checklist_items = pgTable(
  'shipment_checklist_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    shipment_id: uuid()
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    name: text().notNull(),
    provider: text({ enum: ['customer', 'forwarder'] }).notNull(),
    required: boolean().notNull(),
    anchor: text({ enum: ['departure', 'arrival'] }).notNull(),
    offset_days: integer().notNull(),
    applies_when: text({ enum: ['always', 'dangerous_goods', 'temperature_controlled'] }).notNull().default('always'),
    document_name: text().references(() => files.name, { onDelete: 'set null' }),
    received_at: timestamp({ withTimezone: true }),
    received_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    approved_at: timestamp({ withTimezone: true }),
    approved_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    rejected_name: text(),
    reject_reason: text(),
    rejected_at: timestamp({ withTimezone: true }),
    rejected_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The due day (YYYY-MM-DD) the customer was last reminded of. */
    reminded_for: date({ mode: 'string' }),
  },
  (t) => [unique('shipment_checklist_items_position_unique').on(t.shipment_id, t.position)],
);
