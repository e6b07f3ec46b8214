/**
 * API keys end with the trust they were made under (issue 37): a password reset and "sign out everywhere" revoke the
 * person's keys, an administrator made no longer one loses theirs, and so does a contact removed from the company;
 * none comes back when the role or the contact does. The red team's administrator kept access through a key after
 * resetting the password: that is the first case.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import type { CreatedApiKey } from '@domain/api-keys/schema';
import { DEMO_COMPANY } from '@server/db/seed/demo-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function make(cookie: string, body: Record<string, unknown>): Promise<CreatedApiKey> {
  const res = await t.request('/api/api-keys', { cookie, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as CreatedApiKey;
}
const keyStatus = async (key: string) => (await t.request('/api/me', { headers: { authorization: `Bearer ${key}` } })).status;
const revocationReasons = async (keyId: string) =>
  (await t.db.execute<{ reason: string }>(sql`select details->>'reason' as reason from audit_log where action = 'api_key.revoked' and details->>'key_id' = ${keyId}`)).rows.map((r) => r.reason);

/** A second administrator with an account (pending record, sign-up, confirmed), signed in. */
async function newAdmin(email: string, password = 'second-admin-pass'): Promise<{ id: string; cookie: string }> {
  await t.db.execute(sql`insert into pending_staff (full_name, email, role) values ('Second Admin', ${email}, 'admin')`);
  expect((await t.request('/api/auth/sign-up/email', { body: { email, password, name: 'x' } })).status).toBe(200);
  await t.db.execute(sql`update users set email_verified = true where email = ${email}`);
  const [row] = (await t.db.execute<{ id: string }>(sql`select id from users where email = ${email}`)).rows;
  return { id: row!.id, cookie: await t.signIn(email, password) };
}

describe('keys after a password reset or signing out everywhere', () => {
  it("a password reset revokes the person's keys", async () => {
    const email = 'reset.admin@cargodesk.test';
    const admin = await newAdmin(email);
    const key = await make(admin.cookie, { name: 'ERP', role: 'admin' });
    expect(await keyStatus(key.secret)).toBe(200);
    expect((await t.request('/api/auth/request-password-reset', { body: { email, redirectTo: 'http://localhost:3000/signin?type=recovery' } })).status).toBe(200);
    await t.worker.drain();
    const mail = t.mailbox.sent.findLast((m) => m.to === email && m.subject === 'Reset your Cargodesk password')!;
    const link = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!).find((l) => l.includes('/reset-password/'))!;
    const token = new URL(link).pathname.split('/').pop()!;
    expect((await t.request('/api/auth/reset-password', { body: { token, newPassword: 'after-reset-pass' } })).status).toBe(200);
    expect(await keyStatus(key.secret)).toBe(401);
    expect(await revocationReasons(key.id)).toEqual(['password_reset']);
  });

  it('"sign out everywhere" and a password change that ends the other sessions revoke them; a plain change does not', async () => {
    const email = 'everywhere.admin@cargodesk.test';
    const admin = await newAdmin(email, 'everywhere-pass-1');
    const first = await make(admin.cookie, { name: 'First', role: 'export' });
    expect((await t.request('/api/auth/revoke-sessions', { body: {}, cookie: admin.cookie })).status).toBe(200);
    expect(await keyStatus(first.secret)).toBe(401);
    expect(await revocationReasons(first.id)).toEqual(['signed_out_everywhere']);

    let cookie = await t.signIn(email, 'everywhere-pass-1');
    const second = await make(cookie, { name: 'Second', role: 'export' });
    const plain = await t.request('/api/auth/change-password', { body: { currentPassword: 'everywhere-pass-1', newPassword: 'everywhere-pass-2' }, cookie });
    expect(plain.status).toBe(200);
    expect(await keyStatus(second.secret)).toBe(200);
    cookie = await t.signIn(email, 'everywhere-pass-2');
    const all = await t.request('/api/auth/change-password', {
      body: { currentPassword: 'everywhere-pass-2', newPassword: 'everywhere-pass-3', revokeOtherSessions: true },
      cookie,
    });
    expect(all.status).toBe(200);
    expect(await keyStatus(second.secret)).toBe(401);
  });
});

describe('keys when the directory takes the trust away', () => {
  it('an administrator made an export handler loses their keys for good; deleting a staff member ends theirs', async () => {
    const other = await newAdmin('demoted.admin@cargodesk.test');
    const key = await make(other.cookie, { name: 'Integration', role: 'admin' });
    const admin = await t.signIn('admin@cargodesk.test');
    const change = (role: string) => t.request(`/api/staff/${other.id}`, { method: 'PUT', body: { full_name: 'Second Admin', role }, cookie: admin });
    expect((await change('export')).status).toBe(200);
    expect(await keyStatus(key.secret)).toBe(401);
    expect((await change('admin')).status).toBe(200);
    expect(await keyStatus(key.secret)).toBe(401);
    expect(await revocationReasons(key.id)).toEqual(['staff_role_changed']);

    const kept = await make(await t.signIn('demoted.admin@cargodesk.test', 'second-admin-pass'), { name: 'Kept', role: 'admin' });
    expect(await keyStatus(kept.secret)).toBe(200);
    expect((await t.request(`/api/staff/${other.id}`, { method: 'DELETE', cookie: admin })).status).toBe(204);
    expect(await keyStatus(kept.secret)).toBe(401);
  });

  it("removing a contact revokes the contact's company keys; adding the contact again does not bring them back", async () => {
    const customer = await t.signIn('customer@cargodesk.test');
    const key = await make(customer, { name: 'Customer ERP' });
    expect(await keyStatus(key.secret)).toBe(200);
    const [contact] = (
      await t.db.execute<{ id: string; company_id: string; first_name: string; last_name: string }>(sql`
        select c.id, c.company_id, c.first_name, c.last_name from customers c join companies co on co.id = c.company_id
        where co.name = ${DEMO_COMPANY} and lower(c.email) = 'customer@cargodesk.test'`)
    ).rows;
    const admin = await t.signIn('admin@cargodesk.test');
    expect((await t.request(`/api/companies/${contact!.company_id}/contacts/${contact!.id}`, { method: 'DELETE', cookie: admin })).status).toBe(204);
    expect(await keyStatus(key.secret)).toBe(401);
    const again = await t.request(`/api/companies/${contact!.company_id}/contacts`, {
      body: { first_name: contact!.first_name, last_name: contact!.last_name, email: 'customer@cargodesk.test', phone: null, position: null, is_primary_contact: false },
      cookie: admin,
    });
    expect(again.status).toBe(201);
    expect(await keyStatus(key.secret)).toBe(401);
    expect(await revocationReasons(key.id)).toEqual(['contact_removed']);
  });
});
