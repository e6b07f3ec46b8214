import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_AUTH_SECRET, createTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEMO_DOCUMENTS, DEMO_OTHER_COMPANY } from '@server/db/seed/demo-documents';
import { DEMO_COMPANY } from '@server/db/seed/demo-fixtures';
import { sign } from '@server/storage/signed-link';
import { SIGNED_LINK_SECONDS, storedFileName } from '@domain/documents/rules';
import { DOCUMENT_MESSAGES } from '@domain/documents/schema';
import { SAMPLES, json, storedBytes, upload } from './test-fixtures';

let t: TestApp;
let admin: string;
let customer: string;

/** The demo's stored names by original name. */
const demo = (original: string) => {
  const d = DEMO_DOCUMENTS.find((x) => x.original === original)!;
  return storedFileName(d.original, d.prefix);
};
const OWN_PDF = demo('Commercial Invoice.pdf');
const OWN_PNG = demo('Container seal photo.png');
const OTHER_PDF = demo('Bill of Lading.pdf');
const UNASSIGNED_PDF = demo('Packing List.pdf');
const UNASSIGNED_TXT = demo('Warehouse instructions.txt');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@cargodesk.test');
  customer = await t.signIn('customer@cargodesk.test');
});
afterAll(async () => t?.close());

async function linkFor(cookie: string, name: string, disposition?: 'inline' | 'attachment') {
  return t.request(`/api/documents/${encodeURIComponent(name)}/link${disposition ? `?disposition=${disposition}` : ''}`, { cookie });
}

/** A link made with the app's own secret, as a guessing customer could never make but a leaked link would carry. */
function signedPath(name: string, now = Date.now(), disposition = 'attachment') {
  const { expires, signature } = sign(name, TEST_AUTH_SECRET, now);
  return `/api/files/${encodeURIComponent(name)}?expires=${expires}&signature=${signature}&disposition=${disposition}`;
}

describe('demo documents', () => {
  it('are stored and recorded, two assigned to the demo customer’s company and one to another company', async () => {
    for (const d of DEMO_DOCUMENTS) {
      const name = storedFileName(d.original, d.prefix);
      expect((await storedBytes(t, name))?.equals(d.bytes())).toBe(true);
    }
    const r = await t.db.execute<{ document_name: string; company: string; kind: string }>(sql`
      select a.document_name, c.name as company,
        (select e.kind from shipment_events e where e.shipment_id = a.shipment_id and e.kind = 'document_assigned' limit 1) as kind
      from document_assignments a join shipments s on s.id = a.shipment_id join companies c on c.id = s.company_id
      order by a.document_name`);
    // The checklists' caught-up papers (issue 45) are assigned too; these are the library's own samples.
    const names = new Set(DEMO_DOCUMENTS.map((d) => storedFileName(d.original, d.prefix)));
    expect(r.rows.filter((row) => names.has(row.document_name))).toEqual([
      { document_name: OTHER_PDF, company: DEMO_OTHER_COMPANY, kind: 'document_assigned' },
      { document_name: OWN_PDF, company: DEMO_COMPANY, kind: 'document_assigned' },
      { document_name: OWN_PNG, company: DEMO_COMPANY, kind: 'document_assigned' },
    ]);
  });
});

describe('signed links', () => {
  it('gives staff a 60-second link that serves the bytes with safe headers, and audits the download', async () => {
    const res = await linkFor(admin, OWN_PDF, 'inline');
    expect(res.status).toBe(200);
    const link = await json(res);
    expect(link.url).toMatch(new RegExp(`^/api/files/${OWN_PDF}\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}&disposition=inline$`));
    const ttl = (Date.parse(link.expires_at) - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(SIGNED_LINK_SECONDS - 5);
    expect(ttl).toBeLessThanOrEqual(SIGNED_LINK_SECONDS);

    const file = await t.request(link.url, { cookie: admin, ip: '203.0.113.7' });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(`inline; filename="Commercial Invoice.pdf"; filename*=UTF-8''Commercial%20Invoice.pdf`);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(file.headers.get('content-length')).toBe(String(bytes.length));
    expect(bytes.equals((await storedBytes(t, OWN_PDF))!)).toBe(true);
    // The page's frame rules let our own pages frame a PDF.
    expect(file.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");

    const audit = await t.db.execute<{ actor_email: string; ip_address: string; details: { disposition: string } }>(
      sql`select actor_email, ip_address, details from audit_log where action = 'document.download' and target = ${OWN_PDF}`,
    );
    expect(audit.rows).toEqual([{ actor_email: 'admin@cargodesk.test', ip_address: '203.0.113.7', details: { original_name: 'Commercial Invoice.pdf', disposition: 'inline' } }]);
  });

  it('serves only PDFs and images inline; anything else is an attachment', async () => {
    const png = await t.request(signedPath(OWN_PNG, Date.now(), 'inline'), { cookie: admin });
    expect(png.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(png.headers.get('content-type')).toBe('image/png');
    const txt = await t.request(signedPath(UNASSIGNED_TXT, Date.now(), 'inline'), { cookie: admin });
    expect(txt.status).toBe(200);
    expect(txt.headers.get('content-disposition')).toBe(
      `attachment; filename="Warehouse instructions.txt"; filename*=UTF-8''Warehouse%20instructions.txt`,
    );
    expect(txt.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const pdf = await t.request(signedPath(OWN_PDF, Date.now(), 'attachment'), { cookie: admin });
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; /);
  });

  it('carries an unusual original name safely in Content-Disposition', async () => {
    const up = await upload(t, admin, 'Ürün "özel" listesi.pdf', SAMPLES.pdf!);
    const { name } = await json(up);
    const res = await t.request((await json(await linkFor(admin, name))).url, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="_r_n __zel_ listesi.pdf"; filename*=UTF-8''%C3%9Cr%C3%BCn%20%22%C3%B6zel%22%20listesi.pdf`,
    );
  });

  it('answers 403 for an expired link', async () => {
    const res = await t.request(signedPath(OWN_PDF, Date.now() - (SIGNED_LINK_SECONDS + 1) * 1000), { cookie: admin });
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(DOCUMENT_MESSAGES.linkExpired);
  });

  it('answers 403 for a forged signature, another name, a changed expiry or no signature', async () => {
    const { expires, signature } = sign(OWN_PDF, TEST_AUTH_SECRET, Date.now());
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const forged = [
      `/api/files/${OWN_PDF}?expires=${expires}&signature=${flipped}`,
      `/api/files/${UNASSIGNED_PDF}?expires=${expires}&signature=${signature}`,
      `/api/files/${OWN_PDF}?expires=${expires + 3600}&signature=${signature}`,
      `/api/files/${OWN_PDF}?expires=${expires}`,
      `/api/files/${OWN_PDF}`,
      `/api/files/${OWN_PDF}?expires=${expires}&signature=${sign(OWN_PDF, 'another-secret-of-enough-length', Date.now()).signature}`,
    ];
    for (const path of forged) {
      const res = await t.request(path, { cookie: admin });
      expect(res.status, path).toBe(403);
      expect((await json(res)).error.message).toBe(DOCUMENT_MESSAGES.linkForged);
    }
  });

  it('needs a session, even with a valid signature', async () => {
    expect((await t.request(signedPath(OWN_PDF))).status).toBe(401);
    expect((await linkFor('', OWN_PDF)).status).toBe(401);
  });

  it('answers 404 (not 500) for a record whose stored object is gone, and 404 for a name that does not exist', async () => {
    const up = await upload(t, admin, 'vanishing.pdf', SAMPLES.pdf!);
    const { name } = await json(up);
    await t.storage.delete(name);
    expect((await t.request(signedPath(name), { cookie: admin })).status).toBe(404);
    expect((await linkFor(admin, 'Zz9Zz9Zz_nothing.pdf')).status).toBe(404);
    expect((await t.request(signedPath('Zz9Zz9Zz_nothing.pdf'), { cookie: admin })).status).toBe(404);
  });
});

describe('customer access', () => {
  it('opens a document assigned to a shipment of their own company', async () => {
    for (const name of [OWN_PDF, OWN_PNG]) {
      const res = await linkFor(customer, name, 'inline');
      expect(res.status).toBe(200);
      const file = await t.request((await json(res)).url, { cookie: customer });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals((await storedBytes(t, name))!)).toBe(true);
    }
  });

  it('gets 404 for another company’s document, by link route and by a validly signed file link', async () => {
    const link = await linkFor(customer, OTHER_PDF);
    expect(link.status).toBe(404);
    expect((await json(link)).error.message).toBe(DOCUMENT_MESSAGES.notFound);
    expect((await t.request(signedPath(OTHER_PDF), { cookie: customer })).status).toBe(404);
    // A staff member's link, passed on, does not open it either.
    const staffLink = (await json(await linkFor(admin, OTHER_PDF))).url;
    expect((await t.request(staffLink, { cookie: customer })).status).toBe(404);
  });

  it('gets the same 404 for an unassigned document and for a guessed name, whatever the signature', async () => {
    for (const name of [UNASSIGNED_PDF, UNASSIGNED_TXT, 'AAAAAAAA_Commercial_Invoice.pdf', '../../etc/passwd']) {
      const link = await linkFor(customer, name);
      expect(link.status, name).toBe(404);
      expect((await t.request(signedPath(name), { cookie: customer })).status, name).toBe(404);
      expect((await t.request(`/api/files/${encodeURIComponent(name)}?expires=1&signature=x`, { cookie: customer })).status).toBe(404);
    }
  });

  it('sees 404 again once the assignment is removed', async () => {
    const up = await upload(t, admin, 'temporary.pdf', SAMPLES.pdf!);
    const { name } = await json(up);
    const own = await t.db.execute<{ id: string }>(
      sql`select s.id from shipments s join companies c on c.id = s.company_id where c.name = ${DEMO_COMPANY} limit 1`,
    );
    expect((await t.request(`/api/documents/${name}/assignment`, { method: 'PUT', cookie: admin, body: { shipment_id: own.rows[0]!.id } })).status).toBe(200);
    expect((await linkFor(customer, name)).status).toBe(200);
    expect((await t.request(`/api/documents/${name}/assignment`, { method: 'DELETE', cookie: admin })).status).toBe(204);
    expect((await linkFor(customer, name)).status).toBe(404);
  });

  it('may not list, upload or delete documents', async () => {
    expect((await t.request('/api/documents', { cookie: customer })).status).toBe(403);
    expect((await upload(t, customer, 'mine.pdf', SAMPLES.pdf!)).status).toBe(403);
    expect((await t.request(`/api/documents/${OWN_PDF}`, { method: 'DELETE', cookie: customer })).status).toBe(403);
    expect(await t.storage.exists(OWN_PDF)).toBe(true);
  });
});
