/**
 * Whether an error means "the database cannot be reached right now" (decision record 0031): refused or
 * reset connections, a connection cut by a restart, a timeout waiting for a connection, a server that is
 * starting up or shutting down, too many connections, or a pool already closed by a shutdown. Such errors
 * answer 503 with Retry-After (app.ts onError), never a 500 or a hanging request.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** SQLSTATE: class 08 (connection exception), 57P01-57P03 (admin/crash shutdown, cannot connect now), 53300 (too many connections). */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

const MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection timeout/i,
  /not queryable/i,
  /cannot use a pool after calling end/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /PGlite is closed/i,
];

/** Seconds a client is asked to wait before retrying (the Retry-After of the 503). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/** Thrown where a component only learns indirectly that the database is down (e.g. Better Auth's own 500). */
export class DatabaseUnavailableError extends Error {
  constructor(message = 'database unavailable') {
    super(message);
  }
}

export function isDatabaseUnavailable(e: unknown): boolean {
  let err: unknown = e;
  for (let depth = 0; err && depth < 6; depth++) {
    if (err instanceof DatabaseUnavailableError) return true;
    const x = err as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof x.code === 'string' && (NETWORK_CODES.has(x.code) || SQLSTATES.has(x.code) || /^08...$/.test(x.code))) return true;
    if (typeof x.message === 'string' && MESSAGES.some((m) => m.test(x.message as string))) return true;
    err = x.cause;
  }
  return false;
}
