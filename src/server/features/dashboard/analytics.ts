import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import type { TypeAnalytics } from '@domain/analytics/schema';
import { ACTIVE_STATUSES, CHANGE_WINDOW_DAYS, CHART_MONTHS, COMPLETED_STATUSES, TOP_N, fillMonths, lastMonths, monthlyChange } from '@domain/analytics/kpi';
import { transportModeLabel, type ShipmentType } from '@domain/common/enums';
import { statusLabel } from '@domain/shipments/status';
import { msg } from '@domain/common/i18n';

export const inList = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
type Count = { name: string; count: number };
const counts = (rows: Record<string, unknown>[]): Count[] => rows.map((r) => ({ name: String(r.name), count: Number(r.count) }));

/** Start of the first month on the chart axis (UTC). */
export function chartStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (CHART_MONTHS - 1), 1));
}

/** UTC day `days` before today, as a SQL date. */
const dayOffset = (days: number) => sql`((now() at time zone 'UTC')::date - ${days}::int)`;

/**
 * Total, active, completed and the monthly change, from the shipment_stats rollup (`where` filters its columns:
 * type, status, day). The change follows spec section 9 literally (issue 21): shipments created in the last month
 * (the last 30 UTC days, today included; decision 0005) against the 30 days before, whatever their status now.
 */
export async function statusCounts(db: Db, where: SQL) {
  const r = await db.execute<Record<string, number>>(sql`
    select coalesce(sum(n), 0)::int as total,
      coalesce(sum(n) filter (where status in (${inList(ACTIVE_STATUSES)})), 0)::int as active,
      coalesce(sum(n) filter (where status in (${inList(COMPLETED_STATUSES)})), 0)::int as completed,
      coalesce(sum(n) filter (where day > ${dayOffset(CHANGE_WINDOW_DAYS)}), 0)::int as created_now,
      coalesce(sum(n) filter (where day > ${dayOffset(CHANGE_WINDOW_DAYS * 2)} and day <= ${dayOffset(CHANGE_WINDOW_DAYS)}), 0)::int as created_before
    from shipment_stats where ${where}`);
  const row = r.rows[0]!;
  return {
    total: Number(row.total),
    active: Number(row.active),
    completed: Number(row.completed),
    active_change: monthlyChange(Number(row.created_now), Number(row.created_before)),
  };
}

/** Shipments created per UTC calendar month over the chart's months, from the rollup. */
export async function monthlyCounts(db: Db, where: SQL, now = new Date()) {
  const r = await db.execute<{ month: string; count: number }>(sql`
    select to_char(day, 'YYYY-MM') as month, sum(n)::int as count
    from shipment_stats where ${where} and day >= ${chartStart(now).toISOString().slice(0, 10)}::date
    group by 1`);
  return fillMonths(lastMonths(now), r.rows.map((x) => ({ month: x.month, count: Number(x.count) })));
}

/** A dimension's counts from shipment_dim_stats, largest first. */
async function dimension(db: Db, type: ShipmentType, dim: string, limit?: number): Promise<Count[]> {
  const r = await db.execute(sql`
    select value as name, sum(n)::int as count from shipment_dim_stats
    where type = ${type} and dim = ${dim}
    group by value having sum(n) > 0
    order by 2 desc, value ${limit ? sql`limit ${limit}` : sql``}`);
  return counts(r.rows);
}

/** Capped at TOP_N entries: the rest is summed as 'Other' (container-type colours are capped at 5). */
export function capWithOther(items: Count[], n = TOP_N): Count[] {
  if (items.length <= n) return items;
  const rest = items.slice(n).reduce((s, i) => s + i.count, 0);
  return [...items.slice(0, n), { name: msg('Other'), count: rest }];
}

/** Everything a per-type page shows: a handful of reads of the rollup tables (migration 0003). */
export async function getTypeAnalytics(db: Db, type: ShipmentType, now = new Date()): Promise<TypeAnalytics> {
  const where = sql`type = ${type}`;
  const [summary, monthly] = await Promise.all([statusCounts(db, where), monthlyCounts(db, where, now)]);
  let top: Count[] = [];
  let dist: Count[] = [];
  if (type === 'air') {
    top = await dimension(db, 'air', 'end', TOP_N);
  } else if (type === 'sea') {
    [top, dist] = await Promise.all([dimension(db, 'sea', 'end', TOP_N), dimension(db, 'sea', 'container_type').then((d) => capWithOther(d))]);
  } else if (type === 'land') {
    const [routes, trucks] = await Promise.all([dimension(db, 'land', 'route', TOP_N), dimension(db, 'land', 'truck_type')]);
    top = routes;
    dist = trucks.map((c) => ({ ...c, name: c.name === 'unspecified' ? msg('Not specified') : statusLabel(c.name) }));
  } else {
    dist = (await dimension(db, 'partial', 'transport_mode')).map((c) => ({ ...c, name: transportModeLabel(c.name) }));
  }
  return { type, ...summary, monthly, top, distribution: dist };
}
