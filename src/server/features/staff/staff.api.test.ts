import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { createUserWithPassword } from '@server/db/seed/demo';
import { STAFF_MESSAGES } from '@domain/staff/schema';

let t: TestApp;
let admin: string;
const cookies: Record<'export' | 'import' | 'customer', string> = { export: '', import: '', customer: '' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@cargodesk.test');
  cookies.export = await t.signIn('export@cargodesk.test');
  cookies.import = await t.signIn('import@cargodesk.test');
  cookies.customer = await t.signIn('customer@cargodesk.test');
});
afterAll(async () => t?.close());

const userId = async (email: string) =>
  (await t.db.execute<{ id: string }>(sql`select id from users where email = ${email}`)).rows[0]!.id;

const list = async (q = '') => {
  const res = await t.request(`/api/staff${q ? `?q=${encodeURIComponent(q)}` : ''}`, { cookie: admin });
  expect(res.status).toBe(200);
  return (await res.json()) as { pending: { id: string; full_name: string; email: string; role: string }[]; active: { id: string; full_name: string; email: string; role: string }[] };
};

let counter = 0;
/** A staff user of our own (verified, with a password) so the demo accounts stay as they are. */
async function makeStaffUser(role: 'admin' | 'export' | 'import', name = `Temp Handler ${++counter}`) {
  const email = `temp.${role}.${++counter}@cargodesk.test`;
  const id = await createUserWithPassword(t.db, { email, name, role, password: 'temp-pass-1' });
  return { id, email, name, cookie: await t.signIn(email, 'temp-pass-1') };
}

describe('permissions: admin only', () => {
  const routes = (ids: { pending: string; user: string }) => [
    { method: 'GET', path: '/api/staff' },
    { method: 'POST', path: '/api/staff', body: { full_name: 'X', email: 'perm@x.test', role: 'export' } },
    { method: 'DELETE', path: `/api/staff/pending/${ids.pending}` },
    { method: 'GET', path: `/api/staff/${ids.user}` },
    { method: 'PUT', path: `/api/staff/${ids.user}`, body: { full_name: 'X', role: 'admin' } },
    { method: 'DELETE', path: `/api/staff/${ids.user}` },
  ];

  it('answers 401 without a session and 403 to export, import and customer, changing nothing', async () => {
    const pending = (await list()).pending[0]!.id;
    const user = await userId('import@cargodesk.test');
    for (const r of routes({ pending, user })) {
      const anon = await t.request(r.path, { method: r.method, body: r.body });
      expect(anon.status, `${r.method} ${r.path} anonymous`).toBe(401);
      for (const role of ['export', 'import', 'customer'] as const) {
        const res = await t.request(r.path, { method: r.method, body: r.body, cookie: cookies[role] });
        expect(res.status, `${r.method} ${r.path} as ${role}`).toBe(403);
        expect((await res.json()).error).toEqual({ code: 'forbidden', message: 'Only administrators can manage staff.' });
      }
    }
    const after = await list();
    expect(after.pending.map((p) => p.id)).toContain(pending);
    expect(after.pending.map((p) => p.email)).not.toContain('perm@x.test');
    expect(after.active.find((a) => a.id === user)).toMatchObject({ full_name: 'Selin Aksoy', role: 'import' });
  });

  it('refuses a non-admin before validating the input', async () => {
    const res = await t.request('/api/staff', { body: {}, cookie: cookies.export });
    expect(res.status).toBe(403);
  });
});

describe('GET /staff', () => {
  it('lists pending records and active staff (never customers), active ordered by full name', async () => {
    const { pending, active } = await list();
    expect(pending).toEqual([
      expect.objectContaining({ full_name: 'Deniz Arslan', email: 'new.staff@cargodesk.test', role: 'export' }),
    ]);
    expect(active.map((a) => a.full_name)).toEqual(['Aylin Demir', 'Emre Kaya', 'Selin Aksoy']);
    expect(active.map((a) => a.role)).toEqual(['admin', 'export', 'import']);
    expect(active.some((a) => a.email === 'customer@cargodesk.test')).toBe(false);
  });

  it('orders pending records newest first', async () => {
    await t.db.execute(sql`insert into pending_staff (full_name, email, role, created_at) values
      ('Order Old', 'order.old@x.test', 'import', now() - interval '2 days'),
      ('Order New', 'order.new@x.test', 'admin', now() + interval '1 minute')`);
    const { pending } = await list('order.');
    expect(pending.map((p) => p.full_name)).toEqual(['Order New', 'Order Old']);
    await t.db.execute(sql`delete from pending_staff where email like 'order.%'`);
  });

  it('searches name or email in both tables, case-insensitively', async () => {
    expect(await list('emre')).toMatchObject({ pending: [], active: [{ full_name: 'Emre Kaya' }] });
    expect(await list('NEW.STAFF@')).toMatchObject({ pending: [{ full_name: 'Deniz Arslan' }], active: [] });
    const both = await list('cargodesk.test');
    expect(both.pending).toHaveLength(1);
    expect(both.active).toHaveLength(3);
    expect(await list('zzz-nobody')).toEqual({ pending: [], active: [] });
  });

  it('treats %, _, quotes and unicode as plain text', async () => {
    for (const q of ['%', '_', "o'brien", '\\', 'Şükrü', '"; drop table users; --']) {
      expect(await list(q), q).toEqual({ pending: [], active: [] });
    }
    const user = await makeStaffUser('export', 'Şükrü 100%_Öz');
    expect((await list('100%_')).active.map((a) => a.id)).toEqual([user.id]);
    expect((await list('şükrü')).active.map((a) => a.id)).toEqual([user.id]);
    await t.db.execute(sql`delete from users where id = ${user.id}`);
  });

  it('refuses a search longer than 200 characters', async () => {
    const res = await t.request(`/api/staff?q=${'x'.repeat(201)}`, { cookie: admin });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('Search must be at most 200 characters');
  });
});

describe('POST /staff', () => {
  it("answers 'Please fill in all required fields' for a missing full_name, email or role", async () => {
    for (const body of [{}, { email: 'a@b.test', role: 'admin' }, { full_name: 'A', role: 'admin' }, { full_name: 'A', email: 'a@b.test', role: '' }]) {
      const res = await t.request('/api/staff', { body, cookie: admin });
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error.code).toBe('invalid_input');
      expect(error.message).toBe('Please fill in all required fields');
    }
    const res = await t.request('/api/staff', { body: { full_name: '  ', email: '', role: 'export' }, cookie: admin });
    expect((await res.json()).error.fields).toEqual({ full_name: STAFF_MESSAGES.required, email: STAFF_MESSAGES.required });
  });

  it('refuses a bad email, a customer role and a long name with their messages', async () => {
    const cases: [unknown, string][] = [
      [{ full_name: 'A', email: 'not-an-email', role: 'admin' }, STAFF_MESSAGES.invalidEmail],
      [{ full_name: 'A', email: 'a@b.test', role: 'customer' }, STAFF_MESSAGES.invalidRole],
      [{ full_name: 'x'.repeat(101), email: 'a@b.test', role: 'import' }, STAFF_MESSAGES.nameTooLong],
    ];
    for (const [body, message] of cases) {
      const res = await t.request('/api/staff', { body, cookie: admin });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(message);
    }
  });

  it('creates a pending record (not a user) that lets the email register as staff with that role', async () => {
    const res = await t.request('/api/staff', { body: { full_name: ' Ada Lovelace ', email: ' Ada.Lovelace@Example.TEST ', role: 'import' }, cookie: admin });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ full_name: 'Ada Lovelace', email: 'ada.lovelace@example.test', role: 'import' });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.db.execute(sql`select 1 from users where email = 'ada.lovelace@example.test'`)).rows).toHaveLength(0);
    expect((await list('lovelace')).pending.map((p) => p.id)).toEqual([created.id]);

    const eligibility = await t.request('/api/eligibility', { body: { email: 'ADA.LOVELACE@example.test' } });
    expect(await eligibility.json()).toEqual({
      exists: true,
      type: 'staff',
      data: { full_name: 'Ada Lovelace', role: 'import' },
      account_exists: false,
    });

    // Registering turns the pending record into an active import handler.
    const signUp = await t.request('/api/auth/sign-up/email', { body: { email: 'ada.lovelace@example.test', password: 'ada-pass-1', name: 'x' } });
    expect(signUp.status).toBe(200);
    const after = await list('lovelace');
    expect(after.pending).toEqual([]);
    expect(after.active).toMatchObject([{ full_name: 'Ada Lovelace', role: 'import', email: 'ada.lovelace@example.test' }]);

    const audit = await t.db.execute<{ actor_email: string }>(sql`select actor_email from audit_log where action = 'staff.pending_created' and target = 'ada.lovelace@example.test'`);
    expect(audit.rows).toEqual([{ actor_email: 'admin@cargodesk.test' }]);
  });

  it('answers 409 for an email already pending, already a user or belonging to a company contact', async () => {
    const cases: [string, string][] = [
      ['NEW.STAFF@cargodesk.test', STAFF_MESSAGES.pendingExists],
      ['Export@Cargodesk.test', STAFF_MESSAGES.userExists],
      ['customer@cargodesk.test', STAFF_MESSAGES.userExists],
      ['l.becker@rhein-maschinen.example', STAFF_MESSAGES.contactExists],
    ];
    for (const [email, message] of cases) {
      const res = await t.request('/api/staff', { body: { full_name: 'Dup', email, role: 'export' }, cookie: admin });
      expect(res.status, email).toBe(409);
      expect((await res.json()).error).toEqual({ code: 'conflict', message, fields: { email: message } });
    }
    const pending = await t.db.execute(sql`select 1 from pending_staff where lower(email) = 'new.staff@cargodesk.test'`);
    expect(pending.rows).toHaveLength(1);
  });

  it('lets only one of two simultaneous adds of the same email through', async () => {
    const body = { full_name: 'Twin', email: 'twin@x.test', role: 'export' };
    const statuses = (await Promise.all([1, 2, 3].map(() => t.request('/api/staff', { body, cookie: admin })))).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
  });
});

describe('DELETE /staff/pending/:id', () => {
  it('removes the record, so the email is no longer eligible', async () => {
    const created = await (await t.request('/api/staff', { body: { full_name: 'Gone Soon', email: 'gone.soon@x.test', role: 'admin' }, cookie: admin })).json();
    const res = await t.request(`/api/staff/pending/${created.id}`, { method: 'DELETE', cookie: admin });
    expect(res.status).toBe(204);
    expect((await list('gone.soon')).pending).toEqual([]);
    expect(await (await t.request('/api/eligibility', { body: { email: 'gone.soon@x.test' } })).json()).toEqual({ exists: false, account_exists: false });
    const again = await t.request(`/api/staff/pending/${created.id}`, { method: 'DELETE', cookie: admin });
    expect(again.status).toBe(404);
    expect((await again.json()).error.message).toBe(STAFF_MESSAGES.pendingNotFound);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await t.request(`/api/staff/pending/${id}`, { method: 'DELETE', cookie: admin })).status).toBe(404);
    }
  });
});

describe('GET /staff/:id', () => {
  it('answers an active staff member for the edit form', async () => {
    const id = await userId('export@cargodesk.test');
    const res = await t.request(`/api/staff/${id}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, full_name: 'Emre Kaya', email: 'export@cargodesk.test', role: 'export' });
  });

  it('answers 404 for a customer account, a pending record, an unknown or a malformed id', async () => {
    const pendingId = (await list('new.staff')).pending[0]!.id;
    for (const id of [await userId('customer@cargodesk.test'), pendingId, '00000000-0000-4000-8000-000000000000', 'abc']) {
      const res = await t.request(`/api/staff/${id}`, { cookie: admin });
      expect(res.status, id).toBe(404);
      expect((await res.json()).error.message).toBe(STAFF_MESSAGES.notFound);
    }
  });
});

describe('PUT /staff/:id', () => {
  it("answers 'Please fill in all required fields' for a missing full_name or role", async () => {
    const id = await userId('import@cargodesk.test');
    for (const body of [{ role: 'import' }, { full_name: 'Selin Aksoy' }, { full_name: '', role: '' }]) {
      const res = await t.request(`/api/staff/${id}`, { method: 'PUT', body, cookie: admin });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe('Please fill in all required fields');
    }
    const bad = await t.request(`/api/staff/${id}`, { method: 'PUT', body: { full_name: 'S', role: 'customer' }, cookie: admin });
    expect((await bad.json()).error.message).toBe(STAFF_MESSAGES.invalidRole);
  });

  it('changes name and role, keeps the email, and the new role applies from their next request', async () => {
    const member = await makeStaffUser('export');
    expect((await t.request('/api/staff', { cookie: member.cookie })).status).toBe(403);

    const res = await t.request(`/api/staff/${member.id}`, { method: 'PUT', body: { full_name: 'Promoted Person', role: 'admin', email: 'hijack@x.test' }, cookie: admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: member.id, full_name: 'Promoted Person', role: 'admin', email: member.email });

    // Same session cookie, next request: the role and name come from the users table.
    expect(await (await t.request('/api/me', { cookie: member.cookie })).json()).toMatchObject({ role: 'admin', full_name: 'Promoted Person' });
    expect((await t.request('/api/staff', { cookie: member.cookie })).status).toBe(200);

    await t.request(`/api/staff/${member.id}`, { method: 'PUT', body: { full_name: 'Promoted Person', role: 'import' }, cookie: admin });
    expect((await t.request('/api/staff', { cookie: member.cookie })).status).toBe(403);
    expect(await (await t.request('/api/me', { cookie: member.cookie })).json()).toMatchObject({ role: 'import' });
  });

  it('lets an admin rename themself but not change their own role', async () => {
    const me = await makeStaffUser('admin', 'Self Admin');
    const rename = await t.request(`/api/staff/${me.id}`, { method: 'PUT', body: { full_name: 'Self Admin Renamed', role: 'admin' }, cookie: me.cookie });
    expect(rename.status).toBe(200);
    const demote = await t.request(`/api/staff/${me.id}`, { method: 'PUT', body: { full_name: 'Self Admin', role: 'export' }, cookie: me.cookie });
    expect(demote.status).toBe(403);
    expect((await demote.json()).error.message).toBe(STAFF_MESSAGES.selfRole);
    expect((await t.request(`/api/staff/${me.id}`, { cookie: admin }).then((r) => r.json())).role).toBe('admin');
  });

  it('answers 404 for a customer account and an unknown id, changing nothing', async () => {
    const customer = await userId('customer@cargodesk.test');
    for (const id of [customer, '00000000-0000-4000-8000-000000000000', 'abc']) {
      const res = await t.request(`/api/staff/${id}`, { method: 'PUT', body: { full_name: 'Hacked', role: 'admin' }, cookie: admin });
      expect(res.status).toBe(404);
    }
    const row = await t.db.execute<{ role: string; full_name: string }>(sql`select role, full_name from users where id = ${customer}`);
    expect(row.rows[0]).toEqual({ role: 'customer', full_name: 'Mehmet Yilmaz' });
  });
});

describe('DELETE /staff/:id', () => {
  it('refuses to delete yourself with a clear message', async () => {
    const id = await userId('admin@cargodesk.test');
    const res = await t.request(`/api/staff/${id}`, { method: 'DELETE', cookie: admin });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toEqual({ code: 'forbidden', message: 'You cannot delete your own account' });
    expect((await t.request('/api/me', { cookie: admin })).status).toBe(200);
  });

  it('deletes the user, ends their sessions, and leaves their shipments unassigned', async () => {
    const member = await makeStaffUser('export', 'Leaving Handler');
    const secondSession = await t.signIn(member.email, 'temp-pass-1');
    const shipments = await t.db.execute<{ id: string }>(sql`
      update shipments set handler_id = ${member.id}
      where id in (select id from shipments order by created_at desc limit 3) returning id`);
    expect(shipments.rows).toHaveLength(3);
    expect((await t.request('/api/me', { cookie: member.cookie })).status).toBe(200);

    const res = await t.request(`/api/staff/${member.id}`, { method: 'DELETE', cookie: admin });
    expect(res.status).toBe(204);

    for (const cookie of [member.cookie, secondSession]) expect((await t.request('/api/me', { cookie })).status).toBe(401);
    const sessions = await t.db.execute(sql`select 1 from sessions where user_id = ${member.id}`);
    expect(sessions.rows).toHaveLength(0);
    const ids = shipments.rows.map((r) => r.id);
    const after = await t.db.execute<{ handler_id: string | null }>(
      sql`select handler_id from shipments where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`,
    );
    expect(after.rows).toEqual([{ handler_id: null }, { handler_id: null }, { handler_id: null }]);
    expect((await list('Leaving')).active).toEqual([]);
    const signIn = await t.request('/api/auth/sign-in/email', { body: { email: member.email, password: 'temp-pass-1' } });
    expect(signIn.status).toBe(401);
    const audit = await t.db.execute(sql`select 1 from audit_log where action = 'staff.deleted' and target = ${member.email}`);
    expect(audit.rows).toHaveLength(1);

    expect((await t.request(`/api/staff/${member.id}`, { method: 'DELETE', cookie: admin })).status).toBe(404);
  });

  it('answers 404 for a customer account, which stays', async () => {
    const customer = await userId('customer@cargodesk.test');
    expect((await t.request(`/api/staff/${customer}`, { method: 'DELETE', cookie: admin })).status).toBe(404);
    expect((await t.request('/api/me', { cookie: cookies.customer })).status).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents every staff route', async () => {
    const doc = await (await t.request('/api/openapi.json', { cookie: await t.signIn('admin@cargodesk.test') })).json();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/staff')).sort()).toEqual(['/staff', '/staff/pending/{id}', '/staff/{id}', '/staff/{id}/two-factor']);
    expect(Object.keys(doc.paths['/staff/{id}']).sort()).toEqual(['delete', 'get', 'put']);
  });
});
