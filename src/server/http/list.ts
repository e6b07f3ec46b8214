import { sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../domain/list';
import { likePattern } from '../../domain/list';

/** `col ilike %q%` with LIKE metacharacters escaped; combine several with `or(...)`. */
export function ilike(column: unknown, q: string): SQL {
  return sql`${column} ilike ${likePattern(q)}`;
}

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

export function toPage<T>(rows: T[], total: number, page: number, pageSize: number): Page<T> {
  return { rows, total, page, pageSize };
}
