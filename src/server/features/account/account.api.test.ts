import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { COMMON_PASSWORD, DEMO_PASSWORD, NAME_FROM_DIRECTORY } from '@domain/auth/rules';
import { SIGN_UP_MESSAGES } from '@domain/auth/eligibility';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const linkIn = (html: string, contains: string) => {
  const link = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')).find((l) => l.includes(contains));
  if (!link) throw new Error(`no link with ${contains}`);
  return link.replace('http://localhost:3000', '');
};

describe('health', () => {
  it('answers ok with the database kind', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});

describe('API description', () => {
  it('serves the OpenAPI document and a reference page listing the routes', async () => {
    expect((await t.request('/api/openapi.json')).status).toBe(401);
    expect((await t.request('/api/docs')).status).toBe(401);
    const cookie = await t.signIn('import@cargodesk.test');
    const doc = await (await t.request('/api/openapi.json', { cookie })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/eligibility', '/me', '/shipments', '/dashboard']));
    const page = await t.request('/api/docs', { cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<code>/api/shipments</code>');
    expect(html).not.toContain('<script');
  });
});

describe('signed-in API', () => {
  it('answers 401 without a session', async () => {
    for (const path of ['/api/me', '/api/dashboard/quick-stats']) {
      const res = await t.request(path);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: { code: 'unauthenticated', message: 'Please sign in to continue.' } });
    }
  });

  it('returns the user with role, and the company for a customer', async () => {
    const admin = await (await t.request('/api/me', { cookie: await t.signIn('admin@cargodesk.test') })).json();
    expect(admin).toMatchObject({ email: 'admin@cargodesk.test', role: 'admin', company_id: null });
    const customer = await (await t.request('/api/me', { cookie: await t.signIn('customer@cargodesk.test') })).json();
    expect(customer).toMatchObject({ role: 'customer', company_name: 'Anatolia Textiles Ltd' });
    expect(customer.company_id).toMatch(/[0-9a-f-]{36}/);
  });

  it('refuses a state-changing request without our Origin', async () => {
    const cookie = await t.signIn('admin@cargodesk.test');
    const missing = await t.request('/api/auth/sign-out', { body: {}, cookie, headers: { origin: '' } });
    expect(missing.status).toBe(403);
    const foreign = await t.request('/api/auth/sign-out', { body: {}, cookie, headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
  });
});

describe('quick stats', () => {
  it("counts the customer company's shipments created today and pending (pending, pending_approval)", async () => {
    const cookie = await t.signIn('customer@cargodesk.test');
    const me = await (await t.request('/api/me', { cookie })).json();
    const expected = await t.db.execute<{ today: number; pending: number }>(sql`
      select count(*) filter (where created_at >= date_trunc('day', now()))::int as today,
             count(*) filter (where status in ('pending', 'pending_approval'))::int as pending
      from shipments where company_id = ${me.company_id}`);
    const res = await t.request('/api/dashboard/quick-stats', { cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ today: Number(expected.rows[0]!.today), pending: Number(expected.rows[0]!.pending) });
    expect(body.today).toBeGreaterThan(0); // the demo seeds today's shipments for the demo company
  });

  it('is for customers only', async () => {
    const res = await t.request('/api/dashboard/quick-stats', { cookie: await t.signIn('export@cargodesk.test') });
    expect(res.status).toBe(403);
  });
});

describe('eligibility', () => {
  it('knows pending staff, contacts, existing accounts and unknown emails', async () => {
    const check = async (email: string) => (await t.request('/api/eligibility', { body: { email } })).json();
    expect(await check('New.Staff@cargodesk.test')).toEqual({
      exists: true,
      type: 'staff',
      data: { full_name: 'Deniz Arslan', role: 'export' },
      account_exists: false,
    });
    expect(await check('new.customer@cargodesk.test')).toEqual({
      exists: true,
      type: 'customer',
      data: { first_name: 'Zeynep', last_name: 'Celik' },
      account_exists: false,
    });
    // An account that exists is said to exist, and nothing more: not its name, role or kind (issue 37).
    expect(await check('admin@cargodesk.test')).toEqual({ exists: true, account_exists: true });
    expect(await check('customer@cargodesk.test')).toEqual({ exists: true, account_exists: true });
    expect(await check('nobody@example.com')).toEqual({ exists: false, account_exists: false });
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const res = await t.request('/api/eligibility', { body: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'invalid_input', message: 'The request body is not valid JSON.' } });
  });

  it('validates the email', async () => {
    const res = await t.request('/api/eligibility', { body: { email: 'not-an-email' } });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields.email).toBe('Please enter a valid email address');
  });

  it('is rate limited per client address', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < 20; i++) expect((await t.request('/api/eligibility', { body: { email: `x${i}@example.com` }, ip })).status).toBe(200);
    const limited = await t.request('/api/eligibility', { body: { email: 'y@example.com' }, ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('is rate limited per e-mail across addresses (issue 37)', async () => {
    const email = 'probe.target@example.com';
    for (let i = 0; i < 10; i++) expect((await t.request('/api/eligibility', { body: { email }, ip: `198.51.100.${100 + i}` })).status).toBe(200);
    const limited = await t.request('/api/eligibility', { body: { email: 'Probe.Target@example.com' }, ip: '198.51.100.120' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another e-mail from the same address is not held back by it.
    expect((await t.request('/api/eligibility', { body: { email: 'other.target@example.com' }, ip: '198.51.100.120' })).status).toBe(200);
  });
});

describe('registration', () => {
  it('refuses an unknown email with the spec message', async () => {
    const res = await t.request('/api/auth/sign-up/email', { body: { email: 'stranger@example.com', password: 'secret-pass', name: 'x' } });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(SIGN_UP_MESSAGES.emailNotFound);
  });

  it('turns a pending staff member into an active user after email confirmation', async () => {
    const email = 'new.staff@cargodesk.test';
    // A common password is refused first, with a clear message, and creates nothing.
    for (const password of ['password123', 'Qwerty123', 'football']) {
      const common = await t.request('/api/auth/sign-up/email', { body: { email, password, name: 'x' } });
      expect(common.status).toBe(400);
      expect(await common.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', message: COMMON_PASSWORD });
    }
    expect((await t.db.execute(sql`select 1 from users where email = ${email}`)).rows).toHaveLength(0);
    const res = await t.request('/api/auth/sign-up/email', { body: { email, password: 'secret-pass', name: 'ignored', callbackURL: '/signin?verified=1' } });
    expect(res.status).toBe(200);
    const user = await t.db.execute<{ role: string; full_name: string; email_verified: boolean }>(sql`select role, full_name, email_verified from users where email = ${email}`);
    expect(user.rows[0]).toEqual({ role: 'export', full_name: 'Deniz Arslan', email_verified: false });
    const pending = await t.db.execute(sql`select 1 from pending_staff where email = ${email}`);
    expect(pending.rows).toHaveLength(0);

    // Not confirmed yet: sign-in is refused with the confirmation code.
    const early = await t.request('/api/auth/sign-in/email', { body: { email, password: 'secret-pass' } });
    expect(early.status).toBe(403);
    expect((await early.json()).code).toBe('EMAIL_NOT_VERIFIED');

    // The confirmation mail goes through the outbox. Its link opens the sign-in page with a token (decision 0249);
    // the account is confirmed there with the password chosen at sign-up.
    await t.worker.drain();
    const mail = t.mailbox.sent.find((m) => m.to === email && m.subject === 'Confirm your Cargodesk account');
    expect(mail).toBeDefined();
    const link = new URL(`http://localhost:3000${linkIn(mail!.html, '/signin?confirm=')}`);
    expect(link.pathname).toBe('/signin');
    const confirm = await t.request('/api/account/confirm', { body: { token: link.searchParams.get('confirm'), email, password: 'secret-pass' } });
    expect(confirm.status).toBe(200);

    const cookie = await t.signIn(email, 'secret-pass');
    expect(await (await t.request('/api/me', { cookie })).json()).toMatchObject({ role: 'export', full_name: 'Deniz Arslan' });
  });

  it('makes a company contact a customer user', async () => {
    const email = 'new.customer@cargodesk.test';
    const res = await t.request('/api/auth/sign-up/email', { body: { email, password: 'secret-pass', name: 'x' } });
    expect(res.status).toBe(200);
    const user = await t.db.execute<{ role: string; full_name: string }>(sql`select role, full_name from users where email = ${email}`);
    expect(user.rows[0]).toEqual({ role: 'customer', full_name: 'Zeynep Celik' });
    // A second sign-up does not create another account: while unconfirmed, it replaces the first (decision 0249);
    // once confirmed, Better Auth answers like a success and changes nothing (sign-up cannot probe for accounts).
    const first = await t.db.execute<{ id: string }>(sql`select id from users where email = ${email}`);
    await t.request('/api/auth/sign-up/email', { body: { email, password: 'other-pass', name: 'x' } });
    const count = await t.db.execute<{ n: number; id: string }>(sql`select count(*)::int as n, min(id::text) as id from users where email = ${email}`);
    expect(Number(count.rows[0]!.n)).toBe(1);
    expect(count.rows[0]!.id).not.toBe(first.rows[0]!.id);
    await t.db.execute(sql`update users set email_verified = true where email = ${email}`);
    await t.request('/api/auth/sign-up/email', { body: { email, password: 'third-pass', name: 'x' } });
    const after = await t.db.execute<{ id: string }>(sql`select id::text as id from users where email = ${email}`);
    expect(after.rows).toEqual([{ id: count.rows[0]!.id }]);
    await t.signIn(email, 'other-pass');
  });
});

describe('sign-in', () => {
  it('maps bad credentials to INVALID_EMAIL_OR_PASSWORD', async () => {
    const res = await t.request('/api/auth/sign-in/email', { body: { email: 'admin@cargodesk.test', password: 'wrong-password' } });
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('answers the 4th attempt inside the window with 429 and Retry-After', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 3; i++) {
      const res = await t.request('/api/auth/sign-in/email', { body: { email: 'import@cargodesk.test', password: 'nope-nope' }, ip });
      expect(res.status).toBe(401);
    }
    const limited = await t.request('/api/auth/sign-in/email', { body: { email: 'import@cargodesk.test', password: 'cargodesk-demo' }, ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).error.message).toMatch(/^Too many attempts/);
  });

  it('ends the session on sign-out', async () => {
    const cookie = await t.signIn('export@cargodesk.test');
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
    expect((await t.request('/api/auth/sign-out', { body: {}, cookie })).status).toBe(200);
    expect((await t.request('/api/me', { cookie })).status).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a recovery link, sets the new password and ends the old sessions', async () => {
    const email = 'customer@cargodesk.test';
    const oldSession = await t.signIn(email);
    const req = await t.request('/api/auth/request-password-reset', { body: { email, redirectTo: 'http://localhost:3000/signin?type=recovery' } });
    expect(req.status).toBe(200);
    await t.worker.drain();
    const mail = t.mailbox.sent.find((m) => m.to === email && m.subject === 'Reset your Cargodesk password');
    const follow = await t.request(linkIn(mail!.html, '/api/auth/reset-password/'));
    expect(follow.status).toBe(302);
    const location = new URL(follow.headers.get('location')!);
    expect(location.pathname).toBe('/signin');
    expect(location.searchParams.get('type')).toBe('recovery');
    const token = location.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const common = await t.request('/api/auth/reset-password', { body: { token, newPassword: 'iloveyou' } });
    expect(common.status).toBe(400);
    expect((await common.json()).message).toBe(COMMON_PASSWORD);
    // The refusal neither used the token nor changed the password.
    await t.signIn(email);

    const reset = await t.request('/api/auth/reset-password', { body: { token, newPassword: 'brand-new-pass' } });
    expect(reset.status).toBe(200);
    expect((await t.request('/api/me', { cookie: oldSession })).status).toBe(401);
    await t.signIn(email, 'brand-new-pass');

    const reuse = await t.request('/api/auth/reset-password', { body: { token, newPassword: 'another-pass' } });
    expect(reuse.status).toBe(400);
    expect((await reuse.json()).code).toBe('INVALID_TOKEN');
  });
});

describe('names come from the directory (issue 37)', () => {
  it("Better Auth's update-user refuses a name or picture: not the admin's name, not 200,000 characters", async () => {
    const cookie = await t.signIn('export@cargodesk.test');
    const before = await (await t.request('/api/me', { cookie })).json();
    for (const body of [{ name: 'Ada Admin' }, { name: 'x'.repeat(200_000) }, { image: 'https://evil.example/a.png' }, { name: 'Ada', image: null }]) {
      const res = await t.request('/api/auth/update-user', { body, cookie });
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const renamed = await t.request('/api/auth/update-user', { body: { name: 'Ada Admin' }, cookie });
    expect(await renamed.json()).toMatchObject({ code: 'NAME_FROM_DIRECTORY', message: NAME_FROM_DIRECTORY });
    const after = await (await t.request('/api/me', { cookie })).json();
    expect(after.full_name).toBe(before.full_name);
    const stored = await t.db.execute<{ image: string | null }>(sql`select image from users where email = 'export@cargodesk.test'`);
    expect(stored.rows[0]?.image ?? null).toBeNull();
  });
});

describe('password change', () => {
  it('refuses a common password, then changes it and ends the other sessions but not this one', async () => {
    const email = 'import@cargodesk.test';
    const here = await t.signIn(email);
    const elsewhere = await t.signIn(email);
    const common = await t.request('/api/auth/change-password', { body: { currentPassword: DEMO_PASSWORD, newPassword: 'password123' }, cookie: here });
    expect(common.status).toBe(400);
    expect((await common.json()).message).toBe(COMMON_PASSWORD);
    expect((await t.request('/api/me', { cookie: elsewhere })).status).toBe(200);

    const res = await t.request('/api/auth/change-password', {
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Kargo-Izmir-2026!', revokeOtherSessions: true },
      cookie: here,
    });
    expect(res.status).toBe(200);
    // Better Auth hands this browser a fresh session cookie; the other session is gone.
    const renewed = res.headers.get('set-cookie')?.split(';')[0] ?? here;
    expect((await t.request('/api/me', { cookie: renewed })).status).toBe(200);
    expect((await t.request('/api/me', { cookie: elsewhere })).status).toBe(401);
    const audited = await t.db.execute<{ actor_email: string }>(sql`select actor_email from audit_log where action = 'auth.password_changed'`);
    expect(audited.rows.map((r) => r.actor_email)).toEqual([email]);
    await t.signIn(email, 'Kargo-Izmir-2026!');
    const old = await t.request('/api/auth/sign-in/email', { body: { email, password: DEMO_PASSWORD } });
    expect(old.status).toBe(401);
  });
});
