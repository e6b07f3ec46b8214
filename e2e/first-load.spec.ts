import zlib from 'node:zlib';
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
  // What a page loads after its first screen is not named, and is asked for only once that screen is shown: the
  // shipment page's part below it (CustomerShipmentBelow, decision 0248) once its checklist is there; the list's search
  // schema (search-schema, with zod), which a list opened without a search does not need, once its rows are (0311).
  type Later = { chunk: string; shown: string; zod: boolean };
  const pages: [string, string, string[], Later | null][] = [
    ['/dashboard', 'DashboardPage', ['/api/dashboard'], null],
    ['/all-shipments', 'ShipmentListPages', ['/api/shipments?sort=created_at&dir=desc&page=1&pageSize=10'], { chunk: 'search-schema', shown: '[data-testid="shipment-row"]', zod: true }],
    [`/all-shipments/${id}`, 'CustomerShipmentPage', [`/api/shipments/${id}`, `/api/shipments/${id}/checklist`, `/api/shipments/${id}/carrier-events`], { chunk: 'CustomerShipmentBelow', shown: '[data-testid="checklist-item-name"]', zod: false }],
  ];
  await page.addInitScript((selectors: string[]) => {
    const shownAt: Record<string, number> = {};
    (window as unknown as { shownAt: Record<string, number> }).shownAt = shownAt;
    new MutationObserver(() => {
      for (const s of selectors) if (shownAt[s] === undefined && document.querySelector(s)) shownAt[s] = performance.now();
    }).observe(document, { childList: true, subtree: true });
  }, pages.flatMap(([, , , later]) => (later ? [later.shown] : [])));
  for (const [url, module, reads, later] of pages) {
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
    // (A list's schema is asked for a second after its first screen: networkidle may come before.)
    if (later) await expect.poll(() => loaded.some((p) => p.startsWith(`/assets/${later.chunk}-`)), `${url}: ${later.chunk} loads`).toBe(true);
    page.off('request', onRequest);
    const unnamed = loaded.filter((p) => !scripts.has(p));
    if (!later) expect(unnamed, `${url}: scripts the HTML did not name`).toEqual([]);
    else {
      const { shownAt, starts } = await page.evaluate(([files, shown]) => ({
        shownAt: (window as unknown as { shownAt: Record<string, number> }).shownAt[shown],
        starts: files.map((f) => (performance.getEntriesByName(new URL(f, location.href).href)[0] as PerformanceResourceTiming | undefined)?.startTime ?? -1),
      }), [unnamed, later.shown] as const);
      expect(shownAt, `${url}: ${later.shown} was shown`).toBeGreaterThan(0);
      for (const [i, f] of unnamed.entries()) expect(starts[i], `${f} asked for after the first screen`).toBeGreaterThan(shownAt!);
      // Decision 0283: the shipment page's part below shows the sections, the thread and the links without building a
      // schema either (zod's evaluation there was one task of 60-220 ms on a phone); a form loads its schema when it is
      // sent. The list's later part is its search schema.
      const zodLater: string[] = [];
      for (const f of unnamed) if ((await (await page.request.get(f)).text()).includes('._zod')) zodLater.push(f);
      if (later.zod) expect(zodLater.length, `${url}: zod after the first screen`).toBeGreaterThan(0);
      else expect(zodLater, `${url}: zod in the part below the first screen`).toEqual([]);
    }
    // Every named file exists (a stale table would name files of an older build).
    const zod: string[] = [];
    for (const s of scripts) {
      const file = await page.request.get(s);
      expect(file.status(), s).toBe(200);
      if ((await file.text()).includes('._zod')) zod.push(s);
    }
    // Decisions 0247, 0248 and 0311: the first screens show labels and rows and validate nothing, so they load no zod
    // before it (its schemas' construction cost a phone 100 ms before the first paint); a list opened with a search
    // names its schema, zod with it.
    expect(zod, `${url} loads zod for its first screen`).toEqual([]);
    if (url === '/all-shipments') {
      const filtered = await linksOf(await (await page.request.get('/all-shipments?status=in_transit')).text());
      const zodFiltered: string[] = [];
      for (const s of filtered.scripts) if ((await (await page.request.get(s)).text()).includes('._zod')) zodFiltered.push(s);
      expect(zodFiltered.length, 'a list opened with a search names its schema').toBeGreaterThan(0);
    }
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

test("the sign-in page's JavaScript stays within its budget: 150 KB gzip (issue 7)", async ({ page }) => {
  // What the HTML names is what the page loads (the test above); each file as the budget counts it, gzip level 9.
  const { scripts } = await linksOf(await (await page.request.get('/signin')).text());
  let bytes = 0;
  for (const s of scripts) bytes += zlib.gzipSync(await (await page.request.get(s)).body(), { level: 9 }).length;
  expect(scripts.size).toBeGreaterThan(3);
  expect(bytes, `${(bytes / 1024).toFixed(1)} KB`).toBeLessThan(150 * 1024);
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
  const unassigned = page.getByRole('link', { name: /^Unassigned\s+[\d,]+\s+(No handler yet: show and assign|Every shipment has a handler)$/i });
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

test("a signed-in page shows the shell's first screen from its HTML until the app's shell takes its place, with no frame of neither; a list never says it is empty before its rows", async ({ page }) => {
  // Decision 0248. Each frame (before its paint) records whether the HTML's first screen, the app's shell, and the
  // list's empty state are there; on a slowed CPU, so the app takes a while to arrive.
  await page.setViewportSize({ width: 390, height: 844 });
  await signInApi(page.request, DEMO.customer);
  await page.addInitScript(() => {
    const frames: string[] = [];
    (window as unknown as { frames_: string[] }).frames_ = frames;
    const look = () => {
      const boot = document.getElementById('boot-shell') ? 'boot' : '';
      const shell = document.querySelector('#root .mantine-AppShell-root') ? 'shell' : '';
      const empty = document.body?.textContent?.includes('No shipments found') ? 'empty' : '';
      frames.push([boot, shell, empty].filter(Boolean).join('+') || 'neither');
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const html = await (await page.request.get('/all-shipments')).text();
  expect(html).toContain('<div id="boot-shell" aria-hidden="true">');
  await page.goto('/all-shipments');
  await expect(page.getByTestId('shipment-row').first()).toBeVisible();
  await expect(page.locator('#boot-shell')).toHaveCount(0);
  const frames = await page.evaluate(() => (window as unknown as { frames_: string[] }).frames_);
  const seen = [...new Set(frames)];
  // It was there first, then the shell (the same frame may hold both: the shell's layout effect removes it before the
  // paint), and never neither once the HTML was parsed.
  const [boot, shell] = [frames.indexOf('boot'), frames.findIndex((f) => f.includes('shell'))];
  expect(boot, frames.join(' ')).toBeGreaterThanOrEqual(0);
  expect(shell, frames.join(' ')).toBeGreaterThan(boot);
  expect(frames.slice(boot).filter((f) => f === 'neither')).toEqual([]);
  expect(seen.filter((f) => f.includes('empty')), 'the empty state showed while the rows were loading').toEqual([]);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  // Signed out, the page's HTML has it too (the server does not look the session up for it), and the sign-in page
  // the app sends them to takes it away.
  await page.context().clearCookies();
  await page.goto('/all-shipments');
  await expect(page).toHaveURL(/\/signin\?redirect=/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.locator('#boot-shell')).toHaveCount(0);
  // Pages outside the shell never have it.
  for (const url of ['/signin', '/t/unknown-token', '/unsubscribe']) expect(await (await page.request.get(url)).text(), url).not.toContain('boot-shell');
});

// Decision 0306: the headings the server draws with the HTML, and the page's own that take their place.
const DRAWN = [
  { what: "the shipment page's reference", own: '[data-testid="shipment-reference"]', waitsForData: true },
  { what: "a customer's list title", own: '#root main h1', waitsForData: false },
] as const;

for (const width of [390, 1280]) {
  for (const { what, own: ownSelector, waitsForData } of DRAWN) {
    test(`at ${width} px ${what} shows from its HTML where the page draws it, until the page's own takes its place in the same frame`, async ({ page }) => {
      // Each frame (before its paint) records the box of the HTML's heading and of the page's own; on a slowed CPU, so
      // the app takes a while to arrive.
      await page.setViewportSize({ width, height: 844 });
      await signInApi(page.request, DEMO.customer);
      const shipment = ((await (await page.request.get('/api/shipments?pageSize=1')).json()) as { rows: { id: string; reference_number: string }[] }).rows[0]!;
      const [path, text] = waitsForData ? [`/all-shipments/${shipment.id}`, shipment.reference_number] : ['/all-shipments', 'My Shipments'];
      await page.addInitScript((selector) => {
        const frames: string[] = [];
        (window as unknown as { frames_: string[] }).frames_ = frames;
        // The box of the text itself (a heading's element may be wider than its words).
        const box = (e: Element | null) => {
          if (!e) return '';
          const range = document.createRange();
          range.selectNodeContents(e);
          return JSON.stringify(range.getBoundingClientRect());
        };
        const look = () => {
          const drawn = document.querySelector('#boot-page .bp-title');
          const own = document.querySelector(selector);
          // Once the app's shell is there, the drawn heading lies below its header and menu.
          const under = drawn && !document.getElementById('boot-shell') ? ` z${getComputedStyle(drawn.closest('#boot-page')!).zIndex}` : '';
          frames.push(`${drawn ? `drawn ${drawn.textContent} ${box(drawn)}${under}` : ''}|${own ? `own ${own.textContent} ${box(own)}` : ''}`);
          requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }, ownSelector);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(path);
      await expect(page.locator(ownSelector)).toHaveText(text);
      await expect(page.locator('#boot-page')).toHaveCount(0);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      const frames = await page.evaluate(() => (window as unknown as { frames_: string[] }).frames_);
      const drawn = frames.findIndex((f) => f.startsWith('drawn'));
      const own = frames.findIndex((f) => f.includes('|own'));
      // The HTML's heading first, with its text; then the page's, in the very next frame, in the same box, and the
      // HTML's gone in that frame (so neither two nor none are ever seen).
      expect(drawn, frames.join('\n')).toBeGreaterThanOrEqual(0);
      expect(own, frames.join('\n')).toBe(frames.findLastIndex((f) => f.startsWith('drawn')) + 1);
      const first = frames[drawn]!.slice(0, -1);
      expect(frames.slice(drawn, own).every((f) => f.startsWith(first)), frames.join('\n')).toBe(true);
      // Between the shell and the page it lies below the shell's header and menu (the shipment page waits for its
      // data there; a list draws its title with the shell, so it may have no such frame).
      const underShell = frames.slice(drawn, own).filter((f) => / z\d+\|$/.test(f));
      if (waitsForData) expect(underShell.length, frames.join('\n')).toBeGreaterThan(0);
      expect(underShell.every((f) => f.endsWith(' z99|')), frames.join('\n')).toBe(true);
      expect(frames[own]!.startsWith('|own')).toBe(true);
      const boxOf = (f: string) => JSON.parse(f.slice(f.indexOf('{'), f.indexOf('}') + 1)) as Record<string, number>;
      expect(frames[drawn]).toContain(`drawn ${text} `);
      expect(boxOf(frames[own]!)).toEqual(boxOf(frames[drawn]!));
    });
  }
}

test('no heading is drawn for a shipment the server does not find, and a drawn one goes when the page cannot show the shipment', async ({ page }) => {
  // Another company's shipment is not drawn either: src/server/http/page-heading.api.test.ts.
  await signInApi(page.request, DEMO.customer);
  // An unknown shipment: no heading in its HTML, and the page says so.
  const unknown = '00000000-0000-4000-8000-000000000000';
  expect(await (await page.request.get(`/all-shipments/${unknown}`)).text()).not.toContain('boot-page');
  // The shipment's read fails after the HTML drew its heading: the page's error takes its place.
  const shipment = ((await (await page.request.get('/api/shipments?pageSize=1')).json()) as { rows: { id: string; reference_number: string }[] }).rows[0]!;
  await page.route(`**/api/shipments/${shipment.id}`, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong' } }) }));
  await page.goto(`/all-shipments/${shipment.id}`);
  // (The query tries twice more before it gives up.)
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('#boot-page')).toHaveCount(0);
});
