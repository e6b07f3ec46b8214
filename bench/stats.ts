import fs from 'node:fs';

/** One measurement of a scenario or its SQL, and the statistics the report needs. */
export type Measured = {
  /** Completed requests (or transactions) per second. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Failed requests: connection errors, timeouts and non-2xx answers (or failed transactions). */
  errors: number;
  requests: number;
  seconds: number;
  /** Mean response size, where it is known. */
  bytes?: number;
  /** CPU time of the server process per request (user + system), where it is known: load on the machine barely moves it. */
  cpuMs?: number;
  /** CPU time of every PostgreSQL process per request (or transaction), where it is known. */
  dbCpuMs?: number;
  /** CPU time of the load generator per request: autocannon in this process, or pgbench, or the `pg` loop. */
  clientCpuMs?: number;
};

/** The q-quantile (0..1) of latencies in milliseconds, nearest-rank. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

export function summarize(latenciesMs: number[], errors: number, seconds: number, bytes?: number): Measured {
  const sorted = Float64Array.from(latenciesMs).sort();
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    rps: round(latenciesMs.length / seconds),
    p50: round(quantile(sorted, 0.5)),
    p95: round(quantile(sorted, 0.95)),
    p99: round(quantile(sorted, 0.99)),
    errors,
    requests: latenciesMs.length,
    seconds: round(seconds),
    ...(bytes === undefined ? {} : { bytes: Math.round(bytes) }),
  };
}

export function median(values: number[]): number {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

/** The median of each figure over rounds (errors are summed: one failed request anywhere counts). */
export function medianOf(rounds: Measured[]): Measured {
  const pick = (k: 'rps' | 'p50' | 'p95' | 'p99') => median(rounds.map((r) => r[k]));
  const optional = (k: 'bytes' | 'cpuMs' | 'dbCpuMs' | 'clientCpuMs') => {
    const v = rounds.map((r) => r[k]).filter((b): b is number => b !== undefined);
    return v.length ? { [k]: median(v) } : {};
  };
  return {
    rps: pick('rps'),
    p50: pick('p50'),
    p95: pick('p95'),
    p99: pick('p99'),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    requests: rounds.reduce((n, r) => n + r.requests, 0),
    seconds: rounds.reduce((n, r) => n + r.seconds, 0),
    ...optional('bytes'),
    ...optional('cpuMs'),
    ...optional('dbCpuMs'),
    ...optional('clientCpuMs'),
  };
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
    return (ticks * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100;

/** CPU time (ms) of every process named postgres on this machine (the local server the benchmark uses), from /proc. */
export function databaseCpuMs(): number | null {
  let total = 0;
  try {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (!stat.includes('(postgres)')) continue;
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // With cutime and cstime: a backend that ends (pgbench's, at the end of a run) hands its time to the postmaster.
        total += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      } catch {
        /* the process ended meanwhile */
      }
    }
  } catch {
    return null;
  }
  return (total * 1000) / CLOCK_TICKS;
}

/** CPU time (ms) of this process plus its children that have ended (pgbench), from /proc/self/stat; null elsewhere. */
export function clientCpuMs(): number | null {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * Runs one measurement and adds the CPU each party used per request: the server (when its pid is given), the
 * database and the load generator. On a machine whose cores all three share, these say how far a ratio can go.
 */
export async function withCpu(run: () => Promise<Measured>, serverPid?: number): Promise<Measured> {
  const before = { server: serverPid === undefined ? null : processCpuMs(serverPid), db: databaseCpuMs(), client: clientCpuMs() };
  const m = await run();
  const after = { server: serverPid === undefined ? null : processCpuMs(serverPid), db: databaseCpuMs(), client: clientCpuMs() };
  if (m.requests === 0) return m;
  const per = (a: number | null, b: number | null) => (a === null || b === null ? undefined : Math.round(((b - a) / m.requests) * 1000) / 1000);
  const out: Measured = { ...m };
  const server = per(before.server, after.server);
  const db = per(before.db, after.db);
  const client = per(before.client, after.client);
  if (server !== undefined) out.cpuMs = server;
  if (db !== undefined) out.dbCpuMs = db;
  if (client !== undefined) out.clientCpuMs = client;
  return out;
}

/** p50, p95 and the slowest of `n` runs of `one`, one after another, in milliseconds (one decimal). */
export async function timed(n: number, one: () => unknown): Promise<{ p50: number; p95: number; p99: number; max: number }> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await one();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return { p50: round(quantile(ms, 0.5)), p95: round(quantile(ms, 0.95)), p99: round(quantile(ms, 0.99)), max: round(ms.at(-1)!) };
}
