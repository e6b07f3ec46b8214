/** HTTP load with autocannon (run from the benchmark process, never inside the server), with exact percentiles. */
import autocannon, { type Result } from 'autocannon';
import { summarize, type Measured } from './stats';

export type HttpCall = {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  /** `[<id>]` in the body becomes a fresh id per request (unique reference numbers for creates). */
  body?: string;
};

export async function runLoad(call: HttpCall, connections: number, seconds: number): Promise<Measured> {
  const latencies: number[] = [];
  let bad = 0;
  let bytes = 0;
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: call.url,
        method: call.method ?? 'GET',
        headers: call.headers,
        body: call.body,
        idReplacement: call.body?.includes('[<id>]') ?? false,
        connections,
        duration: seconds,
        timeout: 10,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client: unknown, status: number, resBytes: number, ms: number) => {
      if (status >= 200 && status < 300) {
        latencies.push(ms);
        bytes += resBytes;
      } else bad++;
    });
  });
  // autocannon counts timeouts among its errors.
  const errors = bad + result.errors;
  return summarize(latencies, errors, result.duration, latencies.length ? bytes / latencies.length : undefined);
}

/** One kind of request in a mix: its share and how to make the next one (a fresh path or body each time). */
export type MixPart = { kind: string; weight: number; next: () => { method: 'GET' | 'POST'; path: string; body?: string } };

export type MixResult = Measured & {
  /** Non-2xx answers and connection errors or timeouts (autocannon's), each counted once. */
  non2xx: number;
  timeouts: number;
  /** autocannon's percentiles, corrected for coordinated omission when a rate is set. */
  corrected: { p50: number; p99: number; max: number };
  byKind: Record<string, { requests: number; non2xx: number }>;
};

/**
 * A weighted mix of calls (e.g. 70% list, 15% search, 10% detail, 5% create) at a number of connections, each
 * request with one of `cookies` (so many sessions are in use), optionally at a fixed overall rate.
 */
export async function runMix(base: string, parts: MixPart[], cookies: string[], connections: number, seconds: number, overallRate?: number): Promise<MixResult> {
  const sequence = parts.flatMap((p) => Array.from({ length: p.weight }, () => p));
  // Interleave the kinds (a fixed shuffle) so each connection sees the mix, not runs of one kind.
  const order = sequence.map((p, i) => ({ p, k: (i * 7919) % sequence.length })).sort((a, b) => a.k - b.k).map((x) => x.p);
  const byKind: MixResult['byKind'] = Object.fromEntries(parts.map((p) => [p.kind, { requests: 0, non2xx: 0 }]));
  let session = 0;
  const latencies: number[] = [];
  let bad = 0;
  let bytes = 0;
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        timeout: 10,
        ...(overallRate ? { overallRate } : {}),
        requests: order.map((part) => ({
          setupRequest: (req) => {
            const call = part.next();
            const headers: Record<string, string> = { cookie: cookies[session++ % cookies.length]! };
            if (call.method === 'POST') Object.assign(headers, { origin: base, 'content-type': 'application/json' });
            return { ...req, method: call.method, path: call.path, headers, body: call.body };
          },
          onResponse: (status) => {
            byKind[part.kind]!.requests++;
            if (status < 200 || status >= 300) byKind[part.kind]!.non2xx++;
          },
        })),
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client: unknown, status: number, resBytes: number, ms: number) => {
      if (status >= 200 && status < 300) {
        latencies.push(ms);
        bytes += resBytes;
      } else bad++;
    });
  });
  const measured = summarize(latencies, bad + result.errors, result.duration, latencies.length ? bytes / latencies.length : undefined);
  return {
    ...measured,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    corrected: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    byKind,
  };
}
