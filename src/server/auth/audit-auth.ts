import type { MiddlewareHandler } from 'hono';
import { eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { users, verifications } from '@server/db/schema';
import type { AppEnv } from '@server/http/context';
import { recordAudit } from '@server/audit/audit-log';
import { jsonBodyOf } from '@server/http/input';

const text = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase().slice(0, 320) : '');

async function userByEmail(db: Db, email: string) {
  if (!email) return null;
  const [u] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email)).limit(1);
  return u ?? null;
}

async function userById(db: Db, id: string | null | undefined) {
  if (!id) return null;
  const [u] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, id)).limit(1);
  return u ?? null;
}

/**
 * Audit of the auth endpoints Better Auth serves (issue 8): every sign-in and failed sign-in (with the e-mail
 * tried and the answer's code), completed password resets and password changes, each with the client address.
 * Runs around Better Auth's handler; a failure to write the row is logged, never turned into a failed sign-in.
 */
export function auditAuth(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const path = c.req.path.replace(/^.*\/auth/, '');
    const body = await jsonBodyOf(c.req.raw);
    // A reset token names its user only until it is used: look it up first.
    const resetUserId =
      path === '/reset-password' && typeof body.token === 'string'
        ? ((await db.select({ value: verifications.value }).from(verifications).where(eq(verifications.identifier, `reset-password:${body.token}`)).limit(1))[0]?.value ?? null)
        : null;
    await next();
    const ip = c.get('ip');
    const ok = c.res.status >= 200 && c.res.status < 300;
    try {
      // Better Auth answers a sign-in and a password change with the user; a failure with its error code.
      const answer = (await c.res.clone().json().catch(() => ({}))) as { user?: { id?: unknown; email?: unknown }; code?: unknown; twoFactorRedirect?: unknown };
      const answeredUser = typeof answer.user?.id === 'string' && typeof answer.user.email === 'string' ? { id: answer.user.id, email: answer.user.email } : null;
      if (path === '/sign-in/email') {
        const email = text(body.email);
        // With two-factor on, the password only opens the second step (no session yet): audit-two-factor.ts records the rest.
        if (ok && answer.twoFactorRedirect === true) await recordAudit(db, { action: 'auth.two_factor_challenge', actor: await userByEmail(db, email), email, ip });
        else if (ok) await recordAudit(db, { action: 'auth.sign_in', actor: answeredUser, email, ip });
        else {
          const code = typeof answer.code === 'string' ? answer.code : null;
          await recordAudit(db, { action: 'auth.sign_in_failed', actor: null, email, ip, details: { status: c.res.status, code } });
        }
      } else if (ok && path === '/reset-password') {
        await recordAudit(db, { action: 'auth.password_reset', actor: await userById(db, resetUserId), ip });
      } else if (ok && path === '/change-password') {
        await recordAudit(db, { action: 'auth.password_changed', actor: answeredUser, ip });
      }
    } catch (err) {
      c.get('log').error({ err: { message: (err as Error).message } }, 'audit write failed');
    }
  };
}
