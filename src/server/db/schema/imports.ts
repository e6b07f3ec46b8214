import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ImportCounts, ImportProblem } from '@domain/imports/schema';
import { users } from './auth';
import { bytea } from './documents';

/**
 * Bulk imports (issue 18, migration 0029, decision record 0245): the uploaded file (kept with its result, audited), its
 * check's progress and outcome. Staff only.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: ['shipments', 'companies', 'rate_cards'] }).notNull(),
    mode: text({ enum: ['skip', 'update'] }).notNull(),
    file_name: text().notNull(),
    file_size: integer().notNull(),
    file_sha256: text().notNull(),
    file: bytea().notNull(),
    status: text({ enum: ['validating', 'ready', 'invalid', 'committing', 'committed', 'failed'] }).notNull(),
    processed_rows: integer().notNull().default(0),
    total_rows: integer().notNull().default(0),
    counts: jsonb().$type<Partial<ImportCounts>>().notNull().default({}),
    problems: jsonb().$type<ImportProblem[]>().notNull().default([]),
    ignored_columns: jsonb().$type<string[]>().notNull().default([]),
    error: text(),
    created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Moved on at every step: a job that stopped with its process shows as failed after IMPORT_STALE_MS. */
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    committed_at: timestamp({ withTimezone: true }),
  },
  (t) => [index('imports_created_idx').on(t.created_at.desc())],
);

/** The checked rows of an import, as they will be written ('create', 'update' of target_id, 'skip'). */
export const import_rows = pgTable(
  'import_rows',
  {
    import_id: uuid()
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    row_no: integer().notNull(),
    action: text({ enum: ['create', 'update', 'skip'] }).notNull(),
    /** The reference number (a company's name). */
    key: text().notNull(),
    target_id: uuid(),
    /** The record's updated_at when checked: the commit refuses if it moved since. */
    base_updated_at: timestamp({ withTimezone: true }),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ name: 'import_rows_pk', columns: [t.import_id, t.row_no] })],
);
