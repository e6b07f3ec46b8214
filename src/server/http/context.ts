import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Logger } from '@server/logger';
import type { Role } from '@domain/common/enums';
import type { Translator } from '@server/i18n';

export type SessionUser = {
  id: string;
  email: string;
  full_name: string;
  role: Role;
  /** For customers: the company of the contact whose email matches; null when none (or for staff). */
  company_id: string | null;
  session_id: string;
  /** An authenticator app is confirmed for this account. */
  two_factor_enabled: boolean;
  /** The admin's "require two-factor for all staff" is on and this is a staff user. */
  two_factor_required: boolean;
  /** Required, and not enrolled yet: only enrolment is open to this user. */
  two_factor_setup_required: boolean;
  /** The language chosen on My Profile, or null (the browser's): read with the session, for the page and /api/me. */
  language: string | null;
  /** Set when the request carries a service key (issue 18, decision 0242) instead of a session cookie. */
  api_key?: { id: string; prefix: string; rate_limit_per_minute: number };
};

export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    user: SessionUser;
    /** The client's address as `clientIp` decides it (set for every request in app.ts). */
    ip: string;
    /** The request's translator, by its Accept-Language (the web app sends the page's language; app.ts). */
    tr: Translator;
  };
};

/** Who acts and from where: what services need for the audit log. */
export type Actor = { user: SessionUser; ip: string };

export function actorOf(c: Context<AppEnv>): Actor {
  return { user: c.get('user'), ip: c.get('ip') };
}

/**
 * The client's address: the socket peer, or the first X-Forwarded-For hop only when TRUST_PROXY is set
 * (otherwise a client could reset its own rate limit by spoofing the header).
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local'; // app.request() in tests has no socket
  }
}
