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

const REQUIRED = 'Name and country are required';
const valid = { name: 'Test Consol', country: 'Germany' };
type Row = { id: string; name: string; country: string; registration_number: string | null };

async function create(body: Record<string, unknown>): Promise<Row> {
  const res = await t.request('/api/consolidation-agents', { body, cookie: cookies.admin });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}
const list = async (query: string, cookie = cookies.admin) => {
  const res = await t.request(`/api/consolidation-agents?${query}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { rows: Row[]; total: number; page: number; pageSize: number };
};

describe('permissions', () => {
  it('needs a session on every route', async () => {
    const { id } = await create({ ...valid, name: 'Perm Anon' });
    for (const res of await Promise.all([
      t.request('/api/consolidation-agents'),
      t.request(`/api/consolidation-agents/${id}`),
      t.request('/api/consolidation-agents', { body: valid }),
      t.request(`/api/consolidation-agents/${id}`, { method: 'PUT', body: valid }),
      t.request(`/api/consolidation-agents/${id}`, { method: 'DELETE' }),
    ])) {
      expect(res.status).toBe(401);
    }
  });

  it('forbids customers everything', async () => {
    const { id } = await create({ ...valid, name: 'Perm Customer' });
    const cookie = cookies.customer;
    for (const res of await Promise.all([
      t.request('/api/consolidation-agents', { cookie }),
      t.request(`/api/consolidation-agents/${id}`, { cookie }),
      t.request('/api/consolidation-agents', { body: valid, cookie }),
      t.request(`/api/consolidation-agents/${id}`, { method: 'PUT', body: valid, cookie }),
      t.request(`/api/consolidation-agents/${id}`, { method: 'DELETE', cookie }),
    ])) {
      expect(res.status).toBe(403);
    }
  });

  it('lets export and import handlers read (the partial shipment form) but not write', async () => {
    const { id } = await create({ ...valid, name: 'Perm Handler' });
    for (const role of ['export', 'import'] as const) {
      const cookie = cookies[role];
      expect((await t.request('/api/consolidation-agents?q=perm', { cookie })).status).toBe(200);
      expect((await t.request(`/api/consolidation-agents/${id}`, { cookie })).status).toBe(200);
      expect((await t.request('/api/consolidation-agents', { body: valid, cookie })).status).toBe(403);
      expect((await t.request(`/api/consolidation-agents/${id}`, { method: 'PUT', body: valid, cookie })).status).toBe(403);
      expect((await t.request(`/api/consolidation-agents/${id}`, { method: 'DELETE', cookie })).status).toBe(403);
    }
  });
});

describe('create, read, update, delete', () => {
  it('creates, reads, changes and deletes', async () => {
    const created = await create({ name: 'Baltic Groupage', country: 'Poland', registration_number: 'KRS 0000123', contact_email: 'air@baltic.example', contact_phone: '+48 58 555 1200', website: 'baltic.example' });
    expect(created).toMatchObject({ name: 'Baltic Groupage', country: 'Poland', registration_number: 'KRS 0000123' });
    expect(await (await t.request(`/api/consolidation-agents/${created.id}`, { cookie: cookies.import })).json()).toEqual(created);
    const res = await t.request(`/api/consolidation-agents/${created.id}`, { method: 'PUT', body: { name: 'Baltic Air Groupage', country: 'Poland', registration_number: '' }, cookie: cookies.admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Baltic Air Groupage', registration_number: null, contact_email: null, website: null });
    expect((await t.request(`/api/consolidation-agents/${created.id}`, { method: 'DELETE', cookie: cookies.admin })).status).toBe(204);
    const gone = await t.request(`/api/consolidation-agents/${created.id}`, { cookie: cookies.admin });
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.message).toBe('Consolidation agent not found');
    expect((await t.request(`/api/consolidation-agents/${created.id}`, { method: 'DELETE', cookie: cookies.admin })).status).toBe(404);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', "1' or '1'='1"]) {
      for (const init of [{}, { method: 'PUT', body: valid }, { method: 'DELETE' }]) {
        const res = await t.request(`/api/consolidation-agents/${encodeURIComponent(id)}`, { ...init, cookie: cookies.admin });
        expect(res.status).toBe(404);
      }
    }
  });

  it('refuses to delete an agent that partial shipments use (409)', async () => {
    const used = (await t.db.execute<{ id: string; name: string; n: number }>(sql`
      select a.id, a.name, count(*)::int as n from consolidation_agents a join shipments s on s.consolidation_agent_id = a.id group by a.id, a.name limit 1`)).rows[0]!;
    const res = await t.request(`/api/consolidation-agents/${used.id}`, { method: 'DELETE', cookie: cookies.admin });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toEqual({
      code: 'conflict',
      message: `${used.name} cannot be deleted: it is the consolidation agent of ${used.n} shipment(s). Choose another agent on those shipments first.`,
    });
  });
});

describe('validation', () => {
  it('names the required fields in one message, on add and on edit', async () => {
    const { id } = await create({ ...valid, name: 'Edit Me' });
    for (const body of [{}, { name: 'Only' }, { country: 'Only' }, { name: '', country: '' }, { name: null, country: 'DE' }]) {
      for (const [path, method] of [['/api/consolidation-agents', 'POST'], [`/api/consolidation-agents/${id}`, 'PUT']] as const) {
        const res = await t.request(path, { method, body, cookie: cookies.admin });
        expect(res.status).toBe(400);
        expect((await res.json()).error.message).toBe(REQUIRED);
      }
    }
  });

  it('checks email, phone and website', async () => {
    for (const [patch, message] of [
      [{ contact_email: 'x@y' }, PARTNER_MESSAGES.invalidEmail],
      [{ contact_phone: '12' }, PARTNER_MESSAGES.invalidPhone],
      [{ website: 'ftp://files.example' }, PARTNER_MESSAGES.invalidWebsite],
    ] as const) {
      const res = await t.request('/api/consolidation-agents', { body: { ...valid, ...patch }, cookie: cookies.admin });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(message);
    }
  });
});

describe('list', () => {
  it('pages 10 at a time by name with the total', async () => {
    for (let i = 0; i < 21; i++) await create({ ...valid, name: `Agent Page ${String(i).padStart(2, '0')}` });
    const p1 = await list('q=agent%20page');
    expect(p1).toMatchObject({ total: 21, page: 1, pageSize: 10 });
    expect(p1.rows[0]!.name).toBe('Agent Page 00');
    const p3 = await list('q=agent%20page&page=3');
    expect(p3.rows.map((r) => r.name)).toEqual(['Agent Page 20']);
    const n = Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from consolidation_agents`)).rows[0]!.n);
    expect((await list('')).total).toBe(n);
  });

  it('searches name or country', async () => {
    expect((await list('q=singapore')).rows.map((r) => r.name)).toEqual(['Asia Pacific Consolidators']);
    expect((await list('q=euroconsol')).rows.map((r) => r.name)).toEqual(['EuroConsol Groupage']);
  });

  it('treats %, _, quotes and unicode literally', async () => {
    const names = ['5% Consol', 'Air_Consol', "L'Aérienne Groupage", 'Ölçek Konsolidasyon'];
    for (const name of names) await create({ ...valid, name, country: 'Queryland' });
    const search = async (q: string) => (await list(`q=${encodeURIComponent(q)}&pageSize=100`)).rows.map((r) => r.name);
    expect(await search('%')).toEqual(['5% Consol']);
    expect(await search('_')).toEqual(['Air_Consol']);
    expect(await search("L'Aé")).toEqual(["L'Aérienne Groupage"]);
    expect(await search('Ölçek')).toEqual(['Ölçek Konsolidasyon']);
    expect((await list('q=queryland')).total).toBe(names.length);
  });
});
