/**
 * Issue 8, auth rate limits (decision records 0003 and 0041): for sign-in, sign-up, password reset and the
 * eligibility check, the first attempt over the limit inside the window answers 429 with Retry-After; a made-up
 * X-Forwarded-For does not reset it unless TRUST_PROXY is set (then it names the client, as behind our own load
 * balancer). Sign-in also has a ceiling per address across e-mails.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { AUTH_RATE_RULES, hit, pruneRateLimits, rateLimit, refund, type Hit, type RateRule, type RateStore } from './rate-limit';
import { createUserWithPassword } from '@server/db/seed/demo';
import type { AppEnv } from './context';

let behindProxy: TestApp; // TRUST_PROXY=true
let direct: TestApp; // TRUST_PROXY=false: the address is the socket peer (app.request has none: one client)

beforeAll(async () => {
  [behindProxy, direct] = await Promise.all([createTestApp({ seedDemo: false, trustProxy: true }), createTestApp({ seedDemo: false, trustProxy: false })]);
});
afterAll(async () => {
  await Promise.all([behindProxy?.close(), direct?.close()]);
});

type Endpoint = { label: string; path: string; rule: RateRule; body: (email: string) => unknown };
const ENDPOINTS: Endpoint[] = [
  { label: 'sign-in', path: '/api/auth/sign-in/email', rule: AUTH_RATE_RULES.signIn, body: (email) => ({ email, password: 'wrong-password' }) },
  { label: 'sign-up', path: '/api/auth/sign-up/email', rule: AUTH_RATE_RULES.signUp, body: (email) => ({ email, password: 'secret-pass-1', name: 'x' }) },
  {
    label: 'password reset',
    path: '/api/auth/request-password-reset',
    rule: AUTH_RATE_RULES.passwordReset,
    body: (email) => ({ email, redirectTo: 'http://localhost:3000/signin?type=recovery' }),
  },
  // The per-address rule: each check asks for another e-mail, as someone probing the directory would (one e-mail has its
  // own, lower limit across addresses since issue 37, tested in account.api.test.ts).
  { label: 'eligibility check', path: '/api/eligibility', rule: AUTH_RATE_RULES.eligibility, body: (email) => ({ email: `${crypto.randomUUID().slice(0, 8)}.${email}` }) },
];

let addressCounter = 0;
/** A documentation address (RFC 5737) not used before in this file. */
const freshAddress = () => `203.0.113.${++addressCounter}`;

const attempt = (t: TestApp, e: Endpoint, email: string, forwardedFor: string) =>
  t.request(e.path, { body: e.body(email), headers: { 'x-forwarded-for': forwardedFor } });

/** Uses up the rule's allowance (none of it refused) and returns the first refused answer. */
async function exhaust(t: TestApp, e: Endpoint, email: string, forwardedFor: string): Promise<Response> {
  for (let i = 0; i < e.rule.max; i++) {
    const res = await attempt(t, e, email, forwardedFor);
    expect(res.status, `${e.label} attempt ${i + 1} of ${e.rule.max}`).not.toBe(429);
  }
  return attempt(t, e, email, forwardedFor);
}

async function expectLimited(res: Response, windowSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('rate_limited');
  expect(body.error.message).toBe(`Too many attempts. Please try again in ${retryAfter} seconds.`);
}

describe.each(ENDPOINTS)('$label', (e) => {
  it(`answers attempt ${e.rule.max + 1} inside the window with 429 and Retry-After`, async () => {
    const email = `limit-${crypto.randomUUID()}@example.com`;
    await expectLimited(await exhaust(behindProxy, e, email, freshAddress()), e.rule.windowSeconds);
  });

  it('without TRUST_PROXY, a made-up X-Forwarded-For does not reset the limit', async () => {
    const email = `spoof-${crypto.randomUUID()}@example.com`;
    await expectLimited(await exhaust(direct, e, email, freshAddress()), e.rule.windowSeconds);
    for (let i = 0; i < 3; i++) await expectLimited(await attempt(direct, e, email, freshAddress()), e.rule.windowSeconds);
    await expectLimited(await attempt(direct, e, email, ''), e.rule.windowSeconds);
  });

  it('with TRUST_PROXY, X-Forwarded-For names the client: another client is not limited, the same one still is', async () => {
    const email = `proxy-${crypto.randomUUID()}@example.com`;
    const client = freshAddress();
    await expectLimited(await exhaust(behindProxy, e, email, client), e.rule.windowSeconds);
    expect((await attempt(behindProxy, e, email, freshAddress())).status).not.toBe(429);
    // Only the first hop counts: the client cannot append its way out.
    await expectLimited(await attempt(behindProxy, e, email, `${client}, 198.51.100.1`), e.rule.windowSeconds);
  });
});

describe('sign-in ceiling per address across e-mails (decision record 0041)', () => {
  const signIn = ENDPOINTS[0]!;
  const ceiling = AUTH_RATE_RULES.signInAddress;

  it(`refuses attempt ${ceiling.max + 1} from one address however many accounts it tries`, async () => {
    expect(ceiling.max).toBeGreaterThan(AUTH_RATE_RULES.signIn.max);
    const address = freshAddress();
    for (let i = 0; i < ceiling.max; i++) {
      const res = await attempt(behindProxy, signIn, `account-${i}-${crypto.randomUUID()}@example.com`, address);
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    await expectLimited(await attempt(behindProxy, signIn, `one-more-${crypto.randomUUID()}@example.com`, address), ceiling.windowSeconds);
    // Another address is not affected.
    expect((await attempt(behindProxy, signIn, `elsewhere-${crypto.randomUUID()}@example.com`, freshAddress())).status).toBe(401);
  });

  it('without TRUST_PROXY, spoofed addresses are one client and share the ceiling', async () => {
    const fresh = await createTestApp({ seedDemo: false, trustProxy: false });
    try {
      for (let i = 0; i < ceiling.max; i++) {
        expect((await attempt(fresh, signIn, `acct-${i}-${crypto.randomUUID()}@example.com`, freshAddress())).status, `attempt ${i + 1}`).toBe(401);
      }
      await expectLimited(await attempt(fresh, signIn, `acct-last-${crypto.randomUUID()}@example.com`, freshAddress()), ceiling.windowSeconds);
    } finally {
      await fresh.close();
    }
  });
});

describe('sign-in limits count failures, not successes (issue 19)', () => {
  const signIn = ENDPOINTS[0]!;
  const password = 'office-pass-1';
  const signInWith = (email: string, pass: string, address: string) =>
    behindProxy.request(signIn.path, { body: { email, password: pass }, headers: { 'x-forwarded-for': address } });

  it('40 staff behind one office address sign in within a minute, each more than 3 times, all succeed', async () => {
    const office = freshAddress();
    const emails = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const email = `office-${i}-${crypto.randomUUID()}@example.com`;
        await createUserWithPassword(behindProxy.db, { email, name: `Office ${i}`, role: 'export', password });
        return email;
      }),
    );
    for (const email of emails) expect((await signInWith(email, password, office)).status, email).toBe(200);
    // The same person again and again (a new tab, another browser): successes never use up the allowance.
    for (let i = 0; i < AUTH_RATE_RULES.signIn.max + 2; i++) expect((await signInWith(emails[0]!, password, office)).status).toBe(200);
    // Successes left no failure count behind for the address.
    const failed = await behindProxy.db.execute<{ count: number }>(sql`select count from rate_limits where key = ${`${AUTH_RATE_RULES.signInAddress.name}:${office}:`}`);
    expect(failed.rows.map((r) => Number(r.count))).toEqual([0]);
  });

  it("a locked e-mail still signs in with the right password from another address, not from the attacker's", async () => {
    const email = `locked-${crypto.randomUUID()}@example.com`;
    await createUserWithPassword(behindProxy.db, { email, name: 'Locked Out', role: 'import', password });
    const attacker = freshAddress();
    for (let i = 0; i < AUTH_RATE_RULES.signIn.max; i++) expect((await signInWith(email, 'guess-' + i, attacker)).status).toBe(401);
    await expectLimited(await signInWith(email, 'one-more-guess', attacker), AUTH_RATE_RULES.signIn.windowSeconds);
    expect((await signInWith(email, password, attacker)).status).toBe(429);
    expect((await signInWith(email, password, freshAddress())).status).toBe(200);
  });

  it('a failures-only rule counts every attempt as it arrives, hands successes back, and keeps refusals uncounted', async () => {
    const counts = new Map<string, number>();
    const store: RateStore = {
      hit: (key): Promise<Hit> => {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return Promise.resolve({ count: counts.get(key)!, resetAt: new Date(Date.now() + 60_000) });
      },
      refund: (key) => (counts.set(key, Math.max(0, (counts.get(key) ?? 0) - 1)), Promise.resolve()),
    };
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('ip', '192.0.2.1');
      await next();
    });
    app.use('/try', rateLimit(store, { name: 't', max: 2, windowSeconds: 60, failuresOnly: true }));
    app.post('/try', (c) => c.json({}, c.req.query('ok') === '1' ? 200 : 401));
    app.onError((e, c) => c.json({ error: e.message }, 429));
    const post = (ok: boolean) => app.request(`/try${ok ? '?ok=1' : ''}`, { method: 'POST' });
    expect((await post(true)).status).toBe(200);
    expect((await post(true)).status).toBe(200);
    expect((await post(true)).status).toBe(200);
    expect((await post(false)).status).toBe(401);
    expect((await post(false)).status).toBe(401);
    expect((await post(false)).status).toBe(429);
    expect((await post(true)).status).toBe(429); // locked: the right answer waits too
    expect(counts.get('t:192.0.2.1:')).toBe(2);
  });

  it('keeps an overall ceiling per address for every attempt, high enough for an office', () => {
    expect(AUTH_RATE_RULES.signInAddressAll.max).toBeGreaterThanOrEqual(300);
    expect('failuresOnly' in AUTH_RATE_RULES.signInAddressAll).toBe(false);
    expect(AUTH_RATE_RULES.signIn.failuresOnly && AUTH_RATE_RULES.signInAddress.failuresOnly).toBe(true);
  });
});

describe('counters of ended windows', () => {
  it('are deleted by the hourly prune; running windows stay and keep counting', async () => {
    const db = direct.db;
    const tag = crypto.randomUUID();
    await db.execute(sql`insert into rate_limits (key, count, reset_at) values
      (${`ended-${tag}`}, 7, now() - interval '1 second'), (${`running-${tag}`}, 3, now() + interval '1 hour')`);
    expect(await pruneRateLimits(db)).toBeGreaterThanOrEqual(1);
    const left = await db.execute<{ key: string; count: number }>(sql`select key, count from rate_limits where key like ${`%-${tag}`} order by key`);
    expect(left.rows.map((r) => [r.key, Number(r.count)])).toEqual([[`running-${tag}`, 3]]);
    expect((await hit(db, `running-${tag}`, 3600)).count).toBe(4);
    expect((await hit(db, `ended-${tag}`, 3600)).count).toBe(1);
    // A refund takes one back from a running window, never below 0, and never revives an ended one.
    await refund(db, `running-${tag}`);
    expect((await hit(db, `running-${tag}`, 3600)).count).toBe(4);
    for (let i = 0; i < 6; i++) await refund(db, `running-${tag}`);
    expect((await hit(db, `running-${tag}`, 3600)).count).toBe(1);
  });
});
