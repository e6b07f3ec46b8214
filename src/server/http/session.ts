import type { MiddlewareHandler } from 'hono';
import { sql } from 'drizzle-orm';
import type { Auth } from '../auth/auth';
import type { Db } from '../db/client';
import { ROLES, type Role } from '../../domain/enums';
import { AppError } from './errors';
import type { AppEnv } from './context';

/** Every API route behind this answers 401 without a valid session; the user's role and company are loaded once. */
export function requireSession(auth: Auth, db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new AppError('unauthenticated', 'Please sign in to continue.');
    const u = session.user as typeof session.user & { role?: string | null };
    const role: Role = ROLES.includes(u.role as Role) ? (u.role as Role) : 'customer';
    let companyId: string | null = null;
    if (role === 'customer') {
      const r = await db.execute<{ company_id: string }>(
        sql`select company_id from customers where lower(email) = ${u.email.toLowerCase()} limit 1`,
      );
      companyId = r.rows[0]?.company_id ?? null;
    }
    c.set('user', {
      id: u.id,
      email: u.email.toLowerCase(),
      full_name: u.name,
      role,
      company_id: companyId,
      session_id: session.session.id,
    });
    c.get('log').debug({ userId: u.id, role }, 'session');
    await next();
  };
}
