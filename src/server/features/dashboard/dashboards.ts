import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../http/context';
import type { Dashboard } from '../../../domain/analytics';
import { ACTIVE_STATUSES, COMPLETED_STATUSES, CUSTOMER_ACTIVE_STATUSES, PENDING_STATUSES, fillMonths, lastMonths } from '../../../domain/kpi';
import { marginPercent } from '../../../domain/shipment-money';
import { SHIPMENT_STATUSES, SHIPMENT_TYPES, SHIPMENT_TYPE_LABELS, type ShipmentType } from '../../../domain/enums';
import { statusLabel } from '../../../domain/shipment-status';
import { customerCompanyId } from '../../policy';
import { LIST_COLUMNS, toListRow } from '../shipment-lists/service';
import { chartStart, inList } from './analytics';

const RECENT = 5;

async function recent(db: Db, where: SQL) {
  const r = await db.execute<Record<string, unknown>>(sql`
    select ${LIST_COLUMNS} from shipments s join companies c on c.id = s.company_id left join users u on u.id = s.handler_id
    where ${where} order by s.created_at desc, s.id limit ${RECENT}`);
  return r.rows.map(toListRow);
}

/** Revenue (charges) and cost per currency and category, summed in SQL over every shipment. */
async function finance(db: Db) {
  const r = await db.execute<{ kind: string; category: string; currency: string; amount: string | number }>(sql`
    select v.kind, v.category, v.currency, sum(v.amount) as amount
    from shipments s cross join lateral (values
      ('revenue', 'Freight', s.service_charge_currency, s.service_charge),
      ('revenue', 'Customs', s.customs_charge_currency, s.customs_charge),
      ('revenue', 'Insurance', s.insurance_charge_currency, s.insurance_charge),
      ('revenue', 'Handling', s.handling_charge_currency, s.handling_charge),
      ('revenue', 'Other', s.documentation_charge_currency, s.documentation_charge),
      ('revenue', 'Other', s.storage_charge_currency, s.storage_charge),
      ('revenue', 'Other', s.delivery_charge_currency, s.delivery_charge),
      ('revenue', 'Other', s.other_charges_currency, s.other_charges),
      ('cost', 'cost', s.freight_cost_currency, s.freight_cost),
      ('cost', 'cost', s.customs_cost_currency, s.customs_cost),
      ('cost', 'cost', s.insurance_cost_currency, s.insurance_cost),
      ('cost', 'cost', s.handling_cost_currency, s.handling_cost),
      ('cost', 'cost', s.documentation_cost_currency, s.documentation_cost),
      ('cost', 'cost', s.storage_cost_currency, s.storage_cost),
      ('cost', 'cost', s.delivery_cost_currency, s.delivery_cost),
      ('cost', 'cost', s.other_costs_currency, s.other_costs)
    ) as v(kind, category, currency, amount)
    where v.amount is not null and v.amount <> 0
    group by 1, 2, 3`);
  const byCurrency = new Map<string, { revenue: number; cost: number; categories: Map<string, number> }>();
  for (const row of r.rows) {
    const amount = Math.round(Number(row.amount) * 100) / 100;
    const entry = byCurrency.get(row.currency) ?? { revenue: 0, cost: 0, categories: new Map<string, number>() };
    if (row.kind === 'revenue') {
      entry.revenue += amount;
      entry.categories.set(row.category, (entry.categories.get(row.category) ?? 0) + amount);
    } else entry.cost += amount;
    byCurrency.set(row.currency, entry);
  }
  const currencies = [...byCurrency.entries()].sort((a, b) => b[1].revenue - a[1].revenue || a[0].localeCompare(b[0]));
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    finance: currencies.map(([currency, e]) => {
      const profit = round(e.revenue - e.cost);
      return { currency, revenue: round(e.revenue), cost: round(e.cost), profit, margin_percent: marginPercent(e.revenue, profit) };
    }),
    revenue_distribution: currencies.map(([currency, e]) => ({
      currency,
      categories: (['Freight', 'Customs', 'Insurance', 'Handling', 'Other'] as const).map((name) => ({ name, amount: round(e.categories.get(name) ?? 0) })),
    })),
  };
}

async function adminDashboard(db: Db, now: Date): Promise<Dashboard> {
  const [counts, types, money, monthly, recentRows] = await Promise.all([
    db.execute<Record<string, number>>(sql`
      select count(*)::int as total,
        count(*) filter (where status in (${inList(ACTIVE_STATUSES)}))::int as active,
        count(*) filter (where status in (${inList(COMPLETED_STATUSES)}))::int as completed
      from shipments`),
    db.execute<{ type: ShipmentType; count: number }>(sql`select type, count(*)::int as count from shipments group by type`),
    finance(db),
    db.execute<{ month: string; type: ShipmentType; count: number }>(sql`
      select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month, type, count(*)::int as count
      from shipments where created_at >= ${chartStart(now).toISOString()} group by 1, 2`),
    recent(db, sql`true`),
  ]);
  const c = counts.rows[0]!;
  const typeCount = new Map(types.rows.map((t) => [t.type, Number(t.count)]));
  const months = lastMonths(now);
  const totals = fillMonths(months, []);
  const perType = new Map<string, Record<ShipmentType, number>>(months.map((m) => [m, { air: 0, sea: 0, land: 0, partial: 0 }]));
  for (const row of monthly.rows) {
    const entry = perType.get(row.month);
    if (entry) entry[row.type] = Number(row.count);
  }
  return {
    kind: 'admin',
    total: Number(c.total),
    active: Number(c.active),
    completed: Number(c.completed),
    type_distribution: SHIPMENT_TYPES.map((t) => ({ name: SHIPMENT_TYPE_LABELS[t], count: typeCount.get(t) ?? 0 })),
    ...money,
    monthly: totals.map((m) => {
      const t = perType.get(m.month)!;
      return { ...m, ...t, count: t.air + t.sea + t.land + t.partial };
    }),
    recent: recentRows,
  };
}

async function handlerDashboard(db: Db, user: SessionUser): Promise<Dashboard> {
  const where = sql`s.handler_id = ${user.id}`;
  const [statuses, recentRows] = await Promise.all([
    db.execute<{ status: string; count: number }>(sql`select s.status, count(*)::int as count from shipments s where ${where} group by s.status`),
    recent(db, where),
  ]);
  const byStatus = new Map(statuses.rows.map((r) => [r.status, Number(r.count)]));
  const sum = (set: readonly string[]) => set.reduce((n, s) => n + (byStatus.get(s) ?? 0), 0);
  return {
    kind: 'handler',
    total: [...byStatus.values()].reduce((a, b) => a + b, 0),
    active: sum(ACTIVE_STATUSES),
    completed: sum(COMPLETED_STATUSES),
    status_distribution: SHIPMENT_STATUSES.filter((s) => byStatus.has(s)).map((s) => ({ name: statusLabel(s), count: byStatus.get(s)! })),
    recent: recentRows,
  };
}

async function customerDashboard(db: Db, user: SessionUser): Promise<Dashboard> {
  const companyId = customerCompanyId(user);
  const where = sql`s.company_id = ${companyId}`;
  const [counts, company, recentRows] = await Promise.all([
    db.execute<Record<string, number>>(sql`
      select count(*)::int as total,
        count(*) filter (where s.status in (${inList(CUSTOMER_ACTIVE_STATUSES)}))::int as active,
        count(*) filter (where s.status in (${inList(PENDING_STATUSES)}))::int as pending,
        count(*) filter (where s.status = 'delivered')::int as delivered
      from shipments s where ${where}`),
    db.execute<{ name: string }>(sql`select name from companies where id = ${companyId}`),
    recent(db, where),
  ]);
  const c = counts.rows[0]!;
  return {
    kind: 'customer',
    company_name: company.rows[0]?.name ?? '',
    total: Number(c.total),
    active: Number(c.active),
    pending: Number(c.pending),
    delivered: Number(c.delivered),
    recent: recentRows,
  };
}

/** The signed-in user's dashboard: admin finance and shipments, handler's own shipments, customer's company. */
export function getDashboard(db: Db, user: SessionUser, now = new Date()): Promise<Dashboard> {
  if (user.role === 'admin') return adminDashboard(db, now);
  if (user.role === 'customer') return customerDashboard(db, user);
  return handlerDashboard(db, user);
}
