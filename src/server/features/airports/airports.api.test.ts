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

type Row = { id: string; iata_code: string; name: string; iso_country: string; municipality: string | null };
type PageBody = { rows: Row[]; total: number; page: number; pageSize: number };

const list = async (query: string, cookie = cookies.admin) => {
  const res = await t.request(`/api/airports${query}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as PageBody;
};
const create = (body: unknown, cookie = cookies.admin) => t.request('/api/airports', { method: 'POST', body, cookie });
const idOf = async (iata: string) =>
  (await t.db.execute<{ id: string }>(sql`select id from airports where iata_code = ${iata}`)).rows[0]!.id;
/** The SQL truth for a search: the same match and order the API promises (ignoring case and accents; exact IATA first, then name, then code). */
const expectedCodes = async (pattern: string, exact: string | null, limit: number, offset = 0) =>
  (
    await t.db.execute<{ iata_code: string }>(sql`
      select iata_code from airports
      where cargodesk_fold(iata_code) like cargodesk_fold(${pattern}) or cargodesk_fold(name) like cargodesk_fold(${pattern})
        or cargodesk_fold(municipality) like cargodesk_fold(${pattern})
      order by (iata_code = ${exact ?? ''}) desc, name collate "und-x-icu", iata_code limit ${limit} offset ${offset}`)
  ).rows.map((r) => r.iata_code);
const airportCount = async () => Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from airports`)).rows[0]!.n);

describe('permissions', () => {
  const routes = async () => {
    const id = await idOf('FRA');
    return [
      { method: 'GET', path: '/api/airports', write: false },
      { method: 'GET', path: `/api/airports/${id}`, write: false },
      { method: 'POST', path: '/api/airports', write: true, body: { iata_code: 'QQX', name: 'Perm Test', iso_country: 'TR' } },
      { method: 'PUT', path: `/api/airports/${id}`, write: true, body: { iata_code: 'FRA', name: 'Changed', iso_country: 'DE' } },
      { method: 'DELETE', path: `/api/airports/${id}`, write: true },
    ];
  };

  it('answers 401 without a session on every route', async () => {
    for (const r of await routes()) {
      const res = await t.request(r.path, { method: r.method, body: r.body });
      expect(res.status, `${r.method} ${r.path}`).toBe(401);
    }
  });

  it('lets every staff role read; a customer may search the list (the pickers of a request, issue 15) but not open a record (403)', async () => {
    for (const r of (await routes()).filter((x) => !x.write)) {
      for (const role of ['admin', 'export', 'import'] as const) expect((await t.request(r.path, { cookie: cookies[role] })).status).toBe(200);
      const res = await t.request(r.path, { cookie: cookies.customer });
      if (r.path === '/api/airports') {
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
        const res = await t.request(r.path, { method: r.method, body: r.body, cookie: cookies[role] });
        expect(res.status, `${role} ${r.method} ${r.path}`).toBe(403);
      }
      // Even an invalid body is refused for the role first, never validated for it.
      expect((await t.request(r.path, { method: r.method, body: {}, cookie: cookies.export })).status).toBe(403);
    }
    const fra = (await (await t.request(`/api/airports/${await idOf('FRA')}`, { cookie: cookies.admin })).json()) as Row;
    expect(fra.name).toBe('Frankfurt Airport');
    expect((await t.db.execute(sql`select 1 from airports where iata_code = 'QQX'`)).rows).toHaveLength(0);
  });
});

describe('GET /api/airports', () => {
  it('pages 10 by default, ordered by name, with the exact total of the real data', async () => {
    const total = await airportCount();
    expect(total).toBeGreaterThan(4000);
    const first = await list('');
    expect(first).toMatchObject({ page: 1, pageSize: 10, total });
    expect(first.rows).toHaveLength(10);
    expect(first.rows.map((r) => r.iata_code)).toEqual(await expectedCodes('%', null, 10));
    expect(Object.keys(first.rows[0]!).sort()).toEqual(['iata_code', 'id', 'iso_country', 'municipality', 'name']);
    const second = await list('?page=2');
    expect(second.rows.map((r) => r.iata_code)).toEqual(await expectedCodes('%', null, 10, 10));
  });

  it('answers the last partial page and an empty page past the end with the same total', async () => {
    const total = await airportCount();
    const lastPage = Math.ceil(total / 100);
    const last = await list(`?page=${lastPage}&pageSize=100`);
    expect(last.rows).toHaveLength(total - (lastPage - 1) * 100);
    const past = await list(`?page=${lastPage + 1}&pageSize=100`);
    expect(past).toMatchObject({ rows: [], total, page: lastPage + 1, pageSize: 100 });
  });

  it('refuses bad paging with a message', async () => {
    const tooBig = await t.request('/api/airports?pageSize=101', { cookie: cookies.admin });
    expect(tooBig.status).toBe(400);
    expect((await tooBig.json()).error.message).toBe('pageSize must be at most 100');
    for (const q of ['?page=0', '?page=abc', '?pageSize=0', `?q=${'x'.repeat(201)}`]) {
      expect((await t.request(`/api/airports${q}`, { cookie: cookies.admin })).status, q).toBe(400);
    }
  });

  it('searches IATA code, name and city, case-insensitively', async () => {
    expect((await list('?q=culleredo')).rows.map((r) => r.iata_code)).toEqual(['LCG']);
    const frankfurt = await list('?q=frankfurt am main');
    expect(frankfurt.rows.map((r) => r.iata_code)).toContain('FRA');
    expect(frankfurt.total).toBe(frankfurt.rows.length);
    const byCity = await list('?q=Arnavutköy');
    expect(byCity.rows.map((r) => r.iata_code)).toEqual(['IST']);
  });

  it('puts an exact IATA match first, then orders by name (the shipment form picker: q and pageSize=20)', async () => {
    const res = await list('?q=arn&pageSize=20');
    expect(res.rows[0]!.iata_code).toBe('ARN');
    expect(res.total).toBeGreaterThan(5);
    expect(res.rows.map((r) => r.iata_code)).toEqual(await expectedCodes('%arn%', 'ARN', 20));
    // Without the exact match ARN would sort by its name, not first.
    expect((await expectedCodes('%arn%', null, 20))[0]).not.toBe('ARN');
  });

  it('treats %, _, backslash and quotes as literal characters', async () => {
    expect((await list('?q=%25')).total).toBe(0);
    expect((await list('?q=_')).total).toBe(0);
    expect((await list('?q=%5C')).total).toBe(0);
    const doubleQuote = await list(`?q=${encodeURIComponent('"Gino Lisa"')}`);
    expect(doubleQuote.rows.map((r) => r.iata_code)).toEqual(['FOG']);
    const quote = await list(`?q=${encodeURIComponent("Arthur's")}`);
    expect(quote.rows.map((r) => r.iata_code)).toEqual(['ATC']);
    expect((await list(`?q=${encodeURIComponent("'; drop table airports; --")}`)).total).toBe(0);
    expect(await airportCount()).toBeGreaterThan(4000);

    const created = await create({ iata_code: 'QQZ', name: '50%_off Field "Test"', iso_country: 'XX' });
    expect(created.status).toBe(201);
    expect((await list('?q=%25')).rows.map((r) => r.iata_code)).toEqual(['QQZ']);
    expect((await list('?q=0%25_o')).rows.map((r) => r.iata_code)).toEqual(['QQZ']);
    expect((await list('?q=_')).rows.map((r) => r.iata_code)).toEqual(['QQZ']);
    expect((await list(`?q=${encodeURIComponent('"Test"')}`)).rows.map((r) => r.iata_code)).toEqual(['QQZ']);
    expect((await list(`?q=${encodeURIComponent('Field "')}`)).rows.map((r) => r.iata_code)).toEqual(['QQZ']);
    expect((await t.request(`/api/airports/${(await created.json()).id}`, { method: 'DELETE', cookie: cookies.admin })).status).toBe(204);
  });

  it('finds unicode names', async () => {
    expect((await list(`?q=${encodeURIComponent('Coruña')}`)).rows.map((r) => r.iata_code)).toEqual(['LCG']);
    expect((await list(`?q=${encodeURIComponent('Zürich')}`)).rows.map((r) => r.iata_code)).toContain('ZRH');
    expect((await list(`?q=${encodeURIComponent('İstanbul Airport')}`)).rows.map((r) => r.iata_code)).toEqual(['IST']);
    expect((await list(`?q=${encodeURIComponent('空港 🛫')}`)).total).toBe(0);
  });
});

describe('POST /api/airports', () => {
  it('creates an airport with codes uppercased and an empty city saved as null', async () => {
    const res = await create({ iata_code: 'qqx', name: '  Test Field One ', iso_country: 'tr', municipality: '' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Row;
    expect(body).toEqual({ id: expect.any(String), iata_code: 'QQX', name: 'Test Field One', iso_country: 'TR', municipality: null });
    expect((await list('?q=qqx')).rows).toEqual([body]);
  });

  it("answers 400 'Please fill in all required fields' naming the missing fields", async () => {
    const res = await create({ iata_code: '', name: ' ', municipality: 'Somewhere' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: 'Please fill in all required fields',
        fields: { iata_code: 'Please fill in all required fields', name: 'Please fill in all required fields', iso_country: 'Please fill in all required fields' },
      },
    });
    const symbols = await create({ iata_code: '1%_', name: 'X', iso_country: '--' });
    expect((await symbols.json()).error.message).toBe('Please fill in all required fields');
  });

  it('refuses codes of the wrong length', async () => {
    const short = await create({ iata_code: 'QQ', name: 'Short', iso_country: 'TR' });
    expect(short.status).toBe(400);
    expect((await short.json()).error).toMatchObject({ message: 'IATA code must be 3 letters', fields: { iata_code: 'IATA code must be 3 letters' } });
    const long = await create({ iata_code: 'QQXY', name: 'Long', iso_country: 'TR' });
    expect((await long.json()).error.message).toBe('IATA code must be 3 letters');
    const country = await create({ iata_code: 'QQY', name: 'Country', iso_country: 'TUR' });
    expect((await country.json()).error.message).toBe('Country code must be 2 letters');
    const malformed = await t.request('/api/airports', { method: 'POST', body: '{"iata_code": ', cookie: cookies.admin });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe('invalid_input');
  });

  it('answers 409 for a duplicate IATA code, whatever its case', async () => {
    for (const code of ['IST', 'ist']) {
      const res = await create({ iata_code: code, name: 'Another Istanbul', iso_country: 'TR' });
      expect(res.status).toBe(409);
      expect((await res.json()).error).toEqual({
        code: 'conflict',
        message: 'An airport with IATA code IST already exists',
        fields: { iata_code: 'An airport with IATA code IST already exists' },
      });
    }
    expect((await list('?q=IST&pageSize=100')).rows.filter((r) => r.iata_code === 'IST')).toHaveLength(1);
  });
});

describe('GET, PUT, DELETE /api/airports/:id', () => {
  it('reads one airport; unknown or malformed ids are 404', async () => {
    const id = await idOf('LHR');
    const res = await t.request(`/api/airports/${id}`, { cookie: cookies.export });
    expect(await res.json()).toEqual({ id, iata_code: 'LHR', name: 'London Heathrow Airport', iso_country: 'GB', municipality: 'London' });
    for (const bad of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const missing = await t.request(`/api/airports/${encodeURIComponent(bad)}`, { cookie: cookies.admin });
      expect(missing.status, bad).toBe(404);
      expect((await missing.json()).error.message).toBe('Airport not found');
    }
  });

  it('saves changes with the same rules as create', async () => {
    const created = (await (await create({ iata_code: 'ZZX', name: 'Edit Me', iso_country: 'DE' })).json()) as Row;
    const path = `/api/airports/${created.id}`;
    const res = await t.request(path, { method: 'PUT', body: { iata_code: 'zzy', name: 'Edited', iso_country: 'nl', municipality: ' Delft ' }, cookie: cookies.admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: created.id, iata_code: 'ZZY', name: 'Edited', iso_country: 'NL', municipality: 'Delft' });
    const invalid = await t.request(path, { method: 'PUT', body: { iata_code: 'ZZY', name: '', iso_country: 'NL' }, cookie: cookies.admin });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.message).toBe('Please fill in all required fields');
    const dup = await t.request(path, { method: 'PUT', body: { iata_code: 'FRA', name: 'Edited', iso_country: 'NL' }, cookie: cookies.admin });
    expect(dup.status).toBe(409);
    expect((await dup.json()).error.message).toBe('An airport with IATA code FRA already exists');
    const same = await t.request(path, { method: 'PUT', body: { iata_code: 'ZZY', name: 'Edited again', iso_country: 'NL' }, cookie: cookies.admin });
    expect(same.status).toBe(200);
    const missing = await t.request('/api/airports/00000000-0000-4000-8000-000000000000', {
      method: 'PUT', body: { iata_code: 'ZZW', name: 'Nobody', iso_country: 'NL' }, cookie: cookies.admin,
    });
    expect(missing.status).toBe(404);
  });

  it('deletes an airport; a second delete is 404 and the total drops by one', async () => {
    const before = await airportCount();
    const created = (await (await create({ iata_code: 'QQV', name: 'Delete Me', iso_country: 'DE' })).json()) as Row;
    expect((await list('')).total).toBe(before + 1);
    const path = `/api/airports/${created.id}`;
    const res = await t.request(path, { method: 'DELETE', cookie: cookies.admin });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await t.request(path, { cookie: cookies.admin })).status).toBe(404);
    expect((await t.request(path, { method: 'DELETE', cookie: cookies.admin })).status).toBe(404);
    expect((await list('')).total).toBe(before);
  });
});
