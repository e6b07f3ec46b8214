import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { AIR_KEYS, LAND_KEYS, SEA_KEYS, airBody, landBody, loadRefs, partialBody, ref, seaBody, type Refs } from './test-fixtures';

let t: TestApp;
let refs: Refs;
const cookies: Record<'admin' | 'export' | 'import' | 'customer', string> = { admin: '', export: '', import: '', customer: '' };
const userIds: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  refs = await loadRefs(t);
  for (const role of ['admin', 'export', 'import', 'customer'] as const) {
    cookies[role] = await t.signIn(`${role}@cargodesk.test`);
    const r = await t.db.execute<{ id: string }>(sql`select id from users where email = ${`${role}@cargodesk.test`}`);
    userIds[role] = r.rows[0]!.id;
  }
});
afterAll(async () => t?.close());

const create = (body: unknown, cookie = cookies.admin) => t.request('/api/shipments', { body, cookie });
const adminCreate = async (body: Record<string, unknown>) => {
  const res = await create({ loading_type: 'export', ...body });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
};
const put = (id: string, body: unknown, cookie = cookies.admin) => t.request(`/api/shipments/${id}`, { method: 'PUT', body, cookie });
const events = async (id: string) =>
  (await t.db.execute<{ kind: string; actor_id: string; changes: Record<string, { from: unknown; to: unknown }> }>(
    sql`select kind, actor_id, changes from shipment_events where shipment_id = ${id} order by created_at, kind`,
  )).rows;
const nulls = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, null]));

describe('POST /api/shipments: each type keeps its own transport data', () => {
  it('air', async () => {
    const s = await adminCreate(airBody(refs));
    expect(s).toMatchObject({ type: 'air', status: 'in_progress', loading_type: 'export', handler_id: userIds.admin, updated_by: userIds.admin });
    expect(s).toMatchObject({ origin_airport: 'IST', destination_airport: 'FRA', flight_number: 'TK1590', stackable: true, door_delivery: true });
    expect(s).toMatchObject({ ...nulls(SEA_KEYS), ...nulls(LAND_KEYS), transport_mode: null, consolidation_agent_id: null, containers: [] });
    expect(s).toMatchObject({ company_name: 'Anatolia Textiles Ltd', handler_full_name: 'Aylin Demir', carrier_record_name: 'Turkish Cargo' });
    expect(s).toMatchObject({ packages_count: 12, weight_gross: 1500.5, estimated_departure: '2026-03-01T09:30:00.000Z' });
  });

  it('sea with two containers, city from the port name and country from the port', async () => {
    const s = await adminCreate(seaBody(refs));
    expect(s).toMatchObject({ origin_port: 'Belawan, Sumatra', destination_port: 'Rotterdam', vessel_name: 'MSC Aurora', voyage_number: '123W' });
    expect(s).toMatchObject({ origin_city: 'Belawan', origin_country: 'Indonesia', destination_city: 'Rotterdam', destination_country: 'Netherlands' });
    expect(s).toMatchObject({ ...nulls(AIR_KEYS), ...nulls(LAND_KEYS) });
    expect(s.containers).toEqual([
      { type: '40HC', number: 'MSKU1234565', carrier_seal_number: 'SL-1', weight: 12000.5, volume: 67.5, packages_count: null, package_type: null, free_days: null, iso_code: '45G1' },
      { type: '20DC', number: 'MSKU7654328', carrier_seal_number: 'SL-2', weight: 0, volume: 0, packages_count: null, package_type: null, free_days: null, iso_code: '22G1' },
    ]);
    const stored = await t.db.execute(sql`select position, number from shipment_containers where shipment_id = ${s.id} order by position`);
    expect(stored.rows).toEqual([{ position: 0, number: 'MSKU1234565' }, { position: 1, number: 'MSKU7654328' }]);
  });

  it('land', async () => {
    const s = await adminCreate(landBody(refs));
    expect(s).toMatchObject({ origin_address: 'Nilufer OSB, Bursa', truck_plate_number: '16 ABC 123', truck_type: 'box', origin_postal_code: '16140' });
    expect(s).toMatchObject({ ...nulls(AIR_KEYS), ...nulls(SEA_KEYS), containers: [], origin_city: 'Bursa' });
  });

  it('partial by air, sea and land keep the data of their mode', async () => {
    const byAir = await adminCreate(partialBody(refs, 'air'));
    expect(byAir).toMatchObject({ type: 'partial', transport_mode: 'air', consolidation_agent_id: refs.agent, consolidation_agent_name: 'EuroConsol Groupage' });
    expect(byAir).toMatchObject({ origin_airport: 'IST', ...nulls(SEA_KEYS), ...nulls(LAND_KEYS), containers: [] });
    const bySea = await adminCreate(partialBody(refs, 'sea'));
    expect(bySea).toMatchObject({ transport_mode: 'sea', origin_city: 'Belawan', ...nulls(AIR_KEYS), ...nulls(LAND_KEYS) });
    expect(bySea.containers).toHaveLength(2);
    const byLand = await adminCreate(partialBody(refs, 'land'));
    expect(byLand).toMatchObject({ transport_mode: 'land', truck_plate_number: '16 ABC 123', ...nulls(AIR_KEYS), ...nulls(SEA_KEYS) });
  });

  it('computes the per-currency money for staff', async () => {
    const s = await adminCreate(airBody(refs));
    // Decimal strings over the shipment's charge lines (issue 38), billed/unbilled beside them; no supplier bill yet, so
    // the cost is the accrued one (issue 39).
    const accrued = (cost: string, profit: string) => ({ cost_accrued: cost, cost_actual: cost, profit_accrued: profit, cost_basis: 'accrued' });
    expect(s.totals).toEqual([
      { currency: 'USD', total_revenue: '1200.00', total_cost: '800.25', profit: '399.75', margin_percent: '33.31', billed: '0.00', unbilled: '1200.00', ...accrued('800.25', '399.75') },
      { currency: 'EUR', total_revenue: '50.00', total_cost: '0.00', profit: '50.00', margin_percent: '100.00', billed: '0.00', unbilled: '50.00', ...accrued('0.00', '50.00') },
    ]);
  });

  it('stores the money fields as field lines: edit upserts, clearing deletes, other lines stay, invoiced lines refuse', async () => {
    const body = airBody(refs);
    const s = await adminCreate(body);
    const lines = async () =>
      (await t.db.execute<{ field: string | null; amount: string; currency: string }>(
        sql`select field, amount::text, currency from charge_lines where shipment_id = ${s.id} order by position, field`)).rows;
    expect((await lines()).find((l) => l.field === 'freight_cost')).toEqual({ field: 'freight_cost', amount: '800.2500', currency: 'USD' });
    // A line added elsewhere (the Charges panel): never a field, never touched by the form.
    await t.db.execute(sql`insert into charge_lines (shipment_id, position, side, category, code, unit_price, amount, currency)
      values (${s.id}, 20, 'sell', 'freight', 'BAF', 75.5, 75.5, 'USD')`);
    const res = await put(s.id, { loading_type: 'export', ...body, freight_cost: 900.1, service_charge: null });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await lines();
    expect(after.find((l) => l.field === 'freight_cost')?.amount).toBe('900.1000');
    expect(after.find((l) => l.field === 'service_charge')).toBeUndefined();
    expect(after.find((l) => l.field === null)).toEqual({ field: null, amount: '75.5000', currency: 'USD' });
    const read = await (await t.request(`/api/shipments/${s.id}`, { cookie: cookies.admin })).json();
    expect(read).toMatchObject({ freight_cost: 900.1, service_charge: null, service_charge_currency: 'USD' });
    // The BAF line counts in the totals; the cleared service charge does not.
    expect(read.totals[0]).toMatchObject({ currency: 'USD', total_revenue: '75.50', total_cost: '900.10' });

    const [invoice] = (await t.db.execute<{ id: string }>(sql`insert into invoices (kind, company_id, currency) values ('invoice', ${s.company_id}, 'EUR') returning id`)).rows;
    await t.db.execute(sql`update charge_lines set invoice_id = ${invoice!.id} where shipment_id = ${s.id} and field = 'handling_charge'`);
    const refused = await put(s.id, { loading_type: 'export', ...body, freight_cost: 1, handling_charge: 60, service_charge: null });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toMatch(/Handling Charge is on a draft invoice/);
    expect((await lines()).find((l) => l.field === 'freight_cost')?.amount).toBe('900.1000');
  });
});

describe('POST /api/shipments: loading type, validation and conflicts', () => {
  it('gives a handler their own role as loading type, whatever is sent', async () => {
    for (const role of ['export', 'import'] as const) {
      const res = await create({ ...landBody(refs), loading_type: role === 'export' ? 'import' : 'export' }, cookies[role]);
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ loading_type: role, handler_id: userIds[role], status: 'in_progress' });
    }
  });

  it('refuses an admin without loading type', async () => {
    const res = await create(landBody(refs));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'invalid_input', message: 'Please select a loading type', fields: { loading_type: 'Please select a loading type' } },
    });
  });

  it("answers the spec's messages in the spec's order", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ reference_number: '', company_id: '', cargo_description: '' }, 'reference_number', 'Reference Number is required'],
      [{ company_id: '', cargo_description: '' }, 'company_id', 'Company is required'],
      [{ cargo_description: '  ', packages_count: '' }, 'cargo_description', 'Cargo Description is required'],
      [{ packages_count: '', weight_gross: '' }, 'packages_count', 'Number of Packages is required'],
      [{ weight_gross: '', destination_airport: '' }, 'weight_gross', 'Gross Weight is required'],
      [{ destination_airport: '' }, 'destination_airport', 'Destination Airport is required'],
      [{ type: 'sea', destination_port: '' }, 'destination_port', 'Destination Port is required'],
      [{ type: 'land', destination_address: '' }, 'destination_address', 'Destination Address is required'],
      [{ type: 'partial', transport_mode: '', destination_airport: '' }, 'transport_mode', 'Transport Mode is required for partial shipments'],
      [{ type: 'partial', transport_mode: 'land', destination_address: '' }, 'destination_address', 'Destination Address is required'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await create({ ...airBody(refs), loading_type: 'import', ...overrides });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'invalid_input', message, fields: { [field]: message } } });
    }
  });

  it('refuses malformed values with labelled messages', async () => {
    const res = await create({ ...airBody(refs), loading_type: 'import', weight_gross: 'heavy', estimated_arrival: 'tomorrow' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.fields).toMatchObject({
      weight_gross: 'Gross Weight must be a number',
      estimated_arrival: 'Estimated Arrival must be a date and time (ISO 8601 with a time zone)',
    });
  });

  it('needs an existing company and a carrier of the transport', async () => {
    const missing = await create({ ...airBody(refs), loading_type: 'import', company_id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatchObject({ message: 'Company not found', fields: { company_id: 'Company not found' } });
    const wrongCarrier = await create({ ...airBody(refs), loading_type: 'import', carrier_id: refs.shippingLine });
    expect(wrongCarrier.status).toBe(400);
    expect((await wrongCarrier.json()).error.message).toBe('Please choose an airline as the carrier');
  });

  it('answers 409 for a duplicate reference number, and writes nothing', async () => {
    const body = airBody(refs, { loading_type: 'export' });
    expect((await create(body)).status).toBe(201);
    const again = await create({ ...body, cargo_description: 'Other' });
    expect(again.status).toBe(409);
    const message = `A shipment with reference number ${body.reference_number} already exists`;
    expect(await again.json()).toEqual({ error: { code: 'conflict', message, fields: { reference_number: message } } });
    const count = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from shipments where reference_number = ${body.reference_number}`);
    expect(Number(count.rows[0]!.n)).toBe(1);
  });

  it('answers 409, never 500, when two creates race for one reference number', async () => {
    const body = landBody(refs, { loading_type: 'import' });
    const results = await Promise.all([create(body), create(body), create(body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('is for staff only', async () => {
    expect((await create(airBody(refs), cookies.customer)).status).toBe(403);
    expect((await t.request('/api/shipments', { body: airBody(refs) })).status).toBe(401);
  });
});

describe('POST /api/shipments: history and notifications', () => {
  it("writes the 'created' event and one mail per company contact, in the same transaction", async () => {
    const s = await adminCreate(seaBody(refs));
    const ev = await events(s.id);
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({ kind: 'created', actor_id: userIds.admin });
    expect(ev[0]!.changes).toMatchObject({
      status: { from: null, to: 'in_progress' },
      reference_number: { from: null, to: s.reference_number },
      type: { from: null, to: 'sea' },
      company_id: { from: null, to: refs.anatolia },
    });

    const mails = await t.db.execute<{ idempotency_key: string; payload: { to: string; subject: string; html: string } }>(
      sql`select idempotency_key, payload from outbox where idempotency_key like ${`shipment-created:${s.id}:%`} order by idempotency_key`,
    );
    expect(mails.rows.map((m) => m.payload.to)).toEqual(['customer@cargodesk.test', 'new.customer@cargodesk.test']);
    expect(mails.rows[0]!.idempotency_key).toBe(`shipment-created:${s.id}:customer@cargodesk.test`);
    const mail = mails.rows[0]!.payload;
    expect(mail.subject).toBe(`New Shipment Created - ${s.reference_number}`);
    for (const part of [s.reference_number, 'SEA', 'In Progress', 'Belawan, Indonesia → Rotterdam, Netherlands', '2026-03-01 09:30 UTC', '2026-03-04 18:00 UTC', 'automated']) {
      expect(mail.html).toContain(part);
    }

    await t.worker.drain();
    expect(t.mailbox.sent.some((m) => m.to === 'new.customer@cargodesk.test' && m.subject === `New Shipment Created - ${s.reference_number}`)).toBe(true);
  });

  it('escapes every value in the mail HTML', async () => {
    const evil = '<img src=x onerror=alert(1)>';
    const company = await t.db.execute<{ id: string }>(sql`insert into companies (name) values (${evil}) returning id`);
    const companyId = company.rows[0]!.id;
    await t.db.execute(sql`insert into customers (company_id, first_name, last_name, email) values (${companyId}, 'Eve', 'Evil', 'eve@evil.example')`);
    const s = await adminCreate(landBody(refs, { company_id: companyId, cargo_description: `<script>alert("x")</script>`, reference_number: `R&D-<b>${ref()}` }));
    const mails = await t.db.execute<{ payload: { to: string; html: string; subject: string } }>(
      sql`select payload from outbox where idempotency_key like ${`shipment-created:${s.id}:%`}`,
    );
    expect(mails.rows).toHaveLength(1);
    const { html } = mails.rows[0]!.payload;
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('R&amp;D-&lt;b&gt;');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
  });

  it('sends no mail to a company without contacts', async () => {
    const iberia = await t.db.execute<{ id: string }>(sql`select id from companies where name = 'Iberia Ceramics S.A.'`);
    const s = await adminCreate(landBody(refs, { company_id: iberia.rows[0]!.id }));
    const n = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox where idempotency_key like ${`shipment-created:${s.id}:%`}`);
    expect(Number(n.rows[0]!.n)).toBe(0);
  });
});

describe('PUT /api/shipments/:id', () => {
  it('is for admins only', async () => {
    const s = await adminCreate(airBody(refs));
    for (const role of ['export', 'import', 'customer'] as const) {
      const res = await put(s.id, airBody(refs), cookies[role]);
      expect(res.status).toBe(403);
      expect((await res.json()).error.message).toBe("You don't have permission to edit shipments.");
    }
  });

  it('saves each type with the same rules and records exactly the changed fields', async () => {
    const s = await adminCreate(airBody(refs));
    const body = { ...airBody(refs), reference_number: s.reference_number, flight_number: 'TK1600', weight_gross: '1600', status: 'completed', total_cost: 1, total_revenue: 2, profit_margin: 3 };
    const res = await put(s.id, body);
    expect(res.status).toBe(200);
    const saved = await res.json();
    expect(saved).toMatchObject({ flight_number: 'TK1600', weight_gross: 1600, status: 'in_progress', loading_type: 'export', handler_id: userIds.admin });
    expect(saved).not.toHaveProperty('total_cost');
    const ev = (await events(s.id)).filter((e) => e.kind === 'updated');
    expect(ev).toHaveLength(1);
    expect(ev[0]!.changes).toEqual({ flight_number: { from: 'TK1590', to: 'TK1600' }, weight_gross: { from: 1500.5, to: 1600 } });

    // Saving the same again changes nothing and records nothing.
    expect((await put(s.id, body)).status).toBe(200);
    expect((await events(s.id)).filter((e) => e.kind === 'updated')).toHaveLength(1);
  });

  it('switching type clears the old transport data and replaces the containers', async () => {
    const s = await adminCreate(seaBody(refs));
    const res = await put(s.id, landBody(refs, { reference_number: s.reference_number }));
    expect(res.status).toBe(200);
    const saved = await res.json();
    expect(saved).toMatchObject({ type: 'land', ...nulls(SEA_KEYS), containers: [], truck_plate_number: '16 ABC 123' });
    const left = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from shipment_containers where shipment_id = ${s.id}`);
    expect(Number(left.rows[0]!.n)).toBe(0);
    const changes = (await events(s.id)).find((e) => e.kind === 'updated')!.changes;
    expect(changes.type).toEqual({ from: 'sea', to: 'land' });
    expect(changes.containers!.to).toEqual([]);
    expect(changes).not.toHaveProperty('cargo_description');
  });

  it('edits sea containers and partial modes', async () => {
    const s = await adminCreate(partialBody(refs, 'sea'));
    const res = await put(s.id, partialBody(refs, 'sea', { reference_number: s.reference_number, containers: [{ type: '45HC', number: 'CSQU3054383', carrier_seal_number: 'S9' }] }));
    expect(res.status).toBe(200);
    expect((await res.json()).containers).toEqual([{ type: '45HC', number: 'CSQU3054383', carrier_seal_number: 'S9', weight: 0, volume: 0, packages_count: null, package_type: null, free_days: null, iso_code: 'L5G1' }]);
    const toAir = await put(s.id, partialBody(refs, 'air', { reference_number: s.reference_number }));
    expect(await toAir.json()).toMatchObject({ transport_mode: 'air', origin_airport: 'IST', ...nulls(SEA_KEYS), containers: [] });
  });

  it('sets the editor and validates like create', async () => {
    const s = await create(landBody(refs), cookies.export).then((r) => r.json());
    const saved = await (await put(s.id, landBody(refs, { reference_number: s.reference_number, cargo_description: 'Changed' }))).json();
    expect(saved).toMatchObject({ updated_by: userIds.admin, updated_by_full_name: 'Aylin Demir', handler_id: userIds.export, loading_type: 'export' });
    const bad = await put(s.id, landBody(refs, { reference_number: s.reference_number, destination_address: '' }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('Destination Address is required');
  });

  it('answers 409 for a reference number of another shipment and 404 for an unknown id', async () => {
    const a = await adminCreate(airBody(refs));
    const b = await adminCreate(airBody(refs));
    const res = await put(b.id, airBody(refs, { reference_number: a.reference_number }));
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(`A shipment with reference number ${a.reference_number} already exists`);
    expect((await put('00000000-0000-4000-8000-000000000000', airBody(refs))).status).toBe(404);
    expect((await put('not-a-uuid', airBody(refs))).status).toBe(404);
  });
});

describe('GET /api/shipments/:id', () => {
  it('gives a customer their own shipment without internal fields', async () => {
    const s = await adminCreate(seaBody(refs));
    const res = await t.request(`/api/shipments/${s.id}`, { cookie: cookies.customer });
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body).toMatchObject({ id: s.id, reference_number: s.reference_number, company_name: 'Anatolia Textiles Ltd', special_instructions: 'Keep dry' });
    expect(body.containers).toHaveLength(2);
    expect(Object.keys(body).filter((k) => /charge|cost|total|profit|margin/.test(k))).toEqual([]);
    for (const k of ['internal_notes', 'updated_by', 'handler_id', 'updated_by_full_name', 'service_provider_id', 'payment_terms']) expect(body).not.toHaveProperty(k);
    expect(text).not.toContain('Rate agreed on the annual contract');
    expect(text).not.toContain('800.25');
  });

  it("answers 404 to a customer for another company's shipment", async () => {
    const s = await adminCreate(airBody(refs, { company_id: refs.rhein }));
    const res = await t.request(`/api/shipments/${s.id}`, { cookie: cookies.customer });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Shipment not found or access denied' } });
    expect((await t.request(`/api/shipments/${s.id}/events`, { cookie: cookies.customer })).status).toBe(404);
  });

  it('shows staff everything, including internal notes', async () => {
    const s = await adminCreate(landBody(refs));
    const body = await (await t.request(`/api/shipments/${s.id}`, { cookie: cookies.import })).json();
    expect(body).toMatchObject({ internal_notes: 'Rate agreed on the annual contract', freight_cost: 800.25, carrier_record_name: 'Ekol Logistics', carrier_type: 'trucking_company' });
  });

  it('builds tracking_embed_url from the template and the BL number of a trackable shipment', async () => {
    const s = await adminCreate(seaBody(refs, { trackable: true }));
    expect(s.tracking_embed_url).toBe('https://tracker.example/embed?container=MSKU%20123%2F4');
    const customer = await (await t.request(`/api/shipments/${s.id}`, { cookie: cookies.customer })).json();
    expect(customer.tracking_embed_url).toBe('https://tracker.example/embed?container=MSKU%20123%2F4');
    const none = await adminCreate(airBody(refs, { trackable: true }));
    expect(none.tracking_embed_url).toBeNull();
  });

  it('gives no tracker address when Trackable is off, to customers or staff', async () => {
    const s = await adminCreate(seaBody(refs, { trackable: false }));
    expect(s.trackable).toBe(false);
    expect(s.tracking_embed_url).toBeNull();
    const customer = await (await t.request(`/api/shipments/${s.id}`, { cookie: cookies.customer })).json();
    expect(customer).toMatchObject({ trackable: false, customer_reference: 'MSKU 123/4', tracking_embed_url: null });
  });

  it('answers 404 for unknown ids and 401 without a session', async () => {
    expect((await t.request('/api/shipments/00000000-0000-4000-8000-000000000000', { cookie: cookies.admin })).status).toBe(404);
    expect((await t.request('/api/shipments/nope', { cookie: cookies.admin })).status).toBe(404);
    expect((await t.request('/api/shipments/00000000-0000-4000-8000-000000000000')).status).toBe(401);
  });
});
