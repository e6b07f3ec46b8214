import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  },
  (t) => [index('document_assignments_shipment_idx').on(t.shipment_id)],
);
