/**
 * Two-factor sign-in with an authenticator app (issue 8): enrolment, the second step of a sign-in, recovery codes,
 * turning it off, rate limits and the audit log. Codes are computed in the test (tests/helpers/totp.ts, RFC 6238).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { freshTotp, totp, wrongTotp } from '@tests/helpers/totp';
import { auditRows, cookiesOf, enrol, makeUser, passwordStep, signInWithCode, USER_PASSWORD } from '@tests/helpers/two-factor';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const me = (cookie: string) => t.request('/api/me', { cookie });
const sessionsOf = async (userId: string) =>
  Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from sessions where user_id = ${userId}`)).rows[0]!.n);

describe('enrolment', () => {
  it('asks the password, gives a Cargodesk otpauth URI and ten recovery codes, and turns on only after a correct code', async () => {
    const u = await makeUser(t, 'export');
    const wrongPassword = await t.request('/api/auth/two-factor/enable', { body: { password: 'not-the-password' }, cookie: u.cookie });
    expect(wrongPassword.status).toBe(400);
    expect((await wrongPassword.json()).code).toBe('INVALID_PASSWORD');

    const enable = await t.request('/api/auth/two-factor/enable', { body: { password: USER_PASSWORD }, cookie: u.cookie });
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(totpURI.startsWith(`otpauth://totp/Cargodesk:${encodeURIComponent(u.email)}?`)).toBe(true);
    expect(uri.searchParams.get('issuer')).toBe('Cargodesk');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    const secret = uri.searchParams.get('secret')!;
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);

    // Not on yet: the secret is stored encrypted, unverified.
    expect((await (await me(u.cookie)).json()).two_factor_enabled).toBe(false);
    const row = (await t.db.execute<{ secret: string; verified: boolean }>(sql`select secret, verified from two_factors where user_id = ${u.id}`)).rows[0]!;
    expect(row.verified).toBe(false);
    expect(row.secret).not.toContain(secret);

    const wrong = await t.request('/api/auth/two-factor/verify-totp', { body: { code: wrongTotp(secret) }, cookie: u.cookie });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).code).toBe('INVALID_CODE');
    expect(await auditRows(t, 'auth.two_factor_failed', u.email)).toEqual([
      expect.objectContaining({ actor_id: u.id, details: expect.objectContaining({ method: 'authenticator', step: 'enrolment', status: 401, code: 'INVALID_CODE' }) }),
    ]);

    const verify = await t.request('/api/auth/two-factor/verify-totp', { body: { code: await freshTotp(secret) }, cookie: u.cookie });
    expect(verify.status).toBe(200);
    const fresh = cookiesOf(verify, u.cookie);
    const after = await (await me(fresh)).json();
    expect(after.two_factor_enabled).toBe(true);
    expect(after.two_factor_setup_required).toBe(false);
    // The session was replaced: the old cookie no longer works.
    expect((await me(u.cookie)).status).toBe(401);
    expect(await auditRows(t, 'auth.two_factor_enabled', u.email)).toHaveLength(1);

    // Once on, starting again is refused.
    const again = await t.request('/api/auth/two-factor/enable', { body: { password: USER_PASSWORD }, cookie: fresh });
    expect(again.status).toBe(400);
    expect((await again.json()).code).toBe('TOTP_ALREADY_ENABLED');
  });

  it('lets customers opt in too', async () => {
    const customer = await makeUser(t, 'customer');
    const { cookie } = await enrol(t, customer.cookie);
    expect((await (await me(cookie)).json()).two_factor_enabled).toBe(true);
  });
});

describe('signing in with two-factor on', () => {
  it('after the password there is no usable session anywhere in the API until a correct code', async () => {
    const u = await makeUser(t, 'admin');
    const { secret } = await enrol(t, u.cookie);
    await t.request('/api/auth/sign-out', { body: {}, cookie: u.cookie });
    const sessionsBefore = await sessionsOf(u.id);

    const { res, cookie } = await passwordStep(t, u.email);
    // The answer sets only the challenge cookie and clears the session cookie.
    expect(cookie).toMatch(/two_factor=/);
    expect(cookie).not.toMatch(/session_token=/);
    expect(res.headers.getSetCookie().some((c) => /session_token=;/.test(c) || /session_token=.*max-age=0/i.test(c))).toBe(true);
    expect(await sessionsOf(u.id)).toBe(sessionsBefore);
    // Nothing answers as signed in: our API (fast path and Better Auth), Better Auth's own session routes.
    for (const path of ['/api/me', '/api/shipments', '/api/staff', '/api/settings/two-factor', '/api/audit', '/api/openapi.json']) {
      expect((await t.request(path, { cookie })).status, path).toBe(401);
    }
    expect((await t.request('/api/companies', { method: 'POST', body: { name: 'X' }, cookie })).status).toBe(401);
    expect(await (await t.request('/api/auth/get-session', { cookie })).json()).toBeNull();
    expect((await t.request('/api/auth/list-sessions', { cookie })).status).toBe(401);
    expect((await t.request('/api/auth/two-factor/enable', { body: { password: USER_PASSWORD }, cookie })).status).toBe(401);
    expect((await t.request('/api/auth/two-factor/generate-backup-codes', { body: { password: USER_PASSWORD }, cookie })).status).toBe(401);
    expect((await t.request('/api/auth/change-password', { body: { currentPassword: USER_PASSWORD, newPassword: 'another-pass-9' }, cookie })).status).toBe(401);
    expect(await auditRows(t, 'auth.two_factor_challenge', u.email)).toHaveLength(1);
    expect(await auditRows(t, 'auth.sign_in', u.email)).toHaveLength(1); // only the first sign-in, before enrolment

    const wrong = await t.request('/api/auth/two-factor/verify-totp', { body: { code: wrongTotp(secret) }, cookie });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).code).toBe('INVALID_CODE');
    expect((await me(cookiesOf(wrong, cookie))).status).toBe(401);
    expect(await auditRows(t, 'auth.two_factor_failed', u.email)).toEqual([
      expect.objectContaining({ actor_id: u.id, details: expect.objectContaining({ step: 'sign-in', code: 'INVALID_CODE' }) }),
    ]);

    const ok = await t.request('/api/auth/two-factor/verify-totp', { body: { code: await freshTotp(secret) }, cookie });
    expect(ok.status).toBe(200);
    const session = cookiesOf(ok, cookie);
    expect(session).toMatch(/session_token=/);
    expect(session).not.toMatch(/two_factor=/);
    expect((await me(session)).status).toBe(200);
    expect((await t.request('/api/staff', { cookie: session })).status).toBe(200);
    expect(await auditRows(t, 'auth.two_factor_verified', u.email)).toHaveLength(1);

    // The challenge is used up: the same cookie cannot open a second session.
    const replay = await t.request('/api/auth/two-factor/verify-totp', { body: { code: totp(secret) }, cookie });
    expect(replay.status).toBe(401);
  });

  it('accepts each authenticator code once: the same code cannot open a second session', async () => {
    const u = await makeUser(t, 'export');
    const { secret } = await enrol(t, u.cookie);
    const code = await freshTotp(secret);
    const first = await passwordStep(t, u.email);
    const ok = await t.request('/api/auth/two-factor/verify-totp', { body: { code }, cookie: first.cookie });
    expect(ok.status).toBe(200);
    const second = await passwordStep(t, u.email);
    const replay = await t.request('/api/auth/two-factor/verify-totp', { body: { code }, cookie: second.cookie });
    expect(replay.status).toBe(401);
    expect((await replay.json()).code).toBe('CODE_ALREADY_USED');
    expect((await me(cookiesOf(replay, second.cookie))).status).toBe(401);
    expect(await auditRows(t, 'auth.two_factor_failed', u.email)).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ step: 'sign-in', code: 'CODE_ALREADY_USED' }) }),
    ]);
    // A wrong code is not "used": only accepted ones are.
    const wrong = wrongTotp(secret);
    expect((await t.request('/api/auth/two-factor/verify-totp', { body: { code: wrong }, cookie: second.cookie })).status).toBe(401);
    const again = await t.request('/api/auth/two-factor/verify-totp', { body: { code: wrong }, cookie: second.cookie });
    expect((await again.json()).code).toBe('INVALID_CODE');
    // The next fresh code still works on the same challenge.
    expect((await t.request('/api/auth/two-factor/verify-totp', { body: { code: await freshTotp(secret) }, cookie: second.cookie })).status).toBe(200);
  });

  it('refuses "trust this device" and a code check that would skip the session', async () => {
    const u = await makeUser(t, 'import');
    const { secret, backupCodes } = await enrol(t, u.cookie);
    const { cookie } = await passwordStep(t, u.email);
    const trust = await t.request('/api/auth/two-factor/verify-totp', { body: { code: await freshTotp(secret), trustDevice: true }, cookie });
    expect(trust.status).toBe(400);
    expect((await trust.json()).code).toBe('TRUST_DEVICE_NOT_OFFERED');
    expect(trust.headers.getSetCookie().some((c) => c.includes('trust_device'))).toBe(false);
    const skip = await t.request('/api/auth/two-factor/verify-backup-code', { body: { code: backupCodes[0], disableSession: true }, cookie });
    expect(skip.status).toBe(400);
  });

  it('takes a recovery code instead of a code, once only', async () => {
    const u = await makeUser(t, 'export');
    const { backupCodes } = await enrol(t, u.cookie);
    const first = await passwordStep(t, u.email);
    const used = await t.request('/api/auth/two-factor/verify-backup-code', { body: { code: backupCodes[0] }, cookie: first.cookie });
    expect(used.status).toBe(200);
    expect((await me(cookiesOf(used, first.cookie))).status).toBe(200);
    expect(await auditRows(t, 'auth.recovery_code_used', u.email)).toHaveLength(1);

    const second = await passwordStep(t, u.email);
    const reused = await t.request('/api/auth/two-factor/verify-backup-code', { body: { code: backupCodes[0] }, cookie: second.cookie });
    expect(reused.status).toBe(401);
    expect((await reused.json()).code).toBe('INVALID_BACKUP_CODE');
    expect(await auditRows(t, 'auth.two_factor_failed', u.email)).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ method: 'recovery code', step: 'sign-in', code: 'INVALID_BACKUP_CODE' }) }),
    ]);
    const next = await t.request('/api/auth/two-factor/verify-backup-code', { body: { code: backupCodes[1] }, cookie: second.cookie });
    expect(next.status).toBe(200);
  });

  it('rate limits codes per client address: the 6th inside a minute gets 429 with Retry-After', async () => {
    const u = await makeUser(t, 'export');
    const { secret } = await enrol(t, u.cookie);
    const a = await passwordStep(t, u.email);
    const b = await passwordStep(t, u.email);
    const ip = '198.51.100.77';
    for (let i = 0; i < 3; i++) expect((await t.request('/api/auth/two-factor/verify-totp', { body: { code: wrongTotp(secret) }, cookie: a.cookie, ip })).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await t.request('/api/auth/two-factor/verify-backup-code', { body: { code: 'xxxxx-yyyyy' }, cookie: b.cookie, ip })).status).toBe(401);
    const limited = await t.request('/api/auth/two-factor/verify-totp', { body: { code: totp(secret) }, cookie: b.cookie, ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).error.code).toBe('rate_limited');
    // Another address is not limited, and the challenge is still usable.
    expect((await t.request('/api/auth/two-factor/verify-totp', { body: { code: await freshTotp(secret) }, cookie: b.cookie, ip: '198.51.100.78' })).status).toBe(200);
  });

  it('locks the second step after ten wrong codes in a row, whatever the address', async () => {
    const u = await makeUser(t, 'import');
    const { secret } = await enrol(t, u.cookie);
    let failures = 0;
    while (failures < 10) {
      const { cookie } = await passwordStep(t, u.email);
      for (let i = 0; i < 4 && failures < 10; i++, failures++) {
        expect((await t.request('/api/auth/two-factor/verify-totp', { body: { code: wrongTotp(secret) }, cookie })).status).toBe(401);
      }
    }
    const { cookie } = await passwordStep(t, u.email);
    const locked = await t.request('/api/auth/two-factor/verify-totp', { body: { code: await freshTotp(secret) }, cookie });
    expect(locked.status).toBe(429);
    expect((await locked.json()).code).toBe('ACCOUNT_TEMPORARILY_LOCKED');
  });
});

describe('managing two-factor', () => {
  it('regenerates recovery codes (password needed; the old ones stop working) and turns off with the password', async () => {
    const u = await makeUser(t, 'export');
    const enrolled = await enrol(t, u.cookie);
    let cookie = enrolled.cookie;
    const bad = await t.request('/api/auth/two-factor/generate-backup-codes', { body: { password: 'wrong-password-1' }, cookie });
    expect(bad.status).toBe(400);
    const regen = await t.request('/api/auth/two-factor/generate-backup-codes', { body: { password: USER_PASSWORD }, cookie });
    expect(regen.status).toBe(200);
    const { backupCodes } = (await regen.json()) as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    expect(backupCodes).not.toContain(enrolled.backupCodes[0]);
    expect(await auditRows(t, 'auth.recovery_codes_regenerated', u.email)).toHaveLength(1);
    const step = await passwordStep(t, u.email);
    expect((await t.request('/api/auth/two-factor/verify-backup-code', { body: { code: enrolled.backupCodes[0] }, cookie: step.cookie })).status).toBe(401);
    const viaNew = await t.request('/api/auth/two-factor/verify-backup-code', { body: { code: backupCodes[0] }, cookie: step.cookie });
    expect(viaNew.status).toBe(200);

    const wrongOff = await t.request('/api/auth/two-factor/disable', { body: { password: 'wrong-password-1' }, cookie });
    expect(wrongOff.status).toBe(400);
    expect((await wrongOff.json()).code).toBe('INVALID_PASSWORD');
    const off = await t.request('/api/auth/two-factor/disable', { body: { password: USER_PASSWORD }, cookie });
    expect(off.status).toBe(200);
    cookie = cookiesOf(off, cookie);
    expect((await (await me(cookie)).json()).two_factor_enabled).toBe(false);
    expect(await auditRows(t, 'auth.two_factor_disabled', u.email)).toHaveLength(1);
    expect((await t.db.execute(sql`select 1 from two_factors where user_id = ${u.id}`)).rows).toHaveLength(0);
    // The password alone signs in again.
    expect(await t.signIn(u.email, USER_PASSWORD)).toMatch(/session_token=/);
  });

  it('signs in again later with a fresh code', async () => {
    const u = await makeUser(t, 'admin');
    const { secret } = await enrol(t, u.cookie);
    const cookie = await signInWithCode(t, u.email, secret);
    expect((await me(cookie)).status).toBe(200);
  });
});
