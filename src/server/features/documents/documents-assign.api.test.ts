import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEMO_COMPANY } from '@server/db/seed/demo-fixtures';
import { SHIPMENT_MESSAGES } from '@domain/shipments/index';
import { DOCUMENT_MESSAGES } from '@domain/documents/schema';
import { SAMPLES, fileRecord, json, upload } from './test-fixtures';

let t: TestApp;
const cookies: Record<'admin' | 'export' | 'import' | 'customer', string> = { admin: '', export: '', import: '', customer: '' };
/** Shipments of the seeded data: of the customer's company handled by export, and of another company handled by import. */
let ownExport: { id: string; reference_number: string };
let otherImport: { id: string; reference_number: string };

async function shipmentOf(companyIs: 'own' | 'other', handler: string) {
  const r = await t.db.execute<{ id: string; reference_number: string }>(sql`
    select s.id, s.reference_number from shipments s join companies c on c.id = s.company_id join users u on u.id = s.handler_id
    where ${companyIs === 'own' ? sql`c.name = ${DEMO_COMPANY}` : sql`c.name <> ${DEMO_COMPANY}`} and u.email = ${handler}
    order by s.created_at desc limit 1`);
  return r.rows[0]!;
}

async function newDocument(original = 'Customs declaration.pdf'): Promise<string> {
  const res = await upload(t, cookies.admin, original, SAMPLES.pdf!);
  expect(res.status).toBe(201);
  return (await json(res)).name;
}

const assign = (name: string, shipment_id: unknown, cookie = cookies.admin) =>
  t.request(`/api/documents/${name}/assignment`, { method: 'PUT', cookie, body: { shipment_id } });
const unassign = (name: string, cookie = cookies.admin) => t.request(`/api/documents/${name}/assignment`, { method: 'DELETE', cookie });

async function documentEvents(shipmentId: string) {
  const r = await t.db.execute<{ kind: string; changes: unknown; actor: string | null }>(sql`
    select e.kind, e.changes, u.email as actor from shipment_events e left join users u on u.id = e.actor_id
    where e.shipment_id = ${shipmentId} and e.kind in ('document_assigned', 'document_removed') order by e.created_at, e.id`);
  return r.rows;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of Object.keys(cookies) as (keyof typeof cookies)[]) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
  ownExport = await shipmentOf('own', 'export@cargodesk.test');
  otherImport = await shipmentOf('other', 'import@cargodesk.test');
});
afterAll(async () => t?.close());

describe('assign', () => {
  it('lets an admin assign to any shipment, writes one event, and answers the document with its assignment', async () => {
    const name = await newDocument();
    const eventsBefore = (await documentEvents(otherImport.id)).length;
    const res = await assign(name, otherImport.id);
    expect(res.status).toBe(200);
    const row = await json(res);
    expect(row.assignment).toMatchObject({ shipment_id: otherImport.id, reference_number: otherImport.reference_number, assigned_by_name: 'Aylin Demir' });
    expect(row.assignment.company_name).not.toBe(DEMO_COMPANY);
    expect(['air', 'sea', 'land', 'partial']).toContain(row.assignment.shipment_type);
    expect(Date.now() - Date.parse(row.assignment.assigned_at)).toBeLessThan(60_000);
    const events = await documentEvents(otherImport.id);
    expect(events).toHaveLength(eventsBefore + 1);
    expect(events.at(-1)).toEqual({ kind: 'document_assigned', changes: { document: { from: null, to: 'Customs declaration.pdf' } }, actor: 'admin@cargodesk.test' });

    // The same shipment again: 200, nothing new.
    const again = await assign(name, otherImport.id);
    expect(again.status).toBe(200);
    expect((await json(again)).assignment.shipment_id).toBe(otherImport.id);
    expect(await documentEvents(otherImport.id)).toHaveLength(eventsBefore + 1);
  });

  it('refuses another shipment while assigned (409, remove it first) and keeps the first assignment', async () => {
    const name = await newDocument();
    expect((await assign(name, otherImport.id)).status).toBe(200);
    const res = await assign(name, ownExport.id);
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe(DOCUMENT_MESSAGES.alreadyAssigned(otherImport.reference_number));
    const r = await t.db.execute<{ shipment_id: string }>(sql`select shipment_id from document_assignments where document_name = ${name}`);
    expect(r.rows).toEqual([{ shipment_id: otherImport.id }]);
  });

  it('lets a handler assign only to shipments they handle', async () => {
    const name = await newDocument();
    const refused = await assign(name, otherImport.id, cookies.export);
    expect(refused.status).toBe(403);
    expect((await json(refused)).error.message).toBe(DOCUMENT_MESSAGES.notYourShipment);
    expect((await assign(name, ownExport.id, cookies.import)).status).toBe(403);
    const ok = await assign(name, ownExport.id, cookies.export);
    expect(ok.status).toBe(200);
    expect((await json(ok)).assignment.assigned_by_name).toBe('Emre Kaya');
  });

  it("needs a shipment ('Please select a shipment') that exists, for a document that exists", async () => {
    const name = await newDocument();
    for (const body of [{}, { shipment_id: '' }, { shipment_id: '   ' }]) {
      const res = await t.request(`/api/documents/${name}/assignment`, { method: 'PUT', cookie: cookies.admin, body });
      expect(res.status).toBe(400);
      expect((await json(res)).error.message).toBe('Please select a shipment');
    }
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      const res = await assign(name, id);
      expect(res.status).toBe(404);
      expect((await json(res)).error.message).toBe(SHIPMENT_MESSAGES.notFound);
    }
    const missing = await assign('Zz9Zz9Zz_missing.pdf', ownExport.id);
    expect(missing.status).toBe(404);
    expect((await json(missing)).error.message).toBe(DOCUMENT_MESSAGES.notFound);
    expect((await assign(name, ownExport.id, cookies.customer)).status).toBe(403);
  });

  it('keeps one assignment when two are attempted at once', async () => {
    const name = await newDocument();
    const results = await Promise.all([assign(name, ownExport.id), assign(name, otherImport.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const r = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from document_assignments where document_name = ${name}`);
    expect(r.rows[0]!.n).toBe(1);
  });
});

describe('unassign', () => {
  it('removes the assignment with a document_removed event; a second time is 404', async () => {
    const name = await newDocument('Arrival notice.pdf');
    await assign(name, ownExport.id);
    const res = await unassign(name, cookies.import);
    expect(res.status).toBe(204);
    expect((await documentEvents(ownExport.id)).at(-1)).toEqual({
      kind: 'document_removed',
      changes: { document: { from: 'Arrival notice.pdf', to: null } },
      actor: 'import@cargodesk.test',
    });
    const again = await unassign(name);
    expect(again.status).toBe(404);
    expect((await json(again)).error.message).toBe(DOCUMENT_MESSAGES.notAssigned);
    expect((await unassign('Zz9Zz9Zz_missing.pdf')).status).toBe(404);
    expect((await unassign(name, cookies.customer)).status).toBe(403);
  });
});

describe('delete', () => {
  it('removes the assignment (with its event), the record and the stored object, and audits it', async () => {
    const name = await newDocument('Certificate of origin.pdf');
    await assign(name, ownExport.id);
    const res = await t.request(`/api/documents/${name}`, { method: 'DELETE', cookie: cookies.export });
    expect(res.status).toBe(204);
    expect(await fileRecord(t, name)).toBeNull();
    expect(await t.storage.exists(name)).toBe(false);
    const left = await t.db.execute(sql`select 1 from document_assignments where document_name = ${name}`);
    expect(left.rows).toHaveLength(0);
    expect((await documentEvents(ownExport.id)).at(-1)).toMatchObject({ kind: 'document_removed', changes: { document: { from: 'Certificate of origin.pdf', to: null } } });
    const audit = await t.db.execute(sql`select actor_email from audit_log where action = 'document.delete' and target = ${name}`);
    expect(audit.rows).toEqual([{ actor_email: 'export@cargodesk.test' }]);
    expect((await t.request(`/api/documents/${name}`, { method: 'DELETE', cookie: cookies.admin })).status).toBe(404);
  });

  it('deletes an unassigned document without any shipment event', async () => {
    const name = await newDocument();
    const events = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from shipment_events`);
    expect((await t.request(`/api/documents/${name}`, { method: 'DELETE', cookie: cookies.admin })).status).toBe(204);
    expect((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from shipment_events`)).rows[0]!.n).toBe(events.rows[0]!.n);
  });

  it('still deletes the record when the stored object cannot be removed (the sweep takes it later)', async () => {
    const name = await newDocument();
    const storage = t.storage as { delete: (key: string) => Promise<void> };
    const original = storage.delete;
    storage.delete = async () => {
      throw new Error('storage unavailable');
    };
    try {
      expect((await t.request(`/api/documents/${name}`, { method: 'DELETE', cookie: cookies.admin })).status).toBe(204);
    } finally {
      storage.delete = original;
    }
    expect(await fileRecord(t, name)).toBeNull();
    expect(await t.storage.exists(name)).toBe(true);
  });
});

describe("a shipment's documents", () => {
  it('lists them newest assignment first for staff and for the customer of that company', async () => {
    const first = await newDocument('First.pdf');
    const second = await newDocument('Second.pdf');
    await assign(first, ownExport.id);
    await assign(second, ownExport.id, cookies.export);
    for (const cookie of [cookies.admin, cookies.import, cookies.customer]) {
      const res = await t.request(`/api/shipments/${ownExport.id}/documents`, { cookie });
      expect(res.status).toBe(200);
      const { rows } = await json(res);
      expect(rows.slice(0, 2).map((r: { name: string }) => r.name)).toEqual([second, first]);
      expect(rows[0]).toEqual({
        name: second,
        original_name: 'Second.pdf',
        size: SAMPLES.pdf!.length,
        content_type: 'application/pdf',
        assigned_by_name: 'Emre Kaya',
        assigned_at: expect.any(String),
        draft: false,
      });
    }
  });

  it("answers 404 to a customer for another company's shipment, and to everyone for a missing one", async () => {
    expect((await t.request(`/api/shipments/${otherImport.id}/documents`, { cookie: cookies.customer })).status).toBe(404);
    expect((await t.request(`/api/shipments/${otherImport.id}/documents`, { cookie: cookies.export })).status).toBe(200);
    expect((await t.request(`/api/shipments/${crypto.randomUUID()}/documents`, { cookie: cookies.admin })).status).toBe(404);
    expect((await t.request(`/api/shipments/nope/documents`, { cookie: cookies.admin })).status).toBe(404);
  });
});

describe('history', () => {
  it('shows document events to staff; customers see status milestones only (decision 0176)', async () => {
    const name = await newDocument('Delivery order.pdf');
    await assign(name, ownExport.id);
    await unassign(name);
    const staff = (await json(await t.request(`/api/shipments/${ownExport.id}/events`, { cookie: cookies.export }))).rows;
    expect(staff.slice(0, 2).map((e: { kind: string }) => e.kind)).toEqual(['document_removed', 'document_assigned']);
    expect(staff[1]).toMatchObject({ changes: { document: { from: null, to: 'Delivery order.pdf' } }, actor_full_name: 'Aylin Demir' });
    const customer = (await json(await t.request(`/api/shipments/${ownExport.id}/events`, { cookie: cookies.customer }))).rows;
    expect(customer.length).toBeGreaterThan(0);
    for (const e of customer) expect(['created', 'status_changed']).toContain(e.kind);
  });
});
