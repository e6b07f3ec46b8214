import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { PARTNER_MESSAGES } from '@domain/partners/schema';

let t: TestApp;
const cookies: Record<'admin' | 'export' | 'import' | 'customer', string> = { admin: '', export: '', import: '', customer: '' };
beforeAll(async () => {
  t = await createTestApp();
  for (const role of Object.keys(cookies) as (keyof typeof cookies)[]) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
});
afterAll(async () => t?.close());

const REQUIRED = 'Name, country and carrier type are required';
const valid = { name: 'Test Air', country: 'Turkey', carrier_type: 'airline' };

async function create(body: Record<string, unknown>) {
  const res = await t.request('/api/carriers', { body, cookie: cookies.admin });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}
const list = async (query: string, cookie = cookies.admin) => {
  const res = await t.request(`/api/carriers?${query}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { rows: { id: string; name: string; carrier_type: string }[]; total: number; page: number; pageSize: number };
};
const sqlCount = async (where: ReturnType<typeof sql>) =>
  Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from carriers where ${where}`)).rows[0]!.n);

describe('permissions', () => {
  it('needs a session on every route', async () => {
    const { id } = await create({ ...valid, name: 'Perm Anon' });
    const calls = [
      t.request('/api/carriers'),
      t.request(`/api/carriers/${id}`),
      t.request('/api/carriers', { body: valid }),
      t.request(`/api/carriers/${id}`, { method: 'PUT', body: valid }),
      t.request(`/api/carriers/${id}`, { method: 'DELETE' }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
  });

  it('forbids customers everything, even with invalid input', async () => {
    const { id } = await create({ ...valid, name: 'Perm Customer' });
    const cookie = cookies.customer;
    const calls = [
      t.request('/api/carriers', { cookie }),
      t.request('/api/carriers?carrier_type=nonsense', { cookie }),
      t.request(`/api/carriers/${id}`, { cookie }),
      t.request('/api/carriers', { body: {}, cookie }),
      t.request(`/api/carriers/${id}`, { method: 'PUT', body: valid, cookie }),
      t.request(`/api/carriers/${id}`, { method: 'DELETE', cookie }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe('forbidden');
    }
  });

  it('lets export and import handlers read (the shipment form picker) but not write', async () => {
    const { id } = await create({ ...valid, name: 'Perm Handler' });
    for (const role of ['export', 'import'] as const) {
      const cookie = cookies[role];
      expect((await t.request('/api/carriers?carrier_type=airline&q=perm&pageSize=20', { cookie })).status).toBe(200);
      expect((await t.request(`/api/carriers/${id}`, { cookie })).status).toBe(200);
      expect((await t.request('/api/carriers', { body: valid, cookie })).status).toBe(403);
      expect((await t.request(`/api/carriers/${id}`, { method: 'PUT', body: valid, cookie })).status).toBe(403);
      expect((await t.request(`/api/carriers/${id}`, { method: 'DELETE', cookie })).status).toBe(403);
    }
    expect((await t.request(`/api/carriers/${id}`, { cookie: cookies.admin })).status).toBe(200);
  });
});

describe('create, read, update, delete', () => {
  it('creates with trimmed values and blanks as null, reads, changes and deletes', async () => {
    const res = await t.request('/api/carriers', {
      cookie: cookies.admin,
      body: { name: '  Pegasus Cargo ', country: 'Turkey', carrier_type: 'airline', registration_number: ' ', contact_email: 'ops@pegasus.example', contact_phone: '', website: 'pegasus.example' },
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ name: 'Pegasus Cargo', country: 'Turkey', carrier_type: 'airline', registration_number: null, contact_email: 'ops@pegasus.example', contact_phone: null, website: 'pegasus.example' });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(created.created_at)).not.toBeNaN();

    expect(await (await t.request(`/api/carriers/${created.id}`, { cookie: cookies.admin })).json()).toEqual(created);

    const put = await t.request(`/api/carriers/${created.id}`, {
      method: 'PUT',
      cookie: cookies.admin,
      body: { name: 'Pegasus Logistics', country: 'Turkey', carrier_type: 'trucking_company', contact_phone: '+90 216 555 0101' },
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ id: created.id, name: 'Pegasus Logistics', carrier_type: 'trucking_company', contact_email: null, contact_phone: '+90 216 555 0101', website: null });

    const del = await t.request(`/api/carriers/${created.id}`, { method: 'DELETE', cookie: cookies.admin });
    expect(del.status).toBe(204);
    const gone = await t.request(`/api/carriers/${created.id}`, { cookie: cookies.admin });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: { code: 'not_found', message: 'Carrier not found' } });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const init of [{}, { method: 'PUT', body: valid }, { method: 'DELETE' }]) {
        const res = await t.request(`/api/carriers/${id}`, { ...init, cookie: cookies.admin });
        expect(res.status).toBe(404);
        expect((await res.json()).error.message).toBe('Carrier not found');
      }
    }
  });

  it('refuses to delete a carrier that shipments use, with the count (409)', async () => {
    const used = (await t.db.execute<{ id: string; name: string; n: number }>(sql`
      select c.id, c.name, count(*)::int as n from carriers c join shipments s on s.carrier_id = c.id group by c.id, c.name limit 1`)).rows[0]!;
    const res = await t.request(`/api/carriers/${used.id}`, { method: 'DELETE', cookie: cookies.admin });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: { code: 'conflict', message: `${used.name} cannot be deleted: it is the carrier of ${used.n} shipment(s). Choose another carrier on those shipments first.` },
    });
    expect(await sqlCount(sql`id = ${used.id}`)).toBe(1);

    // Once no shipment uses it any more, it can go.
    const { id } = await create({ ...valid, name: 'Briefly Used Air' });
    const shipment = (await t.db.execute<{ id: string; carrier_id: string }>(sql`select id, carrier_id from shipments where carrier_id is not null limit 1`)).rows[0]!;
    await t.db.execute(sql`update shipments set carrier_id = ${id} where id = ${shipment.id}`);
    expect((await t.request(`/api/carriers/${id}`, { method: 'DELETE', cookie: cookies.admin })).status).toBe(409);
    await t.db.execute(sql`update shipments set carrier_id = ${shipment.carrier_id} where id = ${shipment.id}`);
    expect((await t.request(`/api/carriers/${id}`, { method: 'DELETE', cookie: cookies.admin })).status).toBe(204);
  });
});

describe('validation', () => {
  it('names the required fields in one message', async () => {
    for (const body of [{}, { ...valid, name: '' }, { ...valid, country: '   ' }, { ...valid, carrier_type: '' }, { name: 'Only Name' }]) {
      const res = await t.request('/api/carriers', { body, cookie: cookies.admin });
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error.code).toBe('invalid_input');
      expect(error.message).toBe(REQUIRED);
    }
    const res = await t.request('/api/carriers', { body: { country: 'X' }, cookie: cookies.admin });
    expect((await res.json()).error.fields).toEqual({ name: REQUIRED, carrier_type: REQUIRED });
  });

  it('checks the type, email, phone, website and lengths, on create and on edit', async () => {
    const { id } = await create({ ...valid, name: 'Validation Air' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ carrier_type: 'boat' }, 'carrier_type', PARTNER_MESSAGES.invalidCarrierType],
      [{ contact_email: 'nobody' }, 'contact_email', PARTNER_MESSAGES.invalidEmail],
      [{ contact_phone: 'call us' }, 'contact_phone', PARTNER_MESSAGES.invalidPhone],
      [{ website: 'javascript:alert(1)' }, 'website', PARTNER_MESSAGES.invalidWebsite],
      [{ name: 'x'.repeat(201) }, 'name', 'Name must be at most 200 characters'],
    ];
    for (const [patch, field, message] of cases) {
      for (const [path, method] of [['/api/carriers', 'POST'], [`/api/carriers/${id}`, 'PUT']] as const) {
        const res = await t.request(path, { method, body: { ...valid, ...patch }, cookie: cookies.admin });
        expect(res.status).toBe(400);
        const { error } = await res.json();
        expect(error.message).toBe(message);
        expect(error.fields[field]).toBe(message);
      }
    }
  });
});

describe('malformed bodies', () => {
  it('answers 400 in our error shape for a body that is not JSON', async () => {
    const res = await t.request('/api/carriers', { body: '{"name": ', cookie: cookies.admin });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('invalid_input');
  });
});

describe('list', () => {
  it('pages 10 at a time by name, with the total', async () => {
    for (let i = 0; i < 23; i++) await create({ ...valid, name: `Pagetest ${String(i).padStart(2, '0')}`, carrier_type: i % 2 ? 'airline' : 'shipping_line' });
    const p1 = await list('q=pagetest');
    expect(p1).toMatchObject({ total: 23, page: 1, pageSize: 10 });
    expect(p1.rows.map((r) => r.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Pagetest ${String(i).padStart(2, '0')}`));
    const p3 = await list('q=pagetest&page=3');
    expect(p3.rows.map((r) => r.name)).toEqual(['Pagetest 20', 'Pagetest 21', 'Pagetest 22']);
    expect((await list('q=pagetest&page=4')).rows).toEqual([]);
    expect((await list('q=pagetest&page=4')).total).toBe(23);
    const all = await list('pageSize=100');
    expect(all.total).toBe(await sqlCount(sql`true`));
    const byName = (await t.db.execute<{ name: string }>(sql`select name from carriers order by lower(name), name, id`)).rows.map((r) => r.name);
    expect(all.rows.map((r) => r.name)).toEqual(byName);
    const names = all.rows.map((r) => r.name);
    expect(names.indexOf('Maersk')).toBeLessThan(names.indexOf('MSC Mediterranean Shipping')); // case is ignored
  });

  it('filters by carrier type in SQL, and counts what matches', async () => {
    for (const type of ['airline', 'shipping_line', 'trucking_company']) {
      const page = await list(`carrier_type=${type}&pageSize=100`);
      expect(page.total).toBe(await sqlCount(sql`carrier_type = ${type}`));
      expect(page.rows.every((r) => r.carrier_type === type)).toBe(true);
    }
    const airlines = await list('carrier_type=airline&q=pagetest&pageSize=5');
    expect(airlines.total).toBe(11);
    expect(airlines.rows).toHaveLength(5);
    expect((await list('carrier_type=&q=pagetest')).total).toBe(23);
    const bad = await t.request('/api/carriers?carrier_type=ship', { cookie: cookies.admin });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe(PARTNER_MESSAGES.invalidCarrierTypeFilter);
  });

  it('answers the shipment form picker: airlines matching q, 20 a page', async () => {
    const page = await list('carrier_type=airline&q=cargo&pageSize=20', cookies.export);
    expect(page.pageSize).toBe(20);
    expect(page.rows.map((r) => r.name)).toEqual(['Emirates SkyCargo', 'Lufthansa Cargo', 'Turkish Cargo']);
  });

  it('searches name or country, case-insensitively', async () => {
    expect((await list('q=MAERSK')).rows.map((r) => r.name)).toEqual(['Maersk']);
    const swiss = await list('q=switzerland');
    expect(swiss.rows.map((r) => r.name)).toEqual(['MSC Mediterranean Shipping']);
  });

  it('treats %, _, quotes, backslashes and unicode literally', async () => {
    const names = ['100% Freight Air', 'Under_Score Lines', "O'Neil \"Quoted\" Haulage", 'Back\\slash Cargo', 'Şahin Taşımacılık', '東京 Air Cargo'];
    for (const name of names) await create({ ...valid, name, country: 'Testland' });
    const search = async (q: string) => (await list(`q=${encodeURIComponent(q)}&pageSize=100`)).rows.map((r) => r.name);
    expect(await search('%')).toEqual(['100% Freight Air']);
    expect(await search('_')).toEqual(['Under_Score Lines']);
    expect(await search("O'Neil")).toEqual(["O'Neil \"Quoted\" Haulage"]);
    expect(await search('"Quoted"')).toEqual(["O'Neil \"Quoted\" Haulage"]);
    expect(await search('\\')).toEqual(['Back\\slash Cargo']);
    expect(await search('Şahin')).toEqual(['Şahin Taşımacılık']);
    expect(await search('東京')).toEqual(['東京 Air Cargo']);
    expect(await search("'; drop table carriers; --")).toEqual([]);
    expect((await list('q=testland')).total).toBe(names.length);
  });

  it('validates paging, sort and search length', async () => {
    for (const [query, message] of [
      ['page=0', 'page must be 1 or more'],
      ['pageSize=101', 'pageSize must be at most 100'],
      ['sort=password', 'sort must be one of: name, country, carrier_type, created_at'],
      [`q=${'x'.repeat(201)}`, 'Search must be at most 200 characters'],
    ]) {
      const res = await t.request(`/api/carriers?${query}`, { cookie: cookies.admin });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(message);
    }
    const byCountry = await list('sort=country&dir=desc&pageSize=100');
    const countries = (await t.db.execute<{ country: string }>(sql`select country from carriers order by lower(country) desc, lower(name), name, id`)).rows.map((r) => r.country);
    expect(byCountry.rows.map((r) => (r as unknown as { country: string }).country)).toEqual(countries);
  });
});
