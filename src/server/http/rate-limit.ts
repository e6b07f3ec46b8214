import { ENGLISH, msg } from '@domain/common/i18n';
import type { MiddlewareHandler } from 'hono';
import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { AppError } from './errors';
import type { AppEnv } from './context';
import { jsonBodyOf } from './input';

export type RateRule = {
  name: string;
  max: number;
  windowSeconds: number;
  byEmail?: boolean;
  /**
   * Count only attempts that fail (issue 19): every attempt is counted as it arrives (so parallel guesses cannot
   * slip past the limit) and handed back when it succeeds. An office of many people behind one address signs in
   * freely; an attacker's wrong passwords use the allowance up.
   */
  failuresOnly?: boolean;
  /** With byEmail: count the e-mail across every address (the key leaves the address out). */
  anyAddress?: boolean;
  /** Also count GET requests (a public page); by default only POST is counted. */
  reads?: boolean;
};

/**
 * Auth rate limits (decision record 0003): the 4th attempt inside the window answers 429. Sign-in also has a ceiling
 * per address across e-mails (decision record 0041), so one address cannot try many accounts 3 times each. Sign-in's
 * two limits count failed attempts only (issue 19, decision 0224); a high overall ceiling per address still bounds
 * what one address can send.
 */
export const AUTH_RATE_RULES = {
  signIn: { name: 'sign-in-failed', max: 3, windowSeconds: 60, byEmail: true, failuresOnly: true },
  signInAddress: { name: 'sign-in-address-failed', max: 20, windowSeconds: 600, failuresOnly: true },
  /** Every sign-in attempt from one address, successful or not: room for a large office at nine in the morning. */
  signInAddressAll: { name: 'sign-in-address', max: 300, windowSeconds: 600 },
  signUp: { name: 'sign-up', max: 3, windowSeconds: 60 },
  passwordReset: { name: 'password-reset', max: 3, windowSeconds: 60, byEmail: true },
  eligibility: { name: 'eligibility', max: 20, windowSeconds: 60 },
  /** The same e-mail checked from any address (issue 37): a person's own checks as they type fit easily. */
  eligibilityEmail: { name: 'eligibility-email', max: 10, windowSeconds: 600, byEmail: true, anyAddress: true },
  /** A confirmation link tried with a wrong password (decision 0249): as a sign-in, failures per address and e-mail. */
  confirmAccount: { name: 'confirm-account-failed', max: 3, windowSeconds: 60, byEmail: true, failuresOnly: true },
  /** Authenticator and recovery codes, one counter for both (decision 0012): with Better Auth's 5 tries per sign-in and lock after 10 misses, a 6-digit code cannot be guessed. */
  twoFactorCode: { name: 'two-factor-code', max: 5, windowSeconds: 60 },
  /** The two-factor changes that check the password (enrol, turn off, new recovery codes, show the key again). */
  twoFactorPassword: { name: 'two-factor-password', max: 5, windowSeconds: 60 },
} satisfies Record<string, RateRule>;

export type Hit = { count: number; resetAt: Date };

/**
 * Where the counters live: the database by default, Redis when REDIS_URL is set (src/server/http/redis-rate-store.ts).
 * Either way every instance shares them.
 */
export interface RateStore {
  hit(key: string, windowSeconds: number): Promise<Hit>;
  /** Hands one counted attempt back (a success under a failures-only rule); never below 0, nothing for an ended window. */
  refund(key: string): Promise<void>;
}

export function databaseRateStore(db: Db): RateStore {
  return { hit: (key, windowSeconds) => hit(db, key, windowSeconds), refund: (key) => refund(db, key) };
}

/** Takes one hit back from a running window (the database store). */
export async function refund(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`);
}

/** Counts one hit in a fixed window stored in the database (shared by every instance). */
export async function hit(db: Db, key: string, windowSeconds: number): Promise<Hit> {
  const result = await db.execute<{ count: number; reset_at: string | Date }>(sql`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then now() + make_interval(secs => ${windowSeconds}) else rate_limits.reset_at end
    returning count, reset_at`);
  const row = result.rows[0]!;
  return { count: Number(row.count), resetAt: new Date(row.reset_at) };
}

/** Deletes the database counters whose window has ended (a fresh hit starts a new window anyway); returns how many. */
export async function pruneRateLimits(db: Db): Promise<number> {
  const result = await db.execute(sql`delete from rate_limits where reset_at <= now()`);
  return result.rowCount ?? 0;
}

async function emailOf(req: Request): Promise<string> {
  const { email } = await jsonBodyOf(req);
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/** Counts POSTs per client address (decided once per request in app.ts, honouring TRUST_PROXY) and e-mail. */
export function rateLimit(store: RateStore, rule: RateRule): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST' && !(rule.reads && c.req.method === 'GET')) return next();
    const ip = c.get('ip');
    const email = rule.byEmail ? await emailOf(c.req.raw) : '';
    const key = rule.anyAddress ? `${rule.name}:*:${email}` : `${rule.name}:${ip}:${email}`;
    const { count, resetAt } = await store.hit(key, rule.windowSeconds);
    if (count > rule.max) {
      // A refused attempt is not counted under a failures-only rule: waiting out the window is enough.
      if (rule.failuresOnly) await store.refund(key);
      const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
      throw new AppError('rate_limited', ENGLISH.t(msg('Too many attempts. Please try again in {seconds} seconds.'), { seconds: retryAfter }), undefined, {
        'Retry-After': String(retryAfter),
      });
    }
    await next();
    if (rule.failuresOnly && c.res.status < 400) await store.refund(key);
  };
}
