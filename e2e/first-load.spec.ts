import { DEMO, expect, signInApi, test } from './fixtures';

// Issue 17, decision 0232: the HTML of a page names the JavaScript and CSS that page loads (and, signed in, the
// session), so a phone fetches them alongside the entry instead of in a chain. The check that matters: opening the
// page loads no script the HTML did not name, so the table the build writes is complete for these pages.

async function linksOf(html: string): Promise<{ scripts: Set<string>; fetches: string[] }> {
  const scripts = new Set([...html.matchAll(/<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="([^"]+)"/g)].map((m) => m[1]!));
  const fetches = [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)"/g)].map((m) => m[1]!);
  return { scripts, fetches };
}

test("a customer's pages name every script they load in their HTML, and the session's and the first data's preloads are used", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInApi(page.request, DEMO.customer);
  const list = await page.request.get('/api/shipments?pageSize=1');
  const id = ((await list.json()) as { rows: { id: string }[] }).rows[0]!.id;
  // Decision 0247: a page whose first screen waits for its data preloads that data too.
  const pages: [string, string, string[]][] = [
    ['/dashboard', 'DashboardPage', ['/api/dashboard']],
    ['/all-shipments', 'ShipmentListPages', []],
    [`/all-shipments/${id}`, 'CustomerShipmentPage', [`/api/shipments/${id}`, `/api/shipments/${id}/checklist`]],
  ];
  for (const [url, module, reads] of pages) {
    const res = await page.request.get(url);
    expect(res.status()).toBe(200);
    const { scripts, fetches } = await linksOf(await res.text());
    expect(fetches, url).toEqual(['/api/me', ...reads]);
    // The shell and the page's own chunk are named, beside the entry.
    const named = [...scripts].map((s) => s.replace(/^\/assets\//, ''));
    expect(named.some((s) => s.startsWith('AppLayout-')), `${url}: the shell`).toBe(true);
    expect(named.some((s) => s.startsWith(`${module}-`)), `${url}: ${module}`).toBe(true);

    const loaded: string[] = [];
    const preloaded: string[] = [];
    const onRequest = (r: { url(): string }) => {
      const u = new URL(r.url());
      if (/^\/assets\/.+\.js$/.test(u.pathname)) loaded.push(u.pathname);
      // By path: the page asking for a preloaded path with another query string would show as a second request.
      if (fetches.some((f) => f.split('?')[0] === u.pathname)) preloaded.push(u.pathname + u.search);
    };
    page.on('request', onRequest);
    await page.goto(url);
    await expect(page.locator('main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    expect(loaded.filter((p) => !scripts.has(p)), `${url}: scripts the HTML did not name`).toEqual([]);
    // Every named file exists (a stale table would name files of an older build).
    const zod: string[] = [];
    for (const s of scripts) {
      const file = await page.request.get(s);
      expect(file.status(), s).toBe(200);
      if ((await file.text()).includes('._zod')) zod.push(s);
    }
    // Decision 0247: the dashboard shows labels and rows and validates nothing, so it loads no zod (its schemas'
    // construction cost a phone 100 ms before the first paint). The other two pages do: search schemas, forms.
    if (url === '/dashboard') expect(zod, 'the dashboard loads zod').toEqual([]);
    else expect(zod.length, `${url}: the check finds zod where it is`).toBeGreaterThan(0);
    // Each preload is the app's one request for what it names: the browser reuses it (a page's query for another URL
    // would fetch a second time).
    expect(preloaded.sort(), url).toEqual([...fetches].sort());
  }
});

test("signed out, a page's HTML preloads no data: the browser would give that 401 to the page after signing in", async ({ page }) => {
  // Decision 0247: the server preloads a page's first reads only for a viewer it finds signed in.
  for (const url of ['/dashboard', '/all-shipments/00000000-0000-4000-8000-000000000000', '/shipment/00000000-0000-4000-8000-000000000000']) {
    const { fetches, scripts } = await linksOf(await (await page.request.get(url)).text());
    expect(fetches, url).toEqual(['/api/me']);
    expect(scripts.size, url).toBeGreaterThan(1);
  }
  // Signed in as a customer: not the staff page's read either.
  await signInApi(page.request, DEMO.customer);
  const { fetches } = await linksOf(await (await page.request.get('/shipment/00000000-0000-4000-8000-000000000000')).text());
  expect(fetches).toEqual(['/api/me']);
});

test('the sign-in page and a tracking link get no shell and no session preload', async ({ page }) => {
  const signin = await (await page.request.get('/signin')).text();
  expect(signin).not.toContain('/api/me');
  expect(signin).not.toContain('AppLayout');
  const tracking = await (await page.request.get('/t/unknown-token')).text();
  expect(tracking).toContain('PublicTrackingPage');
  expect(tracking).not.toContain('AppLayout');
});

test('a page without a list renders without the search schemas; a list opened from it by a link keeps its search even when they arrive late', async ({ page }) => {
  // Decision 0246: the schemas load before the first render only for a list page's address.
  const schemas: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/route-search-[^/]+\.js$/.test(new URL(r.url()).pathname)) schemas.push(r.url());
  });
  await signInApi(page.request, DEMO.admin);
  await page.goto('/dashboard');
  const unassigned = page.getByRole('link', { name: /^Unassigned: \d+, show them$/ });
  await expect(unassigned).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(schemas, 'the dashboard loaded the search schemas').toEqual([]);

  // Held back until the list has been opened: its search is read before the schemas are here.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/route-search-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await unassigned.click();
  await expect(page).toHaveURL(/\/all-shipments\?handler=unassigned$/);
  release();
  await expect(page.getByRole('checkbox', { name: 'Unassigned' })).toBeChecked();
  expect(schemas).toHaveLength(1);
});
