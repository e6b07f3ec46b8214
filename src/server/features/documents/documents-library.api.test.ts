import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEMO_COMPANY } from '@server/db/seed/demo-fixtures';
import { DOCUMENTS_PAGE_SIZE } from '@domain/documents/rules';
import { SAMPLES, json, upload } from './test-fixtures';

let t: TestApp;
let admin: string;
let exporter: string;

/** Ten documents with one search token, uploaded in this order; two share a size. */
const TOKEN = 'zq7';
const UPLOADS: [string, Buffer][] = [
  ['alpha.pdf', SAMPLES.pdf!],
  ['beta.docx', SAMPLES.docx!],
  ['gamma.xlsx', SAMPLES.xlsx!],
  ['delta.png', SAMPLES.png!],
  ['epsilon.gif', SAMPLES.gif!],
  ['zeta.txt', Buffer.from('z'.repeat(300))],
  ['eta.jpg', SAMPLES.jpg!],
  ['theta.doc', SAMPLES.doc!],
  ['iota.xls', SAMPLES.xls!],
  ['kappa.txt', Buffer.from('k'.repeat(300))],
];
const originals = UPLOADS.map(([n]) => `${TOKEN} ${n}`);
type Row = { name: string; original_name: string; size: number; assignment: unknown; uploaded_by_name: string };

async function list(query: string, cookie = admin) {
  const res = await t.request(`/api/documents?${query}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<{ rows: Row[]; total: number; page: number; pageSize: number }>(res);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@cargodesk.test');
  exporter = await t.signIn('export@cargodesk.test');
  for (const [i, [name, bytes]] of UPLOADS.entries()) {
    const res = await upload(t, i % 2 ? exporter : admin, `${TOKEN} ${name}`, bytes);
    expect(res.status).toBe(201);
  }
});
afterAll(async () => t?.close());

describe('GET /api/documents', () => {
  it('pages 8 at a time, newest first by default, with the exact total', async () => {
    const first = await list(`q=${TOKEN}`);
    expect(first).toMatchObject({ total: 10, page: 1, pageSize: DOCUMENTS_PAGE_SIZE });
    expect(first.rows.map((r) => r.original_name)).toEqual([...originals].reverse().slice(0, 8));
    const second = await list(`q=${TOKEN}&page=2`);
    expect(second.rows.map((r) => r.original_name)).toEqual([...originals].reverse().slice(8));
    expect((await list(`q=${TOKEN}&page=3`)).rows).toEqual([]);
    expect((await list(`q=${TOKEN}&pageSize=3`)).rows).toHaveLength(3);
    const all = await list('pageSize=100');
    expect(all.total).toBe(all.rows.length);
    expect(all.total).toBeGreaterThanOrEqual(15); // the ten above and the demo's five
  });

  it('searches the original name case-insensitively, with LIKE characters taken literally', async () => {
    expect((await list('q=ZQ7%20ALPHA')).rows.map((r) => r.original_name)).toEqual(['zq7 alpha.pdf']);
    await upload(t, admin, '100%_off price list.txt', Buffer.from('x'));
    expect((await list(`q=${encodeURIComponent('100%_')}`)).rows.map((r) => r.original_name)).toEqual(['100%_off price list.txt']);
    expect((await list(`q=${encodeURIComponent('%')}`)).total).toBe(1);
    expect((await list(`q=${encodeURIComponent('_')}`)).total).toBe(1);
    expect((await list('q=no-such-document')).total).toBe(0);
  });

  it.each([
    ['pdf', ['alpha.pdf']],
    ['word', ['beta.docx', 'theta.doc']],
    ['excel', ['gamma.xlsx', 'iota.xls']],
    ['image', ['delta.png', 'eta.jpg']],
    ['text', ['kappa.txt', 'zeta.txt']],
  ])('filters type=%s by extension (spec section 9: gif is only in All Types)', async (type, expected) => {
    const page = await list(`q=${TOKEN}&type=${type}&sort=name&dir=asc`);
    expect(page.rows.map((r) => r.original_name)).toEqual(expected.map((n) => `${TOKEN} ${n}`));
    expect(page.total).toBe(expected.length);
  });

  it('keeps every type under All Types and refuses an unknown filter', async () => {
    expect((await list(`q=${TOKEN}&type=all`)).total).toBe(10);
    expect((await t.request('/api/documents?type=video', { cookie: admin })).status).toBe(400);
    expect((await t.request('/api/documents?sort=owner', { cookie: admin })).status).toBe(400);
  });

  it('sorts by name and by size both ways, ties broken by the stored name', async () => {
    const byName = (await list(`q=${TOKEN}&sort=name&pageSize=20`)).rows.map((r) => r.original_name);
    expect(byName).toEqual([...originals].sort());
    const byNameDesc = (await list(`q=${TOKEN}&sort=name&dir=desc&pageSize=20`)).rows.map((r) => r.original_name);
    expect(byNameDesc).toEqual([...originals].sort().reverse());

    const bySize = (await list(`q=${TOKEN}&sort=size&pageSize=20`)).rows;
    const expected = [...bySize].sort((a, b) => a.size - b.size || (a.name < b.name ? -1 : 1));
    expect(bySize.map((r) => r.name)).toEqual(expected.map((r) => r.name));
    const tied = bySize.filter((r) => r.size === 300).map((r) => r.name);
    expect(tied).toHaveLength(2);
    const bySizeDesc = (await list(`q=${TOKEN}&sort=size&dir=desc&pageSize=20`)).rows.map((r) => r.name);
    expect(bySizeDesc).toEqual(expected.map((r) => r.name).reverse());
    // Paging through a sort with ties never repeats or skips a row.
    const paged = [...(await list(`q=${TOKEN}&sort=size&pageSize=3`)).rows, ...(await list(`q=${TOKEN}&sort=size&pageSize=3&page=2`)).rows];
    expect(paged.map((r) => r.name)).toEqual(expected.slice(0, 6).map((r) => r.name));
  });

  it('shows the uploader and the assignment (reference, type, company, assigner, time)', async () => {
    const rows = (await list(`q=${TOKEN}&sort=name&pageSize=20`)).rows;
    expect(rows.find((r) => r.original_name === 'zq7 alpha.pdf')?.uploaded_by_name).toBe('Aylin Demir');
    expect(rows.find((r) => r.original_name === 'zq7 beta.docx')?.uploaded_by_name).toBe('Emre Kaya');
    expect(rows.every((r) => r.assignment === null)).toBe(true);
    const demo = (await list('q=Commercial%20Invoice')).rows[0]!;
    expect(demo.assignment).toEqual({
      shipment_id: expect.any(String),
      reference_number: expect.stringMatching(/^CD-/),
      shipment_type: expect.stringMatching(/^(air|sea|land|partial)$/),
      company_name: DEMO_COMPANY,
      assigned_by_name: 'Emre Kaya',
      assigned_at: expect.any(String),
    });
  });
});

describe('GET /api/documents/assignable-shipments', () => {
  type Option = { id: string; reference_number: string; type: string; status: string; company_id: string; company_name: string };
  const options = async (query: string, cookie = admin) => {
    const res = await t.request(`/api/documents/assignable-shipments${query}`, { cookie });
    expect(res.status).toBe(200);
    return (await json<{ rows: Option[] }>(res)).rows;
  };

  it('gives an admin the 50 newest shipments of every handler', async () => {
    const rows = await options('');
    expect(rows).toHaveLength(50);
    const newest = await t.db.execute<{ id: string }>(sql`select id from shipments order by created_at desc, id desc limit 50`);
    expect(rows.map((r) => r.id)).toEqual(newest.rows.map((r) => r.id));
    expect(Object.keys(rows[0]!).sort()).toEqual(['company_id', 'company_name', 'id', 'reference_number', 'status', 'type']);
  });

  it('gives an export handler only the shipments they handle', async () => {
    const rows = await options('', exporter);
    expect(rows.length).toBeGreaterThan(0);
    const ids = sql.join(rows.map((r) => sql`${r.id}`), sql`, `);
    const foreign = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from shipments s join users u on u.id = s.handler_id
      where s.id::text in (${ids}) and u.email <> 'export@cargodesk.test'`);
    expect(foreign.rows[0]!.n).toBe(0);
  });

  it('searches the reference number and the company name', async () => {
    const [some] = await options('');
    const byRef = await options(`?q=${encodeURIComponent(some!.reference_number.toLowerCase())}`);
    expect(byRef.map((r) => r.id)).toContain(some!.id);
    const byCompany = await options(`?q=${encodeURIComponent('anatolia textiles')}`);
    expect(byCompany.length).toBeGreaterThan(0);
    expect(byCompany.every((r) => r.company_name === DEMO_COMPANY)).toBe(true);
    expect(await options('?q=%25%25')).toEqual([]);
  });
});
