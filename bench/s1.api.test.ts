/**
 * Keeps the benchmark scripts from rotting (issue 7): S1 through the real pieces (data set, production server,
 * sign-in, autocannon) on a tiny data set with short durations; on PostgreSQL also the captured SQL through pgbench.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureApp } from './capture';
import { ensureDataset, type Target } from './dataset';
import { runLoad } from './load';
import { withCpu } from './stats';
import { runPgbench, writeScript } from './pgbench';
import { SCENARIOS, check, discover, httpCall, type Context } from './scenarios';
import { startServer, type RunningServer } from './server';
import { signInAll } from './session';

const onPostgres = process.env.TEST_DB === 'postgres';
const TINY = { shipments: 1500, companies: 20, staff: 20 };
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-bench-test-'));
let target: Target;
let server: RunningServer | undefined;
let ctx: Context;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  if (onPostgres) {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/cargodesk_bench_t_${crypto.randomBytes(5).toString('hex')}`;
    target = { kind: 'postgres', url: url.toString() };
  } else target = { kind: 'pglite', dir: path.join(work, 'pglite') };
  const info = await ensureDataset(target, TINY, { quiet: true });
  expect(info.counts.shipments).toBe(TINY.shipments);
  server = await startServer({
    port: await freePort(),
    dataDir: target.kind === 'pglite' ? target.dir : path.join(work, 'data'),
    databaseUrl: target.kind === 'postgres' ? target.url : undefined,
    logFile: path.join(work, 'server.log'),
    env: { LOG_LEVEL: 'warn' },
  });
  ctx = await discover(server.url, await signInAll(server.url));
});

afterAll(async () => {
  await server?.stop();
  if (target?.kind === 'postgres') {
    const admin = new URL(target.url);
    const name = admin.pathname.slice(1);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  }
  fs.rmSync(work, { recursive: true, force: true });
});

describe('benchmark S1 on a tiny data set', () => {
  it('answers a full page of 10 rows, then holds a short load with no errors', async () => {
    const { bytes } = await check(SCENARIOS.S1, ctx);
    expect(bytes).toBeGreaterThan(1000);
    const m = await withCpu(() => runLoad(httpCall(SCENARIOS.S1, ctx), 4, 1), server!.pid);
    expect(m.errors).toBe(0);
    expect(m.cpuMs, 'server CPU per request').toBeGreaterThan(0);
    expect(m.requests).toBeGreaterThan(0);
    expect(m.p50).toBeGreaterThan(0);
    expect(m.p99).toBeGreaterThanOrEqual(m.p50);
    expect(m.rps).toBeGreaterThan(0);
  });

  // pgbench needs a PostgreSQL server: this case exists on the PostgreSQL leg only (registered, never skipped).
  if (onPostgres) it('runs the SQL the endpoint ran through pgbench', async () => {
    if (target.kind !== 'postgres') throw new Error('PostgreSQL only');
    const app = await captureApp(target.url, ctx.base);
    let queries;
    try {
      queries = (await app.capture({ path: SCENARIOS.S1.path(ctx), cookie: ctx.cookies.admin })).queries;
    } finally {
      await app.close();
    }
    // The session lookup, the page and its count: the same statements the server runs for S1.
    expect(queries.some((q) => /from sessions s join users u/.test(q.text))).toBe(true);
    expect(queries.some((q) => /from shipments s\s+join companies c/.test(q.text) && q.values.includes('in_transit'))).toBe(true);
    const script = writeScript('S1', queries, work);
    const url = target.url;
    const m = await withCpu(() => runPgbench(url, script, 2, 1));
    expect(m.errors).toBe(0);
    // The CPU split the report prints: the database's backends (ended with pgbench) and pgbench itself are counted.
    expect(m.dbCpuMs).toBeGreaterThan(0);
    expect(m.clientCpuMs).toBeGreaterThan(0);
    expect(m.rps).toBeGreaterThan(0);
    expect(m.requests).toBeGreaterThan(0);
  });
});
