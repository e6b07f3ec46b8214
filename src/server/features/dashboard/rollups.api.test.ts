import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';

/** The rollup tables (migrations 0003 and 0034) must equal a direct aggregate of the shipments and their charge lines after any change. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(async () => t?.close());

async function rows(q: ReturnType<typeof sql>) {
  return (await t.db.execute<Record<string, unknown>>(q)).rows.map((r) => JSON.stringify(r)).sort();
}

async function expectConsistent() {
  expect(await rows(sql`select type, status, day::text, sum(n)::int as n from shipment_stats group by 1, 2, 3 having sum(n) <> 0`)).toEqual(
    await rows(sql`select type, status, ((created_at at time zone 'UTC')::date)::text as day, count(*)::int as n from shipments group by 1, 2, 3`),
  );
  expect(await rows(sql`select value, sum(n)::int as n from shipment_dim_stats where type = 'sea' and dim = 'container_type' group by 1 having sum(n) <> 0`)).toEqual(
    await rows(sql`select c.type as value, count(*)::int as n from shipment_containers c join shipments s on s.id = c.shipment_id where s.type = 'sea' group by 1`),
  );
  expect(await rows(sql`select value, sum(n)::int as n from shipment_dim_stats where type = 'air' and dim = 'end' group by 1 having sum(n) <> 0`)).toEqual(
    await rows(sql`select value, count(*)::int as n from (select origin_airport as value from shipments where type = 'air' union all select destination_airport from shipments where type = 'air') e where value is not null and value <> '' group by 1`),
  );
  expect(await rows(sql`select currency, category, sum(amount)::numeric::text as amount from finance_stats group by 1, 2 having sum(amount) <> 0`)).toEqual(
    // Since migration 0034 the money is the shipments' charge lines, in the dashboard's categories of before.
    await rows(sql`select currency, case when side = 'buy' then 'cost' when category in ('service', 'freight') then 'Freight'
        when category = 'customs' then 'Customs' when category = 'insurance' then 'Insurance' when category = 'handling' then 'Handling' else 'Other' end as category,
        sum(amount)::numeric::text as amount
      from charge_lines where shipment_id is not null and amount <> 0 group by 1, 2 having sum(amount) <> 0`),
  );
}

describe('rollups', () => {
  it('match the shipments after seeding', async () => {
    await expectConsistent();
  });

  it('follow status changes, money edits, and type changes with their containers', async () => {
    await t.db.execute(sql`update shipments set status = 'delivered' where id in (select id from shipments where status = 'in_transit' limit 20)`);
    await t.db.execute(sql`update charge_lines set amount = amount + 10.55, unit_price = unit_price + 10.55, currency = 'GBP' where field = 'service_charge' and shipment_id in (select id from shipments limit 15)`);
    // A line added, one deleted with its shipment's others (the shipment deleted), one made billed: still exact.
    const [one] = (await t.db.execute<{ id: string }>(sql`select id from shipments order by id limit 1`)).rows;
    await t.db.execute(sql`insert into charge_lines (shipment_id, position, side, category, code, unit_price, amount, currency) values (${one!.id}, 20, 'sell', 'freight', 'BAF', 12.345, 12.345, 'KWD')`);
    // (A shipment billed on an issued invoice cannot go: the invoice's lines are frozen, migration 0033.)
    await t.db.execute(sql`delete from shipments where id = (select s.id from shipments s where s.status = 'completed'
      and not exists (select 1 from invoice_lines l where l.shipment_id = s.id) order by s.id limit 1)`);
    // A sea shipment with containers deleted: they leave the container counts with it (migration 0038).
    await t.db.execute(sql`delete from shipments where id = (select s.id from shipments s where s.type = 'sea' and exists (select 1 from shipment_containers c where c.shipment_id = s.id)
      and not exists (select 1 from invoice_lines l where l.shipment_id = s.id) order by s.id desc limit 1)`);
    // A sea shipment becomes partial by sea: its containers stop counting on the sea page.
    const sea = (await t.db.execute<{ id: string }>(sql`select s.id from shipments s where s.type = 'sea' and exists (select 1 from shipment_containers c where c.shipment_id = s.id) limit 1`)).rows[0]!;
    await t.db.execute(sql`update shipments set type = 'partial', transport_mode = 'sea' where id = ${sea.id}`);
    await expectConsistent();
    // ...and back to sea, with its containers replaced as the edit does.
    await t.db.execute(sql`update shipments set type = 'sea', transport_mode = null where id = ${sea.id}`);
    await t.db.execute(sql`delete from shipment_containers where shipment_id = ${sea.id}`);
    await t.db.execute(sql`insert into shipment_containers (shipment_id, position, type, number, carrier_seal_number) values (${sea.id}, 0, '45HC', 'X1', 'S1'), (${sea.id}, 1, '20RF', 'X2', 'S2')`);
    await t.db.execute(sql`update shipments set origin_airport = 'ZZZ' where id in (select id from shipments where type = 'air' limit 3)`);
    await expectConsistent();
    // The admin dashboard reads the rollups and agrees with a direct count.
    const dash = await (await t.request('/api/dashboard', { cookie: await t.signIn('admin@cargodesk.test') })).json();
    const total = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from shipments`)).rows[0]!.n;
    expect(dash.total).toBe(Number(total));
  });

  it('are not touched by a change of no money: marking lines billed fires no finance trigger (migration 0039)', async () => {
    const cols = await t.db.execute<{ name: string }>(sql`select a.attname as name from pg_trigger g
      join pg_attribute a on a.attrelid = g.tgrelid and a.attnum = any(g.tgattr) where g.tgname = 'charge_lines_finance' order by 1`);
    expect(cols.rows.map((r) => r.name)).toEqual(['amount', 'category', 'currency', 'shipment_id', 'side']);
    await expectConsistent();
  });

  it('stay exact when many connections change the same counters at once (striped counters, decision 0203)', async () => {
    // Two dozen shipments, whatever the tests above left them at, all moved to delivered (a change of status counts).
    const ids = (await t.db.execute<{ id: string }>(sql`select id from shipments where status <> 'delivered' order by id limit 24`)).rows.map((r) => r.id);
    expect(ids).toHaveLength(24);
    // Each transaction runs on whichever pooled connection is free. On PostgreSQL the first four wait for each other
    // before they commit, so four backends are surely in use at once (a loaded machine opens new connections slowly
    // enough for one to serve a burst alone); PGlite is one connection, where they could not wait for each other.
    const onPostgres = t.database.kind === 'postgres';
    const together = onPostgres ? 4 : 0;
    let arrived = 0;
    let allIn!: () => void;
    const met = new Promise<void>((resolve) => (allIn = resolve));
    const backends: number[] = [];
    const writerSlots = new Set<number>();
    await Promise.all(
      ids.map((id, i) =>
        t.db.transaction(async (tx) => {
          const [me] = (await tx.execute<{ pid: number; slot: number }>(sql`select pg_backend_pid() as pid, cargodesk_stats_slot() as slot`)).rows;
          backends.push(Number(me!.pid));
          writerSlots.add(Number(me!.slot));
          await tx.execute(sql`update shipments set status = 'delivered' where id = ${id}`);
          await tx.execute(sql`update charge_lines set amount = ${100 + i}, unit_price = ${100 + i}, currency = 'USD' where shipment_id = ${id} and field = 'service_charge'`);
          if (i < together) {
            if (++arrived === together) allIn();
            await met;
          }
          await tx.execute(sql`select pg_sleep(0.01)`);
        }),
      ),
    );
    await expectConsistent();
    // Each writer counted in its own backend's slot (migration 0012's cargodesk_stats_slot): on PostgreSQL several.
    const slots = (await t.db.execute<{ slot: number }>(sql`select distinct slot from shipment_stats order by slot`)).rows.map((r) => Number(r.slot));
    expect(slots).toEqual(expect.arrayContaining([...writerSlots]));
    if (onPostgres) {
      expect(new Set(backends).size).toBeGreaterThanOrEqual(together);
      expect(slots.length).toBeGreaterThan(1);
    }
  });
});
