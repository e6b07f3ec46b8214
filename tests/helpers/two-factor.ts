/** Two-factor steps for API tests: enrol a user and sign in with a code, computing the codes in the test (totp.ts). */
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';
import { createUserWithPassword } from '@server/db/seed/demo';
import { freshTotp, secretOf } from './totp';

export const USER_PASSWORD = 'two-factor-pass-1';

/** The cookies a response sets (expired ones left out), as one Cookie header; merged over `previous`. */
export function cookiesOf(res: Response, previous = ''): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    if (!value || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

let counter = 0;
/** A verified user of our own with a password (the demo accounts stay as they are). */
export async function makeUser(t: TestApp, role: 'admin' | 'export' | 'import' | 'customer', email?: string) {
  const address = email ?? `tfa.${role}.${Date.now().toString(36)}.${++counter}@cargodesk.test`;
  const id = await createUserWithPassword(t.db, { email: address, name: `Two Factor ${role} ${counter}`, role, password: USER_PASSWORD });
  return { id, email: address, cookie: await t.signIn(address, USER_PASSWORD) };
}

/** Turns two-factor on for the signed-in user: enable with the password, confirm with a computed code. */
export async function enrol(t: TestApp, cookie: string, password = USER_PASSWORD) {
  const enable = await t.request('/api/auth/two-factor/enable', { body: { password }, cookie });
  expect(enable.status, await enable.clone().text()).toBe(200);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const secret = secretOf(totpURI);
  const verify = await t.request('/api/auth/two-factor/verify-totp', { body: { code: await freshTotp(secret) }, cookie });
  expect(verify.status, await verify.clone().text()).toBe(200);
  // Better Auth replaces the session when two-factor turns on.
  return { secret, backupCodes, totpURI, cookie: cookiesOf(verify, cookie) };
}

/** The password step: answers the challenge cookie (no session yet). */
export async function passwordStep(t: TestApp, email: string, password = USER_PASSWORD, ip?: string) {
  const res = await t.request('/api/auth/sign-in/email', { body: { email, password }, ...(ip ? { ip } : {}) });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(await res.clone().json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  return { res, cookie: cookiesOf(res) };
}

/** Password, then a computed authenticator code: the session cookie. */
export async function signInWithCode(t: TestApp, email: string, secret: string) {
  const { cookie } = await passwordStep(t, email);
  const verify = await t.request('/api/auth/two-factor/verify-totp', { body: { code: await freshTotp(secret) }, cookie });
  expect(verify.status, await verify.clone().text()).toBe(200);
  return cookiesOf(verify, cookie);
}

/** The audit rows of `action` for one e-mail (actor or e-mail tried), oldest first. */
export async function auditRows(t: TestApp, action: string, email: string) {
  const r = await t.db.execute<{ action: string; actor_email: string | null; actor_id: string | null; details: Record<string, unknown>; ip_address: string | null }>(
    sql`select action, actor_email, actor_id, details, ip_address from audit_log where action = ${action} and actor_email = ${email} order by created_at, id`,
  );
  return r.rows;
}
