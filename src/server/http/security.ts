import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from './errors';
import type { AppEnv } from './context';

/** Security headers on every response; frames are allowed only from the tracking provider's origin. */
export function securityHeaders(trackingOrigin: string | undefined): MiddlewareHandler<AppEnv> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src 'self'${trackingOrigin ? ` ${trackingOrigin}` : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
  const headers: [string, string][] = [
    ['Content-Security-Policy', csp],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  ];
  return async (c, next) => {
    // Set before the handler, they go into the response it builds. (Set on a finished response, each c.header()
    // would rebuild the whole Response object: seven rebuilds per request, the largest cost of a small answer.)
    for (const [name, value] of headers) c.header(name, value);
    await next();
    // A handler that returns a Response of its own (Better Auth) does not carry them yet: add them in place.
    if (!c.res.headers.has('Content-Security-Policy')) setHeaders(c, headers);
  };
}

/** Sets headers on the finished response in place, or by rebuilding it when its headers are immutable. */
export function setHeaders(c: Context<AppEnv>, headers: [string, string][]): void {
  try {
    for (const [name, value] of headers) c.res.headers.set(name, value);
  } catch {
    for (const [name, value] of headers) c.header(name, value);
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every state-changing API request must come from one of our origins (CSRF defence beside SameSite=Lax). */
export function originCheck(allowedOrigins: string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    if (!origin || !allowed.has(origin)) {
      throw new AppError('forbidden', 'This request did not come from the Cargodesk site (missing or foreign Origin).');
    }
    await next();
  };
}
