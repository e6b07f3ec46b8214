import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/*
 * The books (issue 39, migration 0043, decision record 0263): the accounting settings the exports read, each export
 * kept with its file, and which documents went out in which format.
 */

/** One row (id = 1): DATEV's numbers, chart and accounts per VAT key; Xero's and QuickBooks Online's codes. */
export const accounting_settings = pgTable('accounting_settings', {
  id: smallint().primaryKey().default(1),
  datev_chart: text({ enum: ['SKR03', 'SKR04'] }).notNull().default('SKR03'),
  datev_consultant_number: integer().notNull().default(1001),
  datev_client_number: integer().notNull().default(1),
  fiscal_year_start_month: smallint().notNull().default(1),
  account_length: smallint().notNull().default(4),
  debtor_account: text().notNull().default('10000'),
  bank_account: text().notNull().default('1200'),
  revenue_accounts: jsonb().$type<Record<string, string>>().notNull(),
  xero_account_code: text().notNull().default('200'),
  xero_tax_types: jsonb().$type<Record<string, string>>().notNull().default({}),
  quickbooks_item: text().notNull().default('Services'),
  quickbooks_tax_codes: jsonb().$type<Record<string, string>>().notNull().default({}),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_by: uuid().references(() => users.id, { onDelete: 'set null' }),
});

/** An export as made: its period, what it holds, and its file (kept in storage under file_key, byte for byte). */
export const accounting_exports = pgTable(
  'accounting_exports',
  {
    id: uuid().primaryKey().defaultRandom(),
    format: text({ enum: ['datev', 'xero', 'quickbooks'] }).notNull(),
    period_from: date({ mode: 'string' }).notNull(),
    period_to: date({ mode: 'string' }).notNull(),
    again: boolean().notNull().default(false),
    invoices: integer().notNull(),
    credit_notes: integer().notNull(),
    payments: integer().notNull(),
    skipped: integer().notNull().default(0),
    file_key: text().notNull(),
    file_name: text().notNull(),
    bytes: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('accounting_exports_created_idx').on(t.created_at.desc(), t.id.desc())],
);

/** A document exported in a format: the first export that took it; a later one leaves it out unless asked. */
export const accounting_export_marks = pgTable(
  'accounting_export_marks',
  {
    format: text({ enum: ['datev', 'xero', 'quickbooks'] }).notNull(),
    document_type: text({ enum: ['invoice', 'payment'] }).notNull(),
    document_id: uuid().notNull(),
    export_id: uuid().notNull().references(() => accounting_exports.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'accounting_export_marks_pk', columns: [t.format, t.document_type, t.document_id] })],
);
