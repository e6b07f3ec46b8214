import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { SAMPLES, upload } from '@server/features/documents/test-fixtures';

// Issue 20: search ignores case and accents on every list, and names sort as people expect (migration 0014). Runs on
// PGlite and on PostgreSQL (scripts/test-api.mjs), so both engines fold and sort the same way.

let t: TestApp;
let admin: string;

type Page<T> = { rows: T[]; total: number };
async function get<T>(path: string, cookie = admin): Promise<Page<T>> {
  const res = await t.request(path, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Page<T>;
}
const names = (p: Page<{ name?: string; original_name?: string }>) => p.rows.map((r) => r.original_name ?? r.name);

const TOKEN = 'qx8';
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@cargodesk.test');
  for (const name of [`Warehouse receipt ${TOKEN}.pdf`, `Çeki Listesi ${TOKEN}.pdf`, `anim ${TOKEN}.gif`, `ceki draft ${TOKEN}.txt`]) {
    const bytes = name.endsWith('.gif') ? SAMPLES.gif! : name.endsWith('.txt') ? Buffer.from('packing list') : SAMPLES.pdf!;
    expect((await upload(t, admin, name, bytes)).status).toBe(201);
  }
  for (const name of [`Müller Spedition ${TOKEN}`, `Şişli Tekstil ${TOKEN}`, `anadolu Trade ${TOKEN}`]) {
    expect((await t.request('/api/companies', { body: { name }, cookie: admin })).status).toBe(201);
  }
});
afterAll(async () => t?.close());

describe('search ignores case and accents', () => {
  it('finds "Çeki Listesi" in documents for ceki, CEKI and çeki', async () => {
    for (const q of ['ceki', 'CEKI', 'çeki', 'Çeki list']) {
      const found = names(await get(`/api/documents?q=${encodeURIComponent(q)}&pageSize=50`));
      expect(found, q).toContain(`Çeki Listesi ${TOKEN}.pdf`);
    }
    const both = names(await get(`/api/documents?q=${encodeURIComponent(`ceki`)}&pageSize=50`));
    expect(both).toContain(`ceki draft ${TOKEN}.txt`);
  });

  it('finds "İstanbul Airport" for istanbul airport, and Arnavutköy for arnavutkoy', async () => {
    const byName = names(await get('/api/airports?q=istanbul%20airport'));
    expect(byName).toContain('İstanbul Airport');
    const byCity = await get<{ iata_code: string }>('/api/airports?q=arnavutkoy');
    expect(byCity.rows.map((r) => r.iata_code)).toContain('IST');
  });

  it('finds companies whatever accents or case the name was typed with', async () => {
    expect(names(await get(`/api/companies?q=muller%20spedition`))).toEqual([`Müller Spedition ${TOKEN}`]);
    expect(names(await get(`/api/companies?q=${encodeURIComponent('SISLI')}`))).toEqual([`Şişli Tekstil ${TOKEN}`]);
    expect(names(await get(`/api/companies?q=${encodeURIComponent('şişli')}`))).toEqual([`Şişli Tekstil ${TOKEN}`]);
  });

  it('finds a shipment by an accented cargo description typed without accents', async () => {
    await t.db.execute(sql`update shipments set cargo_description = 'Kuru kayısı, Malatya'
      where id = (select id from shipments order by reference_number limit 1)`);
    const res = await get<{ cargo_description: string }>('/api/shipments?q=kuru%20kay%C4%B1si');
    expect(res.rows.map((r) => r.cargo_description)).toEqual(['Kuru kayısı, Malatya']);
    expect((await get<{ cargo_description: string }>('/api/shipments?q=KURU%20KAYISI')).total).toBe(1);
  });

  it('still takes LIKE characters literally', async () => {
    expect((await get(`/api/companies?q=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await get(`/api/documents?q=${encodeURIComponent('_')}`)).rows.every((r) => JSON.stringify(r).includes('_'))).toBe(true);
  });

  it('answers from the trigram index built on the folded text', async () => {
    // On a small table the planner may prefer a scan of everything; with those plans off, the search must be able to
    // use the trigram index (a bitmap scan), which it can only if the index is on the same folded expression.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(sql`set local enable_indexonlyscan = off`);
      return tx.execute(sql`explain select id from companies where cargodesk_fold(name) like cargodesk_fold('%muller%')`);
    });
    const text = JSON.stringify((plan as unknown as { rows: unknown[] }).rows);
    expect(text).toContain('companies_name_trgm');
  });
});

describe('names sort as people expect', () => {
  it('sorts documents by name with "anim" before "Warehouse" and "Çeki" beside "ceki"', async () => {
    const sorted = names(await get(`/api/documents?q=${TOKEN}&sort=name&dir=asc`));
    expect(sorted).toEqual([`anim ${TOKEN}.gif`, `ceki draft ${TOKEN}.txt`, `Çeki Listesi ${TOKEN}.pdf`, `Warehouse receipt ${TOKEN}.pdf`]);
  });

  it('sorts companies by name ignoring case and accents', async () => {
    expect(names(await get(`/api/companies?q=${TOKEN}`))).toEqual([`anadolu Trade ${TOKEN}`, `Müller Spedition ${TOKEN}`, `Şişli Tekstil ${TOKEN}`]);
  });
});

describe('GET /api/companies/same-name: a warning about a name already in use', () => {
  const sameName = async (query: string, cookie = admin) => t.request(`/api/companies/same-name?${query}`, { cookie });
  const rowsOf = async (res: Response) => ((await res.json()) as { rows: { id: string; name: string }[] }).rows;

  it('finds the company whatever case, accents and outer spaces the name was typed with, and only equal names', async () => {
    for (const name of [`muller spedition ${TOKEN}`, `  MÜLLER SPEDITION ${TOKEN.toUpperCase()} `, `Müller Spedition ${TOKEN}`]) {
      const res = await sameName(`name=${encodeURIComponent(name)}`);
      expect(res.status).toBe(200);
      expect((await rowsOf(res)).map((r) => r.name), name).toEqual([`Müller Spedition ${TOKEN}`]);
    }
    expect(await rowsOf(await sameName('name=M%C3%BCller'))).toEqual([]);
  });

  it('leaves out the company being edited, and still lets a second company with that name be created', async () => {
    const [own] = await rowsOf(await sameName(`name=${encodeURIComponent(`Şişli Tekstil ${TOKEN}`)}`));
    expect(await rowsOf(await sameName(`name=${encodeURIComponent(`sisli tekstil ${TOKEN}`)}&exclude=${own!.id}`))).toEqual([]);
    const twin = await t.request('/api/companies', { body: { name: `SISLI TEKSTIL ${TOKEN}` }, cookie: admin });
    expect(twin.status).toBe(201);
    expect((await rowsOf(await sameName(`name=${encodeURIComponent(`şişli tekstil ${TOKEN}`)}`))).length).toBe(2);
  });

  it('answers 400 without a name and 403 to customers', async () => {
    const missing = await sameName('name=%20');
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('Enter a company name');
    const customer = await t.signIn('customer@cargodesk.test');
    expect((await sameName('name=Anatolia', customer)).status).toBe(403);
  });
});

describe('a list page and its exact total (decision record 0305)', () => {
  it('the shipment list counts the same from the rollup and by counting, and a page past the end keeps its total', async () => {
    const count = async (where: ReturnType<typeof sql>) => (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from shipments where ${where}`)).rows[0]!.n;
    const all = await count(sql`true`);
    const sea = await count(sql`type = 'sea'`);
    const mine = await count(sql`handler_id = (select id from users where email = 'admin@cargodesk.test')`);
    expect(all).toBeGreaterThan(sea);
    expect(mine).toBeGreaterThan(0);
    // The rollup's total (no filter, a type) rides in the page's statement; one's own shipments are counted.
    for (const [query, n] of [['', all], ['type=sea', sea], ['mine=true', mine]] as const) {
      expect((await get(`/api/shipments?${query}&pageSize=1`)).total, query).toBe(n);
      const past = await get(`/api/shipments?${query}&page=9999&pageSize=100`);
      expect([past.rows.length, past.total], query).toEqual([0, n]);
    }
    // A customer's list under row-level security: the company's shipments only, past the end too.
    const customer = await t.signIn('customer@cargodesk.test');
    const [{ company_id }] = (await t.db.execute<{ company_id: string }>(sql`select company_id from customers where email = 'customer@cargodesk.test'`)).rows as [{ company_id: string }];
    const own = await count(sql`company_id = ${company_id}`);
    expect(own).toBeGreaterThan(0);
    expect((await get('/api/shipments?pageSize=1', customer)).total).toBe(own);
    expect((await get('/api/shipments?page=9999', customer)).total).toBe(own);
  });
});
