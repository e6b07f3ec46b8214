import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEMO_COMPANY } from '@server/db/seed/demo-fixtures';

let t: TestApp;
let admin = '';
let customer = '';
let anatoliaId = '';
let rheinId = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@cargodesk.test');
  customer = await t.signIn('customer@cargodesk.test');
  const ids = await t.db.execute<{ id: string; name: string }>(sql`select id, name from companies`);
  anatoliaId = ids.rows.find((r) => r.name === DEMO_COMPANY)!.id;
  rheinId = ids.rows.find((r) => r.name === 'Rhein Maschinenbau GmbH')!.id;
});
afterAll(async () => t?.close());

async function newCompany(name: string): Promise<string> {
  const res = await t.request('/api/companies', { body: { name }, cookie: admin });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
const addContact = (companyId: string, body: unknown, cookie = admin) => t.request(`/api/companies/${companyId}/contacts`, { body, cookie });
async function primaries(companyId: string): Promise<string[]> {
  const r = await t.db.execute<{ first_name: string }>(sql`select first_name from customers where company_id = ${companyId} and is_primary_contact order by first_name`);
  return r.rows.map((x) => x.first_name);
}

describe('GET /companies/:id/contacts', () => {
  it('lists the primary contact first, then by first name, for staff and for the own customer', async () => {
    const companyId = await newCompany('Contact Order Ltd');
    for (const [first_name, primary] of [['Zoe', false], ['Mia', true], ['Adam', false], ['Liam', false]] as const) {
      expect((await addContact(companyId, { first_name, last_name: 'Order', is_primary_contact: primary })).status).toBe(201);
    }
    const res = await t.request(`/api/companies/${companyId}/contacts`, { cookie: admin });
    expect(res.status).toBe(200);
    const { rows } = await res.json();
    expect(rows.map((r: { first_name: string }) => r.first_name)).toEqual(['Mia', 'Adam', 'Liam', 'Zoe']);
    expect(rows[0]).toEqual({
      id: expect.any(String), company_id: companyId, first_name: 'Mia', last_name: 'Order', email: null, phone: null, position: null,
      is_primary_contact: true, has_account: false, created_at: expect.any(String),
    });

    const own = await (await t.request(`/api/companies/${anatoliaId}/contacts`, { cookie: customer })).json();
    expect(own.rows.map((r: { email: string }) => r.email)).toEqual(['customer@cargodesk.test', 'new.customer@cargodesk.test']);
    expect(own.rows[0]).toMatchObject({ first_name: 'Mehmet', is_primary_contact: true, has_account: true, position: 'Logistics Manager' });
    expect(own.rows[1]).toMatchObject({ first_name: 'Zeynep', has_account: false });
  });

  it('answers an empty list for a company without contacts', async () => {
    const companyId = await newCompany('Lonely Ltd');
    expect(await (await t.request(`/api/companies/${companyId}/contacts`, { cookie: admin })).json()).toEqual({ rows: [] });
  });
});

describe('POST /companies/:id/contacts', () => {
  it('creates a contact with a lowercased email and optional fields', async () => {
    const res = await addContact(rheinId, { first_name: ' Jonas ', last_name: ' Weber ', email: ' Jonas.Weber@Rhein-Maschinen.example ', phone: '+49 211 555 2099', position: 'Warehouse' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      company_id: rheinId, first_name: 'Jonas', last_name: 'Weber', email: 'jonas.weber@rhein-maschinen.example', phone: '+49 211 555 2099',
      position: 'Warehouse', is_primary_contact: false, has_account: false,
    });
    const minimal = await addContact(rheinId, { first_name: 'Only', last_name: 'Names', email: '', phone: '', position: '' });
    expect(minimal.status).toBe(201);
    expect(await minimal.json()).toMatchObject({ email: null, phone: null, position: null });
  });

  it('gives the spec messages, first name first', async () => {
    const cases: [unknown, string, string][] = [
      [{}, 'first_name', 'First name is required'],
      [{ first_name: '  ', last_name: 'X' }, 'first_name', 'First name is required'],
      [{ first_name: 'Ada' }, 'last_name', 'Last name is required'],
      [{ first_name: 'Ada', last_name: '' }, 'last_name', 'Last name is required'],
      [{ first_name: 'Ada', last_name: 'L', email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ first_name: 'Ada', last_name: 'L', email: 'a@b' }, 'email', 'Please enter a valid email address'],
      [{ first_name: 'Ada', last_name: 'L', phone: 'call me maybe' }, 'phone', 'Please enter a valid phone number'],
      [{ first_name: 'Ada', last_name: 'L', position: 'p'.repeat(101) }, 'position', 'Position must be at most 100 characters'],
    ];
    for (const [body, field, message] of cases) {
      const res = await addContact(rheinId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = (await res.json()).error;
      expect(error.message).toBe(message);
      expect(error.fields[field]).toBe(message);
    }
    const both = await (await addContact(rheinId, { email: 'bad' })).json();
    expect(both.error.fields).toMatchObject({ first_name: 'First name is required', last_name: 'Last name is required', email: 'Please enter a valid email address' });
  });

  it('refuses a duplicate email across all contacts, whatever its case, with 409', async () => {
    const companyId = await newCompany('Duplicate Email Ltd');
    for (const email of ['customer@cargodesk.test', 'CUSTOMER@CargoDesk.test', ' l.becker@rhein-maschinen.example ']) {
      const res = await addContact(companyId, { first_name: 'Dup', last_name: 'Licate', email });
      expect(res.status, email).toBe(409);
      expect((await res.json()).error).toEqual({
        code: 'conflict',
        message: 'A contact with this email already exists',
        fields: { email: 'A contact with this email already exists' },
      });
    }
    expect(await t.db.execute(sql`select 1 from customers where company_id = ${companyId}`).then((r) => r.rows.length)).toBe(0);
  });

  it('keeps one primary contact per company: a new primary clears the previous one', async () => {
    const companyId = await newCompany('Primary Switch Ltd');
    expect((await addContact(companyId, { first_name: 'First', last_name: 'P', is_primary_contact: true })).status).toBe(201);
    expect(await primaries(companyId)).toEqual(['First']);
    expect((await addContact(companyId, { first_name: 'Plain', last_name: 'P' })).status).toBe(201);
    expect(await primaries(companyId)).toEqual(['First']);
    expect((await addContact(companyId, { first_name: 'Second', last_name: 'P', is_primary_contact: true })).status).toBe(201);
    expect(await primaries(companyId)).toEqual(['Second']);
    const listed = await (await t.request(`/api/companies/${companyId}/contacts`, { cookie: admin })).json();
    expect(listed.rows[0]).toMatchObject({ first_name: 'Second', is_primary_contact: true });
    // Other companies keep their primary contact.
    expect(await primaries(anatoliaId)).toEqual(['Mehmet']);
  });

  it('keeps the previous primary when the new primary is refused', async () => {
    const res = await addContact(anatoliaId, { first_name: 'Twin', last_name: 'Email', email: 'new.customer@cargodesk.test', is_primary_contact: true });
    expect(res.status).toBe(409);
    expect(await primaries(anatoliaId)).toEqual(['Mehmet']);
  });

  it('keeps one primary under concurrent requests', async () => {
    const companyId = await newCompany('Concurrent Primary Ltd');
    const results = await Promise.all(
      ['A1', 'B2', 'C3', 'D4'].map((first_name) => addContact(companyId, { first_name, last_name: 'Race', is_primary_contact: true })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(await primaries(companyId)).toHaveLength(1);
  });
});

describe('DELETE /companies/:id/contacts/:contactId', () => {
  it('removes a contact of that company only', async () => {
    const companyId = await newCompany('Contact Removal Ltd');
    const created = await (await addContact(companyId, { first_name: 'Remove', last_name: 'Me', email: 'remove.me@example.com' })).json();
    const wrongCompany = await t.request(`/api/companies/${rheinId}/contacts/${created.id}`, { method: 'DELETE', cookie: admin });
    expect(wrongCompany.status).toBe(404);
    expect((await wrongCompany.json()).error.message).toBe('Contact not found');
    expect((await t.request(`/api/companies/${companyId}/contacts/not-a-uuid`, { method: 'DELETE', cookie: admin })).status).toBe(404);
    const res = await t.request(`/api/companies/${companyId}/contacts/${created.id}`, { method: 'DELETE', cookie: admin });
    expect(res.status).toBe(204);
    expect(await (await t.request(`/api/companies/${companyId}/contacts`, { cookie: admin })).json()).toEqual({ rows: [] });
    expect((await t.request(`/api/companies/${companyId}/contacts/${created.id}`, { method: 'DELETE', cookie: admin })).status).toBe(404);
  });
});

describe('GET /companies/:id/shipments', () => {
  type Row = { id: string; reference_number: string; created_at: string; [k: string]: unknown };

  it("pages the company's shipments newest first with an exact count, without internal fields", async () => {
    const expected = await t.db.execute<{ id: string }>(sql`select id from shipments where company_id = ${anatoliaId} order by created_at desc, id desc`);
    const ids = expected.rows.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(20);
    const first = await (await t.request(`/api/companies/${anatoliaId}/shipments`, { cookie: admin })).json();
    expect(first).toMatchObject({ total: ids.length, page: 1, pageSize: 10 });
    expect(first.rows.map((r: Row) => r.id)).toEqual(ids.slice(0, 10));
    expect(Object.keys(first.rows[0]).sort()).toEqual([
      'created_at', 'destination_city', 'destination_country', 'estimated_arrival', 'estimated_departure', 'id', 'origin_city',
      'origin_country', 'reference_number', 'status', 'transport_mode', 'type',
    ]);
    const third = await (await t.request(`/api/companies/${anatoliaId}/shipments?page=3&pageSize=5`, { cookie: admin })).json();
    expect(third.rows.map((r: Row) => r.id)).toEqual(ids.slice(10, 15));
    const times = first.rows.map((r: Row) => Date.parse(r.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('gives the customer their own shipments and an empty page for a company without any', async () => {
    const own = await (await t.request(`/api/companies/${anatoliaId}/shipments?pageSize=1`, { cookie: customer })).json();
    expect(own.total).toBeGreaterThan(0);
    const empty = await newCompany('No Shipments Ltd');
    expect(await (await t.request(`/api/companies/${empty}/shipments`, { cookie: admin })).json()).toEqual({ rows: [], total: 0, page: 1, pageSize: 10 });
  });

  it('validates paging', async () => {
    const res = await t.request(`/api/companies/${anatoliaId}/shipments?pageSize=0`, { cookie: admin });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('pageSize must be 1 or more');
  });
});
