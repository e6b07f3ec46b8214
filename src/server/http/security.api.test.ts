import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, type TestApp } from '@tests/helpers/test-app';
import { ORIGIN_EXEMPT } from '@server/app';

/**
 * Issue 8: security headers on every response, and every state-changing API request with a foreign or missing
 * Origin refused with 403, on every route the app has (read from the app, so a new route is covered at once).
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@cargodesk.test');
});
afterAll(async () => t?.close());

const TRACKER = 'https://tracker.example';

function expectSecurityHeaders(res: Response, what: string) {
  const csp = res.headers.get('content-security-policy') ?? '';
  const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
  expect(directives['script-src'], `${what}: script-src`).toEqual(["'self'"]);
  expect(directives['default-src'], `${what}: default-src`).toEqual(["'self'"]);
  expect(directives['object-src'], `${what}: object-src`).toEqual(["'none'"]);
  expect(directives['frame-ancestors'], `${what}: frame-ancestors`).toEqual(["'self'"]);
  // Frames: our own pages (document previews) and the tracking provider, nothing else.
  expect(directives['frame-src'], `${what}: frame-src`).toEqual(["'self'", TRACKER]);
  expect(csp, `${what}: no inline or eval scripts`).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
  expect(res.headers.get('x-content-type-options'), `${what}: nosniff`).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), `${what}: referrer policy`).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('x-frame-options'), `${what}: frame options`).toBe('SAMEORIGIN');
  expect(res.headers.get('x-request-id'), `${what}: request id`).toBeTruthy();
}

function stateChangingRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  return t.app.routes
    .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.path.startsWith('/api/') && !ORIGIN_EXEMPT.includes(r.path))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`))
    .map((r) => ({ method: r.method, path: r.path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'sign-out') }));
}

describe.each([
  ['app.request', false],
  ['a real HTTP connection (Node adapter, as in production)', true],
])('security headers through %s', (_label, socket) => {
  it('are on every kind of response: ok, 401, 403, 404, 400 and the auth handler', async () => {
    const get = (path: string, init: Parameters<TestApp['request']>[1] = {}) => t.request(path, { ...init, socket });
    const responses: [string, Response][] = [
      ['health', await get('/api/health')],
      ['signed-in JSON', await get('/api/me', { cookie: admin })],
      ['401', await get('/api/me')],
      ['403 foreign origin', await get('/api/companies', { body: { name: 'x' }, cookie: admin, headers: { origin: 'https://evil.example' } })],
      ['404 unknown API path', await get('/api/no-such-thing', { cookie: admin })],
      ['400 invalid input', await get('/api/companies', { method: 'POST', body: '{bad', cookie: admin, headers: { 'content-type': 'application/json' } })],
      ['auth handler', await get('/api/auth/get-session', { cookie: admin })],
    ];
    for (const [what, res] of responses) expectSecurityHeaders(res, what);
    expect(responses.map(([, r]) => r.status)).toEqual([200, 200, 401, 403, 404, 400, 200]);
    // The handler's own headers are there beside them (and each header once: a second copy fails the checks above).
    expect(responses[0]![1].headers.get('content-type')).toBe('application/json');
  });

  it("keeps a caller's well-formed request id and replaces any other", async () => {
    const kept = await t.request('/api/health', { socket, headers: { 'x-request-id': 'lb-7f3a.9:2' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.9:2');
    for (const odd of ['a'.repeat(65), 'has space', '<script>', 'ü-umlaut']) {
      const res = await t.request('/api/health', { socket, headers: { 'x-request-id': odd } });
      expect(res.headers.get('x-request-id'), odd).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('origin check', () => {
  it('covers a real inventory of state-changing routes', () => {
    const routes = stateChangingRoutes();
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/shipments');
  });

  it.each([
    ['missing', ''],
    ['foreign', 'https://evil.example'],
    ['look-alike', `${ORIGIN}.evil.example`],
    ['null', 'null'],
  ])('refuses every state-changing API route with a %s Origin (403), signed in as admin', async (_label, origin) => {
    const answers: string[] = [];
    for (const { method, path } of stateChangingRoutes()) {
      const res = await t.request(path, { method, body: {}, cookie: admin, headers: { origin } });
      if (res.status !== 403) answers.push(`${method} ${path}: ${res.status}`);
      else expectSecurityHeaders(res, `${method} ${path}`);
    }
    expect(answers, 'routes that did not refuse').toEqual([]);
  });

  it('exempts only the one-click unsubscribe, which reads no session: a forged token is still refused', async () => {
    expect(ORIGIN_EXEMPT).toEqual(['/api/unsubscribe']);
    const res = await t.request('/api/unsubscribe?token=forged.token', { method: 'POST', body: {}, cookie: admin, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(404);
  });

  it('lets the same request through with our Origin (so the 403s above came from the check)', async () => {
    const res = await t.request('/api/companies', { body: { name: `Origin Check Co ${Date.now()}` }, cookie: admin });
    expect(res.status).toBe(201);
  });
});
