import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEMO_COMPANY } from '@server/db/seed/demo-fixtures';

let t: TestApp;
const cookies: Record<'admin' | 'export' | 'import' | 'customer', string> = { admin: '', export: '', import: '', customer: '' };
let anatoliaId = '';
let rheinId = '';
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  for (const role of Object.keys(cookies) as (keyof typeof cookies)[]) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
  anatoliaId = await companyIdOf(DEMO_COMPANY);
  rheinId = await companyIdOf('Rhein Maschinenbau GmbH');
});
afterAll(async () => t?.close());

async function companyIdOf(name: string): Promise<string> {
  const r = await t.db.execute<{ id: string }>(sql`select id from companies where name = ${name}`);
  return r.rows[0]!.id;
}
async function scalar(query: ReturnType<typeof sql>): Promise<number> {
  const r = await t.db.execute<{ n: number }>(query);
  return Number(r.rows[0]!.n);
}
async function create(name: string, address: string | null = null, cookie = cookies.admin) {
  const res = await t.request('/api/companies', { body: { name, address }, cookie });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; name: string; address: string | null; created_at: string; contacts_count: number; shipments_count: number };
}
const names = async (res: Response) => ((await res.json()) as { rows: { name: string }[] }).rows.map((r) => r.name);

describe('access', () => {
  it('answers 401 on every route without a session', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/companies'], ['GET', '/api/companies/options'], ['POST', '/api/companies'], ['GET', `/api/companies/${anatoliaId}`],
      ['PUT', `/api/companies/${anatoliaId}`], ['DELETE', `/api/companies/${anatoliaId}`], ['GET', `/api/companies/${anatoliaId}/contacts`],
      ['POST', `/api/companies/${anatoliaId}/contacts`], ['DELETE', `/api/companies/${anatoliaId}/contacts/${MISSING}`],
      ['GET', `/api/companies/${anatoliaId}/shipments`],
    ];
    for (const [method, path] of routes) {
      const res = await t.request(path, { method, body: method === 'POST' || method === 'PUT' ? { name: 'Nope Ltd' } : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect(await scalar(sql`select count(*)::int as n from companies where name = 'Nope Ltd'`)).toBe(0);
  });

  it('lets admin, export and import manage companies and contacts', async () => {
    for (const role of ['admin', 'export', 'import'] as const) {
      const company = await create(`Managed by ${role}`, null, cookies[role]);
      const put = await t.request(`/api/companies/${company.id}`, { method: 'PUT', body: { name: `Managed by ${role} 2` }, cookie: cookies[role] });
      expect(put.status).toBe(200);
      const contact = await t.request(`/api/companies/${company.id}/contacts`, { body: { first_name: 'A', last_name: role }, cookie: cookies[role] });
      expect(contact.status).toBe(201);
      const contactId = ((await contact.json()) as { id: string }).id;
      expect((await t.request(`/api/companies/${company.id}/contacts/${contactId}`, { method: 'DELETE', cookie: cookies[role] })).status).toBe(204);
      expect((await t.request('/api/companies/options', { cookie: cookies[role] })).status).toBe(200);
      expect((await t.request(`/api/companies/${company.id}`, { method: 'DELETE', cookie: cookies[role] })).status).toBe(204);
    }
  });

  it('refuses every write and the all-companies picker to customers, with nothing changed', async () => {
    const target = await create('Customer Cannot Touch');
    const cookie = cookies.customer;
    const attempts: [string, string, unknown][] = [
      ['POST', '/api/companies', { name: 'Customer Made' }],
      ['PUT', `/api/companies/${anatoliaId}`, { name: 'Renamed by customer' }],
      ['PUT', `/api/companies/${target.id}`, { name: 'Renamed by customer' }],
      ['DELETE', `/api/companies/${target.id}`, undefined],
      ['POST', `/api/companies/${anatoliaId}/contacts`, { first_name: 'Sneaky', last_name: 'Colleague' }],
      ['DELETE', `/api/companies/${anatoliaId}/contacts/${MISSING}`, undefined],
      ['GET', '/api/companies/options', undefined],
    ];
    for (const [method, path, body] of attempts) {
      const res = await t.request(path, { method, body, cookie });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await res.json()).error.code).toBe('forbidden');
    }
    // Forbidden comes before validation: an invalid body is still a 403.
    expect((await t.request('/api/companies', { body: {}, cookie })).status).toBe(403);
    expect(await scalar(sql`select count(*)::int as n from companies where name in ('Customer Made', 'Renamed by customer')`)).toBe(0);
    expect(await scalar(sql`select count(*)::int as n from customers where first_name = 'Sneaky'`)).toBe(0);
    expect((await t.request(`/api/companies/${target.id}`, { cookie: cookies.admin })).status).toBe(200);
  });
});

describe('customer scoping', () => {
  it('gives a customer only their own company in the list, whatever the search', async () => {
    const res = await t.request('/api/companies', { cookie: cookies.customer });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(body.rows.map((r: { name: string }) => r.name)).toEqual([DEMO_COMPANY]);
    expect(await (await t.request('/api/companies?q=Rhein', { cookie: cookies.customer })).json()).toMatchObject({ total: 0, rows: [] });
    expect(await (await t.request('/api/companies?q=anatolia', { cookie: cookies.customer })).json()).toMatchObject({ total: 1 });
  });

  it("answers 404 for another company's profile, contacts and shipments, and 200 for their own", async () => {
    for (const suffix of ['', '/contacts', '/shipments']) {
      const other = await t.request(`/api/companies/${rheinId}${suffix}`, { cookie: cookies.customer });
      expect(other.status, suffix).toBe(404);
      expect((await other.json()).error).toEqual({ code: 'not_found', message: 'Company not found' });
      expect((await t.request(`/api/companies/${anatoliaId}${suffix}`, { cookie: cookies.customer })).status, suffix).toBe(200);
      // Staff see the other company.
      expect((await t.request(`/api/companies/${rheinId}${suffix}`, { cookie: cookies.export })).status, suffix).toBe(200);
    }
  });

  it("says 'Customer company not found' to a customer whose contact record is gone", async () => {
    const { createUserWithPassword } = await import('@server/db/seed/demo');
    const company = await create('Short Lived Customer Co');
    const email = 'short.lived@customer.example';
    const added = await t.request(`/api/companies/${company.id}/contacts`, { body: { first_name: 'Short', last_name: 'Lived', email }, cookie: cookies.admin });
    expect(added.status).toBe(201);
    const contact = await added.json();
    expect(contact.has_account).toBe(false);
    await createUserWithPassword(t.db, { email, name: 'Short Lived', role: 'customer', password: 'short-lived-1' });
    const cookie = await t.signIn(email, 'short-lived-1');
    expect(await (await t.request('/api/companies', { cookie })).json()).toMatchObject({ total: 1, rows: [{ name: 'Short Lived Customer Co' }] });
    const listed = await (await t.request(`/api/companies/${company.id}/contacts`, { cookie: cookies.admin })).json();
    expect(listed.rows[0]).toMatchObject({ email, has_account: true });

    expect((await t.request(`/api/companies/${company.id}/contacts/${contact.id}`, { method: 'DELETE', cookie: cookies.admin })).status).toBe(204);
    const res = await t.request('/api/companies', { cookie });
    expect(res.status).toBe(404);
    expect((await res.json()).error.message).toBe('Customer company not found');
  });
});

describe('GET /companies', () => {
  it('pages 10 by name with an exact total', async () => {
    const total = await scalar(sql`select count(*)::int as n from companies`);
    const expectedOrder = (await t.db.execute<{ name: string }>(sql`select name from companies order by name, id`)).rows.map((r) => r.name);
    const first = await t.request('/api/companies', { cookie: cookies.admin });
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body).toMatchObject({ total, page: 1, pageSize: 10 });
    expect(body.rows).toHaveLength(10);
    expect(body.rows.map((r: { name: string }) => r.name)).toEqual(expectedOrder.slice(0, 10));
    const second = await (await t.request('/api/companies?page=2', { cookie: cookies.admin })).json();
    expect(second.rows.map((r: { name: string }) => r.name)).toEqual(expectedOrder.slice(10, 20));
    const beyond = await (await t.request('/api/companies?page=999', { cookie: cookies.admin })).json();
    expect(beyond).toMatchObject({ rows: [], total, page: 999 });
    const small = await (await t.request('/api/companies?pageSize=3&page=2', { cookie: cookies.admin })).json();
    expect(small.rows.map((r: { name: string }) => r.name)).toEqual(expectedOrder.slice(3, 6));
  });

  it('counts contacts and shipments of each company in SQL', async () => {
    const body = await (await t.request(`/api/companies?q=${encodeURIComponent(DEMO_COMPANY)}`, { cookie: cookies.admin })).json();
    const shipments = await scalar(sql`select count(*)::int as n from shipments where company_id = ${anatoliaId}`);
    expect(body.rows).toEqual([
      {
        id: anatoliaId, name: DEMO_COMPANY, address: expect.stringContaining('Bursa'), created_at: expect.any(String), contacts_count: 2, shipments_count: shipments,
        // Billing fields (issue 38): the demo's Turkish customer has its VAT number and 30-day terms.
        vat_number: 'TR4810234567', country: 'TR', payment_terms_days: 30,
        // Its language (issue 42): English unless the forwarder chooses another.
        language: 'en',
      },
    ]);
    expect(shipments).toBeGreaterThan(0);
  });

  it('refuses bad paging with a message', async () => {
    const res = await t.request('/api/companies?page=0', { cookie: cookies.admin });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: 'invalid_input', message: 'page must be 1 or more' });
    expect((await t.request('/api/companies?pageSize=1000', { cookie: cookies.admin })).status).toBe(400);
    expect((await t.request('/api/companies?page=abc', { cookie: cookies.admin })).status).toBe(400);
  });

  it('searches the name literally: %, _, quotes, backslash and unicode', async () => {
    for (const name of ['100% Cotton Mills', 'Under_score Trading', "O'Brien & Sons", 'Back\\slash Logistics', 'Müller Spedition GmbH', '東京物産株式会社', '1000 Cotton Mills']) {
      await create(name);
    }
    const search = async (q: string) => names(await t.request(`/api/companies?q=${encodeURIComponent(q)}&pageSize=100`, { cookie: cookies.admin }));
    expect(await search('%')).toEqual(['100% Cotton Mills']);
    expect(await search('0%')).toEqual(['100% Cotton Mills']);
    expect(await search('_')).toEqual(['Under_score Trading']);
    expect(await search("'")).toEqual(["O'Brien & Sons"]);
    expect(await search("o'brien")).toEqual(["O'Brien & Sons"]);
    expect(await search('"')).toEqual([]);
    expect(await search('\\')).toEqual(['Back\\slash Logistics']);
    expect(await search('Müller')).toEqual(['Müller Spedition GmbH']);
    expect(await search('東京')).toEqual(['東京物産株式会社']);
    expect((await search('  cotton MILLS ')).sort()).toEqual(['1000 Cotton Mills', '100% Cotton Mills'].sort());
    const counted = await (await t.request('/api/companies?q=cotton&pageSize=1', { cookie: cookies.admin })).json();
    expect(counted).toMatchObject({ total: 2, pageSize: 1 });
    expect(counted.rows).toHaveLength(1);
  });
});

describe('GET /companies/options', () => {
  it('lists every company as id and name, ordered by name', async () => {
    const res = await t.request('/api/companies/options', { cookie: cookies.import });
    expect(res.status).toBe(200);
    const options = await res.json();
    const expected = (await t.db.execute<{ id: string; name: string }>(sql`select id, name from companies order by name, id`)).rows;
    expect(options).toEqual(expected.map((r) => ({ id: r.id, name: r.name })));
  });
});

describe('create, read and update', () => {
  it('creates with a trimmed name and an optional address, and reads it back', async () => {
    const company = await create('  Baltic Amber Traders  ', '  Dluga 1, Gdansk ');
    expect(company).toMatchObject({ name: 'Baltic Amber Traders', address: 'Dluga 1, Gdansk', contacts_count: 0, shipments_count: 0 });
    expect(Date.parse(company.created_at)).toBeGreaterThan(Date.now() - 60_000);
    const read = await (await t.request(`/api/companies/${company.id}`, { cookie: cookies.export })).json();
    expect(read).toEqual(company);
    const noAddress = await create('No Address Co', '');
    expect(noAddress.address).toBeNull();
  });

  it('gives the spec messages for a missing, short or long name', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Company name is required'],
      [{ name: '' }, 'Company name is required'],
      [{ name: '    ' }, 'Company name is required'],
      [{ name: 'A' }, 'Company name must be between 2 and 100 characters'],
      [{ name: 'x'.repeat(101) }, 'Company name must be between 2 and 100 characters'],
      [{ name: 42 }, 'Company name is required'],
    ];
    for (const [body, message] of cases) {
      const res = await t.request('/api/companies', { body, cookie: cookies.admin });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error).toEqual({ code: 'invalid_input', message, fields: { name: message } });
    }
    expect((await t.request('/api/companies', { body: { name: 'x'.repeat(100) }, cookie: cookies.admin })).status).toBe(201);
    expect((await t.request('/api/companies', { body: { name: 'AB' }, cookie: cookies.admin })).status).toBe(201);
    const malformed = await t.request('/api/companies', { body: '{"name": ', cookie: cookies.admin });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe('invalid_input');
  });

  it('updates name and address with the same rules', async () => {
    const company = await create('Before Rename Ltd', 'Old street 1');
    const res = await t.request(`/api/companies/${company.id}`, { method: 'PUT', body: { name: 'After Rename Ltd', address: null }, cookie: cookies.import });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: company.id, name: 'After Rename Ltd', address: null, created_at: company.created_at });
    const invalid = await t.request(`/api/companies/${company.id}`, { method: 'PUT', body: { name: 'Z' }, cookie: cookies.admin });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.message).toBe('Company name must be between 2 and 100 characters');
    expect((await (await t.request(`/api/companies/${company.id}`, { cookie: cookies.admin })).json()).name).toBe('After Rename Ltd');
  });

  it('answers 404 for a missing or malformed id', async () => {
    for (const id of [MISSING, 'not-a-uuid', "1' or '1'='1"]) {
      const path = `/api/companies/${encodeURIComponent(id)}`;
      expect((await t.request(path, { cookie: cookies.admin })).status, id).toBe(404);
      expect((await t.request(path, { method: 'PUT', body: { name: 'Ghost Co' }, cookie: cookies.admin })).status, id).toBe(404);
      expect((await t.request(path, { method: 'DELETE', cookie: cookies.admin })).status, id).toBe(404);
      expect((await t.request(`${path}/contacts`, { cookie: cookies.admin })).status, id).toBe(404);
      expect((await t.request(`${path}/contacts`, { body: { first_name: 'A', last_name: 'B' }, cookie: cookies.admin })).status, id).toBe(404);
      expect((await t.request(`${path}/shipments`, { cookie: cookies.admin })).status, id).toBe(404);
    }
  });
});

describe('DELETE /companies/:id', () => {
  it('refuses a company that has shipments with 409, and nothing is lost', async () => {
    const shipments = await scalar(sql`select count(*)::int as n from shipments where company_id = ${rheinId}`);
    const contacts = await scalar(sql`select count(*)::int as n from customers where company_id = ${rheinId}`);
    expect(shipments).toBeGreaterThan(0);
    const res = await t.request(`/api/companies/${rheinId}`, { method: 'DELETE', cookie: cookies.admin });
    expect(res.status).toBe(409);
    const error = (await res.json()).error;
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(/^This company has shipments and cannot be deleted\. /);
    expect(error.message).toContain(`It has ${shipments} shipments on record`);
    expect(await scalar(sql`select count(*)::int as n from shipments where company_id = ${rheinId}`)).toBe(shipments);
    expect(await scalar(sql`select count(*)::int as n from customers where company_id = ${rheinId}`)).toBe(contacts);
    expect((await t.request(`/api/companies/${rheinId}`, { cookie: cookies.admin })).status).toBe(200);
  });

  it('deletes a company without shipments together with its contacts', async () => {
    const company = await create('Soon Gone Ltd', 'Nowhere 1');
    for (const first_name of ['Ann', 'Bob']) {
      expect((await t.request(`/api/companies/${company.id}/contacts`, { body: { first_name, last_name: 'Gone', email: `${first_name}@soon-gone.example` }, cookie: cookies.admin })).status).toBe(201);
    }
    expect(await scalar(sql`select count(*)::int as n from customers where company_id = ${company.id}`)).toBe(2);
    const res = await t.request(`/api/companies/${company.id}`, { method: 'DELETE', cookie: cookies.export });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await scalar(sql`select count(*)::int as n from companies where id = ${company.id}`)).toBe(0);
    expect(await scalar(sql`select count(*)::int as n from customers where company_id = ${company.id}`)).toBe(0);
    expect((await t.request(`/api/companies/${company.id}`, { cookie: cookies.admin })).status).toBe(404);
    expect((await t.request(`/api/companies/${company.id}`, { method: 'DELETE', cookie: cookies.admin })).status).toBe(404);
    // The emails are free again.
    const again = await create('Second Life Ltd');
    expect((await t.request(`/api/companies/${again.id}/contacts`, { body: { first_name: 'Ann', last_name: 'Again', email: 'ann@soon-gone.example' }, cookie: cookies.admin })).status).toBe(201);
  });
});
