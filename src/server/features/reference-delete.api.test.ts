import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';

// Issue 20: one delete rule for every reference record shipments use. A record in use is refused with 409 naming how
// many shipments use it, and stays; one no shipment uses is deleted.

let t: TestApp;
let admin: string;

type Case = {
  path: string;
  /** A record the demo shipments use, with the number of shipments using it, by the SQL truth. */
  used: () => Promise<{ id: string; label: string; n: number }>;
  fresh: Record<string, unknown>;
  message: (label: string, n: number) => string;
};

const one = async (query: ReturnType<typeof sql>) => {
  const r = (await t.db.execute<{ id: string; label: string; n: number }>(query)).rows[0];
  if (!r) throw new Error('the demo data has no record in use for this case');
  return { id: String(r.id), label: String(r.label), n: Number(r.n) };
};
const byForeignKey = (table: string, column: string) =>
  one(sql.raw(`select x.id, x.name as label, count(s.id)::int as n from ${table} x join shipments s on s.${column} = x.id
    group by x.id, x.name order by n desc, x.id limit 1`));

const CASES: Record<string, Case> = {
  airport: {
    path: '/api/airports',
    used: () =>
      one(sql`select a.id, a.name || ' (' || a.iata_code || ')' as label,
        (select count(*)::int from shipments s where s.origin_airport = a.iata_code or s.destination_airport = a.iata_code) as n
        from airports a where exists (select 1 from shipments s where s.origin_airport = a.iata_code or s.destination_airport = a.iata_code)
        order by n desc, a.id limit 1`),
    fresh: { iata_code: 'QZQ', name: 'Unused Field', iso_country: 'XX' },
    message: (label, n) => `${label} cannot be deleted: it is the origin or destination airport of ${n} shipment(s).`,
  },
  'sea port': {
    path: '/api/seaports',
    used: () =>
      one(sql`select p.id, p.name as label,
        (select count(*)::int from shipments s where s.origin_port = p.name or s.destination_port = p.name) as n
        from seaports p where exists (select 1 from shipments s where s.origin_port = p.name or s.destination_port = p.name)
        order by n desc, p.id limit 1`),
    fresh: { name: 'Unused Quay', country: 'Testland' },
    message: (label, n) => `${label} cannot be deleted: it is the origin or destination port of ${n} shipment(s).`,
  },
  carrier: {
    path: '/api/carriers',
    used: () => byForeignKey('carriers', 'carrier_id'),
    fresh: { name: 'Unused Lines', country: 'Testland', carrier_type: 'shipping_line' },
    message: (label, n) => `${label} cannot be deleted: it is the carrier of ${n} shipment(s).`,
  },
  'service provider': {
    path: '/api/service-providers',
    used: () => byForeignKey('service_providers', 'service_provider_id'),
    fresh: { name: 'Unused Customs Co', country: 'Testland', service_type: 'Customs Broker' },
    message: (label, n) => `${label} cannot be deleted: it is the service provider of ${n} shipment(s).`,
  },
  'consolidation agent': {
    path: '/api/consolidation-agents',
    used: () => byForeignKey('consolidation_agents', 'consolidation_agent_id'),
    fresh: { name: 'Unused Consolidators', country: 'Testland' },
    message: (label, n) => `${label} cannot be deleted: it is the consolidation agent of ${n} shipment(s).`,
  },
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@cargodesk.test');
});
afterAll(async () => t?.close());

describe.each(Object.entries(CASES))('deleting a %s', (_kind, c) => {
  it('is refused with 409 naming how many shipments use it, and the record stays', async () => {
    const used = await c.used();
    expect(used.n).toBeGreaterThan(0);
    const res = await t.request(`${c.path}/${used.id}`, { method: 'DELETE', cookie: admin });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.message).toContain(c.message(used.label, used.n));
    expect((await t.request(`${c.path}/${used.id}`, { cookie: admin })).status).toBe(200);
  });

  it('deletes one that no shipment uses, and answers 404 for it afterwards', async () => {
    const created = await t.request(c.path, { body: c.fresh, cookie: admin });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await t.request(`${c.path}/${id}`, { method: 'DELETE', cookie: admin })).status).toBe(204);
    expect((await t.request(`${c.path}/${id}`, { cookie: admin })).status).toBe(404);
    expect((await t.request(`${c.path}/${id}`, { method: 'DELETE', cookie: admin })).status).toBe(404);
  });
});
