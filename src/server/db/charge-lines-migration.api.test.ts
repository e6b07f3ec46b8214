/**
 * Migration 0034 (issue 38, decision record 0259) keeps every shipment's money, on PGlite and PostgreSQL: a database at
 * 0033 holds the demo data and a sample of the benchmark data set with the sixteen money columns as their generators
 * made them; after 0034 each shipment's totals per currency (sums, lineTotals) and the finance rollups are the same.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_FIELDS, lineTotals, type LineMoney } from '@domain/billing/lines';
import { dec } from '@domain/money/decimal';
import { moneyString } from '@domain/money/currencies';
import { seedDemoData } from '@server/db/seed/demo';
import { DEMO_ADDRESS_BOOK_META_KEY } from '@server/db/seed/demo-address-book';
import { DEMO_BILLING_META_KEY } from '@server/db/seed/demo-billing';
import { DEMO_RATES_META_KEY } from '@server/db/seed/demo-rates';
import { app_meta } from '@server/db/schema';
import { freshDatabase } from '@tests/helpers/test-app';
import { migrationsUpTo } from '@tests/helpers/migrations';
import { companiesSql, legacyMoneySql, shipmentsSql, staffSql } from '../../../bench/dataset-sql';

let database: Awaited<ReturnType<typeof freshDatabase>>;
const BENCH = { shipments: 400, companies: 20, staff: 12 };

type Sums = Map<string, { revenue: string; cost: string }>;
const key = (id: string, currency: string) => `${id} ${currency}`;
const rows = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => (await database.db.execute<T>(q)).rows;

/** Per shipment and currency: the charges' and the costs' sums, as 2-decimal text. */
function sumsOf(r: { id: string; currency: string; revenue: string; cost: string }[]): Sums {
  return new Map(r.map((x) => [key(x.id, x.currency), { revenue: x.revenue, cost: x.cost }]));
}

const finance = () =>
  rows<{ currency: string; category: string; amount: string }>(sql`
    select currency, category, sum(amount)::numeric(20, 2)::text as amount from finance_stats group by 1, 2 having sum(amount) <> 0 order by 1, 2`);

let before: Sums;
let financeBefore: Awaited<ReturnType<typeof finance>>;
let shipmentsBefore: number;

beforeAll(async () => {
  database = await freshDatabase();
  await database.migrate(await migrationsUpTo('0033_billing'));
  // The demo's invoices are written with today's schema (later migrations add columns to invoices): not at 0033.
  await database.db.insert(app_meta).values({ key: DEMO_BILLING_META_KEY, value: { skipped: 'written with a later schema' } });
  // The demo's address book (migration 0056) has no table yet at 0033.
  await database.db.insert(app_meta).values({ key: DEMO_ADDRESS_BOOK_META_KEY, value: { skipped: 'no table before migration 0056' } });
  // The demo's rate cards (migration 0045) have no table yet at 0033.
  await database.db.insert(app_meta).values({ key: DEMO_RATES_META_KEY, value: { skipped: 'no table before migration 0045' } });
  // The demo seed writes today's columns; those later migrations add (0048 languages, 0049-0054 the papers' boxes) are
  // lent to the 0033 schema for the seed and taken back before the migrations add them.
  const run = (text: string) => database.db.execute(sql.raw(text));
  const text = 'text';
  const blank = "text not null default ''";
  const lent: [string, string, string][] = [
    ['users', 'language', text],
    ['companies', 'language', "text not null default 'en'"],
    ...['house_bl_number', 'freight_terms', 'freight_payable_at', 'pre_carriage_by', 'place_of_receipt', 'on_carriage_by', 'place_of_delivery',
      'marks_and_numbers', 'shipper_account_number', 'consignee_account_number', 'sender_instructions', 'special_agreements', 'trailer_plate_number',
      'empty_pickup_depot', 'full_return_depot', 'pickup_terminal', 'release_conditions', 'packing_group', 'tunnel_code',
    ].map((c): [string, string, string] => ['shipments', c, text]),
    ...['documents_cutoff', 'vgm_cutoff', 'port_cutoff'].map((c): [string, string, string] => ['shipments', c, 'timestamp with time zone']),
    ['shipments', 'free_time_days', 'integer'],
    ['shipments', 'onward_flights', "jsonb not null default '[]'"],
    ['shipments', 'commodity_item_number', text],
    ['shipment_containers', 'free_days', 'integer'],
    ['checklist_template_items', 'applies_when', "text not null default 'always'"],
    ['shipment_checklist_items', 'applies_when', "text not null default 'always'"],
    ['shipments', 'shipped_on_board_date', 'timestamp with time zone'],
    ['shipments', 'declared_value_carriage', 'numeric(14, 2)'],
    ['shipments', 'cash_on_delivery', 'numeric(14, 2)'],
    ['shipments', 'cash_on_delivery_currency', "text not null default 'USD'"],
    ['shipment_containers', 'packages_count', 'integer'],
    ['shipment_containers', 'package_type', text],
    ...['registration_number', 'place_of_issue', 'bl_terms', 'iata_agent_code', 'iata_account'].map((c): [string, string, string] => ['letterhead', c, blank]),
    ['letterhead', 'bl_prefix', "text not null default 'CDK'"],
    ['letterhead', 'bl_signed_as', "text not null default 'agent'"],
    // Migration 0056 (issue 45): a request's PO number, parties and weight as entered; the shipment's PO number.
    ...['po_number', 'shipper_name', 'shipper_address', 'consignee_name', 'consignee_address', 'notify_name', 'notify_address'].map((c): [string, string, string] => ['requests', c, text]),
    ['requests', 'weight_unit', "text not null default 'kg'"],
    ['requests', 'weight_entered', 'numeric(14, 3)'],
    ['shipments', 'po_number', text],
  ];
  for (const [table, column, type] of lent) await run(`alter table ${table} add column ${column} ${type}`);
  // The demo generator writes field lines; at 0033 they go back into the columns they came from (its values exactly).
  await seedDemoData(database.db, { shipmentCount: 120 });
  for (const [table, column] of lent) await run(`alter table ${table} drop column ${column}`);
  for (const f of SEED_FIELDS) {
    await run(`update shipments s set ${f} = l.amount, ${f}_currency = l.currency from charge_lines l where l.shipment_id = s.id and l.field = '${f}'`);
  }
  await run('delete from charge_lines');
  // A sample of the benchmark data set, its money in the columns as before 0034.
  await run(staffSql(BENCH));
  await run(companiesSql(BENCH));
  await run(shipmentsSql(BENCH, 1, BENCH.shipments));
  await run(legacyMoneySql(1, BENCH.shipments));

  const values = SEED_FIELDS.map((f) => `('${f.endsWith('_cost') || f.endsWith('_costs') ? 'buy' : 'sell'}', s.${f}_currency, s.${f})`).join(', ');
  before = sumsOf(
    (await run(`select s.id::text as id, v.currency,
        coalesce(sum(v.amount) filter (where v.side = 'sell'), 0)::numeric(20, 2)::text as revenue,
        coalesce(sum(v.amount) filter (where v.side = 'buy'), 0)::numeric(20, 2)::text as cost
      from shipments s cross join lateral (values ${values}) as v(side, currency, amount) where v.amount is not null group by 1, 2`)).rows as never,
  );
  financeBefore = await finance();
  shipmentsBefore = Number((await rows<{ n: number }>(sql`select count(*)::int as n from shipments`))[0]!.n);
  await database.migrate();
}, 600_000);
afterAll(async () => database?.dropped());

describe('migration 0034: charge lines from the sixteen fields', () => {
  it('made the demo and benchmark shipments with money and dropped the columns', async () => {
    expect(shipmentsBefore).toBeGreaterThan(BENCH.shipments + 100);
    expect(before.size).toBeGreaterThan(BENCH.shipments);
    const names = SEED_FIELDS.flatMap((f) => [f, `${f}_currency`]);
    const columns = await rows<{ n: number }>(sql`select count(*)::int as n from information_schema.columns
      where table_name = 'shipments' and column_name in (${sql.join(names.map((n) => sql`${n}`), sql`, `)})`);
    expect(Number(columns[0]!.n)).toBe(0);
  });

  it('keeps every total per shipment and currency exactly (sums and lineTotals)', async () => {
    const lines = await rows<{ id: string; side: 'sell' | 'buy'; amount: string; currency: string; field: string; quantity: string; unit_price: string }>(sql`
      select shipment_id::text as id, side, amount::text, currency, field, quantity::text, unit_price::text from charge_lines where shipment_id is not null`);
    expect(lines.every((l) => l.field !== null && dec(l.quantity).eq(1) && dec(l.unit_price).eq(dec(l.amount)))).toBe(true);
    const after: Sums = new Map();
    const byShipment = new Map<string, LineMoney[]>();
    for (const l of lines) byShipment.set(l.id, [...(byShipment.get(l.id) ?? []), l]);
    for (const [id, ls] of byShipment) {
      for (const cur of new Set(ls.map((l) => l.currency))) {
        const sum = (side: string) => ls.filter((l) => l.currency === cur && l.side === side).reduce((a, l) => a.plus(dec(l.amount)), dec(0)).toFixed(2);
        after.set(key(id, cur), { revenue: sum('sell'), cost: sum('buy') });
      }
      // lineTotals agrees with the old sums in the currency's own minor units.
      for (const t of lineTotals(ls)) {
        const old = before.get(key(id, t.currency))!;
        expect([t.total_revenue, t.total_cost]).toEqual([moneyString(old.revenue, t.currency), moneyString(old.cost, t.currency)]);
      }
    }
    expect(after).toEqual(before);
  });

  it('keeps the finance rollups, and a line written later keeps them exact', async () => {
    expect(await finance()).toEqual(financeBefore);
    const [one] = await rows<{ id: string }>(sql`select id from shipments order by id limit 1`);
    await database.db.execute(sql`update charge_lines set amount = amount + 1, unit_price = unit_price + 1 where shipment_id = ${one!.id} and side = 'buy'`);
    const direct = await rows<{ currency: string; category: string; amount: string }>(sql`
      select currency, case when side = 'buy' then 'cost' when category in ('service', 'freight') then 'Freight' when category = 'customs' then 'Customs'
        when category = 'insurance' then 'Insurance' when category = 'handling' then 'Handling' else 'Other' end as category,
        sum(amount)::numeric(20, 2)::text as amount
      from charge_lines where shipment_id is not null and amount <> 0 group by 1, 2 having sum(amount) <> 0 order by 1, 2`);
    expect(await finance()).toEqual(direct);
  });
});
