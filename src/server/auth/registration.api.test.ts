/**
 * Account pre-hijacking (issue 37): a password chosen by someone who does not hold the mailbox never becomes usable.
 * The red team's steps: sign up as a pending administrator with the attacker's password, let the real person open the
 * genuine "Confirm your account" mail, then try the attacker's password. The person must still be able to register.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { CONFIRM_MESSAGES } from '@domain/auth/rules';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const ATTACKER_IP = '203.0.113.66';
const VICTIM_IP = '198.51.100.12';

/** The links of the newest mail with this subject to this address (the button first). */
async function newestMail(to: string, since: number) {
  await t.worker.drain();
  const mails = t.mailbox.sent.filter((m) => m.to === to && m.subject === 'Confirm your Cargodesk account').slice(since);
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no confirmation mail to ${to}`);
  return [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}
const mailCount = (to: string) => t.mailbox.sent.filter((m) => m.to === to && m.subject === 'Confirm your Cargodesk account').length;

/** The confirmation token a mail's link carries (the sign-in page's `confirm` parameter). */
const tokenOf = (link: string) => new URL(link).searchParams.get('confirm') ?? '';

const signInStatus = async (email: string, password: string, ip?: string) =>
  (await t.request('/api/auth/sign-in/email', { body: { email, password }, ...(ip ? { ip } : {}) })).status;

const confirm = (token: string, email: string, password: string, ip?: string) =>
  t.request('/api/account/confirm', { body: { token, email, password }, ...(ip ? { ip } : {}) });

describe('account pre-hijacking', () => {
  it("an attacker's sign-up never becomes usable when the real person opens the mail, and the person still registers", async () => {
    const email = 'victim.admin@cargodesk.test';
    await t.db.execute(sql`insert into pending_staff (full_name, email, role) values ('Vera Admin', ${email}, 'admin')`);

    // The attacker registers first, with a password of their choosing.
    const before = mailCount(email);
    const attack = await t.request('/api/auth/sign-up/email', { body: { email, password: 'attacker-pass-1', name: 'x' }, ip: ATTACKER_IP });
    expect(attack.status).toBe(200);
    const attackLinks = await newestMail(email, before);

    // The real person, told to register, opens the genuine mail's button.
    const opened = await t.request(attackLinks[0]!.replace('http://localhost:3000', ''), { ip: VICTIM_IP });
    expect(opened.status).toBeLessThan(500);
    // They do not know the attacker's password: their own does not confirm the account.
    const wrong = await confirm(tokenOf(attackLinks[0]!), email, 'victim-pass-1', VICTIM_IP);
    expect(wrong.status).toBe(401);

    // The attacker's password opens nothing.
    expect(await signInStatus(email, 'attacker-pass-1', ATTACKER_IP)).toBe(403);
    const verified = await t.db.execute<{ email_verified: boolean }>(sql`select email_verified from users where email = ${email}`);
    expect(verified.rows[0]?.email_verified).toBe(false);

    // The person can still register: the page offers registration, not "Account Already Exists".
    const eligibility = await (await t.request('/api/eligibility', { body: { email }, ip: VICTIM_IP })).json();
    expect(eligibility).toEqual({ exists: true, type: 'staff', data: { full_name: 'Vera Admin', role: 'admin' }, account_exists: false });
    const mine = mailCount(email);
    const register = await t.request('/api/auth/sign-up/email', { body: { email, password: 'victim-pass-1', name: 'x' }, ip: VICTIM_IP });
    expect(register.status).toBe(200);
    const users = await t.db.execute<{ role: string; full_name: string }>(sql`select role, full_name from users where email = ${email}`);
    expect(users.rows).toEqual([{ role: 'admin', full_name: 'Vera Admin' }]);
    const victimLinks = await newestMail(email, mine);

    // The newer sign-up replaced the older: the attacker's link is dead, even with the attacker's password.
    const stale = await confirm(tokenOf(attackLinks[0]!), email, 'attacker-pass-1', ATTACKER_IP);
    expect(stale.status).toBe(400);
    expect((await stale.json()).error).toEqual({ code: 'invalid_input', message: CONFIRM_MESSAGES.invalidLink });
    // A link confirms only with the password chosen at that sign-up.
    expect((await confirm(tokenOf(victimLinks[0]!), email, 'attacker-pass-1', ATTACKER_IP)).status).toBe(401);
    expect((await confirm(tokenOf(victimLinks[0]!), 'someone.else@cargodesk.test', 'victim-pass-1', VICTIM_IP)).status).toBe(401);

    const ok = await confirm(tokenOf(victimLinks[0]!), email, 'victim-pass-1', VICTIM_IP);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ confirmed: true });
    const cookie = await t.signIn(email, 'victim-pass-1', VICTIM_IP);
    expect(await (await t.request('/api/me', { cookie })).json()).toMatchObject({ email, role: 'admin', full_name: 'Vera Admin' });
    expect(await signInStatus(email, 'attacker-pass-1', ATTACKER_IP)).toBe(401);
    // A link is used once; the confirmation is audited.
    expect((await confirm(tokenOf(victimLinks[0]!), email, 'victim-pass-1', VICTIM_IP)).status).toBe(400);
    const audited = await t.db.execute<{ actor_email: string }>(sql`select actor_email from audit_log where action = 'auth.account_confirmed'`);
    expect(audited.rows.map((r) => r.actor_email)).toContain(email);

    // Once confirmed, the account is registered: a new sign-up neither replaces it nor changes its password.
    expect((await (await t.request('/api/eligibility', { body: { email } })).json()).account_exists).toBe(true);
    await t.request('/api/auth/sign-up/email', { body: { email, password: 'attacker-pass-2', name: 'x' }, ip: ATTACKER_IP });
    await t.signIn(email, 'victim-pass-1', VICTIM_IP);
    expect(await signInStatus(email, 'attacker-pass-2', ATTACKER_IP)).toBe(401);
  });

  it("Better Auth's own verify-email link confirms nothing", async () => {
    const email = 'new.customer@cargodesk.test';
    const res = await t.request('/api/auth/sign-up/email', { body: { email, password: 'customer-pass-1', name: 'x' } });
    expect(res.status).toBe(200);
    const ctx = await t.auth.$context;
    const { createEmailVerificationToken } = await import('better-auth/api');
    const token = await createEmailVerificationToken(ctx.secret, email, undefined, 3600);
    const follow = await t.request(`/api/auth/verify-email?token=${token}&callbackURL=/signin`);
    expect(follow.status).toBe(302);
    expect(follow.headers.get('location')).toBe('/signin');
    const verified = await t.db.execute<{ email_verified: boolean }>(sql`select email_verified from users where email = ${email}`);
    expect(verified.rows[0]?.email_verified).toBe(false);
  });

  it('a wrong password on a confirmation link is rate limited like a sign-in', async () => {
    const ip = '203.0.113.67';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await confirm('x'.repeat(43), 'new.staff@cargodesk.test', 'guess-pass-' + i, ip)).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
