import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { HANDLER_MESSAGES } from '@domain/shipments/handlers-schema';
import { createUserWithPassword } from '@server/db/seed/demo';
import { landBody, loadRefs, type Refs } from './test-fixtures';

// Issue 21: admins assign and reassign handlers (one, or in bulk); handlers take unassigned shipments of their
// direction; the history, the audit log and a mail to the new handler record it.

let t: TestApp;
let refs: Refs;
type Who = 'admin' | 'export' | 'import' | 'customer';
const cookies = {} as Record<Who, string>;
const ids = {} as Record<Who, string>;
const names = {} as Record<Who, string>;

beforeAll(async () => {
  t = await createTestApp();
  refs = await loadRefs(t);
  for (const role of ['admin', 'export', 'import', 'customer'] as const) {
    cookies[role] = await t.signIn(`${role}@cargodesk.test`);
    const r = await t.db.execute<{ id: string; full_name: string }>(sql`select id, full_name from users where email = ${`${role}@cargodesk.test`}`);
    ids[role] = r.rows[0]!.id;
    names[role] = r.rows[0]!.full_name;
  }
});
afterAll(async () => t?.close());

/** A land shipment of the given direction, created by the admin and then left without a handler. */
async function unassigned(loadingType: 'export' | 'import' = 'export'): Promise<{ id: string; reference_number: string }> {
  const res = await t.request('/api/shipments', { body: landBody(refs, { loading_type: loadingType }), cookie: cookies.admin });
  expect(res.status, await res.clone().text()).toBe(201);
  const s = (await res.json()) as { id: string; reference_number: string; handler_id: string };
  expect(s.handler_id).toBe(ids.admin);
  const cleared = await setHandler(s.id, null, cookies.admin);
  expect(cleared.status, await cleared.clone().text()).toBe(200);
  expect((await cleared.json()).handler_id).toBeNull();
  return s;
}
const setHandler = (id: string, handlerId: string | null, cookie: string) => t.request(`/api/shipments/${id}/handler`, { method: 'PUT', body: { handler_id: handlerId }, cookie });
const bulk = (shipmentIds: string[], handlerId: string | null, cookie = cookies.admin) =>
  t.request('/api/shipments/handler', { body: { shipment_ids: shipmentIds, handler_id: handlerId }, cookie });
const error = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
const events = async (id: string) =>
  (await t.db.execute<{ kind: string; actor_id: string; changes: unknown }>(sql`
    select kind, actor_id, changes from shipment_events where shipment_id = ${id} and kind = 'handler_assigned' order by created_at, id`)).rows;
const mailsTo = async (email: string, reference: string) =>
  (await t.db.execute<{ payload: { to: string; subject: string; html: string } }>(sql`
    select payload from outbox where payload->>'to' = ${email} and payload->>'html' like ${`%${reference}%`} order by created_at`)).rows.map((r) => r.payload);

describe('PUT /api/shipments/:id/handler by an admin', () => {
  it('assigns a handler of the direction, records history and audit, and mails the new handler a link to the staff page', async () => {
    const s = await unassigned('export');
    const res = await setHandler(s.id, ids.export, cookies.admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: s.id, handler_id: ids.export, handler_full_name: names.export, updated_by: ids.admin });

    expect(await events(s.id)).toEqual([
      { kind: 'handler_assigned', actor_id: ids.admin, changes: { handler: { from: names.admin, to: null } } },
      { kind: 'handler_assigned', actor_id: ids.admin, changes: { handler: { from: null, to: names.export } } },
    ]);
    const audit = await t.db.execute<{ action: string; actor_email: string; details: Record<string, unknown> }>(sql`
      select action, actor_email, details from audit_log where target = ${s.reference_number} order by created_at, id`);
    expect(audit.rows.map((r) => r.action)).toEqual(['shipment.handler_assigned', 'shipment.handler_assigned']);
    expect(audit.rows[1]).toMatchObject({ actor_email: 'admin@cargodesk.test', details: { handler: { old: 'Unassigned', new: names.export }, handler_id: ids.export } });

    const mails = await mailsTo('export@cargodesk.test', s.reference_number);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Shipment ${s.reference_number} assigned to you`);
    expect(mails[0]!.html).toContain(`/shipment/${s.id}`);
    expect(mails[0]!.html).toContain(names.admin);
  });

  it('reassigns, and the same handler again writes nothing', async () => {
    const s = await unassigned('import');
    expect((await setHandler(s.id, ids.import, cookies.admin)).status).toBe(200);
    expect((await setHandler(s.id, ids.admin, cookies.admin)).status).toBe(200);
    const before = (await events(s.id)).length;
    expect((await setHandler(s.id, ids.admin, cookies.admin)).status).toBe(200);
    expect(await events(s.id)).toHaveLength(before);
    expect((await events(s.id)).at(-1)!.changes).toEqual({ handler: { from: names.import, to: names.admin } });
    // The admin assigned themselves: no mail to themselves.
    expect(await mailsTo('admin@cargodesk.test', s.reference_number)).toEqual([]);
  });

  it("refuses a handler of the other direction, a customer and an unknown person, changing nothing", async () => {
    const s = await unassigned('export');
    const wrong = await setHandler(s.id, ids.import, cookies.admin);
    expect(wrong.status).toBe(400);
    expect((await error(wrong)).message).toBe(HANDLER_MESSAGES.wrongDirection(names.import, 'import', 'export'));
    for (const who of [ids.customer, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await setHandler(s.id, who, cookies.admin);
      expect(res.status).toBe(400);
      expect((await error(res)).message).toBe(HANDLER_MESSAGES.unknownHandler);
    }
    const row = await t.db.execute<{ handler_id: string | null }>(sql`select handler_id from shipments where id = ${s.id}`);
    expect(row.rows[0]!.handler_id).toBeNull();
    expect(await events(s.id)).toHaveLength(1); // only the unassignment of the setup
  });
});

describe('handlers take unassigned shipments of their direction', () => {
  it('lets the export handler take an unassigned export shipment, then change its status', async () => {
    const s = await unassigned('export');
    // Before: not theirs, so the status cannot be changed by them (the demo's stuck shipments).
    expect((await t.request(`/api/shipments/${s.id}/status`, { body: { status: 'in_transit' }, cookie: cookies.export })).status).toBe(403);
    const res = await setHandler(s.id, ids.export, cookies.export);
    expect(res.status).toBe(200);
    expect((await res.json()).handler_id).toBe(ids.export);
    expect((await t.request(`/api/shipments/${s.id}/status`, { body: { status: 'in_transit' }, cookie: cookies.export })).status).toBe(200);
    expect(await mailsTo('export@cargodesk.test', s.reference_number)).toEqual([]); // took it themselves
  });

  it('refuses the other direction, someone else, and a shipment already taken (409 naming its handler)', async () => {
    const exportOne = await unassigned('export');
    const dir = await setHandler(exportOne.id, ids.import, cookies.import);
    expect(dir.status).toBe(403);
    expect((await error(dir)).message).toBe(HANDLER_MESSAGES.notYourDirection('export'));

    const other = await setHandler(exportOne.id, ids.admin, cookies.export);
    expect(other.status).toBe(403);
    expect((await error(other)).message).toBe(HANDLER_MESSAGES.onlySelf);
    expect((await setHandler(exportOne.id, null, cookies.export)).status).toBe(403);

    const taken = await unassigned('import');
    expect((await setHandler(taken.id, ids.admin, cookies.admin)).status).toBe(200);
    const late = await setHandler(taken.id, ids.import, cookies.import);
    expect(late.status).toBe(409);
    expect((await error(late)).message).toBe(HANDLER_MESSAGES.taken(names.admin));
    expect((await setHandler(taken.id, ids.import, cookies.customer)).status).toBe(403);
  });

  it('two handlers of one direction taking the same shipment at once: one gets it, the other is told who has it', async () => {
    // A second import handler, signed in.
    const email = `import-two-${Date.now()}@cargodesk.test`;
    const secondId = await createUserWithPassword(t.db, { email, name: 'Second Importer', role: 'import', password: 'temp-pass-1' });
    const secondCookie = await t.signIn(email, 'temp-pass-1');
    const s = await unassigned('import');
    const [a, b] = await Promise.all([setHandler(s.id, ids.import, cookies.import), setHandler(s.id, secondId, secondCookie)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await events(s.id)).toHaveLength(2); // the setup's unassignment and exactly one take
  });
});

describe('POST /api/shipments/handler (bulk, admins)', () => {
  it('assigns several at once, all or none, with one mail listing them', async () => {
    const [a, b, c] = [await unassigned('export'), await unassigned('export'), await unassigned('import')];
    const refused = await bulk([a.id, b.id, c.id], ids.export);
    expect(refused.status).toBe(400);
    expect((await error(refused)).message).toBe(`${c.reference_number}: ${HANDLER_MESSAGES.wrongDirection(names.export, 'export', 'import')}`);
    const none = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from shipments where id in (${a.id}, ${b.id}, ${c.id}) and handler_id is not null`);
    expect(none.rows[0]!.n).toBe(0);

    const res = await bulk([a.id, b.id], ids.export);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ changed: 2, unchanged: 0 });
    const again = await bulk([a.id, b.id], ids.export);
    expect(await again.json()).toEqual({ changed: 0, unchanged: 2 });

    const mails = await mailsTo('export@cargodesk.test', a.reference_number);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('2 shipments assigned to you');
    expect(mails[0]!.html).toContain(b.reference_number);
  });

  it('refuses handlers, bad lists and unknown shipments', async () => {
    const a = await unassigned('export');
    expect((await bulk([a.id], ids.export, cookies.export)).status).toBe(403);
    const empty = await bulk([], ids.export);
    expect(empty.status).toBe(400);
    expect((await error(empty)).message).toBe(HANDLER_MESSAGES.noneSelected);
    const many = await bulk(Array.from({ length: 101 }, () => a.id), ids.export);
    expect(many.status).toBe(400);
    const missing = await bulk([a.id, '00000000-0000-4000-8000-000000000000'], ids.export);
    expect(missing.status).toBe(404);
    expect((await error(missing)).message).toBe(HANDLER_MESSAGES.someNotFound);
  });
});

describe('the Unassigned filter and the handler options', () => {
  it('lists only shipments without a handler, with an exact count', async () => {
    const s = await unassigned('export');
    const res = await t.request('/api/shipments?handler=unassigned&pageSize=100', { cookie: cookies.admin });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { rows: { id: string; handler_id: string | null }[]; total: number };
    expect(body.rows.every((r) => r.handler_id === null)).toBe(true);
    expect(body.rows.map((r) => r.id)).toContain(s.id);
    const counted = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from shipments where handler_id is null`);
    expect(body.total).toBe(counted.rows[0]!.n);
  });

  it('offers admins and the handlers of a direction', async () => {
    const res = await t.request('/api/handlers?loading_type=import', { cookie: cookies.admin });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { id: string; role: string }[];
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([ids.admin, ids.import]));
    expect(rows.map((r) => r.role).every((r) => r === 'admin' || r === 'import')).toBe(true);
    expect((await t.request('/api/handlers?loading_type=sideways', { cookie: cookies.admin })).status).toBe(400);
  });
});
