import type { Database } from '@server/db/client';

/** How long one database check answers /api/health (decision 0202). */
export const HEALTH_TTL_MS = 1_000;

/**
 * The database part of /api/health. Health checks arrive from every load balancer and monitor, often many at
 * once; they share one ping: a result younger than `ttlMs` is reused and concurrent callers wait for the ping in
 * flight, so the database sees at most one health query per second per instance whatever the polling rate.
 */
export function databaseHealth(database: Pick<Database, 'ping'>, ttlMs = HEALTH_TTL_MS, timeoutMs = 2_000) {
  let last: { ok: boolean; at: number } | undefined;
  let inFlight: Promise<boolean> | undefined;
  return (): Promise<boolean> => {
    if (last && performance.now() - last.at < ttlMs) return Promise.resolve(last.ok);
    inFlight ??= database.ping(timeoutMs).then((ok) => {
      last = { ok, at: performance.now() };
      inFlight = undefined;
      return ok;
    });
    return inFlight;
  };
}
