/**
 * "Where my cargo is" (issue 45), on PGlite and PostgreSQL: the customer's shipment tells how its estimated departure
 * and arrival moved (the date before the latest move, when, how many times), read from the history under the
 * customer's row-level security; a carrier's new arrival counts as a staff edit does; the demo has a few moved
 * arrivals; another company's customer still gets 404.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, TEST_AUTH_SECRET, type TestApp } from '@tests/helpers/test-app';
import { withCustomerScope } from '@server/db/customer-scope';
import { DEMO_COMPANY } from '@server/db/seed/demo-fixtures';
import type { CustomerShipment, DateMoves, ShipmentDetail } from '@domain/shipments/index';
import { airBody, loadRefs, seaBody, type Refs } from './test-fixtures';
import { getShipment } from './read';
import { moveEstimatedArrival } from './service';

let t: TestApp;
let refs: Refs;
const cookies: Record<'admin' | 'export' | 'customer', string> = { admin: '', export: '', customer: '' };
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  refs = await loadRefs(t);
  for (const role of ['admin', 'export', 'customer'] as const) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
});
afterAll(async () => t?.close());

type Body = Record<string, unknown>;
async function created(body: Body): Promise<{ id: string; body: Body }> {
  const res = await t.request('/api/shipments', { cookie: cookies.export, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, body };
}
async function edited(s: { id: string; body: Body }, change: Body): Promise<void> {
  s.body = { ...s.body, ...change };
  const res = await t.request(`/api/shipments/${s.id}`, { cookie: cookies.admin, method: 'PUT', body: s.body });
  expect(res.status, await res.clone().text()).toBe(200);
}
const read = (id: string, cookie = cookies.customer) => t.request(`/api/shipments/${id}`, { cookie });
async function movesOf(id: string, cookie = cookies.customer): Promise<DateMoves> {
  const res = await read(id, cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as CustomerShipment).date_moves;
}
const lastMoveAt = async (id: string) =>
  (await t.db.execute<{ at: Date | string }>(sql`select max(created_at) as at from shipment_events where shipment_id = ${id} and kind = 'updated'`)).rows[0]!.at;

// First, before the tests below add moved shipments of their own.
describe('the demo', () => {
  it('has moved arrivals on the customer company’s newest shipments in transit, three or four days later, a day or two ago', async () => {
    const rows = (
      await t.db.execute<{ id: string; estimated_arrival: Date | string; arrival_shift_days: string | number; demo: boolean }>(sql`
        select s.id, s.estimated_arrival, s.arrival_shift_days, c.name = ${DEMO_COMPANY} as demo
        from shipments s join companies c on c.id = s.company_id
        where s.created_at < now() - interval '1 hour'
          and s.id in (select shipment_id from shipment_events where kind = 'updated' and changes ? 'estimated_arrival')`)
    ).rows;
    expect(rows.filter((r) => r.demo)).toHaveLength(2);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const r of rows.filter((x) => x.demo)) {
      const move = (await movesOf(r.id)).arrival!;
      expect(move.times).toBe(1);
      const shift = (Date.parse(new Date(r.estimated_arrival).toISOString()) - Date.parse(move.previous)) / DAY;
      expect([3, 4]).toContain(shift);
      expect(Number(r.arrival_shift_days)).toBe(shift);
      const ago = (Date.now() - Date.parse(move.moved_at)) / DAY;
      expect(ago).toBeGreaterThan(0.9);
      expect(ago).toBeLessThan(2.5);
    }
  });
});

describe('the customer sees how the estimated dates moved', () => {
  it('an arrival moved twice by staff: the date before the latest move, when it moved, twice', async () => {
    const s = await created(airBody(refs, { estimated_departure: '2026-12-10T09:00:00.000Z', estimated_arrival: '2026-12-15T08:00:00.000Z' }));
    await edited(s, { estimated_arrival: '2026-12-19T08:00:00.000Z' });
    await edited(s, { estimated_arrival: '2026-12-23T08:00:00.000Z' });
    const moves = await movesOf(s.id);
    expect(moves).toEqual({
      departure: null,
      arrival: { previous: '2026-12-19T08:00:00.000Z', moved_at: new Date(await lastMoveAt(s.id)).toISOString(), times: 2 },
    });
    expect(Date.now() - Date.parse(moves.arrival!.moved_at)).toBeLessThan(60_000);
    // The staff detail carries the same.
    expect(((await (await read(s.id, cookies.admin)).json()) as ShipmentDetail).date_moves).toEqual(moves);
  });

  it('a departure moved, and an edit of other fields, count only what moved', async () => {
    const s = await created(seaBody(refs, { estimated_departure: '2026-12-10T09:00:00.000Z', estimated_arrival: '2026-12-30T08:00:00.000Z' }));
    await edited(s, { estimated_departure: '2026-12-12T09:00:00.000Z' });
    await edited(s, { vessel_name: 'Maersk Elba' });
    const moves = await movesOf(s.id);
    expect(moves.arrival).toBeNull();
    expect(moves.departure).toMatchObject({ previous: '2026-12-10T09:00:00.000Z', times: 1 });
  });

  it('a shipment never moved, or whose date was only set, shows none', async () => {
    const never = await created(airBody(refs));
    expect(await movesOf(never.id)).toEqual({ departure: null, arrival: null });
    const set = await created(airBody(refs, { estimated_arrival: '' }));
    await edited(set, { estimated_arrival: '2026-12-20T08:00:00.000Z' });
    expect(await movesOf(set.id)).toEqual({ departure: null, arrival: null });
  });

  it("a carrier's new estimated arrival counts as a move", async () => {
    const s = await created(seaBody(refs, { estimated_arrival: '2026-12-20T08:00:00.000Z' }));
    const deps = { publicUrl: ORIGIN, linkSecret: TEST_AUTH_SECRET };
    expect(await t.db.transaction((tx) => moveEstimatedArrival(tx, deps, s.id, new Date('2026-12-22T10:15:30Z'), null))).toBe(true);
    expect((await movesOf(s.id)).arrival).toMatchObject({ previous: '2026-12-20T08:00:00.000Z', times: 1 });
  });

  it("another company's customer gets 404, through the API and under the row-level scope", async () => {
    const s = await created(airBody(refs, { company_id: refs.rhein, estimated_arrival: '2026-12-15T08:00:00.000Z' }));
    await edited(s, { estimated_arrival: '2026-12-19T08:00:00.000Z' });
    const res = await read(s.id);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('2026-12-15');
    const customer = { role: 'customer', company_id: refs.anatolia };
    const scoped = withCustomerScope(t.db, customer, (db) => getShipment(db, s.id, { companyId: refs.anatolia }, undefined));
    await expect(scoped).rejects.toMatchObject({ status: 404 });
    // Its own company's customer reads it, moves included, under the same scope.
    const rhein = { role: 'customer', company_id: refs.rhein };
    const own = await withCustomerScope(t.db, rhein, (db) => getShipment(db, s.id, { companyId: refs.rhein }, undefined));
    expect(own.date_moves.arrival).toMatchObject({ previous: '2026-12-15T08:00:00.000Z', times: 1 });
  });

  it('the API description names the field', async () => {
    const res = await t.request('/api/openapi.json', { cookie: cookies.admin });
    expect(await res.text()).toContain('"date_moves"');
  });
});
