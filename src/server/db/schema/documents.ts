import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';
import { shipments } from './shipments';

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
    index('files_original_name_idx').on(t.original_name, t.name),
    index('files_size_idx').on(t.size, t.name),
    index('files_name_trgm').using('gin', sql`${t.original_name} gin_trgm_ops`),
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
  },
  (t) => [index('document_assignments_shipment_idx').on(t.shipment_id)],
);
