/** The part of autocannon's programmatic API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type Options = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    idReplacement?: boolean;
    /** Requests per second from all connections together (open loop); latencies are corrected for coordinated omission. */
    overallRate?: number;
    /** The sequence each connection cycles through. */
    requests?: {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (req: { method?: string; path?: string; headers?: Record<string, string>; body?: string }, context: Record<string, unknown>) => unknown;
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
    }[];
  };

  export type Result = {
    requests: { total: number; average: number };
    throughput: { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    latency: { p50: number; p90: number; p99: number; max: number; mean: number };
  };

  export type Instance = EventEmitter & { stop: () => void };

  function autocannon(options: Options, callback: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
