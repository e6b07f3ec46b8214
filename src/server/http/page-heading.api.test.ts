/**
 * The shipment page's heading drawn with its HTML (issue 42, decision record 0306), on PGlite and PostgreSQL: the
 * app serving a built web app writes a shipment's reference into the page's HTML only for a viewer who may read that
 * shipment (its company's customer, staff), read as the API reads it (the customer's row-level scope); another
 * company's shipment, a signed-out visitor and an address that is not a record id get the shell alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { withCustomerScope } from '@server/db/customer-scope';
import { shipmentReference } from '@server/features/shipments/index';
import { loadRefs, type Refs } from '@server/features/shipments/test-fixtures';
import { BOOT_SHELL_HTML, bootPageHtml } from './boot-shell';
import { ROUTE_PRELOADS_FILE } from './page-preloads';
import { translatorFor } from '@server/i18n';

let t: TestApp;
let refs: Refs;
let webRoot: string;
const cookies = { admin: '', customer: '' };
const own = { id: '', reference: '' };
const other = { id: '', reference: '' };

beforeAll(async () => {
  // A built web app as small as the server needs: index.html and the routes' files (scripts/vite-route-preloads.ts).
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-web-'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><link rel="stylesheet" crossorigin href="/assets/web.css"></head><body><div id="root"></div><script type="module" src="/assets/web.js"></script></body></html>',
  );
  const files = (name: string) => ({ js: [`/assets/${name}.js`], css: [] });
  fs.writeFileSync(
    path.join(webRoot, ROUTE_PRELOADS_FILE),
    JSON.stringify({ shell: files('AppLayout'), routes: [{ path: '/all-shipments/$id', signedIn: true, ...files('Shipment') }, { path: '/all-shipments', signedIn: true, ...files('List') }, { path: '/dashboard', signedIn: true, ...files('Dashboard') }] }),
  );
  t = await createTestApp({ webRoot });
  refs = await loadRefs(t);
  cookies.admin = await t.signIn('admin@cargodesk.test');
  cookies.customer = await t.signIn('customer@cargodesk.test');
  const first = async (company: string) =>
    (await t.db.execute<{ id: string; reference: string }>(sql`select id, reference_number as reference from shipments where company_id = ${company} order by created_at limit 1`)).rows[0]!;
  Object.assign(own, await first(refs.anatolia));
  Object.assign(other, await first(refs.rhein));
});
afterAll(async () => {
  await t?.close();
  if (webRoot) fs.rmSync(webRoot, { recursive: true, force: true });
});

const page = async (address: string, cookie?: string, headers: Record<string, string> = {}) => {
  const res = await t.request(address, { cookie, headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  // A page's HTML is its viewer's: no shared cache keeps it.
  expect(res.headers.get('cache-control')).toBe('private, no-cache');
  expect(res.headers.get('vary')).toContain('Cookie');
  return res.text();
};

describe("the shipment page's heading in its HTML", () => {
  it("is drawn for the shipment's own customer and for staff, after the shell's first screen and before the stylesheets", async () => {
    for (const cookie of [cookies.customer, cookies.admin]) {
      const html = await page(`/all-shipments/${own.id}`, cookie);
      expect(html).toContain(bootPageHtml({ text: own.reference, place: 'card' }));
      expect(html.indexOf(BOOT_SHELL_HTML)).toBeLessThan(html.indexOf('id="boot-page"'));
      expect(html.indexOf('id="boot-page"')).toBeLessThan(html.indexOf('/assets/web.css'));
    }
  });

  it("is never another company's: the customer gets the shell alone, and the row-level scope alone hides it too", async () => {
    const html = await page(`/all-shipments/${other.id}`, cookies.customer);
    expect(html).toContain(BOOT_SHELL_HTML);
    expect(html).not.toContain('boot-page');
    expect(html).not.toContain(other.reference);
    // The read itself, inside the customer's scope with no company filter of its own: row-level security answers null.
    const customer = { role: 'customer', company_id: refs.anatolia };
    expect(await withCustomerScope(t.db, customer, (db) => shipmentReference(db, other.id, { companyId: null }))).toBeNull();
    expect(await withCustomerScope(t.db, customer, (db) => shipmentReference(db, own.id, { companyId: refs.anatolia }))).toBe(own.reference);
    // Staff read any.
    expect(await page(`/all-shipments/${other.id}`, cookies.admin)).toContain(bootPageHtml({ text: other.reference, place: 'card' }));
  });

  it('is not drawn signed out, for an address that is not a record id, for an unknown shipment or on another page', async () => {
    const signedOut = await page(`/all-shipments/${own.id}`);
    expect(signedOut).not.toContain('boot-page');
    expect(signedOut).not.toContain(own.reference);
    expect(await page('/all-shipments/not-an-id', cookies.customer)).not.toContain('boot-page');
    expect(await page('/all-shipments/00000000-0000-4000-8000-000000000000', cookies.admin)).not.toContain('boot-page');
    expect(await shipmentReference(t.db, 'not-an-id', { companyId: null })).toBeNull();
    const dashboard = await page('/dashboard', cookies.customer);
    expect(dashboard).toContain(BOOT_SHELL_HTML);
    expect(dashboard).not.toContain('boot-page');
  });

  it("draws a customer's list title in the page's language, and none for staff or a list opened with a filter", async () => {
    expect(await page('/all-shipments', cookies.customer)).toContain(bootPageHtml({ text: 'My Shipments', place: 'title' }));
    const turkish = translatorFor('tr').t('My Shipments');
    expect(turkish).not.toBe('My Shipments');
    expect(await page('/all-shipments', cookies.customer, { 'accept-language': 'tr-TR,tr;q=0.9' })).toContain(bootPageHtml({ text: turkish, place: 'title' }));
    expect(await page('/all-shipments', cookies.admin)).not.toContain('boot-page');
    expect(await page('/all-shipments?status=delivered', cookies.customer)).not.toContain('boot-page');
  });
});
