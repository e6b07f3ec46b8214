import fs from 'node:fs/promises';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'cargodesk-demo';
export const DEMO = {
  admin: 'admin@cargodesk.test',
  export: 'export@cargodesk.test',
  import: 'import@cargodesk.test',
  customer: 'customer@cargodesk.test',
} as const;

let counter = 0;
/** A client address of its own for each test (the server trusts X-Forwarded-For in the e2e run), per worker. */
function uniqueIp(worker: number): string {
  counter++;
  return `10.${(worker % 200) + 1}.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
}

/** The windows `pageFor` opened for the running test: closed when it ends (the `windowsClosed` fixture). */
const personWindows = new Set<BrowserContext>();

export const test = base.extend<{ clientIp: string; windowsClosed: void }>({
  clientIp: async ({}, use, testInfo) => use(uniqueIp(testInfo.workerIndex)),
  extraHTTPHeaders: async ({ clientIp }, use) => use({ 'x-forwarded-for': clientIp }),
  // A test closes the browser windows (contexts) it opens beside its own page: one left open runs the app on beside
  // the worker's later tests (polling, redrawing), and a CI run's test waited 30 s for its own page to draw a frame
  // with four of them open. Set up before the page, so checked once the test's own context has closed.
  windowsClosed: [
    async ({ browser }, use) => {
      await use();
      await Promise.all([...personWindows].map((context) => context.close()));
      personWindows.clear();
      const left = browser.contexts();
      await Promise.all(left.map((context) => context.close()));
      expect(left.length, 'browser contexts the test opened and left open').toBe(0);
    },
    { auto: true },
  ],
});
export { expect };

export function origin(): string {
  return `http://localhost:${process.env.E2E_PORT}`;
}

/**
 * A browser window of its own for `email` (signed in through the API) at `width`, from the client address `ip`: a
 * second person beside the test's own page. Closed when the test ends.
 */
export async function pageFor(browser: Browser, width: number, ip: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin(), viewport: { width, height: width < 500 ? 844 : 900 }, extraHTTPHeaders: { 'x-forwarded-for': ip } });
  personWindows.add(context);
  const page = await context.newPage();
  await signInApi(page.request, email);
  return page;
}

/** The page is no wider than `width` (nothing scrolls sideways), polled while it settles. */
export async function noWiderThan(page: Page, width: number) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${page.url()} is wider than ${width} px` })
    .toBeLessThanOrEqual(width);
}

/**
 * Clicks `target` and waits for the address to match `url`, clicking again if a click did not take. Twice in a CI run
 * on a loaded machine a click on a menu link or a filter left the address as it was (Billing › Rate cards stayed on
 * /dashboard; a papers filter kept its old search) although the element had been found, shown and hit. Neither came
 * back in 13 tries here (6 runs of the test beside two busy cores; 7 under 4-10x CPU throttling, scripts slowed by
 * 1.5-4 s or API answers by 1.5-3 s). The address still has to change, within the usual timeout.
 */
export async function clickTo(page: Page, target: Locator, url: RegExp) {
  await expect(async () => {
    if (!url.test(page.url())) await target.click();
    await expect(page).toHaveURL(url, { timeout: 3_000 });
  }).toPass({ timeout: 15_000 });
}

/** Signs in through the API; the page's context keeps the session cookie. */
export async function signInApi(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const res = await request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: origin() } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Signs in through the API and opens `at` (the dashboard unless given), as far as the shell naming the person. A test
 * that starts on another page says so here instead of opening the dashboard first and then its page (about 1 s each).
 */
export async function signInAs(page: Page, email: string, o: { at?: string; password?: string } = {}) {
  await signInApi(page.request, email, o.password ?? DEMO_PASSWORD);
  await page.goto(o.at ?? '/dashboard');
  await expect(page.getByTestId('sidebar-email')).toHaveText(email);
}

/**
 * A new export air shipment of the demo customer's company (Anatolia Textiles Ltd), made through the API by whoever is
 * signed in on `request`. A test that changes a shipment (its status, charges, bills) makes its own this way: the
 * suite runs tests side by side, and a shared demo shipment would carry another test's changes.
 */
export async function newShipment(request: APIRequestContext, prefix = 'E2E'): Promise<{ id: string; reference_number: string }> {
  const options = await request.get('/api/companies/options');
  expect(options.status(), await options.text()).toBe(200);
  const company = ((await options.json()) as { id: string; name: string }[]).find((c) => c.name === 'Anatolia Textiles Ltd')!;
  const reference = `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const res = await request.post('/api/shipments', {
    headers: { origin: origin() },
    data: {
      type: 'air', loading_type: 'export', reference_number: reference, company_id: company.id,
      cargo_description: 'Cotton fabric rolls', package_type: 'pallet', packages_count: 2, weight_gross: 300,
      origin_city: 'Istanbul', origin_country: 'TR', destination_city: 'Frankfurt', destination_country: 'DE',
      origin_airport: 'IST', destination_airport: 'FRA',
      estimated_departure: '2026-12-01T09:00:00.000Z', estimated_arrival: '2026-12-03T09:00:00.000Z',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; reference_number: string };
}

type SavedMail = { to: string; subject: string; html: string; links: string[]; savedAt: string; headers?: Record<string, string> };

/** Waits for a mail in the dev mailbox (DATA_DIR/mail) to `to` whose subject contains `subject`. */
export async function waitForMail(to: string, subject: string, after = 0): Promise<SavedMail> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  let found: SavedMail | undefined;
  await expect
    .poll(
      async () => {
        const files = await fs.readdir(dir).catch(() => [] as string[]);
        for (const f of files.filter((name) => name.endsWith('.json'))) {
          const mail = JSON.parse(await fs.readFile(path.join(dir, f), 'utf8')) as SavedMail;
          if (mail.to === to && mail.subject.includes(subject) && Date.parse(mail.savedAt) >= after) found = mail;
        }
        return !!found;
      },
      { timeout: 15_000, message: `mail "${subject}" to ${to}` },
    )
    .toBe(true);
  return found!;
}

/** Saves a full-page screenshot under SCREENSHOT_DIR when it is set (for reviewing screens by eye). */
export async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Saves a screenshot of one element (a form card, a section) under SCREENSHOT_DIR when it is set. */
export async function shotOf(locator: Locator, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await locator.screenshot({ path: path.join(dir, `${name}.png`) });
}
