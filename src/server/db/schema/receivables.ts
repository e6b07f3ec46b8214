import { bigint, date, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './directory';
import { invoices } from './money';

/** The reminders mailed for an overdue invoice (issue 38, migration 0037): one per invoice and reminder day. */
export const invoice_reminders = pgTable(
  'invoice_reminders',
  {
    invoice_id: uuid().notNull().references(() => invoices.id, { onDelete: 'cascade' }),
    overdue_day: integer().notNull(),
    sent_on: date({ mode: 'string' }).notNull(),
    recipients: integer().notNull().default(0),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'invoice_reminders_pk', columns: [t.invoice_id, t.overdue_day] })],
);

/** The invoice list's exact totals (migration 0040): per company, kind and status, kept by a row trigger on invoices. */
export const invoice_counts = pgTable(
  'invoice_counts',
  {
    company_id: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    status: text().notNull(),
    n: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'invoice_counts_pk', columns: [t.company_id, t.kind, t.status] })],
);

/** Each issued invoice with something open today and its open amount (migration 0040), kept by triggers. */
export const open_invoices = pgTable('open_invoices', {
  invoice_id: uuid().primaryKey().references(() => invoices.id, { onDelete: 'cascade' }),
  company_id: uuid().notNull().references(() => companies.id, { onDelete: 'cascade' }),
  currency: text().notNull(),
  number: text().notNull(),
  issue_date: date({ mode: 'string' }).notNull(),
  due_date: date({ mode: 'string' }).notNull(),
  payable: numeric({ precision: 20, scale: 4, mode: 'string' }).notNull(),
  open: numeric({ precision: 20, scale: 4, mode: 'string' }).notNull(),
});

/** Today's open amount and count per currency and due day (migration 0042), kept by open_invoices' triggers. */
export const open_invoice_days = pgTable(
  'open_invoice_days',
  {
    currency: text().notNull(),
    due_date: date({ mode: 'string' }).notNull(),
    open: numeric({ precision: 20, scale: 4, mode: 'string' }).notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ name: 'open_invoice_days_pk', columns: [t.currency, t.due_date] })],
);

/** The open invoices per company today (migration 0042), kept by open_invoices' triggers. */
export const open_invoice_companies = pgTable('open_invoice_companies', {
  company_id: uuid().primaryKey().references(() => companies.id, { onDelete: 'cascade' }),
  n: integer().notNull(),
});

/** The invoice list's exact totals over all companies (migration 0042): per kind and status. */
export const invoice_totals = pgTable(
  'invoice_totals',
  { kind: text().notNull(), status: text().notNull(), n: bigint({ mode: 'number' }).notNull() },
  (t) => [primaryKey({ name: 'invoice_totals_pk', columns: [t.kind, t.status] })],
);
