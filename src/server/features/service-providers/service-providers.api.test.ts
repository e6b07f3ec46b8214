import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { SERVICE_TYPES } from '@domain/common/enums';
import { PARTNER_MESSAGES } from '@domain/partners/schema';

let t: TestApp;
const cookies: Record<'admin' | 'export' | 'import' | 'customer', string> = { admin: '', export: '', import: '', customer: '' };
beforeAll(async () => {
  t = await createTestApp();
  for (const role of Object.keys(cookies) as (keyof typeof cookies)[]) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
});
afterAll(async () => t?.close());

const REQUIRED = 'Name, country and service type are required';
const valid = { name: 'Test Broker', country: 'Turkey', service_type: 'Customs Broker' };
type Row = { id: string; name: string; country: string; service_type: string };

async function create(body: Record<string, unknown>): Promise<Row> {
  const res = await t.request('/api/service-providers', { body, cookie: cookies.admin });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}
const list = async (query: string, cookie = cookies.admin) => {
  const res = await t.request(`/api/service-providers?${query}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { rows: Row[]; total: number; page: number; pageSize: number };
};
const put = (id: string, body: Record<string, unknown>) => t.request(`/api/service-providers/${id}`, { method: 'PUT', body, cookie: cookies.admin });

describe('permissions', () => {
  it('needs a session on every route', async () => {
    const { id } = await create({ ...valid, name: 'Perm Anon' });
    for (const res of await Promise.all([
      t.request('/api/service-providers'),
      t.request(`/api/service-providers/${id}`),
      t.request('/api/service-providers', { body: valid }),
      t.request(`/api/service-providers/${id}`, { method: 'PUT', body: valid }),
      t.request(`/api/service-providers/${id}`, { method: 'DELETE' }),
    ])) {
      expect(res.status).toBe(401);
    }
  });

  it('forbids customers everything', async () => {
    const { id } = await create({ ...valid, name: 'Perm Customer' });
    const cookie = cookies.customer;
    for (const res of await Promise.all([
      t.request('/api/service-providers', { cookie }),
      t.request(`/api/service-providers/${id}`, { cookie }),
      t.request('/api/service-providers', { body: {}, cookie }),
      t.request(`/api/service-providers/${id}`, { method: 'PUT', body: valid, cookie }),
      t.request(`/api/service-providers/${id}`, { method: 'DELETE', cookie }),
    ])) {
      expect(res.status).toBe(403);
    }
  });

  it('lets export and import handlers read but not write', async () => {
    const { id } = await create({ ...valid, name: 'Perm Handler' });
    for (const role of ['export', 'import'] as const) {
      const cookie = cookies[role];
      expect((await t.request('/api/service-providers', { cookie })).status).toBe(200);
      expect((await t.request(`/api/service-providers/${id}`, { cookie })).status).toBe(200);
      expect((await t.request('/api/service-providers', { body: valid, cookie })).status).toBe(403);
      expect((await t.request(`/api/service-providers/${id}`, { method: 'PUT', body: valid, cookie })).status).toBe(403);
      expect((await t.request(`/api/service-providers/${id}`, { method: 'DELETE', cookie })).status).toBe(403);
    }
  });
});

describe('create, read, update, delete', () => {
  it('creates every service type of the add form, reads, changes and deletes', async () => {
    for (const service_type of SERVICE_TYPES) {
      const row = await create({ ...valid, name: `Type ${service_type}`, service_type });
      expect(row.service_type).toBe(service_type);
    }
    const created = await create({ name: ' Izmir Bonded Warehouse ', country: 'Turkey', service_type: 'Warehouse Provider', website: 'http://izmirbonded.example', contact_email: '' });
    expect(created).toMatchObject({ name: 'Izmir Bonded Warehouse', website: 'http://izmirbonded.example', contact_email: null, registration_number: null });
    expect(await (await t.request(`/api/service-providers/${created.id}`, { cookie: cookies.admin })).json()).toEqual(created);
    const res = await put(created.id, { ...valid, name: 'Izmir Bonded', service_type: 'Other', registration_number: 'IZ-1' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: created.id, name: 'Izmir Bonded', service_type: 'Other', registration_number: 'IZ-1', website: null });
    expect((await t.request(`/api/service-providers/${created.id}`, { method: 'DELETE', cookie: cookies.admin })).status).toBe(204);
    const gone = await t.request(`/api/service-providers/${created.id}`, { cookie: cookies.admin });
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.message).toBe('Service provider not found');
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      for (const init of [{}, { method: 'PUT', body: valid }, { method: 'DELETE' }]) {
        const res = await t.request(`/api/service-providers/${id}`, { ...init, cookie: cookies.admin });
        expect(res.status).toBe(404);
      }
    }
  });

  it('refuses to delete a provider that shipments use (409)', async () => {
    const used = (await t.db.execute<{ id: string; name: string; n: number }>(sql`
      select p.id, p.name, count(*)::int as n from service_providers p join shipments s on s.service_provider_id = p.id group by p.id, p.name limit 1`)).rows[0]!;
    const res = await t.request(`/api/service-providers/${used.id}`, { method: 'DELETE', cookie: cookies.admin });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(
      `${used.name} cannot be deleted: it is the service provider of ${used.n} shipment(s). Choose another service provider on those shipments first.`,
    );
  });
});

describe('service type on edit', () => {
  it('refuses switching to Consolidation Agent when editing', async () => {
    const { id } = await create({ ...valid, name: 'Switcher' });
    const res = await put(id, { ...valid, name: 'Switcher', service_type: 'Consolidation Agent' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'invalid_input', message: PARTNER_MESSAGES.serviceTypeNotOnEdit, fields: { service_type: PARTNER_MESSAGES.serviceTypeNotOnEdit } },
    });
    expect((await (await t.request(`/api/service-providers/${id}`, { cookie: cookies.admin })).json()).service_type).toBe('Customs Broker');
  });

  it('keeps an existing Consolidation Agent (or older) type, and allows changing away from it', async () => {
    const { id } = await create({ ...valid, name: 'Old Consolidator', service_type: 'Consolidation Agent' });
    const same = await put(id, { ...valid, name: 'Old Consolidator Ltd', service_type: 'Consolidation Agent' });
    expect(same.status).toBe(200);
    expect((await same.json()).service_type).toBe('Consolidation Agent');
    await t.db.execute(sql`update service_providers set service_type = 'Legacy Courier' where id = ${id}`);
    expect((await put(id, { ...valid, name: 'Old Consolidator Ltd', service_type: 'Legacy Courier' })).status).toBe(200);
    expect((await put(id, { ...valid, service_type: 'Astrologer' })).status).toBe(400);
    expect((await put(id, { ...valid, service_type: 'Freight Forwarder' })).status).toBe(200);
    expect((await put(id, { ...valid, service_type: 'Consolidation Agent' })).status).toBe(400);
  });
});

describe('validation', () => {
  it('names the required fields in one message', async () => {
    for (const body of [{}, { ...valid, name: ' ' }, { ...valid, country: '' }, { ...valid, service_type: '' }, { name: 'A', country: 'B' }]) {
      const res = await t.request('/api/service-providers', { body, cookie: cookies.admin });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(REQUIRED);
    }
    const { id } = await create({ ...valid, name: 'Edit Required' });
    const res = await put(id, { ...valid, service_type: '' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(REQUIRED);
  });

  it('refuses an unknown service type on add, and bad contact fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ service_type: 'Astrologer' }, PARTNER_MESSAGES.invalidServiceType],
      [{ contact_email: 'a@' }, PARTNER_MESSAGES.invalidEmail],
      [{ contact_phone: 'phone' }, PARTNER_MESSAGES.invalidPhone],
      [{ website: 'not a site' }, PARTNER_MESSAGES.invalidWebsite],
    ];
    for (const [patch, message] of cases) {
      const res = await t.request('/api/service-providers', { body: { ...valid, ...patch }, cookie: cookies.admin });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(message);
    }
  });
});

describe('list', () => {
  it('pages 10 at a time by name with the total', async () => {
    for (let i = 0; i < 12; i++) await create({ ...valid, name: `Sp Page ${String(i).padStart(2, '0')}` });
    const p1 = await list('q=sp%20page');
    expect(p1).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(p1.rows).toHaveLength(10);
    const p2 = await list('q=sp%20page&page=2');
    expect(p2.rows.map((r) => r.name)).toEqual(['Sp Page 10', 'Sp Page 11']);
    const n = Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from service_providers`)).rows[0]!.n);
    expect((await list('')).total).toBe(n);
  });

  it('searches name, country and service type', async () => {
    expect((await list('q=bursa')).rows.map((r) => r.name)).toEqual(['Bursa Customs Brokerage']);
    expect((await list('q=netherlands')).rows.map((r) => r.name)).toEqual(['Rotterdam Warehousing BV']);
    const insurers = await list('q=insurance%20provider&pageSize=100');
    expect(insurers.rows.length).toBeGreaterThan(0);
    expect(insurers.rows.every((r) => r.service_type === 'Insurance Provider')).toBe(true);
  });

  it('treats %, _, quotes and unicode literally', async () => {
    const names = ['20% Depot', 'Snake_Case Brokers', "D'Artagnan Insurance", 'Gümrük Müşavirliği', 'Ωmega Warehousing'];
    for (const name of names) await create({ ...valid, name, country: 'Searchland' });
    const search = async (q: string) => (await list(`q=${encodeURIComponent(q)}&pageSize=100`)).rows.map((r) => r.name);
    expect(await search('%')).toEqual(['20% Depot']);
    expect(await search('_')).toEqual(['Snake_Case Brokers']);
    expect(await search("D'Art")).toEqual(["D'Artagnan Insurance"]);
    expect(await search('Müşavir')).toEqual(['Gümrük Müşavirliği']);
    expect(await search('Ωmega')).toEqual(['Ωmega Warehousing']);
    expect((await list('q=searchland')).total).toBe(names.length);
  });

  it('validates the query', async () => {
    for (const query of ['page=abc', 'pageSize=0', 'sort=id', 'dir=up']) {
      expect((await t.request(`/api/service-providers?${query}`, { cookie: cookies.admin })).status).toBe(400);
    }
  });
});
