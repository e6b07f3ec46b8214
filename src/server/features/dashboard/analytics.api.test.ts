import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, customers, shipment_containers } from '@server/db/schema';
import { insertShipmentsWithMoney } from '@tests/helpers/money-lines';
import { createUserWithPassword } from '@server/db/seed/demo';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '@tests/helpers/test-app';

/**
 * A crafted data set whose figures are computed by hand below. "now" is the test run's time; shipments
 * are placed at fixed day offsets so the 30-day windows and calendar months are unambiguous.
 */
let t: TestApp;
const ids: Record<string, string> = {};
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  ids.admin = await createUserWithPassword(t.db, { email: 'a@test.example', name: 'Ada Admin', role: 'admin', password: DEMO_PASSWORD });
  ids.h1 = await createUserWithPassword(t.db, { email: 'h1@test.example', name: 'Hal One', role: 'export', password: DEMO_PASSWORD });
  ids.h2 = await createUserWithPassword(t.db, { email: 'h2@test.example', name: 'Hana Two', role: 'import', password: DEMO_PASSWORD });
  await createUserWithPassword(t.db, { email: 'c@test.example', name: 'Cem Customer', role: 'customer', password: DEMO_PASSWORD });
  const [a, b] = await t.db.insert(companies).values([{ name: 'Alpha Co' }, { name: 'Beta Co' }]).returning();
  ids.a = a!.id;
  ids.b = b!.id;
  await t.db.insert(customers).values({ company_id: ids.a, first_name: 'Cem', last_name: 'Customer', email: 'c@test.example', is_primary_contact: true });
  const base = { cargo_description: 'Goods', packages_count: 1, weight_gross: 10, loading_type: 'export' as const };
  const rows = await insertShipmentsWithMoney(t.db, [
      // air, company A, handler h1
      { ...base, reference_number: 'AIR-1', type: 'air', status: 'in_progress', company_id: ids.a, handler_id: ids.h1, created_at: daysAgo(2), origin_airport: 'IST', destination_airport: 'FRA', origin_city: 'Istanbul', destination_city: 'Frankfurt', service_charge: 1000, service_charge_currency: 'USD', freight_cost: 600, freight_cost_currency: 'USD', customs_charge: 200, customs_charge_currency: 'EUR', internal_notes: 'secret note' },
      { ...base, reference_number: 'AIR-2', type: 'air', status: 'in_transit', company_id: ids.b, handler_id: ids.h1, created_at: daysAgo(10), origin_airport: 'IST', destination_airport: 'JFK', service_charge: 500, service_charge_currency: 'USD', freight_cost: 700, freight_cost_currency: 'USD' },
      { ...base, reference_number: 'AIR-3', type: 'air', status: 'delivered', company_id: ids.a, handler_id: ids.h2, created_at: daysAgo(40), origin_airport: 'FRA', destination_airport: 'IST', handling_charge: 50, handling_charge_currency: 'EUR', handling_cost: 80, handling_cost_currency: 'EUR' },
      { ...base, reference_number: 'AIR-4', type: 'air', status: 'customs_check', company_id: ids.b, handler_id: null, created_at: daysAgo(45), origin_airport: 'LHR', destination_airport: 'IST', other_charges: 10, other_charges_currency: 'GBP' },
      { ...base, reference_number: 'AIR-5', type: 'air', status: 'pending', company_id: ids.a, handler_id: ids.h1, created_at: daysAgo(1), origin_airport: 'DXB', destination_airport: 'SIN', cargo_description: 'Spare 50%_parts' },
      // sea and land and partial
      { ...base, reference_number: 'SEA-1', type: 'sea', status: 'in_progress', company_id: ids.a, handler_id: ids.h2, created_at: daysAgo(3), origin_port: 'Istanbul', destination_port: 'Rotterdam' },
      { ...base, reference_number: 'LAND-1', type: 'land', status: 'delivered', company_id: ids.b, handler_id: ids.h2, created_at: daysAgo(5), origin_city: 'Bursa', destination_city: 'Munich', truck_type: 'reefer' },
      { ...base, reference_number: 'LAND-2', type: 'land', status: 'pending_approval', company_id: ids.a, handler_id: ids.h1, created_at: daysAgo(6), origin_city: 'Bursa', destination_city: 'Munich', truck_type: 'box' },
      { ...base, reference_number: 'PART-1', type: 'partial', transport_mode: 'sea', status: 'approved', company_id: ids.a, handler_id: ids.admin, created_at: daysAgo(7) },
  ]);
  const sea = rows.find((r) => r.ref === 'SEA-1')!;
  await t.db.insert(shipment_containers).values([
    { shipment_id: sea.id, position: 0, type: '40HC', number: 'MSKU1', carrier_seal_number: 'S1' },
    { shipment_id: sea.id, position: 1, type: '40HC', number: 'MSKU2', carrier_seal_number: 'S2' },
    { shipment_id: sea.id, position: 2, type: '20DC', number: 'MSKU3', carrier_seal_number: 'S3' },
  ]);
});
afterAll(async () => t?.close());

const get = async (path: string, cookie: string) => {
  const res = await t.request(path, { cookie });
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text() };
};

describe('GET /api/shipments', () => {
  it('pages all shipments newest first with company and handler names and the exact count', async () => {
    const admin = await t.signIn('a@test.example');
    const { body } = await get('/api/shipments?pageSize=4', admin);
    expect(body.total).toBe(9);
    expect(body.rows.map((r: { reference_number: string }) => r.reference_number)).toEqual(['AIR-5', 'AIR-1', 'SEA-1', 'LAND-1']);
    expect(body.rows[1]).toMatchObject({ company_name: 'Alpha Co', handler_name: 'Hal One' });
    expect(body.rows[1]).not.toHaveProperty('internal_notes');
    const p3 = await get('/api/shipments?pageSize=4&page=3', admin);
    expect(p3.body.rows.map((r: { reference_number: string }) => r.reference_number)).toEqual(['AIR-4']);
    // The count rides along in the page's statement: a page past the end still has it, and no row carries it.
    expect((await get('/api/shipments?pageSize=4&page=9', admin)).body).toMatchObject({ rows: [], total: 9 });
    expect((await get('/api/shipments?status=delivered&pageSize=1&page=3', admin)).body).toMatchObject({ rows: [], total: 2 });
    expect(Object.keys(body.rows[0])).not.toContain('total_count');
  });

  it('filters by status, type and mode, searches reference and cargo literally, and sorts', async () => {
    const admin = await t.signIn('a@test.example');
    expect((await get('/api/shipments?status=delivered', admin)).body.total).toBe(2);
    expect((await get('/api/shipments?type=land', admin)).body.total).toBe(2);
    expect((await get('/api/shipments?type=partial&transport_mode=sea', admin)).body.total).toBe(1);
    expect((await get('/api/shipments?q=air-', admin)).body.total).toBe(5);
    expect((await get(`/api/shipments?q=${encodeURIComponent('50%_')}`, admin)).body.rows.map((r: { reference_number: string }) => r.reference_number)).toEqual(['AIR-5']);
    expect((await get(`/api/shipments?q=${encodeURIComponent("%' or 1=1 --")}`, admin)).body.total).toBe(0);
    const byStatus = await get('/api/shipments?sort=status&dir=asc&pageSize=3', admin);
    expect(byStatus.body.rows.map((r: { status: string }) => r.status)).toEqual(['approved', 'customs_check', 'delivered']);
  });

  it('refuses unknown filters and sort columns with a clear 400', async () => {
    const admin = await t.signIn('a@test.example');
    const bad = await get('/api/shipments?sort=internal_notes', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^sort must be one of/);
    expect((await get('/api/shipments?status=lost', admin)).status).toBe(400);
    expect((await get('/api/shipments?page=-1', admin)).status).toBe(400);
  });

  it("shows a handler's own shipments with mine=true", async () => {
    const h1 = await t.signIn('h1@test.example');
    const { body } = await get('/api/shipments?mine=true', h1);
    expect(body.rows.map((r: { reference_number: string }) => r.reference_number).sort()).toEqual(['AIR-1', 'AIR-2', 'AIR-5', 'LAND-2']);
  });

  it("gives a customer only their company's shipments, and the count equals what they can page through", async () => {
    const customer = await t.signIn('c@test.example');
    const first = await get('/api/shipments?pageSize=3', customer);
    expect(first.body.total).toBe(6);
    const second = await get('/api/shipments?pageSize=3&page=2', customer);
    const all = [...first.body.rows, ...second.body.rows];
    expect(all).toHaveLength(6);
    expect(new Set(all.map((r: { company_name: string }) => r.company_name))).toEqual(new Set(['Alpha Co']));
    // A filter cannot widen the scope.
    expect((await get('/api/shipments?mine=false&type=land', customer)).body.total).toBe(1);
  });

  it('exports every filtered row as CSV, without internal notes for customers', async () => {
    const admin = await t.signIn('a@test.example');
    const staffCsv = await t.request('/api/shipments.csv?type=air', { cookie: admin });
    expect(staffCsv.headers.get('content-type')).toContain('text/csv');
    const staffText = await staffCsv.text();
    const staffLines = staffText.trim().split('\r\n');
    expect(staffLines).toHaveLength(6);
    expect(staffLines[0]).toContain('Internal Notes');
    expect(staffText).toContain('secret note');
    const customerText = await (await t.request('/api/shipments.csv', { cookie: await t.signIn('c@test.example') })).text();
    expect(customerText).not.toContain('Internal Notes');
    expect(customerText).not.toContain('secret note');
    expect(customerText.trim().split('\r\n')).toHaveLength(7);
    expect(customerText).not.toContain('Beta Co');
  });
});

describe('GET /api/analytics/shipments', () => {
  it('computes the air page: total, active with 30-day change, completed, top airports, monthly', async () => {
    const admin = await t.signIn('a@test.example');
    const { body } = await get('/api/analytics/shipments?type=air', admin);
    expect(body).toMatchObject({ type: 'air', total: 5, active: 3, completed: 1 });
    // Spec section 9: shipments created (any status) in the last 30 days: AIR-1, AIR-2, AIR-5; in the 30 before:
    // AIR-3 (delivered) and AIR-4 → +50%.
    expect(body.active_change).toEqual({ current: 3, previous: 2, percent: 50, direction: 'up' });
    // IST counted as origin and destination: AIR-1, AIR-2, AIR-3, AIR-4 → 4.
    expect(body.top[0]).toEqual({ name: 'IST', count: 4 });
    expect(body.top[1]).toEqual({ name: 'FRA', count: 2 });
    expect(body.top).toHaveLength(5);
    expect(body.monthly).toHaveLength(6);
    expect(body.monthly.reduce((s: number, m: { count: number }) => s + m.count, 0)).toBe(5);
  });

  it('computes the sea, land and partial charts', async () => {
    const admin = await t.signIn('a@test.example');
    const sea = (await get('/api/analytics/shipments?type=sea', admin)).body;
    expect(sea.distribution).toEqual([{ name: '40HC', count: 2 }, { name: '20DC', count: 1 }]);
    expect(sea.top.map((x: { name: string }) => x.name).sort()).toEqual(['Istanbul', 'Rotterdam']);
    const land = (await get('/api/analytics/shipments?type=land', admin)).body;
    expect(land.top).toEqual([{ name: 'Bursa → Munich', count: 2 }]);
    expect(land.distribution).toEqual([{ name: 'Box', count: 1 }, { name: 'Reefer', count: 1 }]);
    // LAND-1 (delivered) and LAND-2 were created in the last 30 days, none before: 100% (the prior count is 0).
    expect(land).toMatchObject({ active: 0, completed: 1, active_change: { percent: 100, current: 2, previous: 0 } });
    const partial = (await get('/api/analytics/shipments?type=partial', admin)).body;
    expect(partial.distribution).toEqual([{ name: 'LCL', count: 1 }]);
  });

  it('is for staff only and validates the type', async () => {
    expect((await get('/api/analytics/shipments?type=air', await t.signIn('c@test.example'))).status).toBe(403);
    expect((await get('/api/analytics/shipments?type=rail', await t.signIn('a@test.example'))).status).toBe(400);
    expect((await t.request('/api/analytics/shipments?type=air')).status).toBe(401);
  });
});

describe('GET /api/dashboard', () => {
  it('gives the admin revenue, cost, profit and margin per currency, and the type distribution', async () => {
    const { body } = await get('/api/dashboard', await t.signIn('a@test.example'));
    // Active: AIR-1, SEA-1 (in_progress), AIR-2 (in_transit), AIR-4 (customs_check); completed: AIR-3, LAND-1.
    expect(body).toMatchObject({ kind: 'admin', total: 9, active: 4, completed: 2 });
    // USD: revenue 1000 + 500, cost 600 + 700 → profit 200, margin 13.33%. EUR: 200 + 50 vs 80 → 170, 68%. GBP: 10 vs 0.
    expect(body.finance).toEqual([
      { currency: 'USD', revenue: '1500.00', cost: '1300.00', cost_accrued: '1300.00', profit: '200.00', margin_percent: '13.33' },
      { currency: 'EUR', revenue: '250.00', cost: '80.00', cost_accrued: '80.00', profit: '170.00', margin_percent: '68.00' },
      { currency: 'GBP', revenue: '10.00', cost: '0.00', cost_accrued: '0.00', profit: '10.00', margin_percent: '100.00' },
    ]);
    expect(body.revenue_distribution[0]).toEqual({
      currency: 'USD',
      categories: [{ name: 'Freight', amount: '1500.00' }, { name: 'Customs', amount: '0.00' }, { name: 'Insurance', amount: '0.00' }, { name: 'Handling', amount: '0.00' }, { name: 'Other', amount: '0.00' }],
    });
    expect(body.type_distribution).toEqual([{ name: 'Air', count: 5 }, { name: 'Sea', count: 1 }, { name: 'Land', count: 2 }, { name: 'Partial', count: 1 }]);
    expect(body.recent).toHaveLength(5);
    expect(JSON.stringify(body).length).toBeLessThan(20_000);
  });

  it("gives a handler their own figures and a customer their company's", async () => {
    const h2 = (await get('/api/dashboard', await t.signIn('h2@test.example'))).body;
    expect(h2).toMatchObject({ kind: 'handler', total: 3, active: 1, completed: 2 });
    expect(h2.recent.map((r: { reference_number: string }) => r.reference_number)).toEqual(['SEA-1', 'LAND-1', 'AIR-3']);
    const customer = (await get('/api/dashboard', await t.signIn('c@test.example'))).body;
    // Alpha Co: AIR-1 in_progress, AIR-3 delivered, AIR-5 pending, SEA-1 in_progress, LAND-2 pending_approval, PART-1 approved.
    expect(customer).toMatchObject({ kind: 'customer', company_name: 'Alpha Co', total: 6, active: 5, pending: 2, delivered: 1 });
    expect(customer.recent).toHaveLength(5);
    expect(JSON.stringify(customer)).not.toContain('Beta Co');
    expect(customer).not.toHaveProperty('finance');
  });

  it("puts the admin's profit on actual costs once supplier bills are matched (issue 39), the accrued cost beside", async () => {
    const admin = await t.signIn('a@test.example');
    const carrier = (await t.db.execute<{ id: string }>(sql`insert into carriers (name, country, carrier_type) values ('Test Air', 'Türkiye', 'airline') returning id`)).rows[0]!.id;
    const air1 = (await t.db.execute<{ id: string; cost: string }>(sql`
      select s.id, l.id as cost from shipments s join charge_lines l on l.shipment_id = s.id and l.side = 'buy' where s.reference_number = 'AIR-1'`)).rows[0]!;
    const air3 = (await t.db.execute<{ id: string }>(sql`select id from shipments where reference_number = 'AIR-3'`)).rows[0]!.id;
    const bill = (currency: string, number: string, lines: object[]) =>
      t.request('/api/supplier-bills', { cookie: admin, body: { supplier_kind: 'carrier', supplier_id: carrier, number, bill_date: '2026-01-05', due_date: '2026-02-04', currency, vat: '0', lines } });
    // AIR-1's USD freight cost of 600 billed at 650 (matched); a EUR line of 15.50 on AIR-3 with no cost line; a line on no shipment.
    expect((await bill('USD', 'TA-1', [{ description: 'Air freight', amount: '650', shipment_id: air1.id, charge_line_id: air1.cost }, { description: 'Not a job', amount: '99' }])).status).toBe(201);
    expect((await bill('EUR', 'TA-2', [{ description: 'Storage', amount: '15.50', shipment_id: air3 }])).status).toBe(201);
    const { body } = await get('/api/dashboard', admin);
    expect(body.finance).toEqual([
      { currency: 'USD', revenue: '1500.00', cost: '1350.00', cost_accrued: '1300.00', profit: '150.00', margin_percent: '10.00' },
      { currency: 'EUR', revenue: '250.00', cost: '95.50', cost_accrued: '80.00', profit: '154.50', margin_percent: '61.80' },
      { currency: 'GBP', revenue: '10.00', cost: '0.00', cost_accrued: '0.00', profit: '10.00', margin_percent: '100.00' },
    ]);
  });
});
