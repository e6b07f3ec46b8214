/**
 * Papers generated from a shipment (issue 16), on PGlite and PostgreSQL: each kind is generated from a shipment with
 * non-ASCII parties and its stored PDF, read back through the download link and parsed by pdf.js, holds the shipment's
 * values; versions count up and keep the old ones; a draft is staff only (answers, download, row-level security, no
 * notice) until made final; handlers generate only on their own shipments; the letterhead is printed and kept by admins.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, createTestApp, type TestApp } from '@tests/helpers/test-app';
import { pdfPages, pdfText } from '@tests/helpers/pdf-text';
import { withCustomerScope } from '@server/db/customer-scope';
import { GENERATED_MESSAGES, type GeneratedKind, type GeneratedVersion } from '@domain/generated-documents/schema';
import type { ShipmentDocument } from '@domain/documents/schema';
import type { SessionUser } from '@server/http/context';
import { loadRefs, seaBody, airBody, landBody, type Refs } from '@server/features/shipments/test-fixtures';

type Role = 'admin' | 'export' | 'import' | 'customer';
let t: TestApp;
let refs: Refs;
const cookies: Record<Role, string> = { admin: '', export: '', import: '', customer: '' };
let users: Record<Role, string>;

const call = (path: string, role: Role, body?: unknown, method?: string) => t.request(path, { cookie: cookies[role], body, method });
async function json<T>(res: Response, status: number): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}
const generate = async (shipment: string, kind: GeneratedKind, role: Role = 'admin') =>
  json<GeneratedVersion>(await call(`/api/shipments/${shipment}/generated-documents`, role, { kind }), 201);

/** The stored bytes, fetched as a person would: a signed download link, then the file. */
async function bytesOf(name: string, role: Role): Promise<{ status: number; bytes?: Uint8Array }> {
  const link = await call(`/api/documents/${encodeURIComponent(name)}/link?disposition=attachment`, role);
  if (link.status !== 200) return { status: link.status };
  const file = await call(((await link.json()) as { url: string }).url, role);
  return { status: file.status, bytes: new Uint8Array(await file.arrayBuffer()) };
}

const PARTIES = {
  shipper_name: 'Anatolia Tekstil A.Ş.',
  shipper_address: 'Büyükdere Cad. 12, Şişli, İstanbul, Türkiye',
  consignee_name: 'Müller Maschinenbau GmbH',
  consignee_address: 'ul. Długa 5, 80-827 Gdańsk, Polska',
  notify_name: 'Łódź Logistics Sp. z o.o.',
  notify_address: 'ul. Piotrkowska 100, 90-001 Łódź',
};
// ISO 6346 numbers with their check digits (CSQU3054383 is the standard's own worked example).
const CONTAINERS = [
  { type: '40HC', number: 'CSQU3054383', carrier_seal_number: 'SEAL-İZ-001', weight: '12000.5', volume: '67.5' },
  { type: '20DC', number: 'MSKU1234565', carrier_seal_number: 'SEAL-GD-002', weight: '8000', volume: '30' },
  { type: '20DC', number: 'MSKU7654328', carrier_seal_number: 'SEAL-GD-003', weight: '7000', volume: '28' },
];

let sea: string;
let air: string;
let land: string;

async function createShipment(body: Record<string, unknown>): Promise<{ id: string; reference_number: string }> {
  return json(await call('/api/shipments', 'admin', body), 201);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'export', 'import', 'customer'] as const) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
  const rows = (await t.db.execute<{ role: Role; id: string }>(sql`select role, id from users where email in ('admin@cargodesk.test', 'export@cargodesk.test', 'import@cargodesk.test', 'customer@cargodesk.test')`)).rows;
  users = Object.fromEntries(rows.map((r) => [r.role, r.id])) as Record<Role, string>;
  refs = await loadRefs(t);
  sea = (await createShipment(seaBody(refs, { ...PARTIES, loading_type: 'import', containers: CONTAINERS, customer_reference: 'MEDUİZ123456' }))).id;
  air = (await createShipment(airBody(refs, { ...PARTIES, loading_type: 'export', weight_gross: '120', pieces: [{ count: '2', length: '120', width: '80', height: '100' }] }))).id;
  land = (await createShipment(landBody(refs, { ...PARTIES, loading_type: 'export' }))).id;
  // Handlers as the handler assignment would set them (the create body does not take one).
  await t.db.execute(sql`update shipments set handler_id = ${users.import} where id = ${sea}`);
  await t.db.execute(sql`update shipments set handler_id = ${users.export} where id in (${air}, ${land})`);
});
afterAll(async () => t?.close());

describe('each paper holds the shipment’s values, read back by a PDF parser', () => {
  it('house bill of lading: parties, B/L number, every container and seal, packages and weight', async () => {
    const v = await generate(sea, 'hbl');
    expect(v).toMatchObject({ kind: 'hbl', version: 1, final: false, label: 'House Bill of Lading', changed_fields: [] });
    expect(v.original_name).toMatch(/^HBL-SEA-.+-v1\.pdf$/);
    const { status, bytes } = await bytesOf(v.document_name, 'admin');
    expect(status).toBe(200);
    const text = await pdfText(bytes!);
    for (const value of [...Object.values(PARTIES).slice(0, 4), 'MEDUİZ123456', 'MSC Aurora', '123W', 'Rotterdam', '1,500.5 kg']) expect(text).toContain(value);
    for (const c of CONTAINERS) {
      expect(text).toContain(c.number);
      expect(text).toContain(c.carrier_seal_number);
    }
    expect(text).toMatch(/Page 1 of \d/);
  });

  it('house air waybill: MAWB and HAWB numbers, pieces, gross and chargeable weight', async () => {
    const v = await generate(air, 'hawb', 'export');
    const text = await pdfText((await bytesOf(v.document_name, 'export')).bytes!);
    const detail = await json<{ weight_chargeable: number; mawb_number: string }>(await call(`/api/shipments/${air}`, 'admin'), 200);
    for (const value of [PARTIES.shipper_name, PARTIES.consignee_name, detail.mawb_number, 'HAWB-1', 'IST', 'FRA', 'TK1590', 'Gross weight', 'Chargeable weight']) expect(text).toContain(value);
    // The rating row: pieces, gross weight, kg, chargeable weight (the volumetric 320 kg: 1.92 m³ at 6,000 cm³ per kg).
    expect(detail.weight_chargeable).toBe(320);
    expect(text).toContain('12 pallets 120 K 320 Cotton fabric rolls');
  });

  it('CMR: sender, consignee, places and the truck', async () => {
    const v = await generate(land, 'cmr', 'export');
    const text = await pdfText((await bytesOf(v.document_name, 'export')).bytes!);
    for (const value of [PARTIES.shipper_name, PARTIES.consignee_address, 'Bursa', 'Munich', '16 ABC 123', '12', '1,500.5 kg']) expect(text).toContain(value);
  });

  it('arrival notice (imports only) and debit note: charges with a total per currency, never a cost', async () => {
    const an = await generate(sea, 'arrival_notice', 'import');
    const anText = await pdfText((await bytesOf(an.document_name, 'import')).bytes!);
    for (const value of [PARTIES.consignee_name, 'CSQU3054383', '1,200.00', '50.00']) expect(anText).toContain(value);
    const exportOnly = await call(`/api/shipments/${air}/generated-documents`, 'admin', { kind: 'arrival_notice' });
    expect(await json<{ error: { message: string } }>(exportOnly, 400)).toMatchObject({ error: { message: GENERATED_MESSAGES.notFit } });

    // The debit note prints every charge line: the form's fields and a line added on the Charges panel (issue 38).
    const baf = { side: 'sell', category: 'freight', code: 'BAF', description: 'Bunker surcharge', quantity: '2', unit: 'container', unit_price: '85', currency: 'EUR' };
    expect((await call(`/api/shipments/${sea}/charges`, 'admin', baf)).status).toBe(201);
    const dn = await generate(sea, 'debit_note');
    const dnText = await pdfText((await bytesOf(dn.document_name, 'admin')).bytes!);
    for (const value of [
      'SRV · Service 1 × 1,200.00 per shipment USD 1,200.00', 'HDL · Handling 1 × 50.00 per shipment EUR 50.00',
      'BAF · Freight Bunker surcharge 2 × 85.00 per container EUR 170.00', 'Total due 1,200.00 USD 220.00 EUR',
    ]) expect(dnText).toContain(value);
    // A line changed since: the version says its charges changed.
    expect((await call(`/api/shipments/${sea}/charges`, 'admin', { ...baf, code: 'CAF', description: 'Currency adjustment' })).status).toBe(201);
    const listed = await json<{ rows: GeneratedVersion[] }>(await call(`/api/shipments/${sea}/generated-documents`, 'admin'), 200);
    expect(listed.rows.find((r) => r.id === dn.id)!.changed_fields).toEqual(['charges']);
    // Freight cost 800.25 and the internal note are staff-internal: never on a paper.
    expect(dnText).not.toContain('800.25');
    expect(dnText).not.toContain('Rate agreed');
  });

  it('booking confirmation: route, dates and equipment', async () => {
    const v = await generate(sea, 'booking_confirmation', 'import');
    const text = await pdfText((await bytesOf(v.document_name, 'import')).bytes!);
    for (const value of ['Booking Confirmation', 'Rotterdam', 'CSQU3054383', PARTIES.shipper_name]) expect(text).toContain(value);
  });

  it('only the papers that fit are offered, and a kind outside the list is a 400', async () => {
    const list = await json<{ kinds: GeneratedKind[] }>(await call(`/api/shipments/${sea}/generated-documents`, 'export'), 200);
    expect(list.kinds).toEqual(['hbl', 'arrival_notice', 'booking_confirmation', 'debit_note']);
    const airKinds = await json<{ kinds: GeneratedKind[] }>(await call(`/api/shipments/${air}/generated-documents`, 'export'), 200);
    expect(airKinds.kinds).toEqual(['hawb', 'booking_confirmation', 'debit_note']);
    expect((await call(`/api/shipments/${land}/generated-documents`, 'admin', { kind: 'hbl' })).status).toBe(400);
    expect((await call(`/api/shipments/${land}/generated-documents`, 'admin', { kind: 'invoice' })).status).toBe(400);
  });
});

describe('versions, drafts and final', () => {
  it('generating again makes v2 and keeps v1; the customer sees neither until one is final, then only that one', async () => {
    const v2 = await generate(sea, 'hbl', 'import');
    expect(v2.version).toBe(2);
    expect(v2.original_name).toMatch(/-v2\.pdf$/);
    const all = await json<{ rows: GeneratedVersion[] }>(await call(`/api/shipments/${sea}/generated-documents`, 'admin'), 200);
    expect(all.rows.filter((r) => r.kind === 'hbl').map((r) => r.version)).toEqual([2, 1]);

    // Drafts: on the staff list (marked), never on the customer's, not downloadable by the customer, no notice.
    const staffDocs = await json<{ rows: ShipmentDocument[] }>(await call(`/api/shipments/${sea}/documents`, 'admin'), 200);
    expect(staffDocs.rows.find((d) => d.name === v2.document_name)).toMatchObject({ draft: true });
    const customerDocs = async () => (await json<{ rows: ShipmentDocument[] }>(await call(`/api/shipments/${sea}/documents`, 'customer'), 200)).rows.map((d) => d.name);
    expect(await customerDocs()).not.toContain(v2.document_name);
    expect((await bytesOf(v2.document_name, 'customer')).status).toBe(404);
    const notices = async () => Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from notification_digest_items where detail like ${`%${v2.original_name}%`}`)).rows[0]!.n);
    expect(await notices()).toBe(0);

    const company = (await t.db.execute<{ company_id: string }>(sql`select company_id from shipments where id = ${sea}`)).rows[0]!.company_id;
    const customerUser = { role: 'customer', company_id: company } as SessionUser;
    const underRls = () =>
      withCustomerScope(t.db, customerUser, async (db) =>
        Number((await db.execute<{ n: number }>(sql`select (select count(*) from files where name = ${v2.document_name}) + (select count(*) from document_assignments where document_name = ${v2.document_name}) as n`)).rows[0]!.n));
    expect(await underRls()).toBe(0);
    // The same scope reads the company's other documents: the zero above is the draft rule, not an empty scope.
    expect(await withCustomerScope(t.db, customerUser, async (db) => Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from files`)).rows[0]!.n))).toBeGreaterThan(0);

    const final = await json<GeneratedVersion>(await call(`/api/generated-documents/${v2.id}/final`, 'import', {}), 200);
    expect(final).toMatchObject({ final: true, finalized_by_name: expect.any(String) });
    expect(await customerDocs()).toContain(v2.document_name);
    expect((await bytesOf(v2.document_name, 'customer')).status).toBe(200);
    expect(await underRls()).toBe(2);
    expect(await notices()).toBeGreaterThan(0);
    // v1 stays a draft: still hidden.
    const v1 = all.rows.find((r) => r.kind === 'hbl' && r.version === 1)!;
    expect(await customerDocs()).not.toContain(v1.document_name);

    const again = await call(`/api/generated-documents/${v2.id}/final`, 'admin', {});
    expect(await json<{ error: { message: string } }>(again, 409)).toMatchObject({ error: { message: GENERATED_MESSAGES.alreadyFinal } });
    const audit = (await t.db.execute<{ action: string }>(sql`select action from audit_log where target = ${v2.document_name} and action <> 'document.download' order by created_at`)).rows.map((r) => r.action);
    expect(audit).toEqual(['document.generated', 'document.finalized']);
  });

  it('generations at once each get their own version number', async () => {
    const made = await Promise.all(Array.from({ length: 4 }, () => generate(air, 'debit_note', 'export')));
    const versions = made.map((v) => v.version).sort((a, b) => a - b);
    expect(new Set(versions).size).toBe(4);
    expect(versions).toEqual([versions[0]!, versions[0]! + 1, versions[0]! + 2, versions[0]! + 3]);
  });

  it('an edit of a printed field after generating is named on the version', async () => {
    const before = (await json<{ rows: GeneratedVersion[] }>(await call(`/api/shipments/${land}/generated-documents`, 'admin'), 200)).rows[0]!;
    expect(before.changed_fields).toEqual([]);
    await t.db.execute(sql`update shipments set weight_gross = 1600, internal_notes = 'changed' where id = ${land}`);
    const after = (await json<{ rows: GeneratedVersion[] }>(await call(`/api/shipments/${land}/generated-documents`, 'admin'), 200)).rows[0]!;
    expect(after.changed_fields).toEqual(['weight_gross']);
  });

  it('a generated paper stays on its shipment: it cannot be unassigned', async () => {
    const v = (await json<{ rows: GeneratedVersion[] }>(await call(`/api/shipments/${land}/generated-documents`, 'admin'), 200)).rows[0]!;
    const res = await call(`/api/documents/${encodeURIComponent(v.document_name)}/assignment`, 'admin', undefined, 'DELETE');
    expect(res.status).toBe(409);
  });
});

describe('who may generate', () => {
  it('a handler only on the shipments they handle; customers never; staff all read the versions', async () => {
    expect((await call(`/api/shipments/${sea}/generated-documents`, 'export', { kind: 'hbl' })).status).toBe(403);
    expect((await call(`/api/shipments/${sea}/generated-documents`, 'customer', { kind: 'hbl' })).status).toBe(403);
    expect((await call(`/api/shipments/${sea}/generated-documents`, 'customer')).status).toBe(403);
    expect((await call(`/api/shipments/${sea}/generated-documents`, 'export')).status).toBe(200);
    const v = (await json<{ rows: GeneratedVersion[] }>(await call(`/api/shipments/${sea}/generated-documents`, 'admin'), 200)).rows.find((r) => !r.final)!;
    expect((await call(`/api/generated-documents/${v.id}/final`, 'export', {})).status).toBe(403);
    expect((await call(`/api/generated-documents/${crypto.randomUUID()}/final`, 'admin', {})).status).toBe(404);
    expect((await call('/api/generated-documents/not-an-id/final', 'admin', {})).status).toBe(404);
  });
});

describe('the letterhead', () => {
  const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

  it('admins set it and every new paper prints it; the logo must be a small PNG or JPEG', async () => {
    const body = { name: 'Cargodesk Lojistik A.Ş.', address: 'Atatürk Cad. 5, Karşıyaka, İzmir', phone: '+90 232 000 00 00', email: 'ops@cargodesk.test', tax_id: 'VKN 1234567890' };
    expect((await call('/api/settings/letterhead', 'export', body, 'PUT')).status).toBe(403);
    expect((await call('/api/settings/letterhead', 'admin', { ...body, name: ' ' }, 'PUT')).status).toBe(400);
    const saved = await json<{ name: string; has_logo: boolean }>(await call('/api/settings/letterhead', 'admin', body, 'PUT'), 200);
    expect(saved).toMatchObject({ name: body.name, has_logo: false });

    const upload = (bytes: Buffer) =>
      t.app.request(`${ORIGIN}/api/settings/letterhead/logo`, { method: 'PUT', headers: { origin: ORIGIN, cookie: cookies.admin, 'content-type': 'application/octet-stream' }, body: new Uint8Array(bytes) });
    expect((await upload(Buffer.from('GIF89a not a png'))).status).toBe(415);
    expect((await upload(Buffer.concat([PNG_1X1, Buffer.alloc(600 * 1024)]))).status).toBe(413);
    expect(await json<{ has_logo: boolean }>(await upload(PNG_1X1), 200)).toMatchObject({ has_logo: true });
    const logo = await call('/api/settings/letterhead/logo', 'admin');
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG_1X1)).toBe(true);

    const v = await generate(land, 'booking_confirmation', 'export');
    const pages = await pdfPages((await bytesOf(v.document_name, 'export')).bytes!);
    for (const value of [body.name, 'Karşıyaka, İzmir', body.tax_id]) expect(pages[0]).toContain(value);
    const audit = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'settings.letterhead'`)).rows[0]!.n;
    expect(audit).toBe(2);
    expect((await call('/api/settings/letterhead/logo', 'admin', undefined, 'DELETE')).status).toBe(200);
    expect((await call('/api/settings/letterhead/logo', 'admin')).status).toBe(404);
  });
});
