import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';

let t: TestApp;
const cookies: Record<'admin' | 'export' | 'import' | 'customer', string> = { admin: '', export: '', import: '', customer: '' };

beforeAll(async () => {
  t = await createTestApp();
  for (const role of Object.keys(cookies) as (keyof typeof cookies)[]) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
});
afterAll(async () => t?.close());

type Row = { id: string; name: string; country: string; un_code: string | null };
type PageBody = { rows: Row[]; total: number; page: number; pageSize: number };

const list = async (query: string, cookie = cookies.admin) => {
  const res = await t.request(`/api/seaports${query}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as PageBody;
};
const codes = (page: PageBody) => page.rows.map((r) => r.un_code);
const create = (body: unknown, cookie = cookies.admin) => t.request('/api/seaports', { method: 'POST', body, cookie });
const idOf = async (unCode: string) => (await t.db.execute<{ id: string }>(sql`select id from seaports where un_code = ${unCode}`)).rows[0]!.id;
/** The SQL truth: the same match and order the API promises (exact UN code first, then Port Name, Country, UN Code). */
const expectedCodes = async (pattern: string, exact: string | null, limit: number, offset = 0) =>
  (
    await t.db.execute<{ un_code: string | null }>(sql`
      select un_code from seaports
      where name ilike ${pattern} or country ilike ${pattern} or un_code ilike ${pattern}
      order by (un_code is not distinct from ${exact}) desc, name, country, un_code nulls last, id limit ${limit} offset ${offset}`)
  ).rows.map((r) => r.un_code);
const portCount = async () => Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from seaports`)).rows[0]!.n);

describe('permissions', () => {
  const routes = async () => {
    const id = await idOf('NLRTM');
    return [
      { method: 'GET', path: '/api/seaports', write: false },
      { method: 'GET', path: `/api/seaports/${id}`, write: false },
      { method: 'POST', path: '/api/seaports', write: true, body: { name: 'Perm Port', country: 'Turkey', un_code: 'TRQQX' } },
      { method: 'PUT', path: `/api/seaports/${id}`, write: true, body: { name: 'Changed', country: 'Netherlands', un_code: 'NLRTM' } },
      { method: 'DELETE', path: `/api/seaports/${id}`, write: true },
    ];
  };

  it('answers 401 without a session on every route', async () => {
    for (const r of await routes()) expect((await t.request(r.path, { method: r.method, body: r.body })).status, `${r.method} ${r.path}`).toBe(401);
  });

  it('lets every staff role read; a customer may search the list (the pickers of a request, issue 15) but not open a record (403)', async () => {
    for (const r of (await routes()).filter((x) => !x.write)) {
      for (const role of ['admin', 'export', 'import'] as const) expect((await t.request(r.path, { cookie: cookies[role] })).status).toBe(200);
      const res = await t.request(r.path, { cookie: cookies.customer });
      if (r.path === '/api/seaports') {
        expect(res.status).toBe(200);
        continue;
      }
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe('forbidden');
    }
  });

  it('lets only admins write: export, import and customer get 403 and nothing changes', async () => {
    for (const r of (await routes()).filter((x) => x.write)) {
      for (const role of ['export', 'import', 'customer'] as const) {
        expect((await t.request(r.path, { method: r.method, body: r.body, cookie: cookies[role] })).status, `${role} ${r.method} ${r.path}`).toBe(403);
      }
      expect((await t.request(r.path, { method: r.method, body: {}, cookie: cookies.import })).status).toBe(403);
    }
    const rotterdam = (await (await t.request(`/api/seaports/${await idOf('NLRTM')}`, { cookie: cookies.admin })).json()) as Row;
    expect(rotterdam).toMatchObject({ name: 'Rotterdam', country: 'Netherlands', un_code: 'NLRTM' });
    expect((await t.db.execute(sql`select 1 from seaports where un_code = 'TRQQX'`)).rows).toHaveLength(0);
  });
});

describe('GET /api/seaports', () => {
  it('pages 10 by default, ordered by Port Name, with the exact total of the real data', async () => {
    const total = await portCount();
    expect(total).toBeGreaterThan(1500);
    const first = await list('');
    expect(first).toMatchObject({ page: 1, pageSize: 10, total });
    expect(codes(first)).toEqual(await expectedCodes('%', null, 10));
    expect(Object.keys(first.rows[0]!).sort()).toEqual(['country', 'id', 'name', 'un_code']);
    expect(codes(await list('?page=3'))).toEqual(await expectedCodes('%', null, 10, 20));
  });

  it('answers the last partial page and an empty page past the end with the same total', async () => {
    const total = await portCount();
    const lastPage = Math.ceil(total / 100);
    expect((await list(`?page=${lastPage}&pageSize=100`)).rows).toHaveLength(total - (lastPage - 1) * 100);
    expect(await list(`?page=${lastPage + 1}&pageSize=100`)).toMatchObject({ rows: [], total, page: lastPage + 1, pageSize: 100 });
  });

  it('refuses bad paging with a message', async () => {
    const tooBig = await t.request('/api/seaports?pageSize=101', { cookie: cookies.admin });
    expect(tooBig.status).toBe(400);
    expect((await tooBig.json()).error.message).toBe('pageSize must be at most 100');
    for (const q of ['?page=0', '?page=-1', '?pageSize=abc']) expect((await t.request(`/api/seaports${q}`, { cookie: cookies.admin })).status, q).toBe(400);
  });

  it('searches Port Name, Country and UN Code, case-insensitively', async () => {
    const rotterdam = await list('?q=rotterdam');
    expect(codes(rotterdam)).toEqual(['NLRTM', 'USRAJ']); // same name: Netherlands before United States
    expect(rotterdam.total).toBe(2);
    const netherlands = await list('?q=NETHERLANDS&pageSize=100');
    expect(netherlands.total).toBe(Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from seaports where country ilike '%netherlands%' or name ilike '%netherlands%'`)).rows[0]!.n));
    expect(netherlands.rows.every((r) => /netherlands/i.test(r.country + r.name))).toBe(true);
    expect(netherlands.rows.map((r) => r.un_code)).toContain('NLRTM');
    expect(codes(await list('?q=deha'))).toEqual(['DEHAM']);
  });

  it('puts an exact UN code match first, then orders by Port Name (the shipment form picker: q and pageSize=20)', async () => {
    // 'trali' is Aliaga's UN code and part of 'Australia': Australian ports named before Aliaga come after it.
    const res = await list('?q=trali&pageSize=20');
    expect(res.rows[0]).toMatchObject({ name: 'Aliaga', un_code: 'TRALI' });
    expect(codes(res)).toEqual(await expectedCodes('%trali%', 'TRALI', 20));
    expect((await expectedCodes('%trali%', null, 20))[0]).not.toBe('TRALI');
    expect(res.total).toBeGreaterThan(20);
  });

  it('treats %, _, backslash and quotes as literal characters', async () => {
    for (const q of ['%', '_', '\\', '"']) expect((await list(`?q=${encodeURIComponent(q)}`)).total, q).toBe(0);
    expect(codes(await list(`?q=${encodeURIComponent("Baie d'Urfe")}`))).toEqual(['CABDU']);
    const ivoire = await list(`?q=${encodeURIComponent("d'Ivoire")}`);
    expect(codes(ivoire)).toContain('CIABJ');
    expect(ivoire.rows.every((r) => r.country === "Côte d'Ivoire")).toBe(true);
    expect((await list(`?q=${encodeURIComponent("'; delete from seaports; --")}`)).total).toBe(0);
    expect(await portCount()).toBeGreaterThan(1500);

    const created = (await (await create({ name: 'Pier 100%_A "North" \\ Gate', country: 'Testland' })).json()) as Row;
    for (const q of ['%', '_', '0%_a', '"North"', '\\']) expect(codes(await list(`?q=${encodeURIComponent(q)}`)), q).toEqual([null]);
    expect((await t.request(`/api/seaports/${created.id}`, { method: 'DELETE', cookie: cookies.admin })).status).toBe(204);
  });

  it('finds unicode names and countries, ignoring accents (Paranã and Paranaguá for parana)', async () => {
    expect(codes(await list(`?q=${encodeURIComponent('Paranã')}`))).toEqual(['BRPNN', 'BRPNG']);
    expect(codes(await list('?q=PARANA'))).toEqual(['BRPNN', 'BRPNG']);
    const reunion = await list(`?q=${encodeURIComponent('Réunion')}`);
    expect(reunion.rows.length).toBeGreaterThan(1);
    expect(reunion.rows.every((r) => r.country === 'Réunion')).toBe(true);
    expect((await list(`?q=${encodeURIComponent('港口 ⚓')}`)).total).toBe(0);
  });
});

describe('POST /api/seaports', () => {
  it('creates a port with the UN code uppercased; an empty UN code is saved as null', async () => {
    const res = await create({ name: ' Qarbor, Testland ', country: ' Testland ', un_code: 'trqqx' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Row;
    expect(body).toEqual({ id: expect.any(String), name: 'Qarbor, Testland', country: 'Testland', un_code: 'TRQQX' });
    expect((await list('?q=TRQQX')).rows).toEqual([body]);
    // Several ports without a UN code do not collide.
    for (const name of ['No Code One', 'No Code Two']) {
      const r = await create({ name, country: 'Testland', un_code: '' });
      expect(r.status).toBe(201);
      expect((await r.json()).un_code).toBeNull();
    }
  });

  it("answers 400 'Please fill in all required fields' naming the missing fields", async () => {
    const res = await create({ name: '', un_code: 'TRQQY' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: 'Please fill in all required fields',
        fields: { name: 'Please fill in all required fields', country: 'Please fill in all required fields' },
      },
    });
  });

  it('accepts only a whole 5-character UN/LOCODE', async () => {
    for (const un_code of ['TRQQ', 'TRQQXY', '12QQX']) {
      const res = await create({ name: 'Bad Code', country: 'Turkey', un_code });
      expect(res.status, un_code).toBe(400);
      expect((await res.json()).error.message).toBe('UN Code must be 5 characters: a 2-letter country code and a 3-character location code (e.g. TRIST)');
    }
    expect((await create({ name: 'Digits Port', country: 'United States', un_code: 'usqq5' })).status).toBe(201);
    const malformed = await t.request('/api/seaports', { method: 'POST', body: 'not json', cookie: cookies.admin });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe('invalid_input');
  });

  it('answers 409 for a duplicate UN code, whatever its case', async () => {
    for (const un_code of ['NLRTM', 'nlrtm']) {
      const res = await create({ name: 'Rotterdam Two', country: 'Netherlands', un_code });
      expect(res.status).toBe(409);
      expect((await res.json()).error).toEqual({
        code: 'conflict',
        message: 'A port with UN code NLRTM already exists',
        fields: { un_code: 'A port with UN code NLRTM already exists' },
      });
    }
  });
});

describe('GET, PUT, DELETE /api/seaports/:id', () => {
  it('reads one port; unknown or malformed ids are 404', async () => {
    const id = await idOf('DEHAM');
    expect(await (await t.request(`/api/seaports/${id}`, { cookie: cookies.import })).json()).toEqual({ id, name: 'Hamburg', country: 'Germany', un_code: 'DEHAM' });
    for (const bad of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await t.request(`/api/seaports/${bad}`, { cookie: cookies.admin });
      expect(res.status).toBe(404);
      expect((await res.json()).error.message).toBe('Port not found');
    }
  });

  it('saves changes with the same rules as create', async () => {
    const created = (await (await create({ name: 'Edit Port', country: 'Turkey', un_code: 'TRQQE' })).json()) as Row;
    const path = `/api/seaports/${created.id}`;
    const res = await t.request(path, { method: 'PUT', body: { name: 'Edited Port, Izmir', country: 'Türkiye', un_code: 'trqqf' }, cookie: cookies.admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: created.id, name: 'Edited Port, Izmir', country: 'Türkiye', un_code: 'TRQQF' });
    const invalid = await t.request(path, { method: 'PUT', body: { name: 'Edited', country: ' ' }, cookie: cookies.admin });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.message).toBe('Please fill in all required fields');
    const dup = await t.request(path, { method: 'PUT', body: { name: 'Edited', country: 'Turkey', un_code: 'DEHAM' }, cookie: cookies.admin });
    expect(dup.status).toBe(409);
    expect((await dup.json()).error.message).toBe('A port with UN code DEHAM already exists');
    const cleared = await t.request(path, { method: 'PUT', body: { name: 'Edited', country: 'Turkey', un_code: null }, cookie: cookies.admin });
    expect((await cleared.json()).un_code).toBeNull();
    const missing = await t.request('/api/seaports/00000000-0000-4000-8000-000000000000', { method: 'PUT', body: { name: 'X', country: 'Y' }, cookie: cookies.admin });
    expect(missing.status).toBe(404);
  });

  it('deletes a port; a second delete is 404 and the total drops by one', async () => {
    const before = await portCount();
    const created = (await (await create({ name: 'Delete Port', country: 'Turkey', un_code: 'TRQQD' })).json()) as Row;
    expect((await list('')).total).toBe(before + 1);
    const path = `/api/seaports/${created.id}`;
    expect((await t.request(path, { method: 'DELETE', cookie: cookies.admin })).status).toBe(204);
    expect((await t.request(path, { cookie: cookies.admin })).status).toBe(404);
    expect((await t.request(path, { method: 'DELETE', cookie: cookies.admin })).status).toBe(404);
    expect((await list('')).total).toBe(before);
  });
});
