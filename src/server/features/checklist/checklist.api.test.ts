/**
 * The document checklist (issue 16), on PGlite and PostgreSQL: a new shipment copies its template with due days from its
 * estimated dates; a customer uploads the documents they provide (the handler is mailed), staff attach, approve and
 * reject; the overdue count of the dashboards and the overdue page agree; another company's checklist is never read,
 * in the app's SQL and under row-level security; admins keep the templates.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, createTestApp, type TestApp } from '@tests/helpers/test-app';
import { withCustomerScope } from '@server/db/customer-scope';
import type { SessionUser } from '@server/http/context';
import { CHECKLIST_MESSAGES, type ChecklistTemplate, type OverdueRow, type ShipmentChecklist } from '@domain/checklist/schema';
import type { Dashboard } from '@domain/analytics/schema';
import type { Page } from '@domain/common/list-schema';
import { landBody, loadRefs, seaBody, type Refs } from '@server/features/shipments/test-fixtures';
import { SAMPLES } from '@server/features/documents/test-fixtures';
import { remindChecklistDue } from './reminders';
import { UPLOAD_NAME_HEADER } from '@domain/documents/schema';

type Role = 'admin' | 'export' | 'import' | 'customer';
let t: TestApp;
let refs: Refs;
const cookies = {} as Record<Role, string>;

const call = (path: string, role: Role, body?: unknown, method?: string) => t.request(path, { cookie: cookies[role], body, method });
async function json<T>(res: Response, status: number): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}
const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;
const checklist = async (id: string, role: Role = 'admin') => json<ShipmentChecklist>(await call(`/api/shipments/${id}/checklist`, role), 200);
const itemNamed = async (id: string, name: string, role: Role = 'admin') => (await checklist(id, role)).items.find((i) => i.name === name)!;

/** The raw-body upload of the documents API, aimed at `path`. */
async function rawUpload(path: string, role: Role, name: string, body: Uint8Array): Promise<Response> {
  const headers = { origin: ORIGIN, cookie: cookies[role], 'content-type': 'application/octet-stream', [UPLOAD_NAME_HEADER]: encodeURIComponent(name) };
  return t.app.request(`${ORIGIN}${path}`, { method: 'POST', headers, body } as RequestInit);
}
const uploadFor = (itemId: string, role: Role, name: string, body: Uint8Array) => rawUpload(`/api/checklist-items/${itemId}/upload`, role, name, body);

/** A shipment made by `role` (its handler): a sea export due 2026-03-01 unless the body says otherwise. */
async function shipment(role: Role, body: Record<string, unknown>): Promise<{ id: string; reference_number: string }> {
  return json(await call('/api/shipments', role, body), 201);
}

beforeAll(async () => {
  t = await createTestApp();
  refs = await loadRefs(t);
  for (const role of ['admin', 'export', 'import', 'customer'] as const) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
});
afterAll(async () => t?.close());

describe('a new shipment copies its template', () => {
  it('a sea export gets the sea export documents in order, due days counted from its estimated departure', async () => {
    const s = await shipment('export', seaBody(refs, { estimated_departure: '2026-03-01T09:30:00.000Z', estimated_arrival: '2026-03-20T18:00:00.000Z' }));
    const c = await checklist(s.id, 'export');
    expect(c.can_manage).toBe(true);
    expect(c.items.map((i) => [i.name, i.provider, i.required, i.due_on])).toEqual([
      ['Commercial Invoice', 'customer', true, '2026-02-24'],
      ['Packing List', 'customer', true, '2026-02-24'],
      ['Verified Gross Mass (VGM) declaration', 'customer', true, '2026-02-26'],
      ['Certificate of Origin', 'customer', false, '2026-02-26'],
      ['Export customs declaration', 'forwarder', true, '2026-02-27'],
      ['B/L draft approval', 'customer', true, '2026-02-27'],
    ]);
    // 2026-03-01 has passed: the required ones are overdue, the optional one only missing.
    expect(c.items.map((i) => i.state)).toEqual(['overdue', 'overdue', 'overdue', 'missing', 'overdue', 'overdue']);
    // Another handler reads it but may not change it.
    expect((await checklist(s.id, 'import')).can_manage).toBe(false);
  });

  it('a land import counts from its estimated arrival, and the due days follow a change of the date', async () => {
    const s = await shipment('import', landBody(refs, { estimated_departure: '2030-01-02T08:00:00.000Z', estimated_arrival: '2030-01-10T08:00:00.000Z' }));
    let c = await checklist(s.id, 'import');
    expect(c.items.map((i) => [i.name, i.due_on, i.state])).toEqual([
      ['Commercial Invoice', '2030-01-07', 'missing'],
      ['Packing List', '2030-01-07', 'missing'],
      ['Transit declaration (T1)', '2030-01-09', 'missing'],
      ['Import customs declaration', '2030-01-11', 'missing'],
    ]);
    await t.db.execute(sql`update shipments set estimated_arrival = '2026-02-01T08:00:00Z' where id = ${s.id}`);
    c = await checklist(s.id, 'import');
    expect(c.items.map((i) => [i.due_on, i.state])).toEqual([
      ['2026-01-29', 'overdue'],
      ['2026-01-29', 'overdue'],
      ['2026-01-31', 'missing'],
      ['2026-02-02', 'overdue'],
    ]);
    // Delivered: nothing is overdue any more.
    await t.db.execute(sql`update shipments set status = 'delivered' where id = ${s.id}`);
    expect((await checklist(s.id, 'import')).items.map((i) => i.state)).toEqual(['missing', 'missing', 'missing', 'missing']);
  });
});

describe('the customer provides their documents', () => {
  it('uploads for an item they provide: stored on the shipment, received, audited, the handler mailed and not their own company', async () => {
    const s = await shipment('export', seaBody(refs));
    const invoice = await itemNamed(s.id, 'Commercial Invoice', 'customer');
    const res = await uploadFor(invoice.id, 'customer', 'Invoice İzmir 2026.pdf', SAMPLES.pdf!);
    const doc = await json<{ name: string; original_name: string }>(res, 201);
    expect(doc.original_name).toBe('Invoice İzmir 2026.pdf');

    const after = await itemNamed(s.id, 'Commercial Invoice', 'customer');
    expect(after).toMatchObject({ state: 'received', document: { name: doc.name, original_name: 'Invoice İzmir 2026.pdf' }, approved_at: null });
    expect(after.received_by_name).toBeTruthy();
    // The document is the shipment's: both sides list it.
    const docs = await json<{ rows: { name: string }[] }>(await call(`/api/shipments/${s.id}/documents`, 'customer'), 200);
    expect(docs.rows.map((d) => d.name)).toContain(doc.name);

    const mails = (await t.db.execute<{ to: string; subject: string }>(sql`
      select payload->>'to' as to, payload->>'subject' as subject from outbox where idempotency_key like ${`checklist-received:${invoice.id}:%`}`)).rows;
    expect(mails).toEqual([{ to: 'export@cargodesk.test', subject: `Shipment ${s.reference_number}: Commercial Invoice received` }]);
    const companyNotices = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from outbox where idempotency_key like 'document-added:%' and payload->>'text' like ${`%${s.reference_number}%`}`);
    expect(companyNotices.rows[0]!.n).toBe(0);
    const audit = await t.db.execute<{ action: string; target: string }>(sql`
      select action, target from audit_log where details->>'item_id' = ${invoice.id}`);
    expect(audit.rows).toEqual([{ action: 'document.checklist_received', target: `${s.reference_number}: Commercial Invoice` }]);
  });

  it("refuses the forwarder's items (403), another company's (404) and a bad file (415), keeping nothing", async () => {
    const s = await shipment('export', seaBody(refs));
    const customs = await itemNamed(s.id, 'Export customs declaration');
    const before = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from files`)).rows[0]!.n;
    const forwarder = await uploadFor(customs.id, 'customer', 'Declaration.pdf', SAMPLES.pdf!);
    expect(forwarder.status).toBe(403);
    expect(await errorOf(forwarder)).toBe(CHECKLIST_MESSAGES.forwarderProvides);

    const other = await shipment('admin', seaBody(refs, { company_id: refs.rhein, loading_type: 'export' }));
    const otherItem = await itemNamed(other.id, 'Commercial Invoice');
    const foreign = await uploadFor(otherItem.id, 'customer', 'Invoice.pdf', SAMPLES.pdf!);
    expect(foreign.status).toBe(404);
    expect(await errorOf(foreign)).toBe(CHECKLIST_MESSAGES.notFound);

    const invoice = await itemNamed(s.id, 'Commercial Invoice');
    const bad = await uploadFor(invoice.id, 'customer', 'Invoice.exe', new Uint8Array([0x4d, 0x5a, 0, 0]));
    expect(bad.status).toBe(415);
    const wrongHandler = await uploadFor(invoice.id, 'import', 'Invoice.pdf', SAMPLES.pdf!);
    expect(wrongHandler.status).toBe(403);
    expect(await errorOf(wrongHandler)).toBe(CHECKLIST_MESSAGES.notYourShipment);

    expect((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from files`)).rows[0]!.n).toBe(before);
    expect((await itemNamed(s.id, 'Commercial Invoice')).state).toBe('overdue');
  });

  it("never shows another company's checklist: 404 in the app, no rows under row-level security", async () => {
    const other = await shipment('admin', seaBody(refs, { company_id: refs.rhein, loading_type: 'export' }));
    const res = await call(`/api/shipments/${other.id}/checklist`, 'customer');
    expect(res.status).toBe(404);
    const customer = { role: 'customer', company_id: refs.anatolia } as SessionUser;
    const seen = await withCustomerScope(t.db, customer, async (db) =>
      (await db.execute<{ n: number; foreign: number }>(sql`
        select count(*)::int as n, count(*) filter (where shipment_id = ${other.id})::int as foreign from shipment_checklist_items`)).rows[0]!,
    );
    expect(seen.foreign).toBe(0);
    expect(seen.n).toBeGreaterThan(0);
  });
});

describe('staff review', () => {
  it('the handler approves a received document once; others may not; a rejection needs a reason and makes it missing again', async () => {
    const s = await shipment('export', seaBody(refs));
    const item = await itemNamed(s.id, 'Packing List');
    const review = (role: Role, body: unknown) => call(`/api/checklist-items/${item.id}/review`, role, body);

    const early = await review('export', { decision: 'approve' });
    expect(early.status).toBe(409);
    expect(await errorOf(early)).toBe(CHECKLIST_MESSAGES.notReceived);
    await json(await uploadFor(item.id, 'customer', 'Packing list.pdf', SAMPLES.pdf!), 201);

    const notHandler = await review('import', { decision: 'approve' });
    expect(notHandler.status).toBe(403);
    expect(await errorOf(notHandler)).toBe(CHECKLIST_MESSAGES.notYourShipment);
    expect((await review('customer', { decision: 'approve' })).status).toBe(403);

    const noReason = await review('export', { decision: 'reject', reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(await errorOf(noReason)).toBe(CHECKLIST_MESSAGES.reason);

    expect((await review('export', { decision: 'reject', reason: 'The gross weight differs from the booking.' })).status).toBe(204);
    let after = await itemNamed(s.id, 'Packing List', 'customer');
    expect(after).toMatchObject({ state: 'overdue', document: null, rejected: { original_name: 'Packing list.pdf', reason: 'The gross weight differs from the booking.' } });
    // The company's contacts hear it is needed again. It is overdue, so at once (issue 45), not in tomorrow's digest,
    // though the digest is their choice for "Documents due" (the default).
    const digest = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from notification_digest_items where event = 'checklist_due' and shipment_id = ${s.id}`);
    expect(digest.rows[0]!.n).toBe(0);
    const mailed = await t.db.execute<{ text: string }>(sql`
      select payload->>'text' as text from outbox where idempotency_key like ${`checklist-rejected:${item.id}:%`} order by idempotency_key`);
    expect(mailed.rows.length).toBeGreaterThan(0);
    expect(mailed.rows.every((r) => r.text.includes('The gross weight differs from the booking.'))).toBe(true);

    await json(await uploadFor(item.id, 'customer', 'Packing list v2.pdf', SAMPLES.pdf!), 201);
    expect((await review('admin', { decision: 'approve' })).status).toBe(204);
    after = await itemNamed(s.id, 'Packing List', 'customer');
    expect(after).toMatchObject({ state: 'approved', rejected: null, document: { original_name: 'Packing list v2.pdf' } });
    expect(after.approved_by_name).toBeTruthy();
    const again = await review('export', { decision: 'approve' });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(CHECKLIST_MESSAGES.alreadyApproved);
    // An approved document is not replaced in silence, by the customer or by staff: reject it first.
    const replaced = await uploadFor(item.id, 'customer', 'Packing list v3.pdf', SAMPLES.pdf!);
    expect(replaced.status).toBe(409);
    expect(await errorOf(replaced)).toBe(CHECKLIST_MESSAGES.alreadyApproved);
    expect((await uploadFor(item.id, 'export', 'Packing list v3.pdf', SAMPLES.pdf!)).status).toBe(409);
    const actions = await t.db.execute<{ action: string }>(sql`select action from audit_log where details->>'item_id' = ${item.id} order by created_at`);
    expect(actions.rows.map((r) => r.action)).toEqual([
      'document.checklist_received', 'document.checklist_rejected', 'document.checklist_received', 'document.checklist_approved',
    ]);
  });

  it('staff attach a document of the shipment (not another shipment’s, not a draft); unassigning it makes the item missing again', async () => {
    const s = await shipment('export', seaBody(refs));
    const other = await shipment('export', seaBody(refs));
    const item = await itemNamed(s.id, 'Certificate of Origin');
    const put = async (shipmentId: string, name: string) => {
      const res = await rawUpload(`/api/documents?shipment_id=${shipmentId}`, 'export', name, SAMPLES.pdf!);
      return (await json<{ name: string }>(res, 201)).name;
    };
    const mine = await put(s.id, 'Certificate of origin.pdf');
    const theirs = await put(other.id, 'Other certificate.pdf');
    const attach = (name: string) => call(`/api/checklist-items/${item.id}/document`, 'export', { document_name: name });

    const wrong = await attach(theirs);
    expect(wrong.status).toBe(409);
    expect(await errorOf(wrong)).toBe(CHECKLIST_MESSAGES.documentNotOnShipment);
    const draft = await json<{ document_name: string }>(await call(`/api/shipments/${s.id}/generated-documents`, 'export', { kind: 'booking_confirmation' }), 201);
    const drafted = await attach(draft.document_name);
    expect(drafted.status).toBe(409);
    expect(await errorOf(drafted)).toBe(CHECKLIST_MESSAGES.draftDocument);
    expect((await call(`/api/checklist-items/${item.id}/document`, 'export', {})).status).toBe(400);

    expect((await attach(mine)).status).toBe(204);
    expect(await itemNamed(s.id, 'Certificate of Origin')).toMatchObject({ state: 'received', document: { name: mine } });
    expect((await call(`/api/documents/${encodeURIComponent(mine)}/assignment`, 'export', undefined, 'DELETE')).status).toBe(204);
    expect(await itemNamed(s.id, 'Certificate of Origin')).toMatchObject({ state: 'missing', document: null });
  });
});

describe('a rejection, mailed at once when it is urgent (issue 45)', () => {
  /** A sea export whose Packing List (5 days before departure) is due `inDays` days from today (UTC). */
  async function packingListDueIn(inDays: number) {
    const departure = new Date(new Date(Date.now() + (inDays + 5) * 86_400_000).setUTCHours(12, 0, 0, 0));
    const arrival = new Date(departure.getTime() + 20 * 86_400_000);
    const s = await shipment('export', seaBody(refs, { estimated_departure: departure.toISOString(), estimated_arrival: arrival.toISOString() }));
    const item = await itemNamed(s.id, 'Packing List');
    expect(item.due_on).toBe(new Date(Date.now() + inDays * 86_400_000).toISOString().slice(0, 10));
    await json(await uploadFor(item.id, 'customer', 'Packing list.pdf', SAMPLES.pdf!), 201);
    expect((await call(`/api/checklist-items/${item.id}/review`, 'export', { decision: 'reject', reason: 'Unsigned.' })).status).toBe(204);
    const [mailed, digest] = await Promise.all([
      t.db.execute<{ to: string }>(sql`select payload->>'to' as to from outbox where idempotency_key like ${`checklist-rejected:${item.id}:%`} order by 1`),
      t.db.execute<{ email: string }>(sql`select email from notification_digest_items where event = 'checklist_due' and shipment_id = ${s.id} order by 1`),
    ]);
    return { mailed: mailed.rows.map((r) => r.to), digest: digest.rows.map((r) => r.email) };
  }

  it('due in two days: the contacts who chose the digest are mailed now; due in three: it waits for the digest', async () => {
    const soon = await packingListDueIn(2);
    expect(soon.mailed).toContain('customer@cargodesk.test');
    expect(soon.digest).toEqual([]);
    const later = await packingListDueIn(3);
    expect(later.mailed).toEqual([]);
    expect(later.digest).toContain('customer@cargodesk.test');
  });
});

describe('overdue items', () => {
  it('the dashboards and the overdue page count the same items: an admin all, a handler their own, a customer what they provide', async () => {
    const dashboard = async (r: Role) => json<Dashboard>(await call('/api/dashboard', r), 200);
    const admin = await dashboard('admin');
    const exporter = await dashboard('export');
    const importer = await dashboard('import');
    const customer = await dashboard('customer');
    const count = async (where: ReturnType<typeof sql>) =>
      (await t.db.execute<{ n: number }>(sql`
        select count(*)::int as n from shipment_checklist_items i join shipments s on s.id = i.shipment_id
        where i.document_name is null and i.required and s.status not in ('delivered', 'completed')
          and ((case i.anchor when 'departure' then s.estimated_departure else s.estimated_arrival end) at time zone 'UTC')::date + i.offset_days
              < (now() at time zone 'UTC')::date and ${where}`)).rows[0]!.n;
    const exportId = sql`(select id from users where email = 'export@cargodesk.test')`;
    expect(admin.checklist_overdue.total).toBe(await count(sql`true`));
    expect(admin.checklist_overdue.total).toBeGreaterThan(0);
    expect(exporter.checklist_overdue.total).toBe(await count(sql`s.handler_id = ${exportId}`));
    expect(importer.checklist_overdue.total).toBe(await count(sql`s.handler_id = (select id from users where email = 'import@cargodesk.test')`));
    expect(customer.checklist_overdue.total).toBe(await count(sql`s.company_id = ${refs.anatolia} and i.provider = 'customer'`));
    expect(customer.checklist_overdue.rows.every((r) => r.provider === 'customer')).toBe(true);
    expect(customer.checklist_overdue.rows.length).toBe(Math.min(5, customer.checklist_overdue.total));

    const page = await json<Page<OverdueRow>>(await call('/api/checklist/overdue?pageSize=100', 'export'), 200);
    expect(page.total).toBe(exporter.checklist_overdue.total);
    const sorted = [...page.rows].sort((a, b) => a.due_on.localeCompare(b.due_on));
    expect(page.rows.map((r) => r.due_on)).toEqual(sorted.map((r) => r.due_on));
    expect(page.rows[0]!.days_overdue).toBeGreaterThan(0);
    const forwarderOnly = await json<Page<OverdueRow>>(await call('/api/checklist/overdue?provider=forwarder', 'admin'), 200);
    expect(forwarderOnly.total).toBe(await count(sql`i.provider = 'forwarder'`));
    expect((await call('/api/checklist/overdue', 'customer')).status).toBe(403);
    expect((await call('/api/checklist/overdue?provider=nobody', 'admin')).status).toBe(400);
  });

  it('an upload takes an item off the count at once', async () => {
    const s = await shipment('export', seaBody(refs));
    const before = (await json<Dashboard>(await call('/api/dashboard', 'customer'), 200)).checklist_overdue.total;
    const item = await itemNamed(s.id, 'Verified Gross Mass (VGM) declaration', 'customer');
    await json(await uploadFor(item.id, 'customer', 'VGM.pdf', SAMPLES.pdf!), 201);
    expect((await json<Dashboard>(await call('/api/dashboard', 'customer'), 200)).checklist_overdue.total).toBe(before - 1);
  });
});

describe('templates', () => {
  it('ship with the product, one per type and direction; admins replace one (audited); new shipments copy it, old ones keep theirs', async () => {
    const all = await json<ChecklistTemplate[]>(await call('/api/settings/checklist-templates', 'admin'), 200);
    expect(all.map((x) => `${x.type} ${x.direction}`)).toEqual([
      'air export', 'air import', 'sea export', 'sea import', 'land export', 'land import', 'partial export', 'partial import',
    ]);
    expect(all.every((x) => x.items.length >= 3)).toBe(true);
    expect((await call('/api/settings/checklist-templates', 'export')).status).toBe(403);

    const old = await shipment('admin', landBody(refs, { loading_type: 'export' }));
    const items = [
      { name: 'Commercial Invoice', provider: 'customer', required: true, anchor: 'departure', offset_days: -4 },
      { name: 'ATR movement certificate', provider: 'customer', required: false, anchor: 'departure', offset_days: -2 },
    ];
    expect((await call('/api/settings/checklist-templates/land/export', 'export', { items }, 'PUT')).status).toBe(403);
    const saved = await json<ChecklistTemplate>(await call('/api/settings/checklist-templates/land/export', 'admin', { items }, 'PUT'), 200);
    expect(saved).toMatchObject({ type: 'land', direction: 'export', items });
    expect(saved.updated_by_name).toBeTruthy();

    const fresh = await shipment('admin', landBody(refs, { loading_type: 'export' }));
    expect((await checklist(fresh.id)).items.map((i) => i.name)).toEqual(['Commercial Invoice', 'ATR movement certificate']);
    expect((await checklist(old.id)).items.map((i) => i.name)).toEqual(['Commercial Invoice', 'Packing List', 'Export customs declaration', 'CMR consignment note']);
    const audit = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'settings.checklist_template'`);
    expect(audit.rows[0]!.n).toBeGreaterThan(0);

    // An emptied template still says who emptied it and when (it has no rows left to carry that).
    expect(all.find((x) => x.type === 'land' && x.direction === 'import')!.updated_by_name).toBeNull();
    const emptied = await json<ChecklistTemplate>(await call('/api/settings/checklist-templates/land/import', 'admin', { items: [] }, 'PUT'), 200);
    expect(emptied).toMatchObject({ items: [], updated_by_name: saved.updated_by_name });
    expect(Date.parse(emptied.updated_at!)).toBeGreaterThanOrEqual(Date.parse(saved.updated_at!));
  });

  it('refuses a bad template with the field’s message, changing nothing', async () => {
    const put = (body: unknown, path = '/api/settings/checklist-templates/air/import') => call(path, 'admin', body, 'PUT');
    const item = { name: 'Invoice', provider: 'customer', required: true, anchor: 'arrival', offset_days: 0 };
    const cases: [unknown, string][] = [
      [{ items: [item, { ...item, name: 'invoice' }] }, CHECKLIST_MESSAGES.duplicate('invoice')],
      [{ items: [{ ...item, offset_days: 91 }] }, CHECKLIST_MESSAGES.offsetDays],
      [{ items: [{ ...item, name: ' ' }] }, CHECKLIST_MESSAGES.name],
      [{ items: [{ ...item, provider: 'carrier' }] }, CHECKLIST_MESSAGES.provider],
      [{ items: Array.from({ length: 21 }, (_, i) => ({ ...item, name: `Doc ${i}` })) }, CHECKLIST_MESSAGES.items],
    ];
    const before = await json<ChecklistTemplate[]>(await call('/api/settings/checklist-templates', 'admin'), 200);
    for (const [body, message] of cases) {
      const res = await put(body);
      expect(res.status, message).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    expect((await put({ items: [item] }, '/api/settings/checklist-templates/ship/import')).status).toBe(400);
    expect(await json<ChecklistTemplate[]>(await call('/api/settings/checklist-templates', 'admin'), 200)).toEqual(before);
  });

  it('a shipment without a checklist gets its template on request, once; only its handler or an admin may', async () => {
    const s = await shipment('export', seaBody(refs));
    await t.db.execute(sql`delete from shipment_checklist_items where shipment_id = ${s.id}`);
    expect((await checklist(s.id)).items).toEqual([]);
    expect((await call(`/api/shipments/${s.id}/checklist`, 'import', {})).status).toBe(403);
    expect(await json<{ items: number }>(await call(`/api/shipments/${s.id}/checklist`, 'export', {}), 201)).toEqual({ items: 6 });
    const again = await call(`/api/shipments/${s.id}/checklist`, 'export', {});
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(CHECKLIST_MESSAGES.hasChecklist);
  });
});

describe('documents due soon (issue 17: "checklist item due")', () => {
  it("the company's contacts hear once of the missing documents they provide that are due within two days; a moved date reminds again", async () => {
    const now = new Date();
    const inDays = (n: number) => new Date(now.getTime() + n * 86_400_000).toISOString();
    const s = await shipment('export', seaBody(refs, { estimated_departure: inDays(4), estimated_arrival: inDays(20) }));
    const deps = { publicUrl: 'http://localhost:3000', linkSecret: 'test-secret-test-secret-test-secret' };
    const lines = async () =>
      (await t.db.execute<{ email: string; detail: string }>(sql`
        select email, detail from notification_digest_items where event = 'checklist_due' and shipment_id = ${s.id} order by email, created_at`)).rows;
    const contacts = (await t.db.execute<{ email: string }>(sql`
      select distinct lower(btrim(email)) as email from customers where company_id = ${refs.anatolia} and btrim(email) <> '' order by 1`)).rows.map((r) => r.email);

    await remindChecklistDue(t.db, deps, now);
    // Due in 1 and 2 days: the VGM and the B/L draft approval. Not the invoice (overdue already), not the optional
    // certificate, not the forwarder's declaration. In the digest: the default for this event.
    const first = await lines();
    expect(first.map((l) => l.email)).toEqual(contacts);
    expect(first.every((l) => l.detail === 'documents due: Verified Gross Mass (VGM) declaration, B/L draft approval')).toBe(true);

    await remindChecklistDue(t.db, deps, now);
    expect(await lines()).toHaveLength(contacts.length);

    // A day later the departure moves a day later: the same two are due again on new days, and are reminded once more.
    await t.db.execute(sql`update shipments set estimated_departure = ${inDays(5)} where id = ${s.id}`);
    await remindChecklistDue(t.db, deps, new Date(now.getTime() + 86_400_000));
    expect(await lines()).toHaveLength(2 * contacts.length);
  });
});
