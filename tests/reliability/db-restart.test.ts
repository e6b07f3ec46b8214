/**
 * Database restart under load (issue 8): on a private PostgreSQL cluster made for this test (the shared server
 * is never touched), requests answer 503 `unavailable` fast while the database is down, and succeed again
 * within 2 s of it being back, with the same server process.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASE_PORT, CLUSTER_PORT, demoContext, errorText, figure, isAlive, percentile, serverErrors, sleep, startPortal, tempDir, until, type Portal,
} from './harness';

const PORT = BASE_PORT + 2;
const CLUSTER = process.env.RELIABILITY_PG_CLUSTER ?? 'cargodesk_rel';
const VERSION = fs
  .readdirSync('/usr/lib/postgresql')
  .filter((v) => /^\d+$/.test(v))
  .sort((a, b) => Number(b) - Number(a))[0]!;
const DB_URL = `postgres://postgres@127.0.0.1:${CLUSTER_PORT}/cargodesk`;
/** Each request while the database is down must be answered within this bound (decision record 0031). */
const FAIL_FAST_MS = 3_000;
const RECOVERY_MS = 2_000;

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: 'pipe', timeout: 60_000 }).toString();
/** While the traffic runs the test process must not block (a synchronous child would stall every client's clock). */
const runAsync = async (cmd: string, args: string[]) => (await promisify(execFile)(cmd, args, { timeout: 60_000 })).stdout;
const cluster = (action: string, ...extra: string[]) => runAsync('pg_ctlcluster', [VERSION, CLUSTER, action, ...extra]);
const dropCluster = () => {
  try {
    run('pg_dropcluster', [VERSION, CLUSTER, '--stop']);
  } catch {
    /* not there */
  }
};
const ready = async () => {
  try {
    await runAsync('pg_isready', ['-h', '127.0.0.1', '-p', String(CLUSTER_PORT), '-t', '1']);
    return true;
  } catch {
    return false;
  }
};

type Call = { start: number; end: number; status: number; code?: string; retryAfter?: string | null; error?: string };

/** Eight clients listing shipments in a loop, each request recorded with its times and answer. */
function traffic(base: string, cookie: string) {
  const calls: Call[] = [];
  let stop = false;
  const loops = Array.from({ length: 8 }, async () => {
    while (!stop) {
      const start = performance.now();
      try {
        const res = await fetch(`${base}/api/shipments?pageSize=20&page=${1 + Math.floor(Math.random() * 5)}`, {
          headers: { cookie },
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await res.json().catch(() => ({}))) as { error?: { code?: string } };
        calls.push({ start, end: performance.now(), status: res.status, code: body.error?.code, retryAfter: res.headers.get('retry-after') });
        if (res.status !== 200) await sleep(50);
      } catch (e) {
        calls.push({ start, end: performance.now(), status: 0, error: errorText(e) });
        await sleep(50);
      }
    }
  });
  return {
    calls,
    stop: async () => {
      stop = true;
      await Promise.all(loops);
    },
  };
}

let portal: Portal | undefined;

beforeAll(() => {
  dropCluster(); // a leftover of an interrupted run
  // Trust on loopback: a throw-away cluster on a port only this machine reaches.
  run('pg_createcluster', [VERSION, CLUSTER, '-p', String(CLUSTER_PORT), '--start', '--', '--auth-local=trust', '--auth-host=trust']);
  run('psql', ['-h', '127.0.0.1', '-p', String(CLUSTER_PORT), '-U', 'postgres', '-c', 'create database cargodesk']);
});

afterAll(async () => {
  await portal?.stop();
  dropCluster();
});

describe('database restart under load', () => {
  it('answers 503 fast while PostgreSQL is down and recovers within 2 s of it being back, without a server restart', async () => {
    portal = await startPortal({ port: PORT, databaseUrl: DB_URL, dataDir: tempDir('dbrestart'), seedDemo: true });
    const { cookie } = await demoContext(portal.url);
    const load = traffic(portal.url, cookie);
    await sleep(2_000);

    // 1. Stopped for 5 s (immediate: connections are cut, as in a crash), then started again.
    await cluster('stop', '-m', 'immediate');
    const downAt = performance.now();
    await sleep(5_000);
    const startAt = performance.now();
    await cluster('start');
    await until(ready, 30_000, 'the cluster to accept connections', 20);
    const backAt = performance.now();
    const firstOk = await until(() => load.calls.some((c) => c.start >= backAt && c.status === 200), 10_000, 'a 200 after the restart', 10);
    await sleep(3_000);

    // 2. `restart -m immediate` under load.
    const restartAt = performance.now();
    await cluster('restart', '-m', 'immediate');
    await until(ready, 30_000, 'the cluster to accept connections', 20);
    const back2At = performance.now();
    await until(() => load.calls.some((c) => c.start >= back2At && c.status === 200), 10_000, 'a 200 after restart -m immediate', 10);
    await sleep(3_000);
    await load.stop();

    const calls = load.calls;
    const whileDown = calls.filter((c) => c.start > downAt + 200 && c.end < startAt);
    const downLatencies = whileDown.map((c) => c.end - c.start);
    const afterRecovery = (t: number) => calls.filter((c) => c.start >= t + RECOVERY_MS);
    const lateFailures = [...afterRecovery(backAt).filter((c) => c.start < restartAt), ...afterRecovery(back2At)].filter((c) => c.status !== 200);
    const statuses = [...new Set(calls.map((c) => c.status))].sort();

    figure('db restart: requests in total / while down', `${calls.length} / ${whileDown.length}`);
    figure('db restart: statuses seen', statuses);
    figure('db restart: 503 latency while down ms (p50/p99/max)', downLatencies.length
      ? [percentile(downLatencies, 0.5), percentile(downLatencies, 0.99), Math.max(...downLatencies)].map(Math.round)
      : 'none');
    figure('db restart: first 200 after the database was back (ms)', Math.round(firstOk));
    figure('db restart: failures later than 2 s after it was back', lateFailures.length);
    figure('db restart: restart -m immediate took (ms)', Math.round(back2At - restartAt));
    const broken = calls.filter((c) => c.status !== 200 && c.status !== 503);
    if (broken.length) figure('db restart: answers other than 200 or 503', broken.slice(0, 5));

    expect(whileDown.length).toBeGreaterThan(20);
    expect(whileDown.every((c) => c.status === 503 && c.code === 'unavailable' && c.retryAfter === '2')).toBe(true);
    expect(Math.max(...downLatencies)).toBeLessThan(FAIL_FAST_MS);
    expect(calls.every((c) => c.end - c.start < FAIL_FAST_MS || c.status === 200)).toBe(true);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(firstOk).toBeLessThan(RECOVERY_MS);
    expect(lateFailures).toEqual([]);
    expect(isAlive(portal.realPid)).toBe(true);
    const retry = await fetch(`${portal.url}/api/health`);
    expect(retry.status).toBe(200);
    expect(serverErrors(portal)).toEqual([]);
  });
});
