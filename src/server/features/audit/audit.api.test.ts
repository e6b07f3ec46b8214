import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '@tests/helpers/test-app';
import type { AuditRow } from '@domain/audit/schema';
import type { Page } from '@domain/common/list-schema';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@cargodesk.test');
});
afterAll(async () => t?.close());

async function audit(query = ''): Promise<Page<AuditRow>> {
  const res = await t.request(`/api/audit${query}`, { cookie: admin });
  expect(res.status).toBe(200);
  return (await res.json()) as Page<AuditRow>;
}

describe('audit log', () => {
  it('records a sign-in with the user and the client address', async () => {
    await t.signIn('export@cargodesk.test', DEMO_PASSWORD, '198.51.100.7');
    const page = await audit('?category=auth&q=198.51.100.7');
    expect(page.rows[0]).toMatchObject({ action: 'auth.sign_in', actor_email: 'export@cargodesk.test', actor_name: expect.any(String), ip_address: '198.51.100.7' });
  });

  it('records a failed sign-in with the e-mail tried, also for an unknown e-mail, without the password', async () => {
    const tried = await t.request('/api/auth/sign-in/email', { body: { email: 'Import@Cargodesk.test', password: 'not-the-password' }, ip: '198.51.100.8' });
    expect(tried.status).toBe(401);
    await t.request('/api/auth/sign-in/email', { body: { email: 'nobody@example.com', password: 'whatever-1' }, ip: '198.51.100.8' });
    const page = await audit('?q=198.51.100.8');
    expect(page.rows.map((r) => [r.action, r.actor_email, r.details.status])).toEqual([
      ['auth.sign_in_failed', 'nobody@example.com', 401],
      ['auth.sign_in_failed', 'import@cargodesk.test', 401],
    ]);
    expect(JSON.stringify(page)).not.toContain('not-the-password');
  });

  it('records staff changes made by an admin', async () => {
    const email = `audit.${Date.now()}@cargodesk.test`;
    expect((await t.request('/api/staff', { body: { full_name: 'Audit Person', email, role: 'import' }, cookie: admin, ip: '198.51.100.10' })).status).toBe(201);
    const page = await audit(`?category=staff&q=${encodeURIComponent(email)}`);
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({ action: 'staff.pending_created', actor_email: 'admin@cargodesk.test', target: email, ip_address: '198.51.100.10' });
  });

  it('pages newest first with an exact total, and filters by category', async () => {
    for (let i = 0; i < 3; i++) await t.request('/api/auth/sign-in/email', { body: { email: `paging${i}@example.com`, password: 'x-wrong-1' }, ip: '198.51.100.9' });
    const all = await audit('?pageSize=2&q=198.51.100.9');
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.actor_email)).toEqual(['paging2@example.com', 'paging1@example.com']);
    const second = await audit('?pageSize=2&page=2&q=198.51.100.9');
    expect(second.rows.map((r) => r.actor_email)).toEqual(['paging0@example.com']);
    const staffOnly = await audit('?category=staff');
    expect(staffOnly.rows.every((r) => r.action.startsWith('staff.'))).toBe(true);
    const authOnly = await audit('?category=auth');
    expect(authOnly.total).toBeGreaterThan(0);
    expect(authOnly.rows.every((r) => r.action.startsWith('auth.'))).toBe(true);
  });

  it('is for admins only', async () => {
    const handler = await t.signIn('import@cargodesk.test');
    expect((await t.request('/api/audit', { cookie: handler })).status).toBe(403);
    expect((await t.request('/api/audit')).status).toBe(401);
  });
});
