import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { companies } from './directory';

/**
 * Service keys (issue 18, migration 0026, decision record 0242). Only the key's sha256 is kept, and its first 12
 * characters to tell keys apart. A key acts as its maker: it is deleted with them. Customers read their company's keys
 * under row-level security, without the hash column.
 */
export const api_keys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    key_hash: text('key_hash').notNull(),
    role: text('role', { enum: ['admin', 'export', 'import', 'customer'] }).notNull(),
    /** A company's key (customer role); null for a staff key. */
    company_id: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    created_by: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    revoked_by: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    last_used_ip: text('last_used_ip'),
    request_count: bigint('request_count', { mode: 'number' }).notNull().default(0),
    rate_limit_per_minute: integer('rate_limit_per_minute').notNull(),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_idx').on(t.key_hash),
    index('api_keys_company_idx').on(t.company_id, t.created_at),
    index('api_keys_created_by_idx').on(t.created_by).where(sql`company_id IS NULL`),
  ],
);
