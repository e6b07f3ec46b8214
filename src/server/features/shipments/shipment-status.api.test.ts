import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { airBody, landBody, loadRefs, seaBody, type Refs } from './test-fixtures';

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

/** A shipment created by the export handler (so the export handler is its handler). */
async function exportShipment(body: Record<string, unknown> = landBody(refs)) {
  const res = await t.request('/api/shipments', { body, cookie: cookies.export });
  expect(res.status).toBe(201);
  return res.json();
}
const setStatus = (id: string, status: unknown, cookie: string) => t.request(`/api/shipments/${id}/status`, { body: { status }, cookie });
const statusMails = async (id: string) => {
  const r = await t.db.execute<{ idempotency_key: string; payload: { to: string; subject: string; html: string } }>(sql`
    select o.idempotency_key, o.payload from outbox o
    where o.idempotency_key in (select 'shipment-status:' || e.id || ':' || lower(c.email)
      from shipment_events e join shipments s on s.id = e.shipment_id join customers c on c.company_id = s.company_id
      where e.shipment_id = ${id} and e.kind = 'status_changed')
    order by o.created_at`);
  return r.rows;
};

describe('POST /api/shipments/:id/status', () => {
  it("lets the shipment's handler change it, with the event and a mail to the primary contact", async () => {
    const s = await exportShipment();
    const res = await setStatus(s.id, 'in_transit', cookies.export);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: s.id, status: 'in_transit', updated_by: userIds.export });

    const ev = await t.db.execute<{ kind: string; actor_id: string; changes: unknown }>(
      sql`select kind, actor_id, changes from shipment_events where shipment_id = ${s.id} and kind = 'status_changed'`,
    );
    expect(ev.rows).toEqual([{ kind: 'status_changed', actor_id: userIds.export, changes: { status: { from: 'in_progress', to: 'in_transit' } } }]);

    const mails = await statusMails(s.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.payload.to).toBe('customer@cargodesk.test'); // the primary contact only
    expect(mails[0]!.payload.subject).toBe(`Shipment ${s.reference_number} status updated: In Transit`);
    expect(mails[0]!.payload.html).toContain('In Progress');
    expect(mails[0]!.payload.html).toContain('In Transit');
  });

  it('refuses another handler and customers', async () => {
    const s = await exportShipment();
    const other = await setStatus(s.id, 'in_transit', cookies.import);
    expect(other.status).toBe(403);
    expect((await other.json()).error.message).toBe('You can only change the status of shipments you handle');
    expect((await setStatus(s.id, 'in_transit', cookies.customer)).status).toBe(403);
    expect((await t.request(`/api/shipments/${s.id}/status`, { body: { status: 'in_transit' } })).status).toBe(401);
    const row = await t.db.execute<{ status: string }>(sql`select status from shipments where id = ${s.id}`);
    expect(row.rows[0]!.status).toBe('in_progress');
    expect(await statusMails(s.id)).toHaveLength(0);
  });

  it('lets an admin change any shipment', async () => {
    const s = await exportShipment();
    expect((await setStatus(s.id, 'customs_check', cookies.admin)).status).toBe(200);
  });

  it('applies the transition rules of decision 0141', async () => {
    const s = await exportShipment();
    const same = await setStatus(s.id, 'in_progress', cookies.export);
    expect(same.status).toBe(400);
    expect((await same.json()).error).toEqual({
      code: 'invalid_input',
      message: 'The shipment is already In Progress',
      fields: { status: 'The shipment is already In Progress' },
    });
    const unknown = await setStatus(s.id, 'lost', cookies.export);
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.fields.status).toMatch(/^Status must be one of: pending, pending_approval/);

    // Backwards moves are allowed (corrections); a completed shipment is closed for handlers.
    expect((await setStatus(s.id, 'pending', cookies.export)).status).toBe(200);
    expect((await setStatus(s.id, 'completed', cookies.export)).status).toBe(200);
    const reopen = await setStatus(s.id, 'in_transit', cookies.export);
    expect(reopen.status).toBe(400);
    expect((await reopen.json()).error.message).toBe('Only an administrator can reopen a completed shipment');
    expect((await setStatus(s.id, 'in_transit', cookies.admin)).status).toBe(200);
  });

  it('sends no mail when the company has no primary contact, and answers 404 for unknown ids', async () => {
    const iberia = await t.db.execute<{ id: string }>(sql`select id from companies where name = 'Iberia Ceramics S.A.'`);
    const s = await exportShipment(landBody(refs, { company_id: iberia.rows[0]!.id }));
    expect((await setStatus(s.id, 'delivered', cookies.export)).status).toBe(200);
    const n = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox where idempotency_key like 'shipment-status:%' and payload->>'subject' like ${`%${s.reference_number}%`}`);
    expect(Number(n.rows[0]!.n)).toBe(0);
    expect((await setStatus('00000000-0000-4000-8000-000000000000', 'delivered', cookies.admin)).status).toBe(404);
  });

  it('escapes the values of the status mail', async () => {
    const evil = '<img src=x onerror=alert(1)>';
    const company = await t.db.execute<{ id: string }>(sql`insert into companies (name) values (${evil}) returning id`);
    const companyId = company.rows[0]!.id;
    await t.db.execute(sql`insert into customers (company_id, first_name, last_name, email, is_primary_contact) values (${companyId}, 'P', 'Rimary', 'primary@evil.example', true)`);
    const s = await exportShipment(airBody(refs, { company_id: companyId, cargo_description: evil }));
    expect((await setStatus(s.id, 'in_transit', cookies.export)).status).toBe(200);
    const mails = await statusMails(s.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.payload.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mails[0]!.payload.html).not.toContain('<img');
  });
});

describe('GET /api/shipments/:id/events', () => {
  it('gives staff the full timeline, newest first, with actor names', async () => {
    const s = await exportShipment(seaBody(refs));
    await setStatus(s.id, 'in_transit', cookies.export);
    const put = await t.request(`/api/shipments/${s.id}`, { method: 'PUT', body: seaBody(refs, { reference_number: s.reference_number, vessel_name: 'Maersk Elba' }), cookie: cookies.admin });
    expect(put.status).toBe(200);
    await setStatus(s.id, 'customs_check', cookies.admin);

    const res = await t.request(`/api/shipments/${s.id}/events`, { cookie: cookies.import });
    expect(res.status).toBe(200);
    const { rows } = await res.json();
    expect(rows.map((r: { kind: string }) => r.kind)).toEqual(['status_changed', 'updated', 'status_changed', 'created']);
    expect(rows[0]).toMatchObject({ actor_full_name: 'Aylin Demir', changes: { status: { from: 'in_transit', to: 'customs_check' } } });
    expect(rows[1]).toMatchObject({ actor_id: userIds.admin, changes: { vessel_name: { from: 'MSC Aurora', to: 'Maersk Elba' } } });
    expect(rows[3]).toMatchObject({ actor_full_name: 'Emre Kaya', kind: 'created' });
    const times = rows.map((r: { created_at: string }) => Date.parse(r.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('gives a customer only the status milestones, without actors or other changes', async () => {
    const s = await exportShipment(seaBody(refs));
    await setStatus(s.id, 'in_transit', cookies.export);
    await t.request(`/api/shipments/${s.id}`, { method: 'PUT', body: seaBody(refs, { reference_number: s.reference_number, internal_notes: 'secret margin note' }), cookie: cookies.admin });

    const res = await t.request(`/api/shipments/${s.id}/events`, { cookie: cookies.customer });
    expect(res.status).toBe(200);
    const text = await res.text();
    const { rows } = JSON.parse(text);
    expect(rows.map((r: { kind: string; changes: unknown }) => [r.kind, r.changes])).toEqual([
      ['status_changed', { status: { from: 'in_progress', to: 'in_transit' } }],
      ['created', { status: { from: null, to: 'in_progress' } }],
    ]);
    for (const r of rows) expect(Object.keys(r).sort()).toEqual(['changes', 'created_at', 'id', 'kind']);
    expect(text).not.toContain('secret margin note');
    expect(text).not.toContain('Emre Kaya');
  });
});
