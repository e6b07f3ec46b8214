import { msg } from '@domain/common/i18n';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '@server/db/unavailable';
import { requestLocale, translateErrorBody, translatorFor } from '@server/i18n';

type Fetch<E> = (req: Request, env: E) => Response | Promise<Response>;

export type DrainGate<E> = {
  /** The app's fetch, counting requests in flight and refusing new ones once closing. */
  fetch: Fetch<E>;
  /** Refuse new requests from now on (503, `Connection: close`); answers in flight get `Connection: close` too. */
  close: () => void;
  /** Resolves when no request is in flight (at once when none is). */
  idle: () => Promise<void>;
  inFlight: () => number;
};

const SHUTTING_DOWN = { error: { code: 'unavailable', message: msg('The server is restarting. Please try again in a moment.') } };
/** The refusal in the language the request asks for (the app's own translator is not reached). */
const shuttingDown = (req: Request) => translateErrorBody(SHUTTING_DOWN, translatorFor(requestLocale(req.headers.get('accept-language'))));

/**
 * Graceful shutdown of the HTTP side (decision record 0034). `server.close()` alone resolves when the sockets
 * are gone, which is not when handlers are done: a client that hangs up leaves its handler running, and
 * closing the database under it fails with "Cannot use a pool after calling end". The gate counts handlers
 * instead, so the database closes only after the last one has returned.
 */
export function createDrainGate<E>(inner: Fetch<E>): DrainGate<E> {
  let closing = false;
  let count = 0;
  let waiters: (() => void)[] = [];
  const settle = () => {
    if (count > 0) return;
    const w = waiters;
    waiters = [];
    for (const resolve of w) resolve();
  };
  return {
    fetch: async (req, env) => {
      if (closing) {
        return new Response(JSON.stringify(shuttingDown(req)), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS), connection: 'close' },
        });
      }
      count++;
      try {
        const res = await inner(req, env);
        if (!closing) return res;
        // Keep-alive connections end after this answer, so server.close() can finish.
        const headers = new Headers(res.headers);
        headers.set('connection', 'close');
        return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
      } finally {
        count--;
        settle();
      }
    },
    close: () => {
      closing = true;
    },
    idle: () => (count === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    inFlight: () => count,
  };
}
