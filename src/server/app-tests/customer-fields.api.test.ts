/**
 * Issue 8, field level: whatever the route and whatever the query, no response to a customer carries internal
 * notes, costs, charges, totals or profit, chargeable or volumetric weight (issue 14), and no row of another company. The customer's own shipment holds
 * sentinel values in every staff-only field; a property test (fast-check) walks every GET route the app has with
 * random query strings and looks for the sentinels and for the field names in every answer.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFieldLines } from '@tests/helpers/money-lines';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEMO_COMPANY } from '@server/db/seed/demo-fixtures';

const NOTE = 'SENTINEL-INTERNAL-NOTE-7Q2X';
const AMOUNT = '98765.43';
const STAFF_ONLY_KEY =
  /^(internal_notes|total_cost|total_revenue|profit_margin|profit|margin|revenue|costs?|charges?|.+_costs?|.+_charges?|weight_chargeable|weight_volumetric|volumetric_factor|cargo_calculation|data_checks)$/;

let t: TestApp;
let customer: string;
let ownCompany: string;
let ownShipment: string;
let otherShipment: string;
let otherCompanyName: string;

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signIn('customer@cargodesk.test');
  const one = async (q: ReturnType<typeof sql>) => (await t.db.execute<Record<string, string>>(q)).rows[0]!;
  ownCompany = (await one(sql`select id from companies where name = ${DEMO_COMPANY}`)).id!;
  ownShipment = (await one(sql`select id from shipments where company_id = ${ownCompany} order by created_at desc limit 1`)).id!;
  const other = await one(sql`select s.id, c.name from shipments s join companies c on c.id = s.company_id where s.company_id <> ${ownCompany} order by s.created_at desc limit 1`);
  otherShipment = other.id!;
  otherCompanyName = other.name!;
  // Every staff-only field of the customer's own shipment holds a value that must never reach them. The charges (sell
  // lines) are the customer's to see since issue 38 (GET /api/shipments/{id}/charges, decision 0258): they hold another
  // amount; the costs keep the sentinel.
  const money = 98765.43; // AMOUNT as the fields' number
  await setFieldLines(t.db, ownShipment, {
    freight_cost: money, customs_cost: money, other_costs: money, service_charge: 1200.5, handling_charge: 80, other_charges: 15.25,
  });
  await t.db.execute(sql`update shipments set internal_notes = ${NOTE},
    weight_chargeable = ${AMOUNT}, weight_volumetric = ${AMOUNT}, volumetric_factor = ${AMOUNT}, volume = 1
    where id = ${ownShipment}`);
});
afterAll(async () => t?.close());

/** Every GET route under /api (not auth), with its path parameters filled from the customer's own data. */
function getRoutes(): string[] {
  const paths = new Set<string>();
  for (const r of t.app.routes) {
    if (r.method !== 'GET' || !r.path.startsWith('/api/') || r.path.startsWith('/api/auth/')) continue;
    paths.add(r.path);
  }
  return [...paths].flatMap((p) => {
    if (!p.includes(':')) return [p];
    // Try each parameter as the own shipment and as the own company (the route decides what it means).
    return [ownShipment, ownCompany].map((id) => p.replace(/:[A-Za-z]+/g, id));
  });
}

function staffOnlyKeys(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => staffOnlyKeys(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [...(STAFF_ONLY_KEY.test(k) ? [`${path}.${k}`] : []), ...staffOnlyKeys(v, `${path}.${k}`)]);
  }
  return [];
}

async function inspect(path: string): Promise<string[]> {
  const res = await t.request(path, { cookie: customer });
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`${path}: ${res.status}`);
  const text = await res.text();
  if (text.includes(NOTE)) problems.push(`${path}: internal note`);
  if (text.includes(AMOUNT) || text.includes('98,765.43') || text.includes('98765.4')) problems.push(`${path}: a staff-only amount`);
  if (text.includes(otherShipment) || text.includes(otherCompanyName)) problems.push(`${path}: another company's data`);
  // The API description names every field of every schema (it holds no data): only the value checks apply to it.
  const describesSchemas = path.startsWith('/api/openapi.json') || path.startsWith('/api/docs');
  if ((res.headers.get('content-type') ?? '').includes('json') && text && !describesSchemas) {
    for (const key of staffOnlyKeys(JSON.parse(text))) problems.push(`${path}: field ${key}`);
  }
  return problems;
}

describe('what a customer receives', () => {
  it('the sentinels are really in the database (so the test can fail)', async () => {
    const admin = await t.signIn('admin@cargodesk.test');
    const staffView = await (await t.request(`/api/shipments/${ownShipment}`, { cookie: admin })).text();
    expect(staffView).toContain(NOTE);
    expect(staffView).toContain(AMOUNT);
  });

  it('no GET route answers a customer with staff-only fields, sentinel values or another company', async () => {
    const routes = getRoutes();
    expect(routes).toContain(`/api/shipments/${ownShipment}`);
    expect(routes).toContain('/api/shipments.csv');
    const problems = (await Promise.all(routes.map(inspect))).flat();
    expect(problems).toEqual([]);
    // The customer did read their shipment, its history and the CSV: the sentinels were stripped, not refused.
    for (const path of [`/api/shipments/${ownShipment}`, `/api/shipments/${ownShipment}/events`, '/api/shipments.csv', '/api/dashboard']) {
      expect((await t.request(path, { cookie: customer })).status, path).toBe(200);
    }
    expect(await (await t.request('/api/shipments.csv', { cookie: customer })).text()).toContain((await (await t.request(`/api/shipments/${ownShipment}`, { cookie: customer })).json() as { reference_number: string }).reference_number);
  });

  it('holds for random query strings on every GET route (property, 150 runs)', async () => {
    const routes = getRoutes();
    const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('%', '_', '\\', "'", '"', 'İstanbul', '\u202e', 'a'.repeat(300), ''));
    const query = fc.record(
      {
        q: text,
        page: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constant(1e9), fc.constant(Number.NaN)),
        pageSize: fc.integer({ min: -1, max: 200 }),
        sort: fc.constantFrom('created_at', 'status', 'reference_number', 'internal_notes', 'total_cost', 'nope'),
        dir: fc.constantFrom('asc', 'desc', 'sideways'),
        company_id: fc.constantFrom(ownCompany, otherShipment, 'x'),
        type: fc.constantFrom('air', 'sea', 'land', 'partial', 'all', 'pdf', 'nope'),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), query, async (route, params) => {
        const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
        const problems = await inspect(qs ? `${route}?${qs}` : route);
        expect(problems).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
