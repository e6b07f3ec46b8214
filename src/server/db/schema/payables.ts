/*
 * Supplier bills (issue 39, migration 0044, decision record 0264): a supplier's invoice as staff enter it, its lines
 * matched to shipments' buy lines, and the payments made against it. Amounts are `numeric` read as decimal strings.
 * The checks, the one-match-per-buy-line index and the match trigger are in the migration.
 */
import { date, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { files } from './documents';
import { charge_lines } from './money';
import { shipments } from './shipments';

const amount = () => numeric({ precision: 20, scale: 4, mode: 'string' });
const ts = () => timestamp({ withTimezone: true });

export const supplier_bills = pgTable('supplier_bills', {
  id: uuid().primaryKey().defaultRandom(),
  supplier_kind: text({ enum: ['carrier', 'agent', 'service_provider'] }).notNull(),
  supplier_id: uuid().notNull(),
  number: text().notNull(),
  bill_date: date({ mode: 'string' }).notNull(),
  due_date: date({ mode: 'string' }).notNull(),
  currency: text().notNull(),
  net: amount().notNull(),
  vat: amount().notNull().default('0'),
  total: amount().notNull(),
  document_name: text().references(() => files.name, { onDelete: 'set null' }),
  note: text(),
  created_at: ts().notNull().defaultNow(),
  created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  updated_at: ts().notNull().defaultNow(),
});

export const supplier_bill_lines = pgTable(
  'supplier_bill_lines',
  {
    bill_id: uuid().notNull().references(() => supplier_bills.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    description: text().notNull(),
    amount: amount().notNull(),
    shipment_id: uuid().references(() => shipments.id, { onDelete: 'set null' }),
    charge_line_id: uuid().references(() => charge_lines.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ name: 'supplier_bill_lines_pk', columns: [t.bill_id, t.position] })],
);

export const supplier_bill_payments = pgTable('supplier_bill_payments', {
  id: uuid().primaryKey().defaultRandom(),
  bill_id: uuid().notNull().references(() => supplier_bills.id, { onDelete: 'restrict' }),
  paid_on: date({ mode: 'string' }).notNull(),
  amount: amount().notNull(),
  reference: text(),
  note: text(),
  created_at: ts().notNull().defaultNow(),
  created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
});
