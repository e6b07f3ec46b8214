import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { messagesOf, reachable, routeModules, searchModules } from '../../../scripts/vite-route-preloads';
import { BOOT_SHELL_HTML, bootPageHtml } from './boot-shell';
import { DRAWN_HEADINGS, FIRST_READS, pageHtml, ROUTE_PRELOADS_FILE, type PageViewer } from './page-preloads';

const router = fs.readFileSync(fileURLToPath(new URL('../../web/router.tsx', import.meta.url)), 'utf8');

describe('routeModules (the build reads the routes from router.tsx)', () => {
  const routes = routeModules(router);
  const of = (p: string) => routes.find((r) => r.path === p);

  it('pairs each route with the module its page loads from, and knows which are under the signed-in shell', () => {
    expect(of('/dashboard')).toEqual({ path: '/dashboard', module: './features/dashboard/DashboardPage', signedIn: true, search: null });
    expect(of('/all-shipments')).toEqual({ path: '/all-shipments', module: './features/shipment-lists/ShipmentListPages', signedIn: true, search: 'shipments' });
    expect(of('/all-shipments/$id')).toEqual({ path: '/all-shipments/$id', module: './features/shipments/detail/CustomerShipmentPage', signedIn: true, search: null });
    expect(of('/staff')).toEqual({ path: '/staff', module: './features/staff/StaffPage', signedIn: true, search: 'staff' });
    expect(of('/t/$token')).toEqual({ path: '/t/$token', module: './features/share-links/PublicTrackingPage', signedIn: false, search: null });
    expect(of('/signup')).toMatchObject({ module: './features/auth/SignUpPage', signedIn: false });
    // The sign-in page is in the entry; '/' and the airport alias only redirect.
    expect(of('/signin')).toMatchObject({ module: null, signedIn: false });
    expect(of('/')?.module).toBeNull();
    expect(of('/airports/$id')?.module).toBeNull();
    // A route that validates its search with a lazily loaded schema, and which (its HTML names that schema's chunk too).
    expect(routes.filter((r) => r.search).map((r) => [r.path, r.search])).toEqual(
      expect.arrayContaining([['/all-shipments', 'shipments'], ['/air-shipments', 'shipments'], ['/companies', 'companies'], ['/company', 'companies'], ['/documents', 'documents'], ['/messages', 'messages'], ['/service-providers', 'partners']]),
    );
    expect(of('/')?.search).toBeNull();
    expect(of('/profile')?.search).toBeNull();
  });

  it('every search key a route reads has its loader in route-search.ts, and every loader is read by a route', () => {
    const loaders = searchModules(fs.readFileSync(fileURLToPath(new URL('../../web/route-search.ts', import.meta.url)), 'utf8'));
    const keys = new Set(routes.map((r) => r.search).filter(Boolean));
    expect([...keys].sort()).toEqual([...loaders.keys()].sort());
    expect(loaders.get('shipments')).toBe('./features/shipment-lists/search-schema');
    expect(loaders.get('airports')).toBe('@domain/airports/schema');
  });

  it('finds every page route of the router, and no module twice for one path', () => {
    const imports = [...router.matchAll(/import\('(\.\/[^']+)'\)/g)].map((m) => m[1]);
    const paired = new Set(routes.map((r) => r.module).filter(Boolean));
    // Every page module the router imports is reached by some route, except the shell and the not-found pages
    // (and the example in a comment).
    const unpaired = [...new Set(imports)].filter((m) => !paired.has(m!));
    expect(unpaired.sort()).toEqual(['./features/x/XPage', './shell/AppLayout', './shell/NotFoundPage']);
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
    expect(routes.filter((r) => r.module).length).toBeGreaterThan(40);
  });
});

describe("a route's messages (decision 0294)", () => {
  it('are the translations of the messages a module of the route uses, by the catalog\'s references; untranslated ones are left out', () => {
    const entries = [
      { id: 'Shipments', translation: 'Sevkiyatlar', references: ['src/web/features/shipment-lists/ShipmentListPages.tsx', 'src/web/shell/AppLayout.tsx'] },
      { id: 'Invoices', translation: 'Faturalar', references: ['src/web/features/invoices/InvoicesPage.tsx'] },
      { id: 'Sign In', translation: 'Giriş Yap', references: ['src/web/features/auth/SignInPage.tsx'] },
      { id: 'New text', translation: '', references: ['src/web/shell/AppLayout.tsx'] },
    ];
    expect(messagesOf(entries, new Set(['src/web/shell/AppLayout.tsx']))).toEqual({ Shipments: 'Sevkiyatlar' });
    expect(messagesOf(entries, new Set(['src/web/features/auth/SignInPage.tsx', 'src/web/features/invoices/InvoicesPage.tsx']))).toEqual({ Invoices: 'Faturalar', 'Sign In': 'Giriş Yap' });
    expect(messagesOf(entries, new Set())).toEqual({});
  });

  it("reach what the page's files import, statically or on demand, and stop at another route's page", () => {
    const imports: Record<string, string[]> = {
      'entry.js': ['boot.js', 'Router.js'],
      'Router.js': ['Dashboard.js', 'Invoices.js', 'search.js'],
      'Dashboard.js': ['Checklist.js', 'Invoices.js'],
      'Checklist.js': ['Dialog.js'],
      'Invoices.js': ['Money.js'],
    };
    const of = (f: string) => imports[f] ?? [];
    const pages = new Set(['Dashboard.js', 'Invoices.js']);
    expect([...reachable(['entry.js', 'Dashboard.js'], of, pages)].sort()).toEqual(['Checklist.js', 'Dashboard.js', 'Dialog.js', 'Router.js', 'boot.js', 'entry.js', 'search.js']);
    expect([...reachable(['entry.js', 'Invoices.js'], of, pages)].sort()).toEqual(['Invoices.js', 'Money.js', 'Router.js', 'boot.js', 'entry.js', 'search.js']);
  });
});

describe('pageHtml', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'preloads-'));
  const index = '<html><head><title>x</title>\n<link rel="stylesheet" crossorigin href="/assets/web.css">\n</head><body>\n<div id="root"></div>\n</body></html>';
  fs.writeFileSync(
    path.join(root, ROUTE_PRELOADS_FILE),
    JSON.stringify({
      shell: { js: ['/assets/AppLayout.js'], css: ['/assets/AppLayout.css'] },
      routes: [
        { path: '/companies/$id', signedIn: true, js: ['/assets/Profile.js'], css: [] },
        { path: '/companies/new', signedIn: true, js: ['/assets/NewCompany.js'], css: [] },
        { path: '/t/$token', signedIn: false, js: ['/assets/Tracking.js'], css: ['/assets/Tracking.css'] },
        { path: '/dashboard', signedIn: true, js: ['/assets/Dashboard.js'], css: [] },
        { path: '/all-shipments/$id', signedIn: true, js: ['/assets/Shipment.js'], css: [] },
        { path: '/all-shipments', signedIn: true, js: ['/assets/List.js'], search: ['/assets/route-search.js', '/assets/zod.js'], css: [] },
        { path: '/requests', signedIn: true, js: ['/assets/Requests.js'], css: [], messages: { tr: '/assets/messages-tr-requests.json' } },
        { path: '/signin', signedIn: false, js: [], css: [], messages: { tr: '/assets/messages-tr-signin.json' } },
      ],
    }),
  );
  const page = pageHtml(root, index);
  let asked = 0;
  // The viewer is asked only for a signed-in page with first reads or messages (it costs a session lookup).
  const as = (viewer: PageViewer, browserLocale = 'en') => (p: string) =>
    page(
      p,
      () => {
        asked++;
        return Promise.resolve(viewer);
      },
      browserLocale,
    );
  const customer = { role: 'customer', language: null, setupFirst: false } as const;
  const html = as(customer);

  it("puts a signed-in page's shell, its own files and the session's preload in the head", async () => {
    const doc = await html('/companies/0b1c');
    expect(doc).toContain('<link rel="preload" as="fetch" crossorigin href="/api/me">');
    expect(doc).toContain('<link rel="stylesheet" crossorigin href="/assets/AppLayout.css">');
    expect(doc).toContain('<link rel="modulepreload" crossorigin href="/assets/AppLayout.js">');
    expect(doc).toContain('<link rel="modulepreload" crossorigin href="/assets/Profile.js">');
    expect(doc).not.toContain('NewCompany.js');
    expect(doc.indexOf('Profile.js')).toBeLessThan(doc.indexOf('</head>'));
  });

  it("draws a signed-in page's first screen before its stylesheets, which come before the app's root (decision 0248)", async () => {
    const doc = await html('/companies/0b1c');
    const at = (s: string) => doc.indexOf(s);
    expect(doc).toContain(BOOT_SHELL_HTML);
    const sheets = [...doc.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => [m[1], m.index]);
    // index.html's own stylesheet, then the shell's: each once, all in the body, after the first screen, before the root.
    expect(sheets.map(([f]) => f)).toEqual(['/assets/web.css', '/assets/AppLayout.css']);
    for (const [f, i] of sheets) {
      expect(i, f as string).toBeGreaterThan(at(BOOT_SHELL_HTML));
      expect(i, f as string).toBeLessThan(at('<div id="root">'));
    }
    expect(at('<body>')).toBeLessThan(at(BOOT_SHELL_HTML));
    // A page outside the shell keeps its stylesheets in its head and has no first screen.
    const tracking = await html('/t/abc');
    expect(tracking).not.toContain('boot-shell');
    expect(tracking.indexOf('/assets/web.css')).toBeLessThan(tracking.indexOf('</head>'));
    expect(tracking.indexOf('/assets/Tracking.css')).toBeLessThan(tracking.indexOf('</head>'));
  });

  it("names a list's search schema only for an address with a search: opened without one it reads no schema (decision 0311)", async () => {
    const scripts = (doc: string) => [...doc.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(scripts(await html('/all-shipments'))).toEqual(['/assets/AppLayout.js', '/assets/List.js']);
    expect(scripts(await html('/all-shipments/'))).toEqual(['/assets/AppLayout.js', '/assets/List.js']);
    expect(scripts(await html('/all-shipments?status=in_transit'))).toEqual(['/assets/AppLayout.js', '/assets/List.js', '/assets/route-search.js', '/assets/zod.js']);
    expect(scripts(await as(null)('/all-shipments?page=2'))).toEqual(['/assets/AppLayout.js', '/assets/List.js', '/assets/route-search.js', '/assets/zod.js']);
  });

  it('a static path wins over a parameter, as in the router; a trailing slash matches', async () => {
    expect(await html('/companies/new')).toContain('NewCompany.js');
    expect(await html('/companies/new')).not.toContain('Profile.js');
    expect(await html('/companies/new/')).toContain('NewCompany.js');
  });

  it('a public page gets its own files and no shell or session; an unknown path gets index.html as it is', async () => {
    const tracking = await html('/t/abc');
    expect(tracking).toContain('/assets/Tracking.js');
    expect(tracking).not.toContain('AppLayout');
    expect(tracking).not.toContain('/api/me');
    expect(await html('/no/such/page')).toBe(index);
    expect(await html('/companies/a/b/c')).toBe(index);
  });

  const fetchesOf = (doc: string) => [...doc.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
  const id = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';

  it('a page that waits for its data preloads it, right after the session; only a record id from the address is written', async () => {
    const fetches = async (p: string) => fetchesOf(await html(p));
    expect(await fetches('/dashboard')).toEqual(['/api/me', '/api/dashboard']);
    expect(await fetches(`/all-shipments/${id}`)).toEqual(['/api/me', `/api/shipments/${id}`, `/api/shipments/${id}/checklist`, `/api/shipments/${id}/carrier-events`]);
    const doc = await html(`/all-shipments/${id}`);
    expect(doc.indexOf(`/api/shipments/${id}"`)).toBeLessThan(doc.indexOf('AppLayout.js'));
    // Not an id: the page still gets its files, and nothing of the address in its HTML.
    const odd = await html('/all-shipments/%22%3E%3Cscript%3E');
    expect(odd).toContain('/assets/Shipment.js');
    expect(odd).not.toContain('%22');
    expect(await fetches('/all-shipments/not-an-id')).toEqual(['/api/me']);
    // A page without first reads gets the session only, and nobody is asked who they are.
    asked = 0;
    expect(await fetches('/companies/0b1c')).toEqual(['/api/me']);
    expect(asked).toBe(0);
  });

  it('only for a viewer found signed in: signed out (or with something to do first) the page gets its files and the session only', async () => {
    // The browser would keep a 401 preloaded while signed out and give it to the page after signing in.
    const out = as(null);
    expect(fetchesOf(await out('/dashboard'))).toEqual(['/api/me']);
    expect(fetchesOf(await out(`/all-shipments/${id}`))).toEqual(['/api/me']);
    expect(await out(`/all-shipments/${id}`)).toContain('/assets/Shipment.js');
    // A customer's list as it opens, and only then: not with a filter or a page in the address, not for staff (a
    // handler's list is their own shipments).
    expect(fetchesOf(await html('/all-shipments'))).toEqual(['/api/me', '/api/shipments?sort=created_at&dir=desc&page=1&pageSize=10']);
    expect(fetchesOf(await html('/all-shipments?page=2'))).toEqual(['/api/me']);
    expect(fetchesOf(await as({ role: 'export', language: null, setupFirst: false })('/all-shipments'))).toEqual(['/api/me']);
    // A staff user who must enrol in two-factor first is sent to their profile: nothing of the page is read ahead.
    expect(fetchesOf(await as({ role: 'admin', language: null, setupFirst: true })('/dashboard'))).toEqual(['/api/me']);
    // Staff pages preload for staff only.
    expect(FIRST_READS['/shipment/$id']?.staffOnly).toBe(true);
    expect(FIRST_READS['/all-shipments/$id']?.staffOnly).toBeFalsy();
  });

  it('names first reads only for routes the router has, each an API path', () => {
    const paths = new Set(routeModules(router).map((r) => r.path));
    for (const [route, first] of Object.entries(FIRST_READS)) {
      expect(paths.has(route), route).toBe(true);
      for (const url of first.reads('00000000-0000-4000-8000-000000000000')) expect(url).toMatch(/^\/api\//);
    }
  });

  it("names the route's messages in the reader's language: their own choice, else their browser's; none in English (decision 0294)", async () => {
    const messagesOf = (doc: string) => [...doc.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)" data-messages="([^"]+)">/g)].map((m) => [m[1], m[2]]);
    // A customer who chose Turkish, in an English browser; one with no choice, in a Turkish browser; English either way.
    expect(messagesOf(await as({ ...customer, language: 'tr' }, 'en')('/requests'))).toEqual([['/assets/messages-tr-requests.json', 'tr']]);
    expect(messagesOf(await as(customer, 'tr')('/requests'))).toEqual([['/assets/messages-tr-requests.json', 'tr']]);
    expect(messagesOf(await as({ ...customer, language: 'en' }, 'tr')('/requests'))).toEqual([]);
    expect(messagesOf(await as(customer, 'en')('/requests'))).toEqual([]);
    // Signed out: the browser's language; nobody is asked who they are. Right after the session, before the scripts.
    asked = 0;
    const signin = await as(customer, 'tr')('/signin');
    expect(messagesOf(signin)).toEqual([['/assets/messages-tr-signin.json', 'tr']]);
    expect(asked).toBe(0);
    expect(messagesOf(await as(null, 'tr')('/requests'))).toEqual([['/assets/messages-tr-requests.json', 'tr']]);
    const doc = await as(customer, 'tr')('/requests');
    expect(doc.indexOf('data-messages')).toBeGreaterThan(doc.indexOf('/api/me'));
    expect(doc.indexOf('data-messages')).toBeLessThan(doc.indexOf('AppLayout.js'));
    // Before the entry's script: with six connections to a server, the small reads would wait behind the scripts.
    const withEntry = pageHtml(root, index.replace('</head>', '<script type="module" crossorigin src="/assets/index.js"></script>\n</head>'));
    const entryFirst = await withEntry('/requests', () => Promise.resolve(customer), 'tr');
    for (const tag of ['/api/me', 'data-messages']) expect(entryFirst.indexOf(tag), tag).toBeLessThan(entryFirst.indexOf('/assets/index.js'));
    expect(entryFirst.indexOf('/assets/index.js')).toBeLessThan(entryFirst.indexOf('AppLayout.js'));
  });

  it("draws the shipment page's heading the viewer's reader gives, only where it preloads that page's reads (decision 0306)", async () => {
    const asks: [string, string[], string][] = [];
    const reader = (reference: string | null) => (route: string, ids: string[], locale: string) => (asks.push([route, ids, locale]), Promise.resolve(reference));
    const withHeading = (reference: string | null, viewer: Partial<NonNullable<PageViewer>> = {}) => as({ ...customer, ...viewer, heading: reader(reference) });
    const doc = await withHeading('CD-S2612-1096')(`/all-shipments/${id}`);
    expect(asks).toEqual([['/all-shipments/$id', [id], 'en']]);
    expect(doc).toContain(bootPageHtml({ text: 'CD-S2612-1096', place: 'card' }));
    // After the shell's first screen, before the stylesheets (painted with the HTML, as the shell is).
    expect(doc.indexOf(BOOT_SHELL_HTML)).toBeLessThan(doc.indexOf(bootPageHtml({ text: 'CD-S2612-1096', place: 'card' })));
    expect(doc.indexOf(bootPageHtml({ text: 'CD-S2612-1096', place: 'card' }))).toBeLessThan(doc.indexOf('/assets/web.css'));
    // Not the viewer's (null): the shell alone.
    expect(await withHeading(null)(`/all-shipments/${id}`)).not.toContain('boot-page');
    // Nobody is asked for a page without a drawn heading, for an address that is not a record id, or for a viewer who
    // has something to do first; signed out, there is no viewer to ask.
    asks.length = 0;
    for (const p of ['/dashboard', '/all-shipments?page=2', '/all-shipments/not-an-id', `/shipment/${id}`]) expect(await withHeading('X')(p), p).not.toContain('boot-page');
    expect(await withHeading('X', { setupFirst: true })(`/all-shipments/${id}`)).not.toContain('boot-page');
    expect(asks).toEqual([]);
    expect(await as(null)(`/all-shipments/${id}`)).not.toContain('boot-page');
    expect(Object.keys(DRAWN_HEADINGS).every((route) => route in FIRST_READS)).toBe(true);
    // A customer's list as it opens: its title, asked in the page's language, at the page's top.
    const list = await withHeading('Gönderilerim', { language: 'tr' })('/all-shipments');
    expect(asks).toEqual([['/all-shipments', [], 'tr']]);
    expect(list).toContain(bootPageHtml({ text: 'Gönderilerim', place: 'title' }));
  });

  it('without the build file (development) the HTML is index.html', async () => {
    expect(await pageHtml(fs.mkdtempSync(path.join(os.tmpdir(), 'none-')), index)('/companies/new', () => Promise.resolve(null), 'en')).toBe(index);
  });
});
