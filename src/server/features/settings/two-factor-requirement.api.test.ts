/**
 * The admin's "require two-factor authentication for all staff" (issue 8, decision 0010): who may change it, what a
 * staff user without two-factor may still do, and that customers are not affected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { cookiesOf, enrol, makeUser, USER_PASSWORD } from '@tests/helpers/two-factor';
import { TWO_FACTOR_MESSAGES } from '@domain/auth/two-factor';

let t: TestApp;
let admin: { id: string; email: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  const a = await makeUser(t, 'admin');
  admin = { ...a, cookie: (await enrol(t, a.cookie)).cookie };
});
afterAll(async () => t?.close());

const setRequirement = (cookie: string, on: boolean) => t.request('/api/settings/two-factor', { method: 'PUT', body: { require_for_staff: on }, cookie });
const me = async (cookie: string) => (await t.request('/api/me', { cookie })).json() as Promise<{ two_factor_enabled: boolean; two_factor_setup_required: boolean }>;

describe('who may change the requirement', () => {
  it('answers 401 anonymous and 403 to handlers and customers, changing nothing', async () => {
    const body = { require_for_staff: true };
    expect((await t.request('/api/settings/two-factor')).status).toBe(401);
    expect((await t.request('/api/settings/two-factor', { method: 'PUT', body })).status).toBe(401);
    for (const email of ['export@cargodesk.test', 'import@cargodesk.test', 'customer@cargodesk.test']) {
      const cookie = await t.signIn(email);
      for (const res of [await t.request('/api/settings/two-factor', { cookie }), await setRequirement(cookie, true)]) {
        expect(res.status, email).toBe(403);
        expect((await res.json()).error).toEqual({ code: 'forbidden', message: 'Only administrators can change security settings.' });
      }
    }
    const settings = await (await t.request('/api/settings/two-factor', { cookie: admin.cookie })).json();
    expect(settings).toMatchObject({ require_for_staff: false, updated_at: null, updated_by_email: null });
  });

  it('validates the body and refuses to turn it on for an admin who has not enrolled', async () => {
    const bad = await t.request('/api/settings/two-factor', { method: 'PUT', body: { require_for_staff: 'yes' }, cookie: admin.cookie });
    expect(bad.status).toBe(400);
    const other = await makeUser(t, 'admin');
    const refused = await setRequirement(other.cookie, true);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(TWO_FACTOR_MESSAGES.adminMustEnrolFirst);
    expect((await (await t.request('/api/settings/two-factor', { cookie: admin.cookie })).json()).require_for_staff).toBe(false);
  });
});

describe('with the requirement on', () => {
  it('an enrolled admin turns it on (audited); staff without two-factor may only read /api/me and enrol; customers are not affected', async () => {
    const handler = await makeUser(t, 'export');
    const customer = await t.signIn('customer@cargodesk.test');
    const on = await setRequirement(admin.cookie, true);
    expect(on.status).toBe(200);
    const settings = await on.json();
    expect(settings).toMatchObject({ require_for_staff: true, updated_by_email: admin.email });
    expect(settings.staff_enrolled).toBe(1);
    expect(settings.staff_total).toBeGreaterThanOrEqual(5);
    const audit = await t.db.execute<{ actor_email: string; details: unknown }>(
      sql`select actor_email, details from audit_log where action = 'settings.two_factor_requirement'`,
    );
    expect(audit.rows).toEqual([{ actor_email: admin.email, details: { required: { old: false, new: true } } }]);

    // The handler's existing session now gets only what enrolment needs.
    expect(await me(handler.cookie)).toMatchObject({ two_factor_enabled: false, two_factor_setup_required: true });
    for (const [method, path] of [['GET', '/api/shipments'], ['GET', '/api/companies'], ['GET', '/api/documents'], ['GET', '/api/dashboard'], ['POST', '/api/companies'], ['GET', '/api/openapi.json']] as const) {
      const res = await t.request(path, { method, body: method === 'POST' ? { name: 'X' } : undefined, cookie: handler.cookie });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await res.json()).error).toEqual({ code: 'two_factor_required', message: TWO_FACTOR_MESSAGES.required });
    }
    // A fresh sign-in (Better Auth's session path, not the one-query path) is held the same way.
    const fresh = await t.signIn(handler.email, USER_PASSWORD);
    expect((await t.request('/api/shipments', { cookie: fresh })).status).toBe(403);

    // Customers: nothing changes.
    expect(await me(customer)).toMatchObject({ two_factor_setup_required: false });
    expect((await t.request('/api/shipments', { cookie: customer })).status).toBe(200);
    expect((await t.request('/api/dashboard', { cookie: customer })).status).toBe(200);
    // Staff who enrolled: nothing changes.
    expect((await t.request('/api/staff', { cookie: admin.cookie })).status).toBe(200);

    // The enrolment routes stay open, and once enrolled every route answers again.
    const enrolled = await enrol(t, handler.cookie);
    expect(await me(enrolled.cookie)).toMatchObject({ two_factor_enabled: true, two_factor_setup_required: false });
    expect((await t.request('/api/shipments', { cookie: enrolled.cookie })).status).toBe(200);

    // ... and staff cannot turn it off while it is required; a customer still can.
    const off = await t.request('/api/auth/two-factor/disable', { body: { password: USER_PASSWORD }, cookie: enrolled.cookie });
    expect(off.status).toBe(403);
    expect((await off.json()).error).toEqual({ code: 'forbidden', message: TWO_FACTOR_MESSAGES.cannotDisableRequired });
    expect((await me(enrolled.cookie)).two_factor_enabled).toBe(true);
    const c = await makeUser(t, 'customer');
    const cEnrolled = await enrol(t, c.cookie);
    const cOff = await t.request('/api/auth/two-factor/disable', { body: { password: USER_PASSWORD }, cookie: cEnrolled.cookie });
    expect(cOff.status).toBe(200);
    expect((await me(cookiesOf(cOff, cEnrolled.cookie))).two_factor_enabled).toBe(false);

    // Turned off again: the held staff user is free.
    const other = await makeUser(t, 'import');
    expect((await t.request('/api/shipments', { cookie: other.cookie })).status).toBe(403);
    expect((await setRequirement(admin.cookie, false)).status).toBe(200);
    expect((await t.request('/api/shipments', { cookie: other.cookie })).status).toBe(200);
    expect((await t.db.execute(sql`select 1 from audit_log where action = 'settings.two_factor_requirement'`)).rows).toHaveLength(2);
  });
});

describe("an admin resets a staff member's two-factor (lost phone and recovery codes)", () => {
  it('deletes the key, ends their sessions and is audited; not for handlers, customers or one’s own account', async () => {
    const handler = await makeUser(t, 'export');
    const { cookie } = await enrol(t, handler.cookie);
    const listed = async () =>
      ((await (await t.request('/api/staff', { cookie: admin.cookie })).json()) as { active: { id: string; two_factor_enabled: boolean }[] }).active.find(
        (a) => a.id === handler.id,
      );
    expect((await listed())?.two_factor_enabled).toBe(true);

    for (const email of ['import@cargodesk.test', 'customer@cargodesk.test']) {
      const res = await t.request(`/api/staff/${handler.id}/two-factor`, { method: 'DELETE', cookie: await t.signIn(email) });
      expect(res.status, email).toBe(403);
    }
    const self = await t.request(`/api/staff/${admin.id}/two-factor`, { method: 'DELETE', cookie: admin.cookie });
    expect(self.status).toBe(403);
    expect((await self.json()).error.message).toBe('Change your own two-factor authentication on My Profile');

    const reset = await t.request(`/api/staff/${handler.id}/two-factor`, { method: 'DELETE', cookie: admin.cookie });
    expect(reset.status).toBe(204);
    expect((await t.request('/api/me', { cookie })).status).toBe(401);
    expect((await t.db.execute(sql`select 1 from two_factors where user_id = ${handler.id}`)).rows).toHaveLength(0);
    expect((await listed())?.two_factor_enabled).toBe(false);
    const fresh = await t.signIn(handler.email, USER_PASSWORD);
    expect(await me(fresh)).toMatchObject({ two_factor_enabled: false });
    const audit = await t.db.execute<{ actor_email: string; target: string }>(sql`select actor_email, target from audit_log where action = 'staff.two_factor_reset'`);
    expect(audit.rows).toEqual([{ actor_email: admin.email, target: handler.email }]);
  });
});
