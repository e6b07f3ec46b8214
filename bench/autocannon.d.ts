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
    /** A sequence of requests; setupRequest may change each one before it is sent (its path, for one). */
    requests?: { setupRequest?: (req: { path: string } & Record<string, unknown>) => { path: string } & Record<string, unknown> }[];
  };

  export type Result = {
    requests: { total: number; average: number };
    throughput: { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  };

  export type Instance = EventEmitter & { stop: () => void };

  function autocannon(options: Options, callback: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
