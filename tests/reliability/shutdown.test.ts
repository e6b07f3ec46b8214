/**
 * Graceful shutdown (issue 8): SIGTERM while creates and uploads run finishes the requests in flight, refuses
 * new ones, hands the outbox claims back and closes the database, with no "Cannot use a pool after calling
 * end"; a second SIGTERM, or the 10 s deadline, still ends the process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASE_PORT, createShipment, demoContext, figure, isAlive, query, serverErrors, sleep, startPortal, tempDir, throwAwayDatabase,
  uploadPdf, type Outcome, type Portal,
} from './harness';

const PORT = BASE_PORT + 1;
let database: Awaited<ReturnType<typeof throwAwayDatabase>>;
const dataDir = tempDir('shutdown');

const start = () => startPortal({ port: PORT, databaseUrl: database.url, dataDir, seedDemo: true });

async function exitOf(p: Portal, signalAt: number): Promise<{ code: number | null; ms: number }> {
  const code = await p.exited;
  return { code, ms: Math.round(performance.now() - signalAt) };
}

beforeAll(async () => {
  database = await throwAwayDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('graceful shutdown', () => {
  it('SIGTERM under load finishes what is in flight, refuses new requests, releases outbox claims and closes the database', async () => {
    const portal = await start();
    const { cookie, companyId } = await demoContext(portal.url);
    // Slow uploads: each body arrives over about 2.5 s; they start first, so all are in their handler at the signal.
    const uploads = Array.from({ length: 6 }, (_, i) => uploadPdf(portal.url, cookie, `in-flight-${i}.pdf`, { pieces: 10, pauseMs: 250 }));
    await sleep(500);
    let stop = false;
    const creates: (Outcome & { startedAt: number })[] = [];
    const createLoops = Array.from({ length: 16 }, async (_, loop) => {
      for (let i = 0; !stop; i++) {
        const startedAt = performance.now();
        const r = await createShipment(portal.url, cookie, companyId, `BNCH-SD-${loop}-${i}-${Date.now()}`);
        creates.push({ ...r, startedAt });
        if (r.status !== 201) return;
      }
    });
    await sleep(1000);

    const signalAt = performance.now();
    process.kill(portal.realPid, 'SIGTERM');
    await sleep(100);
    const late = await fetch(`${portal.url}/api/health`, { signal: AbortSignal.timeout(3000) })
      .then((r) => r.status)
      .catch(() => 0);
    const exit = await exitOf(portal, signalAt);
    stop = true;
    await Promise.all(createLoops);
    const uploaded = await Promise.all(uploads);

    const acknowledged = creates.filter((c) => c.status === 201).map((c) => c.id!);
    const found = await query<{ n: number }>(
      database.url,
      `select count(*)::int as n from shipments s where s.id = any($1::uuid[]) and exists (select 1 from shipment_events e where e.shipment_id = s.id)`,
      [acknowledged],
    );
    const claimed = await query<{ n: number }>(database.url, `select count(*)::int as n from outbox where status = 'pending' and locked_until > now()`);
    const failedBeforeSignal = creates.filter((c) => c.status !== 201 && c.startedAt < signalAt);
    const statuses = [...new Set(creates.map((c) => c.status))].sort();
    figure('shutdown: creates acknowledged / found', `${acknowledged.length} / ${found[0]!.n}`);
    figure('shutdown: uploads in flight at SIGTERM -> statuses', uploaded.map((u) => u.status));
    figure('shutdown: create statuses seen', statuses);
    figure('shutdown: new request after SIGTERM', late === 0 ? 'connection refused' : late);
    figure('shutdown: exit code and ms after SIGTERM', exit);
    figure('shutdown: outbox rows still claimed', claimed[0]!.n);

    expect(uploaded.map((u) => u.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(failedBeforeSignal).toEqual([]);
    expect(statuses.every((s) => s === 201 || s === 503 || s === 0)).toBe(true);
    expect(found[0]!.n).toBe(acknowledged.length);
    expect([0, 503]).toContain(late);
    expect(exit.code).toBe(0);
    expect(exit.ms).toBeLessThan(10_000);
    expect(claimed[0]!.n).toBe(0);
    expect(serverErrors(portal)).toEqual([]);
    expect(serverErrors(portal).join('\n')).not.toMatch(/Cannot use a pool/);
    const log = await import('node:fs').then((fs) => fs.readFileSync(portal.logFile, 'utf8'));
    expect(log).toMatch(/"msg":"stopped"/);
  });

  it('a second SIGTERM exits at once, even with a request still running', async () => {
    const portal = await start();
    const { cookie } = await demoContext(portal.url);
    const slow = uploadPdf(portal.url, cookie, 'very-slow.pdf', { pieces: 60, pauseMs: 250 });
    await sleep(500);
    process.kill(portal.realPid, 'SIGTERM');
    await sleep(500);
    expect(isAlive(portal.realPid)).toBe(true); // still waiting for the upload
    const second = performance.now();
    process.kill(portal.realPid, 'SIGTERM');
    const exit = await exitOf(portal, second);
    await slow;
    figure('shutdown: second SIGTERM -> exit code and ms', exit);
    expect(exit.code).toBe(1);
    expect(exit.ms).toBeLessThan(1500);
  });

  it('the 10 s deadline ends a shutdown that a request holds up', async () => {
    const portal = await start();
    const { cookie } = await demoContext(portal.url);
    const slow = uploadPdf(portal.url, cookie, 'endless.pdf', { pieces: 80, pauseMs: 250 });
    await sleep(500);
    const signalAt = performance.now();
    process.kill(portal.realPid, 'SIGTERM');
    const exit = await exitOf(portal, signalAt);
    await slow;
    figure('shutdown: deadline -> exit code and ms', exit);
    expect(exit.code).toBe(1);
    expect(exit.ms).toBeGreaterThan(9_500);
    expect(exit.ms).toBeLessThan(12_000);
  });
});
