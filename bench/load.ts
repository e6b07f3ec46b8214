/** HTTP load with autocannon (run from the benchmark process, never inside the server), with exact percentiles. */
import http from 'node:http';
import autocannon, { type Result } from 'autocannon';
import { summarize, type Measured } from './stats';

export type HttpCall = {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  /** `[<id>]` in the body becomes a fresh id per request (unique reference numbers for creates). */
  body?: string;
  /** Each request's own path (S18: the next draft to issue); without it every request goes to `url`. */
  nextPath?: () => string;
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
        ...(call.nextPath ? { requests: [{ setupRequest: (req) => ({ ...req, path: call.nextPath!() }) }] } : {}),
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
  /** Answers outside 2xx, and requests that failed or timed out (10 s). */
  non2xx: number;
  timeouts: number;
  byKind: Record<string, { requests: number; non2xx: number }>;
};

/**
 * A weighted mix of calls (e.g. 70% list, 15% search, 10% detail, 5% create) offered open-loop at `rate`
 * requests/s, evenly spaced, over at most `connections` keep-alive connections, each request with one of
 * `cookies`. Latency counts from the moment a request was due, so waiting for a free connection (or a
 * client that fell behind) is included: no coordinated omission. autocannon's own rate limit sends each
 * second's quota in one burst at the start of the second, which is why this one is separate (decision 0032).
 */
export async function runMix(base: string, parts: MixPart[], cookies: string[], connections: number, seconds: number, rate: number): Promise<MixResult> {
  const sequence = parts.flatMap((p) => Array.from({ length: p.weight }, () => p));
  // Interleave the kinds (a fixed shuffle) so the mix holds over any stretch of time, not runs of one kind.
  const order = sequence.map((p, i) => ({ p, k: (i * 7919) % sequence.length })).sort((a, b) => a.k - b.k).map((x) => x.p);
  const byKind: MixResult['byKind'] = Object.fromEntries(parts.map((p) => [p.kind, { requests: 0, non2xx: 0 }]));
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(base);
  const latencies: number[] = [];
  let bad = 0;
  let timeouts = 0;
  let bytes = 0;
  const send = (kind: string, call: ReturnType<MixPart['next']>, cookie: string, due: number) =>
    new Promise<void>((resolve) => {
      const headers: Record<string, string> = { cookie };
      if (call.method === 'POST') Object.assign(headers, { origin: base, 'content-type': 'application/json' });
      const req = http.request({ host: target.hostname, port: target.port, path: call.path, method: call.method, headers, agent, timeout: 10_000 }, (res) => {
        let size = 0;
        res.on('data', (chunk: Buffer) => (size += chunk.length));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          byKind[kind]!.requests++;
          if (status >= 200 && status < 300) {
            latencies.push(performance.now() - due);
            bytes += size;
          } else {
            bad++;
            byKind[kind]!.non2xx++;
          }
          resolve();
        });
      });
      req.on('timeout', () => {
        timeouts++;
        req.destroy(new Error('timeout'));
      });
      req.on('error', () => {
        bad++;
        byKind[kind]!.requests++;
        byKind[kind]!.non2xx++;
        resolve();
      });
      req.end(call.body);
    });
  const started = performance.now();
  const total = Math.round(seconds * rate);
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const part = order[i % order.length]!;
    inFlight.push(send(part.kind, part.next(), cookies[i % cookies.length]!, due));
  }
  await Promise.all(inFlight);
  agent.destroy();
  const measured = summarize(latencies, bad, (performance.now() - started) / 1000, latencies.length ? bytes / latencies.length : undefined);
  return { ...measured, non2xx: bad, timeouts, byKind };
}
