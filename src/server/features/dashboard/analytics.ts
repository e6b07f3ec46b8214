import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { TypeAnalytics } from '../../../domain/analytics';
import { ACTIVE_STATUSES, CHANGE_WINDOW_DAYS, CHART_MONTHS, COMPLETED_STATUSES, TOP_N, fillMonths, lastMonths, monthlyChange } from '../../../domain/kpi';
import { TRANSPORT_MODE_LABELS, capitalize, type ShipmentType, type TransportMode } from '../../../domain/enums';

export const inList = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
type Count = { name: string; count: number };
const counts = (rows: Record<string, unknown>[]): Count[] => rows.map((r) => ({ name: String(r.name), count: Number(r.count) }));

/** Start of the first month on the chart axis (UTC). */
export function chartStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (CHART_MONTHS - 1), 1));
}

/** Total, active, completed and the 30-day change of active ones for the shipments `where` selects. */
export async function statusCounts(db: Db, where: SQL) {
  const r = await db.execute<Record<string, number>>(sql`
    select count(*)::int as total,
      count(*) filter (where status in (${inList(ACTIVE_STATUSES)}))::int as active,
      count(*) filter (where status in (${inList(COMPLETED_STATUSES)}))::int as completed,
      count(*) filter (where status in (${inList(ACTIVE_STATUSES)}) and created_at >= now() - make_interval(days => ${CHANGE_WINDOW_DAYS}))::int as active_now,
      count(*) filter (where status in (${inList(ACTIVE_STATUSES)}) and created_at >= now() - make_interval(days => ${CHANGE_WINDOW_DAYS * 2})
        and created_at < now() - make_interval(days => ${CHANGE_WINDOW_DAYS}))::int as active_before
    from shipments where ${where}`);
  const row = r.rows[0]!;
  return {
    total: Number(row.total),
    active: Number(row.active),
    completed: Number(row.completed),
    active_change: monthlyChange(Number(row.active_now), Number(row.active_before)),
  };
}

/** Shipments created per UTC calendar month over the chart's months. */
export async function monthlyCounts(db: Db, where: SQL, now = new Date()) {
  const r = await db.execute<{ month: string; count: number }>(sql`
    select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month, count(*)::int as count
    from shipments where ${where} and created_at >= ${chartStart(now).toISOString()}
    group by 1`);
  return fillMonths(lastMonths(now), r.rows.map((x) => ({ month: x.month, count: Number(x.count) })));
}

async function topEnds(db: Db, type: ShipmentType, origin: SQL, destination: SQL): Promise<Count[]> {
  const r = await db.execute(sql`
    select name, count(*)::int as count from (
      select ${origin} as name from shipments where type = ${type}
      union all
      select ${destination} as name from shipments where type = ${type}
    ) ends where name is not null and name <> ''
    group by name order by count desc, name limit ${TOP_N}`);
  return counts(r.rows);
}

async function distribution(db: Db, query: SQL, label: (name: string) => string = (n) => n): Promise<Count[]> {
  const r = await db.execute(query);
  return counts(r.rows).map((c) => ({ ...c, name: label(c.name) }));
}

/** Capped at TOP_N entries: the rest is summed as 'Other' (container-type colours are capped at 5). */
export function capWithOther(items: Count[], n = TOP_N): Count[] {
  if (items.length <= n) return items;
  const rest = items.slice(n).reduce((s, i) => s + i.count, 0);
  return [...items.slice(0, n), { name: 'Other', count: rest }];
}

/** Everything a per-type page shows, computed in SQL (a handful of small aggregate queries). */
export async function getTypeAnalytics(db: Db, type: ShipmentType, now = new Date()): Promise<TypeAnalytics> {
  const where = sql`type = ${type}`;
  const [summary, monthly] = await Promise.all([statusCounts(db, where), monthlyCounts(db, where, now)]);
  let top: Count[] = [];
  let dist: Count[] = [];
  if (type === 'air') {
    top = await topEnds(db, 'air', sql`origin_airport`, sql`destination_airport`);
  } else if (type === 'sea') {
    top = await topEnds(db, 'sea', sql`origin_port`, sql`destination_port`);
    dist = capWithOther(
      await distribution(db, sql`
        select c.type as name, count(*)::int as count from shipment_containers c join shipments s on s.id = c.shipment_id
        where s.type = 'sea' group by c.type order by count desc, name`),
    );
  } else if (type === 'land') {
    const r = await db.execute(sql`
      select concat_ws(' → ', coalesce(nullif(origin_city, ''), 'Unknown'), coalesce(nullif(destination_city, ''), 'Unknown')) as name, count(*)::int as count
      from shipments where type = 'land' group by 1 order by count desc, name limit ${TOP_N}`);
    top = counts(r.rows);
    dist = await distribution(
      db,
      sql`select coalesce(truck_type, 'unspecified') as name, count(*)::int as count from shipments where type = 'land' group by 1 order by count desc, name`,
      (n) => (n === 'unspecified' ? 'Not specified' : capitalize(n)),
    );
  } else {
    dist = await distribution(
      db,
      sql`select coalesce(transport_mode, 'unknown') as name, count(*)::int as count from shipments where type = 'partial' group by 1 order by count desc, name`,
      (n) => TRANSPORT_MODE_LABELS[n as TransportMode] ?? 'Unknown',
    );
  }
  return { type, ...summary, monthly, top, distribution: dist };
}
