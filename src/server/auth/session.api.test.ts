import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { signedToken } from './session';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const tokenOf = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)).split('.')[0]!;

describe('session lookup (decision record 0194)', () => {
  it('reads a signed cookie and refuses a forged or unsigned one', async () => {
    const ctx = await t.auth.$context;
    const settings = { cookieName: ctx.authCookies.sessionToken.name, secret: ctx.secret };
    const cookie = await t.signIn('customer@cargodesk.test');
    const token = tokenOf(cookie);
    expect(signedToken(cookie, settings)).toBe(token);
    expect(signedToken(`${settings.cookieName}=${token}.${'A'.repeat(43)}=`, settings)).toBeNull();
    expect(signedToken(`${settings.cookieName}=${token}`, settings)).toBeNull();
    expect(signedToken(undefined, settings)).toBeNull();
    // Checked once, remembered (decision 0298): again the same answer, a forged copy still refused, and under another
    // secret the remembered signature counts for nothing.
    expect(signedToken(cookie, settings)).toBe(token);
    expect(signedToken(`${settings.cookieName}=${token}.${'A'.repeat(43)}=`, settings)).toBeNull();
    expect(signedToken(cookie, { ...settings, secret: `${settings.secret}-rotated` })).toBeNull();
    expect(signedToken(cookie, settings)).toBe(token);
    // A forged signature is refused by the API too, not only by the helper.
    const forged = await t.request('/api/me', { cookie: `${settings.cookieName}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}` });
    expect(forged.status).toBe(401);
  });

  it('gives a customer their company and a staff member none', async () => {
    const customer = await (await t.request('/api/dashboard', { cookie: await t.signIn('customer@cargodesk.test') })).json();
    expect(customer.kind).toBe('customer');
    expect(customer.company_name).toBe('Anatolia Textiles Ltd');
    const staff = await t.request('/api/dashboard', { cookie: await t.signIn('export@cargodesk.test') });
    expect((await staff.json()).kind).toBe('handler');
  });

  it('answers 401 for an expired session and for a session that was removed', async () => {
    const cookie = await t.signIn('import@cargodesk.test');
    const token = tokenOf(cookie);
    await t.db.execute(sql`update sessions set expires_at = now() - interval '1 minute' where token = ${token}`);
    expect((await t.request('/api/me', { cookie })).status).toBe(401);
    const other = await t.signIn('import@cargodesk.test');
    await t.db.execute(sql`delete from sessions where token = ${tokenOf(other)}`);
    expect((await t.request('/api/me', { cookie: other })).status).toBe(401);
  });

  it('keeps the sliding expiry: a session past its update age is refreshed by Better Auth', async () => {
    const cookie = await t.signIn('admin@cargodesk.test');
    const token = tokenOf(cookie);
    // Two days into a seven-day session: past the one-day update age.
    await t.db.execute(sql`update sessions set expires_at = now() + interval '5 days' where token = ${token}`);
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
    const r = await t.db.execute<{ days: number }>(sql`select extract(epoch from expires_at - now()) / 86400 as days from sessions where token = ${token}`);
    expect(Number(r.rows[0]!.days)).toBeGreaterThan(6.9);
  });
});
