/*
 * Rate cards (issue 40, migration 0045, decision record 0268): buy and sell tariffs by mode and lane with validity
 * and priority; the freight and surcharges as JSON the app checks (src/domain/rates/schema.ts).
 */
import { date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Freight, Surcharge } from '@domain/rates/pricing';
import { users } from './auth';
import { carriers, companies } from './directory';
import { imports } from './imports';

const ts = () => timestamp({ withTimezone: true });

export const rate_cards = pgTable('rate_cards', {
  id: uuid().primaryKey().defaultRandom(),
  side: text({ enum: ['buy', 'sell'] }).notNull(),
  mode: text({ enum: ['air', 'sea_fcl', 'sea_lcl', 'land'] }).notNull(),
  origin: text().notNull(),
  destination: text().notNull(),
  equipment: text(),
  currency: text().notNull(),
  valid_from: date({ mode: 'string' }).notNull(),
  valid_to: date({ mode: 'string' }).notNull(),
  priority: integer().notNull().default(0),
  carrier_id: uuid().references(() => carriers.id, { onDelete: 'restrict' }),
  company_id: uuid().references(() => companies.id, { onDelete: 'cascade' }),
  freight: jsonb().$type<Freight>().notNull(),
  surcharges: jsonb().$type<Surcharge[]>().notNull().default([]),
  created_at: ts().notNull().defaultNow(),
  created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  updated_at: ts().notNull().defaultNow(),
  /** The rate-sheet import that brought the card (migration 0046), if one did. */
  import_id: uuid().references(() => imports.id, { onDelete: 'set null' }),
});

/** Rate zones (migration 0047): a named group of airports or UN/LOCODEs a card's origin or destination may name. */
export const rate_zones = pgTable(
  'rate_zones',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text().notNull().unique(),
    name: text().notNull(),
    kind: text({ enum: ['airports', 'locodes'] }).notNull(),
    members: text().array().notNull(),
    created_at: ts().notNull().defaultNow(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('rate_zones_members_idx').using('gin', t.members)],
);
