import crypto from 'node:crypto';
import { ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from '@server/logger';
import { clientIp, type AppEnv } from './context';
import { securityHeaderList, setHeaders } from './security';

/** A request id a client or proxy may hand us; anything else (too long, odd characters) is replaced by our own. */
const REQUEST_ID = /^[\w.:-]{1,64}$/;

/** The Node response behind this request when @hono/node-server serves it; absent under app.request() in tests. */
function nodeResponse(c: Context<AppEnv>): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  return outgoing instanceof ServerResponse ? outgoing : undefined;
}

/**
 * The first middleware of every request (decision record 0205): the request id, the client address and a logger
 * for the handlers, the headers every response carries (security headers and X-Request-Id), and one log line
 * per API request.
 *
 * Served by Node, the headers go onto Node's response before the handler runs: Node merges the handler's own
 * headers over them (so a handler still wins), and the answer keeps the adapter's fast path of a plain header
 * object. Set with c.header() instead, each one goes through a WHATWG Headers object that validates it again and
 * makes the adapter convert the whole set back: together more CPU than the rest of a health check. Under
 * app.request() there is no Node response, and they are set through Hono.
 */
export function requestContext(o: { logger: Logger; trustProxy: boolean; trackingOrigin: string | undefined }): MiddlewareHandler<AppEnv> {
  const fixed = securityHeaderList(o.trackingOrigin);
  return async (c, next) => {
    const given = c.req.header('x-request-id');
    const requestId = given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    const log = o.logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    c.set('ip', clientIp(c, o.trustProxy));
    const started = performance.now();
    const out = nodeResponse(c);
    if (out) {
      for (const [name, value] of fixed) out.setHeader(name, value);
      out.setHeader('X-Request-Id', requestId);
    } else {
      for (const [name, value] of fixed) c.header(name, value);
      c.header('X-Request-Id', requestId);
    }
    await next();
    // A handler that returns a Response of its own (Better Auth) does not carry Hono's prepared headers: add them.
    if (!out && !c.res.headers.has('X-Request-Id')) setHeaders(c, [...fixed, ['X-Request-Id', requestId]]);
    if (c.req.path.startsWith('/api/')) {
      const line = { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) };
      // A passing health check arrives every few seconds from each balancer and monitor: debug level only.
      if (c.req.path === '/api/health' && c.res.status === 200) log.debug(line, 'request');
      else log.info(line, 'request');
    }
  };
}
