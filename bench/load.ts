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
