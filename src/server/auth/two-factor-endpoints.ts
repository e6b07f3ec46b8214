import type { Context, MiddlewareHandler } from 'hono';
import { eq, sql } from 'drizzle-orm';
import type { Auth } from './auth';
import type { Db } from '@server/db/client';
import { users, verifications } from '@server/db/schema';
import type { AppEnv } from '@server/http/context';
import { AppError } from '@server/http/errors';
import { signedToken, setupRequired } from './session';
import { recordAudit } from '@server/audit/audit-log';
import type { AuditAction } from '@domain/audit/schema';
import { normalizeTotpCode, TWO_FACTOR_MESSAGES } from '@domain/auth/two-factor';
import type { Role } from '@domain/common/enums';
import { hit } from '@server/http/rate-limit';
import { jsonBodyOf } from '@server/http/input';

type Person = { id: string; email: string; role: Role; twoFactorEnabled: boolean };

async function userById(db: Db, id: string | null | undefined): Promise<Person | null> {
  if (!id) return null;
  const [u] = await db
    .select({ id: users.id, email: users.email, role: users.role, twoFactorEnabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return u ?? null;
}

/** How long an accepted authenticator code stays used: it is valid for its 30-second step and one step either side. */
const USED_CODE_SECONDS = 120;

/**
 * Around the two-factor endpoints Better Auth serves under /api/auth/two-factor (issue 8, decision records 0009-0012):
 * - who is acting: the signed-in user (enrolment, turning off, new recovery codes) or, at the second step of a
 *   sign-in, the user the signed `two_factor` cookie names (read before Better Auth consumes it);
 * - an authenticator code is accepted once: a code already accepted for the user (or being checked right now)
 *   answers 401 CODE_ALREADY_USED, so a code seen over a shoulder or in a log cannot open a second session;
 * - turning two-factor off is refused (403) to staff while the admin requires it;
 * - the audit log: enrolment confirmed, turned off, new recovery codes, a sign-in completed with a code or a
 *   recovery code, and every wrong code, each with the client address. A failed audit write is logged, never
 *   turned into a failed request.
 */
export function twoFactorEndpoints(auth: Auth, db: Db): MiddlewareHandler<AppEnv> {
  let cookie: Promise<{ name: string; secret: string }> | undefined;
  const challengeCookie = () =>
    (cookie ??= auth.$context.then((ctx) => ({ name: ctx.createAuthCookie('two_factor').name, secret: ctx.secret })));

  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const path = c.req.path.replace(/^.*\/auth/, '');
    const session = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    let person: Person | null = session ? await userById(db, session.user.id) : null;
    const signingIn = !session;

    if (path === '/two-factor/disable' && person) {
      const [s] = await db.execute<{ on: boolean | null }>(sql`select require_staff_two_factor as on from security_settings where id = 1`).then((r) => r.rows);
      if (setupRequired(person.role, false, s?.on)) throw new AppError('forbidden', TWO_FACTOR_MESSAGES.cannotDisableRequired);
    }
    if (signingIn) {
      // The half-signed-in user: the challenge cookie names a verification row whose value is the user's id.
      const { name, secret } = await challengeCookie();
      const token = signedToken(c.req.header('cookie'), { cookieName: name, secret });
      if (token) {
        const [v] = await db.select({ value: verifications.value }).from(verifications).where(eq(verifications.identifier, token)).limit(1);
        person = await userById(db, v?.value);
      }
    }

    // One use per code and user: claimed atomically before Better Auth checks it, released if it was not accepted.
    let claim: string | null = null;
    if (path === '/two-factor/verify-totp' && person) {
      const code = (await jsonBodyOf(c.req.raw)).code;
      if (typeof code === 'string') {
        claim = `totp-used:${person.id}:${normalizeTotpCode(code)}`;
        if ((await hit(db, claim, USED_CODE_SECONDS)).count > 1) {
          await record(c, db, 'auth.two_factor_failed', person, {
            method: 'authenticator',
            step: signingIn ? 'sign-in' : 'check',
            status: 401,
            code: 'CODE_ALREADY_USED',
          });
          return c.json({ code: 'CODE_ALREADY_USED', message: TWO_FACTOR_MESSAGES.codeAlreadyUsed }, 401);
        }
      }
    }

    await next();

    const ok = c.res.status >= 200 && c.res.status < 300;
    if (claim && !ok) await db.execute(sql`delete from rate_limits where key = ${claim}`);
    let action: AuditAction | null = null;
    let details: Record<string, unknown> = {};
    if (path === '/two-factor/verify-totp') {
      if (ok) action = signingIn ? 'auth.two_factor_verified' : person && !person.twoFactorEnabled ? 'auth.two_factor_enabled' : null;
      else action = 'auth.two_factor_failed';
      details = { method: 'authenticator', step: signingIn ? 'sign-in' : person?.twoFactorEnabled ? 'check' : 'enrolment' };
    } else if (path === '/two-factor/verify-backup-code') {
      if (ok) action = signingIn ? 'auth.recovery_code_used' : null;
      else action = 'auth.two_factor_failed';
      details = { method: 'recovery code', step: signingIn ? 'sign-in' : 'check' };
    } else if (ok && path === '/two-factor/disable') {
      action = 'auth.two_factor_disabled';
    } else if (ok && path === '/two-factor/generate-backup-codes') {
      action = 'auth.recovery_codes_regenerated';
    }
    if (!action) return;
    if (!ok) {
      const answer = (await c.res.clone().json().catch(() => ({}))) as { code?: unknown };
      details = { ...details, status: c.res.status, code: typeof answer.code === 'string' ? answer.code : null };
    }
    await record(c, db, action, person, details);
  };
}

async function record(c: Context<AppEnv>, db: Db, action: AuditAction, person: Person | null, details: Record<string, unknown>) {
  try {
    await recordAudit(db, { action, actor: person ? { id: person.id, email: person.email } : null, details, ip: c.get('ip') });
  } catch (err) {
    c.get('log').error({ err: { message: (err as Error).message } }, 'audit write failed');
  }
}
