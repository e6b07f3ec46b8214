/**
 * What the forwarder owes its suppliers (issue 39): the payables ageing, like the receivables one (src/domain/money/
 * ageing.ts buckets: current, 1-30, 31-60, 61-90, 91+ days past due). Each bill's open amount on a day is its total
 * less the payments made by that day; bills dated after the day are not yet owed. One indexed query, no rollups
 * (decision record 0264): a page of suppliers by name, with a row per currency, and the totals per currency over all.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { offsetOf } from '@server/http/list';
import { AGEING_BUCKETS } from '@domain/money/ageing';
import { moneyString } from '@domain/money/currencies';
import { inMinorUnits, type Buckets } from '@domain/billing/receivables';
import type { PayablesAgeing, PayablesAgeingQuery } from '@domain/billing/supplier-bills-schema';
import { today } from './service';

const BUCKET_SQL: Record<(typeof AGEING_BUCKETS)[number], SQL> = {
  current: sql`o.days <= 0`,
  '1-30': sql`o.days BETWEEN 1 AND 30`,
  '31-60': sql`o.days BETWEEN 31 AND 60`,
  '61-90': sql`o.days BETWEEN 61 AND 90`,
  '91+': sql`o.days > 90`,
};
const bucketSums = sql.join(
  [...AGEING_BUCKETS.map((b) => sql`coalesce(sum(o.open) FILTER (WHERE ${BUCKET_SQL[b]}), 0)::text AS ${sql.identifier(b)}`), sql`coalesce(sum(o.open), 0)::text AS total`],
  sql`, `,
);

type Sums = Record<(typeof AGEING_BUCKETS)[number], string> & { total: string; currency: string };
const bucketsOf = (r: Sums): Buckets => inMinorUnits(r.currency, Object.fromEntries(AGEING_BUCKETS.map((b) => [b, r[b]])) as Buckets);

/** GET /payables/ageing: open amounts per supplier and currency by days past due, as of a day (default today). */
export async function payablesAgeing(db: Db, q: PayablesAgeingQuery): Promise<PayablesAgeing> {
  const asOf = q.as_of ?? today();
  const open = sql`
    SELECT b.supplier_kind, b.supplier_id, b.currency, (${asOf}::date - b.due_date) AS days,
      b.total - COALESCE((SELECT sum(p.amount) FROM supplier_bill_payments p WHERE p.bill_id = b.id AND p.paid_on <= ${asOf}::date), 0) AS open
    FROM supplier_bills b
    WHERE b.bill_date <= ${asOf}::date${q.supplier_kind ? sql` AND b.supplier_kind = ${q.supplier_kind}` : sql``}${q.currency ? sql` AND b.currency = ${q.currency}` : sql``}`;
  const named = sql`
    SELECT o.*, COALESCE(
      (SELECT c.name FROM carriers c WHERE o.supplier_kind = 'carrier' AND c.id = o.supplier_id),
      (SELECT a.name FROM consolidation_agents a WHERE o.supplier_kind = 'agent' AND a.id = o.supplier_id),
      (SELECT s.name FROM service_providers s WHERE o.supplier_kind = 'service_provider' AND s.id = o.supplier_id), '') AS supplier_name
    FROM (${open}) o WHERE o.open > 0`;
  const from = offsetOf(q.page, q.pageSize);
  const [rows, totals, count] = await Promise.all([
    db.execute<Sums & { supplier_kind: PayablesAgeing['rows'][number]['supplier_kind']; supplier_id: string; supplier_name: string }>(sql`
      WITH o AS (${named}),
      page AS (
        SELECT DISTINCT supplier_name, supplier_kind, supplier_id FROM o ORDER BY supplier_name, supplier_kind, supplier_id LIMIT ${q.pageSize} OFFSET ${from}
      )
      SELECT o.supplier_kind, o.supplier_id, o.supplier_name, o.currency, ${bucketSums}
      FROM o JOIN page ON page.supplier_kind = o.supplier_kind AND page.supplier_id = o.supplier_id
      GROUP BY o.supplier_kind, o.supplier_id, o.supplier_name, o.currency
      ORDER BY o.supplier_name, o.supplier_kind, o.supplier_id, o.currency`),
    db.execute<Sums>(sql`SELECT o.currency, ${bucketSums} FROM (${open}) o WHERE o.open > 0 GROUP BY o.currency ORDER BY o.currency`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (SELECT DISTINCT o.supplier_kind, o.supplier_id FROM (${open}) o WHERE o.open > 0) x`),
  ]);
  return {
    as_of: asOf,
    suppliers: Number(count.rows[0]!.n),
    page: q.page,
    pageSize: q.pageSize,
    rows: rows.rows.map((r) => ({ supplier_kind: r.supplier_kind, supplier_id: r.supplier_id, supplier_name: r.supplier_name, currency: r.currency, buckets: bucketsOf(r), total: moneyString(r.total, r.currency) })),
    totals: totals.rows.map((r) => ({ currency: r.currency, buckets: bucketsOf(r), total: moneyString(r.total, r.currency) })),
  };
}
