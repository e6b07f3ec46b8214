import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { readTogether } from '@server/db/customer-scope';
import type { SessionUser } from '@server/http/context';
import type { Dashboard } from '@domain/analytics/schema';
import { ACTIVE_STATUSES, COMPLETED_STATUSES, CUSTOMER_ACTIVE_STATUSES, PENDING_STATUSES, fillMonths, lastMonths } from '@domain/analytics/kpi';
import { marginPercent } from '@domain/billing/lines';
import { type Decimal, dec, fixed, ZERO } from '@domain/money/decimal';
import { isCurrency, moneyString } from '@domain/money/currencies';
import { SHIPMENT_STATUSES, SHIPMENT_TYPES, SHIPMENT_TYPE_LABELS, type ShipmentType } from '@domain/common/enums';
import { statusLabel } from '@domain/shipments/status';
import { customerCompanyId } from '@server/policy';
import { LIST_COLUMNS, toListRow } from '@server/features/shipment-lists/index';
import { chartStart, inList, statusCounts } from './analytics';
import { customerActions } from './customer-actions';
import { overdueSummary } from '@server/features/checklist/index';
import { can, isCustomer } from '@domain/access/permissions';

const RECENT = 5;

async function recent(db: Db, where: SQL) {
  const r = await db.execute<Record<string, unknown>>(sql`
    select ${LIST_COLUMNS} from shipments s join companies c on c.id = s.company_id left join users u on u.id = s.handler_id
    where ${where} order by s.created_at desc, s.id limit ${RECENT}`);
  return r.rows.map(toListRow);
}

/**
 * Revenue (charges) per category and cost per currency, from the finance_stats rollup of the shipments' charge lines
 * (migration 0034), and the cost made actual by supplier bills (issue 39): each bill line on a shipment adds its amount
 * and takes off the buy line it matches (same currency; the rule of `jobTotals`, over every shipment at once). Exact
 * decimals, answered as strings with the currency's minor units.
 */
async function finance(db: Db) {
  const [r, bills] = await Promise.all([
    db.execute<{ category: string; currency: string; amount: string }>(sql`
      select category, currency, sum(amount)::text as amount from finance_stats group by 1, 2 having sum(amount) <> 0`),
    // Supplier bill lines are few beside charge lines; the shipment index keeps the scan to the assigned ones.
    db.execute<{ currency: string; billed: string; accrued: string }>(sql`
      select b.currency, sum(l.amount)::text as billed, coalesce(sum(c.amount) filter (where c.currency = b.currency), 0)::text as accrued
      from supplier_bill_lines l join supplier_bills b on b.id = l.bill_id left join charge_lines c on c.id = l.charge_line_id and c.side = 'buy'
      where l.shipment_id is not null group by 1`),
  ]);
  type Entry = { revenue: Decimal; cost: Decimal; actual: Decimal; categories: Map<string, Decimal> };
  const byCurrency = new Map<string, Entry>();
  const entry = (currency: string) => {
    let e = byCurrency.get(currency);
    if (!e) byCurrency.set(currency, (e = { revenue: ZERO, cost: ZERO, actual: ZERO, categories: new Map<string, Decimal>() }));
    return e;
  };
  for (const row of r.rows) {
    const amount = dec(row.amount);
    const e = entry(row.currency);
    if (row.category !== 'cost') {
      e.revenue = e.revenue.plus(amount);
      e.categories.set(row.category, (e.categories.get(row.category) ?? ZERO).plus(amount));
    } else e.cost = e.cost.plus(amount);
  }
  for (const row of bills.rows) {
    const e = entry(row.currency);
    e.actual = e.actual.plus(dec(row.billed)).minus(dec(row.accrued));
  }
  const currencies = [...byCurrency.entries()].sort((a, b) => b[1].revenue.cmp(a[1].revenue) || a[0].localeCompare(b[0]));
  const money = (x: Decimal, currency: string) => (isCurrency(currency) ? moneyString(x, currency) : fixed(x, 2));
  return {
    finance: currencies.map(([currency, e]) => {
      const cost = e.cost.plus(e.actual);
      return {
        currency,
        revenue: money(e.revenue, currency),
        cost: money(cost, currency),
        cost_accrued: money(e.cost, currency),
        profit: money(e.revenue.minus(cost), currency),
        margin_percent: marginPercent(e.revenue, e.revenue.minus(cost)),
      };
    }),
    revenue_distribution: currencies.map(([currency, e]) => ({
      currency,
      categories: (['Freight', 'Customs', 'Insurance', 'Handling', 'Other'] as const).map((name) => ({ name, amount: money(e.categories.get(name) ?? ZERO, currency) })),
    })),
  };
}

/** The customer's answers a handler acts on (issue 45), counted over the last week. */
const ANSWER_KINDS = sql`('accepted', 'quote_declined', 'revision_requested')`;
const ANSWERED_DAYS = 7;

/**
 * Requests for the staff dashboards (issue 45): new ones waiting for a handler (the admin: all; a handler: of their
 * direction, the ones they may take) and the customers' answers to quotes in the last week (a handler: on the
 * requests they handle). The open queue is small (requests_status_created_idx); the answers read a partial index.
 */
async function requestQueue(db: Db, user: SessionUser, now: Date) {
  const admin = can(user.role, 'requests:any_direction');
  const since = new Date(now.getTime() - ANSWERED_DAYS * 86_400_000);
  const [waiting, answered] = await Promise.all([
    db.execute<{ n: number }>(sql`
      select count(*)::int as n from requests where status = 'submitted' and handler_id is null ${admin ? sql`` : sql`and direction = ${user.role}`}`),
    db.execute<{ n: number }>(sql`
      select count(*)::int as n from request_events e ${admin ? sql`` : sql`join requests r on r.id = e.request_id and r.handler_id = ${user.id}`}
      where e.kind in ${ANSWER_KINDS} and e.created_at >= ${since.toISOString()}`),
  ]);
  return { waiting: Number(waiting.rows[0]?.n ?? 0), answered: Number(answered.rows[0]?.n ?? 0) };
}

async function adminDashboard(db: Db, user: SessionUser, now: Date): Promise<Dashboard> {
  const [counts, types, money, monthly, recentRows, unassigned, checklist, requestsWaiting] = await Promise.all([
    statusCounts(db, sql`true`),
    db.execute<{ type: ShipmentType; count: number }>(sql`select type, sum(n)::int as count from shipment_stats group by type`),
    finance(db),
    db.execute<{ month: string; type: ShipmentType; count: number }>(sql`
      select to_char(day, 'YYYY-MM') as month, type, sum(n)::int as count
      from shipment_stats where day >= ${chartStart(now).toISOString().slice(0, 10)}::date group by 1, 2`),
    recent(db, sql`true`),
    // Index-only on shipments_handler_created_idx (handler_id is null is an index condition).
    db.execute<{ n: number }>(sql`select count(*)::int as n from shipments where handler_id is null`),
    overdueSummary(db, user),
    requestQueue(db, user, now),
  ]);
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
    total: counts.total,
    active: counts.active,
    completed: counts.completed,
    unassigned: Number(unassigned.rows[0]?.n ?? 0),
    type_distribution: SHIPMENT_TYPES.map((t) => ({ name: SHIPMENT_TYPE_LABELS[t], count: typeCount.get(t) ?? 0 })),
    ...money,
    monthly: totals.map((m) => {
      const t = perType.get(m.month)!;
      return { ...m, ...t, count: t.air + t.sea + t.land + t.partial };
    }),
    recent: recentRows,
    checklist_overdue: checklist,
    requests: requestsWaiting,
  };
}

async function handlerDashboard(db: Db, user: SessionUser, now: Date): Promise<Dashboard> {
  const where = sql`s.handler_id = ${user.id}`;
  const [statuses, recentRows, checklist, requestsWaiting] = await Promise.all([
    db.execute<{ status: string; count: number }>(sql`select s.status, count(*)::int as count from shipments s where ${where} group by s.status`),
    recent(db, where),
    overdueSummary(db, user),
    requestQueue(db, user, now),
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
    checklist_overdue: checklist,
    requests: requestsWaiting,
  };
}

async function customerDashboard(db: Db, user: SessionUser): Promise<Dashboard> {
  const companyId = customerCompanyId(user);
  const where = sql`s.company_id = ${companyId}`;
  const [counts, company, recentRows, checklist, actions] = await readTogether(db, [
    () => db.execute<Record<string, number>>(sql`
      select count(*)::int as total,
        count(*) filter (where s.status in (${inList(CUSTOMER_ACTIVE_STATUSES)}))::int as active,
        count(*) filter (where s.status in (${inList(PENDING_STATUSES)}))::int as pending,
        count(*) filter (where s.status = 'delivered')::int as delivered
      from shipments s where ${where}`),
    () => db.execute<{ name: string }>(sql`select name from companies where id = ${companyId}`),
    () => recent(db, where),
    () => overdueSummary(db, user),
    () => customerActions(db, user),
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
    checklist_overdue: checklist,
    actions,
  };
}

/** The signed-in user's dashboard: admin finance and shipments, handler's own shipments, customer's company. */
export function getDashboard(db: Db, user: SessionUser, now = new Date()): Promise<Dashboard> {
  if (can(user.role, 'dashboard:finance')) return adminDashboard(db, user, now);
  if (isCustomer(user.role)) return customerDashboard(db, user);
  return handlerDashboard(db, user, now);
}
