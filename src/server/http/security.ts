import { msg } from '@domain/common/i18n';
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from './errors';
import type { AppEnv } from './context';
import { isTrustedOrigin, type OriginPolicy } from './origins';
import { bearerTokenOf } from '@domain/api-keys/schema';

/** The security headers every response carries; frames are allowed only from the tracking provider's origin. */
export function securityHeaderList(trackingOrigin: string | undefined): [string, string][] {
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
  return [
    ['Content-Security-Policy', csp],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  ];
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

/**
 * Every state-changing API request must come from one of our origins (CSRF defence beside SameSite=Lax; http/origins.ts).
 * `exempt`: paths that use no cookie and carry their own proof, e.g. the RFC 8058 one-click unsubscribe, which a mail
 * provider posts from its own servers without our Origin (decision 0231).
 */
export function originCheck(policy: OriginPolicy, exempt: readonly string[] = []): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.includes(c.req.path)) return next();
    // A service key (issue 18, decision 0242) with no cookie carries no ambient authority: a page on another site
    // cannot make a browser send it, so there is nothing to forge. A request with any cookie keeps the check.
    if (!c.req.header('cookie') && bearerTokenOf(c.req.header('authorization')) !== null) return next();
    if (!isTrustedOrigin(policy, c.req.header('origin'), c.req.raw)) {
      throw new AppError('forbidden', msg('This request did not come from the Cargodesk site (missing or foreign Origin).'));
    }
    await next();
  };
}
