import { date, index, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Exchange rates by source, day and currency (issue 38, migration 0032): 1 EUR = rate units of the currency, as the
 * ECB publishes them. `numeric` without a scale keeps the rate as written (0.87980 keeps its zero).
 */
export const exchange_rates = pgTable(
  'exchange_rates',
  {
    source: text({ enum: ['ECB', 'MANUAL'] }).notNull(),
    rate_date: date({ mode: 'string' }).notNull(),
    currency: text().notNull(),
    rate: numeric().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.source, t.currency, t.rate_date] }), index('exchange_rates_day_idx').on(t.rate_date)],
);
