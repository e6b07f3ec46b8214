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
  const bytes = rounds.map((r) => r.bytes).filter((b): b is number => b !== undefined);
  const cpu = rounds.map((r) => r.cpuMs).filter((b): b is number => b !== undefined);
  return {
    rps: pick('rps'),
    p50: pick('p50'),
    p95: pick('p95'),
    p99: pick('p99'),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    requests: rounds.reduce((n, r) => n + r.requests, 0),
    seconds: rounds.reduce((n, r) => n + r.seconds, 0),
    ...(bytes.length ? { bytes: median(bytes) } : {}),
    ...(cpu.length ? { cpuMs: median(cpu) } : {}),
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
