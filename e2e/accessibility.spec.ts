import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { pageRedirect } from '@domain/access/navigation';
import type { Role } from '@domain/common/enums';
// The scan (e2e/axe.ts): axe runs once in the page (same-origin frames included), as AxeBuilder's legacy mode does, put
// into each document once (decision 0288); WCAG 2.5.3 (label in name) enabled by name (decision 0253). What it does not
// scan is the inside of other origins' frames: our pages' only frame is the tracking provider's map.
import { seriousViolations } from './axe';
import { DEMO, expect, origin, signInApi, test } from './fixtures';
import { pageSettling } from './settled';

// Issue 17, accessibility: axe-core on every route of the router, for every role that may open it, at desktop and
// phone widths; any serious or critical violation fails. A route added to the router without a place here fails too.

type Ids = Record<'airport' | 'carrier' | 'company' | 'agent' | 'seaport' | 'provider' | 'staff' | 'shipment' | 'token' | 'request' | 'invoice' | 'draft' | 'supplierBill', string>;

/** Every route of src/web/router.tsx, with how to fill its parameters. */
const ROUTES: Record<string, (x: Ids) => string> = {
  '/signin': () => '/signin',
  '/signup': () => '/signup',
  '/t/$token': (x) => `/t/${x.token}`,
  // The neutral page of a link that is not valid; the page that asks is scanned in notifications.spec.ts.
  '/unsubscribe': () => '/unsubscribe?token=not-a-valid-token',
  '/dashboard': () => '/dashboard',
  '/profile': () => '/profile',
  '/companies': () => '/companies',
  '/companies/new': () => '/companies/new',
  '/companies/$id': (x) => `/companies/${x.company}`,
  '/companies/edit/$id': (x) => `/companies/edit/${x.company}`,
  '/companies/$companyId/contacts/new': (x) => `/companies/${x.company}/contacts/new`,
  '/company': () => '/company',
  '/company/$id': (x) => `/company/${x.company}`,
  '/all-shipments': () => '/all-shipments',
  '/all-shipments/$id': (x) => `/all-shipments/${x.shipment}`,
  '/my-shipments': () => '/my-shipments',
  '/air-shipments': () => '/air-shipments',
  '/sea-shipments': () => '/sea-shipments',
  '/land-shipments': () => '/land-shipments',
  '/partial-shipments': () => '/partial-shipments',
  '/shipment/$id': (x) => `/shipment/${x.shipment}`,
  '/shipment/$id/edit': (x) => `/shipment/${x.shipment}/edit`,
  '/shipments/new': () => '/shipments/new',
  '/documents': () => '/documents',
  '/messages': () => '/messages',
  '/airports': () => '/airports',
  '/airports/new': () => '/airports/new',
  '/airports/$id': (x) => `/airports/${x.airport}`,
  '/airports/edit/$id': (x) => `/airports/edit/${x.airport}`,
  '/seaports': () => '/seaports',
  '/seaports/new': () => '/seaports/new',
  '/seaports/edit/$id': (x) => `/seaports/edit/${x.seaport}`,
  '/carriers': () => '/carriers',
  '/carriers/new': () => '/carriers/new',
  '/carriers/edit/$id': (x) => `/carriers/edit/${x.carrier}`,
  '/service-providers': () => '/service-providers',
  '/service-providers/new': () => '/service-providers/new',
  '/service-providers/edit/$id': (x) => `/service-providers/edit/${x.provider}`,
  '/consolidation-agents': () => '/consolidation-agents',
  '/consolidation-agents/new': () => '/consolidation-agents/new',
  '/consolidation-agents/edit/$id': (x) => `/consolidation-agents/edit/${x.agent}`,
  '/staff': () => '/staff',
  '/staff/new': () => '/staff/new',
  '/staff/edit/$id': (x) => `/staff/edit/${x.staff}`,
  '/audit': () => '/audit',
  // Issue 44: the background jobs' queues (admins).
  '/jobs': () => '/jobs',
  '/settings/letterhead': () => '/settings/letterhead',
  '/settings/checklists': () => '/settings/checklists',
  '/exceptions': () => '/exceptions',
  '/checklist/overdue': () => '/checklist/overdue',
  // Issue 45: the papers a customer's company owes.
  '/checklist/owed': () => '/checklist/owed',
  '/carrier-events': () => '/carrier-events',
  '/import': () => '/import',
  '/webhooks': () => '/webhooks',
  '/requests': () => '/requests',
  '/requests/new': () => '/requests/new',
  '/requests/$id': (x) => `/requests/${x.request}`,
  // Issue 45: a new request as a copy of an earlier one (customers).
  '/requests/$id/again': (x) => `/requests/${x.request}/again`,
  // Billing (issue 38): an issued invoice of the demo customer's company (both sides open it) and a draft (staff).
  '/invoices': () => '/invoices',
  '/invoices/new': () => '/invoices/new',
  '/invoices/ready': () => '/invoices/ready',
  '/invoices/$id': (x) => `/invoices/${x.invoice}`,
  '/invoices/$id/edit': (x) => `/invoices/${x.draft}/edit`,
  '/billing/statement': (x) => `/billing/statement?company_id=${x.company}`,
  '/billing/ageing': () => '/billing/ageing',
  '/exchange-rates': () => '/exchange-rates',
  '/rates': () => '/rates',
  '/settings/billing': () => '/settings/billing',
  '/billing/exports': () => '/billing/exports',
  '/settings/accounting': () => '/settings/accounting',
  '/charge-codes': () => '/charge-codes',
  // Issue 39: supplier bills and the payables ageing.
  '/supplier-bills': () => '/supplier-bills',
  '/supplier-bills/new': () => '/supplier-bills/new',
  '/supplier-bills/$id': (x) => `/supplier-bills/${x.supplierBill}`,
  '/supplier-bills/$id/edit': (x) => `/supplier-bills/${x.supplierBill}/edit`,
  '/billing/payables': () => '/billing/payables',
};
/** Routes that only redirect (no page of their own). */
const REDIRECTS = ['/'];
const PUBLIC = ['/signin', '/signup', '/t/$token', '/unsubscribe'];

test('every route of the router is scanned', () => {
  const source = fs.readFileSync(fileURLToPath(new URL('../src/web/router.tsx', import.meta.url)), 'utf8');
  const paths = [...source.matchAll(/(?:path: |page\(|listPage\()'([^']+)'/g)].map((m) => m[1]!);
  expect(paths.length).toBeGreaterThan(40);
  expect(paths.filter((p) => !(p in ROUTES) && !REDIRECTS.includes(p))).toEqual([]);
});

async function rowsOf(request: APIRequestContext, url: string): Promise<{ id: string }[]> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  const body = (await res.json()) as { rows?: { id: string }[]; active?: { id: string }[] };
  return body.rows ?? body.active ?? [];
}

async function loadIds(request: APIRequestContext): Promise<Ids> {
  await signInApi(request, DEMO.customer);
  const shipment = (await rowsOf(request, '/api/shipments?pageSize=1'))[0]!.id;
  const company = (await rowsOf(request, '/api/companies?pageSize=1'))[0]!.id;
  const link = await request.post(`/api/shipments/${shipment}/share-links`, { data: { expires_in_days: 1 }, headers: { origin: origin() } });
  expect(link.status()).toBe(201);
  const token = ((await link.json()) as { token: string }).token;
  // A request of the customer's company (the demo data has some; both the customer and staff open it).
  const bookingRequest = (await rowsOf(request, '/api/requests?pageSize=1'))[0]!.id;
  await signInApi(request, DEMO.admin);
  const first = async (url: string) => (await rowsOf(request, url))[0]!.id;
  return {
    shipment, company, token, request: bookingRequest,
    airport: await first('/api/airports?pageSize=1'),
    carrier: await first('/api/carriers?pageSize=1'),
    agent: await first('/api/consolidation-agents?pageSize=1'),
    seaport: await first('/api/seaports?pageSize=1'),
    provider: await first('/api/service-providers?pageSize=1'),
    staff: (await rowsOf(request, '/api/staff')).find((s) => s.id)!.id,
    invoice: await first(`/api/invoices?pageSize=1&status=issued&kind=invoice&company_id=${company}`),
    draft: await first('/api/invoices?pageSize=1&status=draft'),
    supplierBill: await first('/api/supplier-bills?pageSize=1'),
  };
}

test('the scan reports a serious violation when a page has one', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Probe</title></head><body><main>
    <p style="color:#aaa;background:#fff">Pale text</p><p style="color:#767676;background:#fff">Readable text (4.54:1)</p>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <button aria-label="Find shipments">Search</button><button aria-label="Search shipments">Search</button></main></body></html>`);
  const found = await seriousViolations(page);
  // Label in name (WCAG 2.5.3): the button whose name leaves out its visible text, not the one whose name holds it.
  expect(found.filter((v) => v.startsWith('label-content-name-mismatch'))).toEqual([expect.stringContaining('button[aria-label="Find shipments"]')]);
  expect(found.filter((v) => v.startsWith('color-contrast (serious)'))).toEqual([expect.stringContaining('contrast of 2.32')]);
  expect(found.some((v) => v.startsWith('image-alt (critical)'))).toBe(true);
});

/** Moves the running app to `address` as its own links do (the router watches the history it is given). */
async function openInApp(page: Page, address: string): Promise<void> {
  await page.evaluate((to) => history.pushState(null, '', to), address);
  await expect(page).toHaveURL((u) => u.pathname === address.split('?')[0]);
}

const ROLES: (Role | 'anonymous')[] = ['anonymous', 'customer', 'export', 'import', 'admin'];

// One test per role: each page is opened once at desktop width and scanned, then narrowed to the phone width and
// scanned again (the layout follows the width as it does when a phone opens the page: CSS media queries and the
// components' width hooks re-render on the resize). Opening each page once instead of once per width keeps the
// suite's slowest spec within its time (decision record 0274); the checks are the same at each width.
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

for (const role of ROLES) {
  test(`no serious or critical axe violation on any page ${role === 'anonymous' ? 'without signing in' : `for ${role}`}, at 1280 and 390 px`, async ({ page, browser }) => {
    test.setTimeout(600_000);
    const setup = await browser.newContext({ baseURL: origin() });
    const ids = await loadIds(setup.request);
    await setup.close();
    if (role !== 'anonymous') await signInApi(page.request, DEMO[role]);
    const settled = pageSettling(page);
    const found: string[] = [];
    let opened = false;
    for (const [pattern, url] of Object.entries(ROUTES)) {
      // Signed out: the public pages. Signed in: every page the role may open (a signed-in person is sent on from /signin).
      const allowed = role === 'anonymous' ? PUBLIC.includes(pattern) : !PUBLIC.includes(pattern) && pageRedirect(url(ids), role) === null;
      if (!allowed) continue;
      await page.setViewportSize(WIDTHS[0]);
      // The first page is opened by its address; each next one as a person moves on, inside the app that is running
      // (the router follows the address the history is given): the app and axe are not loaded again for every page.
      if (opened) await openInApp(page, url(ids));
      else await page.goto(url(ids));
      opened = true;
      for (const size of WIDTHS) {
        if (size === WIDTHS[0]) await settled();
        else {
          await page.setViewportSize(size);
          await page.waitForFunction((w) => window.innerWidth === w, size.width);
          // What the narrower layout asks for (a phone list's own page of rows) has come back.
          await settled();
          // The phone layout is the one scanned: the menu folds behind its button.
          if (role !== 'anonymous') await expect(page.getByRole('button', { name: 'Toggle menu' })).toBeVisible();
        }
        await expect(page.locator('main').first()).toBeVisible();
        for (const v of await seriousViolations(page)) found.push(`${url(ids)} @${size.width}: ${v}`);
      }
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}

// Issue 37: a request's page changes with its outcome (the accepted banner with its shipment link, declined, expired,
// cancelled), and the demo data has no accepted request: the route scan above, which opens the first request, never
// saw the banner whose link had 4.34:1. Each outcome is made here through the API and scanned for both sides.
test('no serious or critical axe violation on a request page in each of its outcomes, for the customer and staff, at 1280 and 390 px', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const setup = await browser.newContext({ baseURL: origin() });
  const api = setup.request;
  const headers = { origin: origin() };
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const ask = async () => {
    const res = await api.post('/api/requests', {
      headers,
      data: {
        mode: 'air', direction: 'export', origin_airport: 'IST', origin_city: 'Istanbul', origin_country: 'TR', destination_airport: 'FRA',
        destination_city: 'Frankfurt', destination_country: 'DE', cargo_ready_date: inDays(3), cargo_description: 'Accessibility scan cargo', weight_gross: 120,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  await signInApi(api, DEMO.customer);
  const accepted = await ask();
  const cancelled = await ask();
  expect((await api.post(`/api/requests/${cancelled}/cancel`, { headers })).status()).toBe(200);
  await signInApi(api, DEMO.admin);
  const quote = {
    valid_until: inDays(10),
    lines: [{ side: 'sell', category: 'freight', code: 'FRT', unit_price: '900', currency: 'USD' }, { side: 'buy', category: 'freight', code: 'FRT', unit_price: '700', currency: 'USD' }],
  };
  expect((await api.put(`/api/requests/${accepted}/quote`, { headers, data: quote })).status()).toBe(200);
  expect((await api.post(`/api/requests/${accepted}/quote/send`, { headers })).status()).toBe(200);
  const [declined] = await rowsOf(api, '/api/requests?status=declined&pageSize=1');
  const [expired] = await rowsOf(api, '/api/requests?status=expired&pageSize=1');
  await signInApi(api, DEMO.customer);
  expect((await api.post(`/api/requests/${accepted}/accept`, { headers })).status()).toBe(201);
  await setup.close();

  const found: string[] = [];
  const settled = pageSettling(page);
  for (const role of ['customer', 'admin'] as const) {
    await signInApi(page.request, DEMO[role]);
    let opened = false;
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const id of [accepted, cancelled, declined!.id, expired!.id]) {
        // The app is loaded once for each person, then moved from request to request (decision 0295).
        if (opened) await openInApp(page, `/requests/${id}`);
        else await page.goto(`/requests/${id}`);
        opened = true;
        await settled();
        await expect(page.getByTestId('request-outcome')).toBeVisible();
        for (const v of await seriousViolations(page)) found.push(`${role} /requests/${id} @${width}: ${v}`);
      }
    }
  }
  expect(found, found.join('\n')).toEqual([]);
});
