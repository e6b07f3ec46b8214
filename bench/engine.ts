/**
 * One engine's run: the portal in production mode on the data set, signed in once per role, each scenario
 * at each concurrency measured in rounds, with its side (pgbench, the pg loop or the floor) measured right
 * after it in the same round, so every ratio compares figures taken side by side.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isPeriodic, type JobName } from '@domain/jobs/jobs';
import { refillDrafts } from './billing-dataset';
import { captureApp, type CapturedQuery } from './capture';
import { CREATED_PREFIX, removeCreated, openTarget, type Target } from './dataset';
import { startFloor, startSqlFloor, type FloorKind } from './floor';
import { runLoad } from './load';
import { runReplayLoop, replayOf, type Replay } from './pg-loop';
import { runPgbench, writeScript, type PgbenchScript } from './pgbench';
import { POOL_ID, SCENARIOS, check, discover, httpCall, type Context, type ScenarioId } from './scenarios';
import { signInAll } from './session';
import { startServer } from './server';
import { medianOf, withCpu, type Measured } from './stats';

export type Timing = { warmup: number; duration: number; rounds: number; concurrency: number[] };

export const FULL: Timing = { warmup: 5, duration: 20, rounds: 3, concurrency: [1, 32] };
export const QUICK: Timing = { warmup: 1, duration: 3, rounds: 1, concurrency: [1, 32] };

export type ScenarioResult = {
  id: ScenarioId;
  title: string;
  engine: 'postgres' | 'pglite';
  /** Set when the portal ran on another Node than the benchmark's own (its version, e.g. 'v24.21.0'; issue 19). */
  node?: string;
  concurrency: number;
  /** Medians over the rounds (errors summed). */
  api: Measured;
  side?: { kind: 'pgbench' | 'pg loop' | 'node:http floor' | 'bare Hono'; result: Measured; statements?: number };
  /** API requests/s over the side's requests/s, medians of the rounds. */
  ratio?: number;
  /**
   * Measured in the same rounds, for reference: S6's bare Hono app answering the same bytes (what the framework alone
   * allows); a pgbench read's same statements run by Node alone (`node + pg`, bench/floor-server.ts: what the work costs
   * in Node without our code, its CPU per request beside the portal's).
   */
  reference?: { kind: 'bare Hono' | 'node + pg'; result: Measured; ratio: number };
  /** Bytes of the response body (one checked call). */
  bodyBytes: number;
  rounds: { api: Measured; side?: Measured; reference?: Measured }[];
};

export type EngineRun = { engine: 'postgres' | 'pglite'; startMs: number; results: ScenarioResult[] };

type Side = {
  kind: NonNullable<ScenarioResult['side']>['kind'] | NonNullable<ScenarioResult['reference']>['kind'];
  statements?: number;
  run: (c: number, s: number) => Promise<Measured>;
  stop?: () => Promise<void>;
  /** The process answering, when it is ours to measure (its CPU per request). */
  pid?: number;
};

const log = (...a: unknown[]) => console.log(...a);

/** A server answering S6's exact bytes without the portal: the floor (node:http) or the framework alone (Hono). */
async function floorSide(ctx: Context, port: number, kind: Exclude<FloorKind, 'node + pg'>): Promise<Side> {
  const floor = await startFloor(ctx.base, port, kind);
  const call = httpCall(SCENARIOS.S6, ctx, floor.url);
  return { kind, run: (c, secs) => runLoad(call, c, secs), stop: floor.stop, pid: floor.pid };
}

/** A read's captured statements run by Node alone, over HTTP as the portal is (bench/floor-server.ts). */
async function sqlFloorSide(id: ScenarioId, ctx: Context, url: string, port: number, queries: CapturedQuery[]): Promise<Side> {
  const floor = await startSqlFloor(url, port, queries);
  const call = { ...httpCall(SCENARIOS[id], ctx, floor.url), headers: {} };
  return { kind: 'node + pg', statements: queries.length, run: (c, secs) => runLoad(call, c, secs), stop: floor.stop, pid: floor.pid };
}

/**
 * What runs beside a scenario on PostgreSQL, prepared from a capture of the real app answering it, and what runs for
 * reference: S6's bare Hono app, a pgbench read's `node + pg` floor.
 */
async function prepareSide(id: ScenarioId, target: Target & { kind: 'postgres' }, ctx: Context, dir: string, floorPort: number): Promise<{ side: Side; reference?: Side }> {
  const s = SCENARIOS[id];
  if (s.side === 'floor') return { side: await floorSide(ctx, floorPort, 'node:http floor'), reference: await floorSide(ctx, floorPort + 1, 'bare Hono') };
  const app = await captureApp(target.url, ctx.base);
  let queries: CapturedQuery[];
  let replay: Replay | undefined;
  try {
    // A pooled call (S18) is captured on one id of the pool; the replay puts the next one in its place each time.
    const pooled = s.pooled ? ctx.pool!.next() : null;
    const reference = pooled ?? `${CREATED_PREFIX}C-${Date.now()}`;
    const path = s.path(ctx).replace(POOL_ID, pooled ?? '');
    // A read is answered once first: what a fresh app does once per process (a customer's first read asks whether the
    // customer role is usable, in its own transaction) stays out of the statements the side repeats.
    if (s.method === 'GET') await app.capture({ method: s.method, path, cookie: s.role ? ctx.cookies[s.role] : '' });
    const cap = await app.capture({ method: s.method, path, cookie: s.role ? ctx.cookies[s.role] : '', body: s.body ? s.body(ctx, reference) : undefined });
    queries = cap.queries;
    if (s.side === 'loop') replay = pooled ? { queries, reference: pooled, followReturned: true } : replayOf(queries, reference);
  } finally {
    await app.close();
  }
  if (replay) {
    const r = replay;
    let n = 0;
    if (s.pooled) {
      // Each run starts from a full pool, as the API's run does.
      return { side: { kind: 'pg loop', statements: queries.length, run: async (c, secs) => {
        const pool = await refillDrafts(target.url);
        return runReplayLoop(target.url, r, c, secs, () => pool.next());
      } } };
    }
    return { side: { kind: 'pg loop', statements: queries.length, run: (c, secs) => runReplayLoop(target.url, r, c, secs, `${CREATED_PREFIX}P-${Date.now().toString(36)}-${n++}-`) } };
  }
  const script: PgbenchScript = writeScript(id, queries, dir);
  return {
    side: { kind: 'pgbench', statements: script.statements, run: (c, secs) => runPgbench(target.url, script, c, secs) },
    reference: await sqlFloorSide(id, ctx, target.url, floorPort + 1, queries),
  };
}

export type EngineOptions = {
  target: Target;
  scenarios: ScenarioId[];
  timing: Timing;
  port: number;
  /** Measure the SQL side by side (PostgreSQL only). */
  sides: boolean;
  dataDir?: string;
  /** Run the portal on this Node binary (its version given), not the benchmark's own. */
  node?: { binary: string; version: string };
};

/**
 * Waits until each periodic job has had its start-up run and none waits or runs: a worker sends one run of each when it
 * starts (the day's digests, the hour's reminders), which on the data set is seconds of work beside the first
 * scenarios. The scenarios measure requests, not that burst (decision 0288). Answers the milliseconds waited.
 */
async function startupJobsDone(base: string, adminCookie: string, timeoutMs = 300_000): Promise<number> {
  type Queue = { name: JobName; active: boolean; waiting: number; running: number; last_completed_at: string | null; last_failed_at: string | null };
  const started = performance.now();
  for (;;) {
    const res = await fetch(`${base}/api/jobs`, { headers: { cookie: adminCookie } });
    if (!res.ok) throw new Error(`GET /api/jobs: ${res.status} ${await res.text()}`);
    const { queues } = (await res.json()) as { queues: Queue[] };
    const periodic = queues.filter((q) => q.active && isPeriodic(q.name));
    const pending = periodic.filter((q) => q.waiting > 0 || q.running > 0 || (!q.last_completed_at && !q.last_failed_at));
    if (periodic.length > 0 && pending.length === 0) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`start-up jobs still pending after ${timeoutMs} ms: ${pending.map((q) => q.name).join(', ')}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function runEngine(o: EngineOptions): Promise<EngineRun> {
  const engine = o.target.kind;
  const dataDir = o.target.kind === 'pglite' ? o.target.dir : (o.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-bench-pg-')));
  const scripts = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-bench-sql-'));
  const server = await startServer({ port: o.port, dataDir, databaseUrl: o.target.kind === 'postgres' ? o.target.url : undefined, node: o.node?.binary });
  log(`\n${engine}${o.node ? ` on Node ${o.node.version}` : ''}: portal up in ${server.startMs} ms at ${server.url} (log ${server.logFile})`);
  const results: ScenarioResult[] = [];
  try {
    const ctx = await discover(server.url, await signInAll(server.url));
    log(`  start-up jobs done after ${((await startupJobsDone(server.url, ctx.cookies.admin)) / 1000).toFixed(1)} s`);
    // S18 issues the data set's drafts: before each use they are drafts again (PostgreSQL only).
    const refill = async () => {
      if (o.target.kind !== 'postgres') throw new Error('a scenario that issues drafts runs on PostgreSQL only');
      ctx.pool = await refillDrafts(o.target.url);
    };
    for (const id of o.scenarios) {
      const s = SCENARIOS[id];
      if (s.pooled) await refill();
      const { bytes } = await check(s, ctx);
      const prepared = o.sides && o.target.kind === 'postgres' ? await prepareSide(id, o.target, ctx, scripts, o.port + 2) : undefined;
      const side = prepared?.side;
      const reference = prepared?.reference;
      try {
        for (const c of o.timing.concurrency) {
          const measure = async (seconds: number): Promise<Measured> => {
            if (s.pooled) await refill();
            const call = httpCall(s, ctx);
            return withCpu(() => runLoad(call, c, seconds), server.pid);
          };
          await measure(o.timing.warmup);
          if (side) await side.run(c, o.timing.warmup);
          if (reference) await reference.run(c, o.timing.warmup);
          const rounds: ScenarioResult['rounds'] = [];
          for (let r = 0; r < o.timing.rounds; r++) {
            const api = await measure(o.timing.duration);
            const sideResult = side ? await withCpu(() => side.run(c, o.timing.duration)) : undefined;
            const referenceResult = reference ? await withCpu(() => reference.run(c, o.timing.duration), reference.pid) : undefined;
            rounds.push({ api, side: sideResult, reference: referenceResult });
          }
          const api = medianOf(rounds.map((r) => r.api));
          const sideMedian = side ? medianOf(rounds.map((r) => r.side!)) : undefined;
          const referenceMedian = reference ? medianOf(rounds.map((r) => r.reference!)) : undefined;
          const result: ScenarioResult = {
            id, title: s.title, engine, ...(o.node ? { node: o.node.version } : {}), concurrency: c, api, bodyBytes: bytes, rounds,
            ...(side && sideMedian ? { side: { kind: side.kind as 'pgbench' | 'pg loop' | 'node:http floor', result: sideMedian, statements: side.statements }, ratio: round3(api.rps / sideMedian.rps) } : {}),
            ...(reference && referenceMedian ? { reference: { kind: reference.kind as 'bare Hono' | 'node + pg', result: referenceMedian, ratio: round3(api.rps / referenceMedian.rps) } } : {}),
          };
          results.push(result);
          log(line(result));
        }
      } finally {
        await side?.stop?.();
        await reference?.stop?.();
      }
    }
  } finally {
    await server.stop();
    fs.rmSync(scripts, { recursive: true, force: true });
  }
  const database = await openTarget(o.target);
  try {
    const removed = await removeCreated(database);
    if (removed) log(`${engine}: removed the ${removed} shipments the run created`);
  } finally {
    await database.close();
  }
  return { engine, startMs: server.startMs, results };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

function line(r: ScenarioResult): string {
  const side = r.side ? `  | ${r.side.kind} ${r.side.result.rps.toFixed(0)}/s  ratio ${r.ratio?.toFixed(2)}` : '';
  const refCpu = r.reference?.result.cpuMs === undefined ? '' : ` cpu ${r.reference.result.cpuMs.toFixed(2)} ms/req`;
  const reference = r.reference ? `  | ${r.reference.kind} ${r.reference.result.rps.toFixed(0)}/s${refCpu}  ratio ${r.reference.ratio.toFixed(2)}` : '';
  const cpu = r.api.cpuMs === undefined ? '' : `  server cpu ${r.api.cpuMs.toFixed(2)} ms/req`;
  return `  ${r.id} c${String(r.concurrency).padEnd(3)} ${r.api.rps.toFixed(0).padStart(6)}/s  p50 ${r.api.p50.toFixed(1)}  p95 ${r.api.p95.toFixed(1)}  p99 ${r.api.p99.toFixed(1)} ms  errors ${r.api.errors}${cpu}${side}${reference}`;
}
