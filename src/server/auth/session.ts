import { msg } from '@domain/common/i18n';
import crypto from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { sql } from 'drizzle-orm';
import type { Auth } from './auth';
import type { Database, Db } from '@server/db/client';
import type { PreparedStatement } from '@server/db/prepared';
import { ROLES, type Role } from '@domain/common/enums';
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_REQUIRED_CODE } from '@domain/auth/two-factor';
import { API_KEY_MESSAGES, bearerTokenOf, rateLimitHeaders } from '@domain/api-keys/schema';
import { keyUser } from './api-keys';
import { AppError } from '@server/http/errors';
import type { AppEnv, SessionUser } from '@server/http/context';
import type { RateStore } from '@server/http/rate-limit';
import { isCustomer, isStaff } from '@domain/access/permissions';

type SessionSettings = { cookieName: string; secret: string; expiresIn: number; updateAge: number };

/** The session token of a signed Better Auth cookie (`token.base64(HMAC-SHA256)`), or null when absent or forged. */
export function signedToken(cookieHeader: string | undefined, settings: Pick<SessionSettings, 'cookieName' | 'secret'>): string | null {
  if (!cookieHeader) return null;
  let raw: string | undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === settings.cookieName) raw = part.slice(eq + 1).trim();
  }
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const known = verified.get(value);
  if (known && known.secret === settings.secret) return known.token;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = crypto.createHmac('sha256', settings.secret).update(token).digest();
  if (signature.length !== expected.length || !crypto.timingSafeEqual(signature, expected)) return null;
  if (verified.size >= VERIFIED_MAX) verified.clear();
  verified.set(value, { secret: settings.secret, token });
  return token;
}

/**
 * Signed cookies whose signature was checked, by their whole value (decision record 0298): a signature stays right
 * for as long as the secret, so a signed-in person's next requests skip the HMAC. Only what passed is kept, and the
 * session read still decides whether the session lives. Emptied when full (a bound on memory, not a cache policy).
 */
const verified = new Map<string, { secret: string; token: string }>();
const VERIFIED_MAX = 10_000;

type Row = {
  session_id: string;
  expires_at: string | Date;
  id: string;
  full_name: string;
  email: string;
  role: string | null;
  company_id: string | null;
  two_factor_enabled: boolean;
  require_staff_two_factor: boolean | null;
  language: string | null;
};

/** Staff must enrol first when the admin requires two-factor for all staff and theirs is off (decision 0010). */
export function setupRequired(role: Role, twoFactorEnabled: boolean, requireStaffTwoFactor: boolean | null | undefined): boolean {
  return isStaff(role) && !!requireStaffTwoFactor && !twoFactorEnabled;
}

/** The request's user from what either path read: the user row, the session, the company and the admin's setting. */
function toSessionUser(u: {
  id: string;
  email: string;
  full_name: string;
  role: string | null | undefined;
  session_id: string;
  company_id: string | null | undefined;
  two_factor_enabled: boolean | null | undefined;
  require_staff_two_factor: boolean | null | undefined;
  language: string | null | undefined;
}): SessionUser {
  const role: Role = ROLES.includes(u.role as Role) ? (u.role as Role) : 'customer';
  const twoFactorEnabled = !!u.two_factor_enabled;
  return {
    id: u.id,
    email: u.email.toLowerCase(),
    full_name: u.full_name,
    role,
    company_id: isCustomer(role) ? (u.company_id ?? null) : null,
    session_id: u.session_id,
    two_factor_enabled: twoFactorEnabled,
    two_factor_required: setupRequired(role, false, u.require_staff_two_factor),
    two_factor_setup_required: setupRequired(role, twoFactorEnabled, u.require_staff_two_factor),
    language: u.language ?? null,
  };
}

/**
 * The signed-in user in one query: session, user and (for customers) the company of the contact with the same
 * email. Null when the fast path cannot answer alone: no valid signed cookie, no such session, an expired one,
 * or one that is due for Better Auth's sliding refresh; Better Auth then decides as before.
 */
/** The fast path's one read (a prepared statement: every signed-in request runs it, decision record 0286). */
const SESSION_READ: PreparedStatement = {
  name: 'cargodesk_session_v2',
  text: `select s.id as session_id, s.expires_at, u.id, u.full_name, u.email, u.role, u.two_factor_enabled, u.language,
      (select x.require_staff_two_factor from security_settings x where x.id = 1) as require_staff_two_factor,
      case when u.role is null or u.role not in ('admin', 'export', 'import')
        then (select k.company_id from customers k where lower(k.email) = lower(u.email) limit 1) end as company_id
    from sessions s join users u on u.id = s.user_id
    where s.token = $1`,
};

async function fastSession(database: Database, cookieHeader: string | undefined, settings: SessionSettings): Promise<SessionUser | null> {
  const token = signedToken(cookieHeader, settings);
  if (!token) return null;
  const [row] = await database.prepared<Row>(SESSION_READ, [token]);
  if (!row) return null;
  const expiresAt = new Date(row.expires_at).getTime();
  const now = Date.now();
  // Better Auth's own rule: expired, or refreshed once its age passes updateAge (sliding expiry).
  if (expiresAt <= now || expiresAt - settings.expiresIn * 1000 + settings.updateAge * 1000 <= now) return null;
  return toSessionUser(row);
}

/** Through Better Auth itself (it also refreshes a session due for it and removes an expired one). */
async function betterAuthSession(auth: Auth, db: Db, headers: Headers): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const u = session.user as typeof session.user & { role?: string | null; twoFactorEnabled?: boolean | null };
  const role: Role = ROLES.includes(u.role as Role) ? (u.role as Role) : 'customer';
  const r = await db.execute<{ company_id: string | null; require_staff_two_factor: boolean | null; language: string | null }>(sql`
    select (select company_id from customers where ${isCustomer(role)} and lower(email) = ${u.email.toLowerCase()} limit 1) as company_id,
      (select require_staff_two_factor from security_settings where id = 1) as require_staff_two_factor,
      (select language from users where id = ${u.id}) as language`);
  const row = r.rows[0];
  return toSessionUser({
    id: u.id,
    email: u.email,
    full_name: u.name,
    role: u.role,
    session_id: session.session.id,
    company_id: row?.company_id,
    two_factor_enabled: u.twoFactorEnabled,
    require_staff_two_factor: row?.require_staff_two_factor,
    language: row?.language,
  });
}

/** What a staff user who must enrol first may still read. */
const ENROLMENT_ALLOWED = new Set(['/api/me']);

/** A service key's window: its requests per minute are counted in the shared rate store (decision 0242). */
const KEY_WINDOW_SECONDS = 60;

/**
 * Counts one request of a service key; past the key's limit a 429 with Retry-After. Every answer to a key carries the
 * RateLimit-Policy and RateLimit fields, so an integration can slow down before it is refused.
 */
async function limitKey(c: Context<AppEnv>, store: RateStore, key: NonNullable<SessionUser['api_key']>): Promise<void> {
  const { count, resetAt } = await store.hit(`api-key:${key.id}`, KEY_WINDOW_SECONDS);
  const reset = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  const headers = rateLimitHeaders(key.rate_limit_per_minute, KEY_WINDOW_SECONDS, count, reset);
  if (count > key.rate_limit_per_minute) {
    throw new AppError('rate_limited', API_KEY_MESSAGES.rateLimited(reset), undefined, { ...headers, 'Retry-After': String(reset) });
  }
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
}

/** The signed-in user of a request's cookie (a session, not a service key), or null: the fast path, then Better Auth. */
export function sessionReader(auth: Auth, database: Database): (req: Request) => Promise<SessionUser | null> {
  const db = database.db;
  let settings: Promise<SessionSettings> | undefined;
  const load = () =>
    (settings ??= auth.$context.then((ctx) => ({
      cookieName: ctx.authCookies.sessionToken.name,
      secret: ctx.secret,
      expiresIn: ctx.sessionConfig.expiresIn,
      updateAge: ctx.sessionConfig.updateAge,
    })));
  return async (req) => (await fastSession(database, req.headers.get('cookie') ?? undefined, await load())) ?? (await betterAuthSession(auth, db, req.headers));
}

/**
 * Every API route behind this answers 401 without a valid session; the user's role and company are loaded once.
 * A valid session is read in one query (decision record 0194); everything else goes through Better Auth.
 * `Authorization: Bearer <key>` is a service key (issue 18, decision 0242): it alone decides (a bad key is a 401 even
 * with a cookie beside it), and the key's requests are counted in `keyStore`.
 */
export function requireSession(auth: Auth, database: Database, keyStore: RateStore): MiddlewareHandler<AppEnv> {
  const db = database.db;
  const readSession = sessionReader(auth, database);
  return async (c, next) => {
    const bearer = bearerTokenOf(c.req.header('authorization'));
    if (bearer !== null) {
      const keyed = await keyUser(db, bearer, c.get('ip'));
      if (!keyed?.api_key) throw new AppError('unauthenticated', API_KEY_MESSAGES.invalid, undefined, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
      await limitKey(c, keyStore, keyed.api_key);
      c.set('user', keyed);
      c.get('log').debug({ userId: keyed.id, role: keyed.role, apiKey: keyed.api_key.prefix }, 'api key');
      return next();
    }
    const user = await readSession(c.req.raw);
    if (!user) throw new AppError('unauthenticated', msg('Please sign in to continue.'));
    // Until a required enrolment is done, a staff user may only read who they are (GET /api/me); enrolment itself
    // goes through /api/auth/two-factor/*, which is served before this middleware.
    if (user.two_factor_setup_required && !(c.req.method === 'GET' && ENROLMENT_ALLOWED.has(c.req.path.replace(/\/+$/, '')))) {
      throw new AppError(TWO_FACTOR_REQUIRED_CODE, TWO_FACTOR_MESSAGES.required);
    }
    c.set('user', user);
    c.get('log').debug({ userId: user.id, role: user.role }, 'session');
    await next();
  };
}
