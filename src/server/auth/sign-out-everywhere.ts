import type { MiddlewareHandler } from 'hono';
import type { Db } from '@server/db/client';
import type { AppEnv } from '@server/http/context';
import { jsonBodyOf } from '@server/http/input';
import { revokeKeysOfUser } from './api-keys';
import type { Auth } from './auth';

/**
 * "Sign out everywhere" ends the person's API keys too (issue 37): Better Auth's `/revoke-sessions`, and a password
 * change that ends the other sessions (`revokeOtherSessions`). A password reset does the same in auth.ts. Runs around
 * Better Auth's handler; the keys are revoked only when it succeeded.
 */
export function revokeKeysWhenSignedOutEverywhere(auth: Auth, db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const path = c.req.path.replace(/^.*\/auth/, '');
    const everywhere = path === '/revoke-sessions' || (path === '/change-password' && (await jsonBodyOf(c.req.raw)).revokeOtherSessions === true);
    if (!everywhere) return next();
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    await next();
    if (session && c.res.status >= 200 && c.res.status < 300) {
      await revokeKeysOfUser(db, session.user.id, 'signed_out_everywhere', { ip: c.get('ip') });
    }
  };
}
