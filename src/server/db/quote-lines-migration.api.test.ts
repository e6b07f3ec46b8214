/**
 * Migration 0035 (issue 38): a quote's lines move from quote_lines into charge_lines with equal totals per currency,
 * on PGlite and PostgreSQL. The table is made again as migration 0021 made it, filled on the demo's quotes with every
 * category, costs and no costs, several currencies (JPY too) and a category the list never had; then the migration's
 * own statements run, as the migrator would run them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { SERVER_FILES } from '@server/paths';

let t: TestApp;
const rows = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => (await t.db.execute<T>(q)).rows;
const FIELDS = ['service_charge', 'customs_charge', 'insurance_charge', 'handling_charge', 'documentation_charge', 'storage_charge', 'delivery_charge', 'other_charges', 'freight_charge'];
const CURRENCIES = ['USD', 'EUR', 'TRY', 'JPY'];

beforeAll(async () => {
  t = await createTestApp();
  // The demo's quotes as they stood before 0035: quote_lines as 0021 made it, their charge lines gone.
  await t.db.execute(sql`delete from charge_lines where request_id is not null`);
  await t.db.execute(sql.raw(`CREATE TABLE "quote_lines" (
    "request_id" uuid NOT NULL REFERENCES "request_quotes"("request_id") ON DELETE cascade,
    "position" integer NOT NULL,
    "company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
    "category" text NOT NULL,
    "description" text,
    "amount" numeric(14, 2) NOT NULL,
    "currency" text NOT NULL,
    "cost" numeric(14, 2),
    CONSTRAINT "quote_lines_request_id_position_pk" PRIMARY KEY("request_id","position"))`));
  // Each quote gets one line per field (and one of a field no list knows), amounts with cents, a cost on every other.
  await t.db.execute(sql`
    insert into quote_lines (request_id, position, company_id, category, description, amount, currency, cost)
    select q.request_id, f.i - 1, q.company_id, f.field, 'Line ' || f.i,
      (100 + f.i * 10.15 + abs(hashtext(q.request_id::text)) % 1000)::numeric(14, 2),
      (${sql.raw(`array['${CURRENCIES.join("','")}']`)})[1 + (f.i + abs(hashtext(q.request_id::text))) % 4],
      case when f.i % 2 = 0 then (50 + f.i * 3.33)::numeric(14, 2) end
    from request_quotes q cross join unnest(${sql.raw(`array['${FIELDS.join("','")}']`)}::text[]) with ordinality as f(field, i)`);
});
afterAll(async () => t?.close());

type Total = { request_id: string; currency: string; revenue: string; cost: string };

describe('migration 0035: quote lines become charge lines', () => {
  it('keeps each quote’s totals per currency, revenue and cost, and maps every line', async () => {
    const before = await rows<Total>(sql`
      select request_id, currency, sum(amount)::numeric(20, 4)::text as revenue, coalesce(sum(cost), 0)::numeric(20, 4)::text as cost
      from quote_lines group by 1, 2 order by 1, 2`);
    const lines = await rows<{ n: number; costs: number }>(sql`select count(*)::int as n, count(cost)::int as costs from quote_lines`);
    expect(before.length).toBeGreaterThan(5);
    expect(lines[0]!.costs).toBeGreaterThan(0);

    const file = readFileSync(path.join(SERVER_FILES.migrations, '0035_quote_lines_to_charge_lines.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));

    const after = await rows<Total>(sql`
      select request_id, currency, sum(amount) filter (where side = 'sell')::numeric(20, 4)::text as revenue,
        coalesce(sum(amount) filter (where side = 'buy'), 0)::numeric(20, 4)::text as cost
      from charge_lines where request_id is not null group by 1, 2 order by 1, 2`);
    expect(after).toEqual(before);
    const moved = await rows<{ n: number }>(sql`select count(*)::int as n from charge_lines where request_id is not null`);
    expect(moved[0]!.n).toBe(lines[0]!.n + lines[0]!.costs);

    // Each field to its category and code, quantity 1 per shipment, unit price = amount; a cost after the charges.
    const mapped = await rows<Record<string, string>>(sql`
      select distinct category, code, quantity::text, unit from charge_lines where request_id is not null and description = 'Line 1' and side = 'sell'`);
    expect(mapped).toEqual([{ category: 'service', code: 'SRV', quantity: '1.000000', unit: 'shipment' }]);
    const unknown = await rows<Record<string, string>>(sql`select distinct category, code from charge_lines where description = 'Line 9'`);
    expect(unknown).toEqual([{ category: 'other', code: 'OTH' }]);
    const bad = await rows<{ n: number }>(sql`
      select count(*)::int as n from charge_lines where request_id is not null and (unit_price <> amount or field is not null or shipment_id is not null)`);
    expect(bad[0]!.n).toBe(0);
    const order = await rows<{ n: number }>(sql`
      select count(*)::int as n from charge_lines b join charge_lines s on s.request_id = b.request_id and s.side = 'sell'
      where b.side = 'buy' and b.position <= s.position`);
    expect(order[0]!.n).toBe(0);
    // The table is gone.
    expect((await rows<{ t: string | null }>(sql`select to_regclass('quote_lines')::text as t`))[0]!.t).toBeNull();
  });
});
