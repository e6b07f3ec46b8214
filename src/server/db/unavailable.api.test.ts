/**
 * Database unavailable -> 503 (decision record 0031): the app on a PostgreSQL that refuses connections answers
 * 503 `unavailable` with Retry-After at once, on API routes and on Better Auth's; the errors PostgreSQL really
 * gives for a cut connection, a full pool and a refused connection are all recognised.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { jobQueue } from '@server/jobs/queue';
import { createApp } from '@server/app';
import { createAuth } from '@server/auth/auth';
import { createLogger } from '@server/logger';
import { localStorageIn } from '@server/storage/local';
import { openPostgres, type Database } from './client';
import { DatabaseUnavailableError, isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from './unavailable';
import { ORIGIN, TEST_AUTH_SECRET, createTestApp, type TestApp } from '@tests/helpers/test-app';

const onPostgres = process.env.TEST_DB === 'postgres';
/** Nothing listens on port 1 of loopback: every connection is refused, as when PostgreSQL is stopped. */
const DOWN_URL = 'postgres://postgres@127.0.0.1:1/cargodesk';

let t: TestApp;
let down: Database;
let downApp: ReturnType<typeof createApp>;
let downAppNoLimits: ReturnType<typeof createApp>;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn('admin@cargodesk.test');
  down = await openPostgres(DOWN_URL, { max: 2 });
  const deps = {
    database: down,
    auth: createAuth({ db: down.db, secret: TEST_AUTH_SECRET, publicUrl: ORIGIN }),
    logger: createLogger('silent'),
    publicUrl: ORIGIN,
    trustProxy: true,
    storage: localStorageIn('/tmp/cargodesk-unavailable-test'),
    linkSecret: TEST_AUTH_SECRET,
    jobs: jobQueue(down, createLogger('silent'), { specs: [], work: false }),
  };
  downApp = createApp(deps);
  downAppNoLimits = createApp({ ...deps, rateLimits: false });
});

afterAll(async () => {
  await down.close();
  await t.close();
});

async function call(app: ReturnType<typeof createApp>, path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const started = performance.now();
  const res = await app.request(`${ORIGIN}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.body ? { 'content-type': 'application/json', origin: ORIGIN } : {}),
      'x-forwarded-for': '192.0.2.9',
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { res, ms: performance.now() - started, body: (await res.json()) as { error?: { code: string; message: string } } };
}

describe('database unavailable', () => {
  it('answers 503 unavailable with Retry-After, fast, for a signed-in API call', async () => {
    const { res, ms, body } = await call(downApp, '/api/shipments', { cookie });
    expect(res.status).toBe(503);
    expect(body).toEqual({ error: { code: 'unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' } });
    expect(res.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    expect(ms).toBeLessThan(3000);
  });

  it('answers 503 for a sign-in, through the rate limiter and through Better Auth alone', async () => {
    for (const app of [downApp, downAppNoLimits]) {
      const { res, body } = await call(app, '/api/auth/sign-in/email', { method: 'POST', body: { email: 'admin@cargodesk.test', password: 'x' } });
      expect(res.status).toBe(503);
      expect(body.error?.code).toBe('unavailable');
      expect(res.headers.get('retry-after')).toBe('2');
    }
  });

  it('keeps answering 401 without a session and 503 on the health check', async () => {
    expect((await call(downApp, '/api/shipments')).res.status).toBe(401);
    expect((await call(downApp, '/api/health')).res.status).toBe(503);
  });

  it('recognises a refused connection as the driver reports it, through Drizzle', async () => {
    const err = await down.db.execute('select 1').then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeNull();
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(new DatabaseUnavailableError())).toBe(true);
    expect(isDatabaseUnavailable(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
  });

  if (onPostgres) {
    it('recognises a connection cut by the server and a pool with no free connection in time', async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      client.on('error', () => undefined);
      const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      const killer = new pg.Client({ connectionString: url });
      await killer.connect();
      await killer.query('select pg_terminate_backend($1)', [pid]);
      await killer.end();
      const cut = await client.query('select 1').then(
        () => null,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(cut)).toBe(true);
      await client.end().catch(() => undefined);

      const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 200 });
      const held = await pool.connect();
      const waited = await pool.connect().then(
        () => null,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(waited)).toBe(true);
      held.release();
      await pool.end();
    });
  }
});
