import { date, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
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
