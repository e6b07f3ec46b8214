import { z } from 'zod';
import { ENGLISH, msg } from '@domain/common/i18n';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH } from './list';

export * from './list';

/**
 * The common list query: q, page (1-based), pageSize, sort, dir. Every list endpoint extends it with its
 * filters and whitelists its sort columns with `sortable(...)`.
 */
export const listQuerySchema = z.object({
  q: z.string().trim().max(MAX_SEARCH_LENGTH, msg('Search must be at most 200 characters')).optional().default(''),
  page: z.coerce.number({ message: msg('page must be a number') }).int(msg('page must be a whole number')).min(1, msg('page must be 1 or more')).max(1_000_000, msg('page is too large')).default(1),
  pageSize: z.coerce.number({ message: msg('pageSize must be a number') }).int().min(1, msg('pageSize must be 1 or more')).max(MAX_PAGE_SIZE, msg('pageSize must be at most 100')).default(DEFAULT_PAGE_SIZE),
  dir: z.enum(['asc', 'desc'], { message: msg("dir must be 'asc' or 'desc'") }).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** A whitelisted sort column parameter. */
export function sortable<const T extends readonly [string, ...string[]]>(columns: T, fallback: T[number]) {
  return z.enum(columns, { message: ENGLISH.t(msg('sort must be one of: {columns}'), { columns: columns.join(', ') }) }).default(fallback as never);
}

/** A list filter of fixed values: empty means all; anything else must be one of them ('Unknown mode: ...'). */
export function listFilter<const T extends readonly [string, ...string[]]>(name: string, values: T) {
  return z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { message: ENGLISH.t(msg('{label} must be one of: {values}'), { label: name, values: values.join(', ') }) }).optional());
}

export const pageSchema = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
