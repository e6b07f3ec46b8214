import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { readTogether } from '@server/db/customer-scope';
import type { Page } from '@domain/common/list-schema';
import { likePattern } from '@domain/common/list-schema';
import { compactNumber } from '@domain/shipments/list-schema';

/**
 * The one search rule of every list: `q` is contained in the column, ignoring case and accents ("ceki" finds
 * "Çeki Listesi", "istanbul" finds "İstanbul Airport"). Both sides go through cargodesk_fold (migration 0014), which
 * the trigram indexes are built on; LIKE metacharacters in `q` are escaped. Combine several with `or(...)`.
 */
export function contains(column: unknown, q: string): SQL {
  return containsFolded(sql`cargodesk_fold(${column})`, q);
}

/** `contains` on a column that already holds the folded text (the shipments' stored search columns, migration 0016). */
export function containsFolded(foldedColumn: unknown, q: string): SQL {
  return sql`${foldedColumn} like cargodesk_fold(${likePattern(q)})`;
}

/**
 * A column of compacted numbers (letters and digits, upper case: migration 0017) contains the number typed in `q`,
 * whatever spaces, dashes or case it was typed with; null when `q` holds no letter or digit.
 */
export function containsNumber(compactColumn: unknown, q: string): SQL | null {
  const number = compactNumber(q);
  return number ? sql`${compactColumn} like ${`%${number}%`}` : null;
}

/** The column equals `value` ignoring case and accents (the same fold as `contains`; the trigram index answers it). */
export function sameText(column: unknown, value: string): SQL {
  return sql`cargodesk_fold(${column}) = cargodesk_fold(${value})`;
}

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

/** A list's exact total as a scalar query; `cheap` when a rollup answers it (a sum over a few rows, not a count). */
export type TotalQuery = { query: SQL; cheap: boolean };

/**
 * A page of a list and its exact total, in as few statements as the total allows (decision records 0233, 0305). A cheap
 * total rides in the page's own statement: `page` gets the column to add to its select list (`, (...) as total_count`),
 * and only a page past the end (no row to carry it) asks again. Any other total is its own count, beside the page on
 * the pool or after it inside a customer's transaction (readTogether). `page` gets null when it must not add it.
 */
export async function pageWithTotal<R extends Record<string, unknown>>(
  db: Db,
  total: TotalQuery,
  offset: number,
  page: (totalColumn: SQL | null) => Promise<{ rows: R[] }>,
): Promise<{ rows: R[]; total: number }> {
  const counted = async () => Number((await db.execute<{ n: number }>(sql`select (${total.query}) as n`)).rows[0]?.n ?? 0);
  if (!total.cheap) {
    const [result, n] = await readTogether(db, [() => page(null), counted]);
    return { rows: result.rows, total: n };
  }
  const { rows } = await page(sql`, (${total.query}) as total_count`);
  const first = rows[0];
  const n = first ? Number(first.total_count) : offset === 0 ? 0 : await counted();
  return { rows: rows.map(({ total_count: _, ...row }) => row as R), total: n };
}

export function toPage<T>(rows: T[], total: number, page: number, pageSize: number): Page<T> {
  return { rows, total, page, pageSize };
}
