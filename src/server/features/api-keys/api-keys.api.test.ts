/**
 * Service keys (issue 18, decision record 0242), on PGlite and PostgreSQL: who makes, lists and revokes keys; a key
 * acts with its role under the same policy and company scope as a session (row-level security included), needs no
 * Origin, cannot manage keys, staff or settings; unknown, revoked, expired and orphaned keys are refused alike; each
 * key is rate limited with Retry-After and the RateLimit fields; use is counted; creation and revocation are audited.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { API_KEY_MAX_ACTIVE, API_KEY_MESSAGES, API_KEY_PATTERN, type ApiKey, type ApiKeyList, type CreatedApiKey } from '@domain/api-keys/schema';
import { DEMO_COMPANY } from '@server/db/seed/demo-fixtures';

let t: TestApp;
const cookies: Record<'admin' | 'export' | 'customer', string> = { admin: '', export: '', customer: '' };
let ownCompany: string;
let ownShipment: string;
let otherShipment: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'export', 'customer'] as const) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
  const one = async (q: ReturnType<typeof sql>) => String(Object.values((await t.db.execute<Record<string, unknown>>(q)).rows[0] ?? {})[0]);
  ownCompany = await one(sql`select id from companies where name = ${DEMO_COMPANY}`);
  ownShipment = await one(sql`select id from shipments where company_id = ${ownCompany} order by created_at desc limit 1`);
  otherShipment = await one(sql`select id from shipments where company_id <> ${ownCompany} order by created_at desc limit 1`);
});
afterAll(async () => t?.close());

async function make(cookie: string, body: Record<string, unknown>): Promise<CreatedApiKey> {
  const res = await t.request('/api/api-keys', { cookie, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as CreatedApiKey;
}
/** A request with only the key: no cookie, and no Origin on writes. */
const withKey = (key: string, path: string, init: { method?: string; body?: unknown } = {}) =>
  t.request(path, { ...init, headers: { authorization: `Bearer ${key}`, origin: '' } });
const list = async (cookie: string) => ((await (await t.request('/api/api-keys', { cookie })).json()) as ApiKeyList).rows;

describe('making and listing keys', () => {
  it('answers the secret once; lists keep only its first 12 characters, never the secret or its hash', async () => {
    const key = await make(cookies.admin, { name: 'ERP sync', role: 'export', expires_in_days: 30 });
    expect(key.secret).toMatch(API_KEY_PATTERN);
    expect(key).toMatchObject({ name: 'ERP sync', role: 'export', company_id: null, state: 'active', prefix: key.secret.slice(0, 12), request_count: 0, rate_limit_per_minute: 120 });
    expect(new Date(key.expires_at!).getTime() - Date.now()).toBeGreaterThan(29 * 86400_000);
    const listed = (await list(cookies.admin)).find((k) => k.id === key.id)!;
    expect(listed.prefix).toBe(key.secret.slice(0, 12));
    const text = JSON.stringify(await list(cookies.admin));
    expect(text).not.toContain(key.secret);
    expect(text).not.toContain('key_hash');
    const stored = await t.db.execute<{ key_hash: string }>(sql`select key_hash from api_keys where id = ${key.id}`);
    expect(stored.rows[0]!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0]!.key_hash).not.toContain(key.secret.slice(4, 20));
  });

  it('a staff key needs a role from an administrator; a company key takes none; handlers make no keys', async () => {
    const noRole = await t.request('/api/api-keys', { cookie: cookies.admin, body: { name: 'x' } });
    expect(noRole.status).toBe(400);
    expect(((await noRole.json()) as { error: { message: string } }).error.message).toBe(API_KEY_MESSAGES.role);
    const customerRole = await t.request('/api/api-keys', { cookie: cookies.customer, body: { name: 'x', role: 'admin' } });
    expect(customerRole.status).toBe(400);
    expect(((await customerRole.json()) as { error: { message: string } }).error.message).toBe(API_KEY_MESSAGES.customerRole);
    for (const body of [{ name: '' }, { name: 'x', rate_limit_per_minute: 0 }, { name: 'x', expires_in_days: 731 }, { name: 'x'.repeat(101) }]) {
      expect((await t.request('/api/api-keys', { cookie: cookies.customer, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.request('/api/api-keys', { cookie: cookies.export, body: { name: 'x', role: 'export' } })).status).toBe(403);
    const key = await make(cookies.customer, { name: 'Warehouse system' });
    expect(key).toMatchObject({ role: 'customer', company_id: ownCompany, company_name: DEMO_COMPANY, created_by_name: expect.any(String) });
  });

  it("a customer lists and revokes only their company's keys; an administrator sees them all", async () => {
    const staffKey = await make(cookies.admin, { name: 'Staff only', role: 'import' });
    const companyKey = await make(cookies.customer, { name: 'Company only' });
    const customerRows = await list(cookies.customer);
    expect(customerRows.map((k) => k.id)).toContain(companyKey.id);
    expect(customerRows.every((k) => k.company_id === ownCompany)).toBe(true);
    expect((await t.request(`/api/api-keys/${staffKey.id}`, { cookie: cookies.customer, method: 'DELETE' })).status).toBe(404);
    const adminIds = (await list(cookies.admin)).map((k) => k.id);
    expect(adminIds).toEqual(expect.arrayContaining([staffKey.id, companyKey.id]));
    // Row-level security keeps the customer's read to their company even without the service's own filter.
    const scoped = await t.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.company_id', ${ownCompany}, true), set_config('role', 'cargodesk_customer', true)`);
      return (await tx.execute<{ company_id: string | null }>(sql`select company_id from api_keys`)).rows;
    });
    expect(scoped.length).toBeGreaterThan(0);
    expect(scoped.every((r) => r.company_id === ownCompany)).toBe(true);
    // The customer role cannot read a key's hash at all.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.company_id', ${ownCompany}, true), set_config('role', 'cargodesk_customer', true)`);
        await tx.execute(sql`select key_hash from api_keys`);
      }),
    ).rejects.toThrow();
  });

  it(`refuses a ${API_KEY_MAX_ACTIVE + 1}th active key of one owner with a 409`, async () => {
    const [{ n } = { n: 0 }] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from api_keys where company_id = ${ownCompany} and revoked_at is null`)).rows;
    await t.db.execute(sql`insert into api_keys (name, prefix, key_hash, role, company_id, created_by, rate_limit_per_minute)
      select 'filler ' || g, 'cdk_filler00', md5(random()::text || g), 'customer', ${ownCompany}, (select id from users where email = 'customer@cargodesk.test'), 60
      from generate_series(1, ${API_KEY_MAX_ACTIVE - n}) g`);
    const res = await t.request('/api/api-keys', { cookie: cookies.customer, body: { name: 'one too many' } });
    expect(res.status).toBe(409);
    await t.db.execute(sql`delete from api_keys where name like 'filler %'`);
  });
});

describe('using a key', () => {
  it('acts with its role and company: a customer key reads its company only, under the same 404 as a session', async () => {
    const key = await make(cookies.customer, { name: 'Reader' });
    const me = await withKey(key.secret, '/api/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ role: 'customer', email: 'customer@cargodesk.test' });
    const rows = ((await (await withKey(key.secret, '/api/shipments?pageSize=100')).json()) as { rows: { company_name: string }[] }).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.company_name === DEMO_COMPANY)).toBe(true);
    expect((await withKey(key.secret, `/api/shipments/${ownShipment}`)).status).toBe(200);
    expect((await withKey(key.secret, `/api/shipments/${otherShipment}`)).status).toBe(404);
    // Staff-only fields stay out, as for a signed-in customer.
    expect(JSON.stringify(await (await withKey(key.secret, `/api/shipments/${ownShipment}`)).json())).not.toMatch(/internal_notes|"profit"/);
    // A customer key is still a customer: staff routes are refused.
    expect((await withKey(key.secret, '/api/documents')).status).toBe(403);
  });

  it('writes without an Origin (no cookie, no ambient authority); a cookie without our Origin is still refused', async () => {
    const key = await make(cookies.admin, { name: 'Writer', role: 'export' });
    const res = await withKey(key.secret, `/api/shipments/${ownShipment}/messages`, { body: { body: 'Posted by the ERP integration' } });
    expect(res.status, await res.clone().text()).toBe(201);
    const cookieNoOrigin = await t.request(`/api/shipments/${ownShipment}/messages`, { cookie: cookies.export, body: { body: 'x' }, headers: { origin: '' } });
    expect(cookieNoOrigin.status).toBe(403);
    // A key beside a cookie: the cookie makes it a browser's request, so the Origin check applies.
    const both = await t.request(`/api/shipments/${ownShipment}/messages`, { cookie: cookies.export, body: { body: 'x' }, headers: { origin: '', authorization: `Bearer ${key.secret}` } });
    expect(both.status).toBe(403);
  });

  it('never manages keys, staff or settings, whatever its role', async () => {
    const key = await make(cookies.admin, { name: 'Admin integration', role: 'admin' });
    const refusals = [
      await withKey(key.secret, '/api/api-keys'),
      await withKey(key.secret, '/api/api-keys', { body: { name: 'a key making a key', role: 'admin' } }),
      await withKey(key.secret, `/api/api-keys/${key.id}`, { method: 'DELETE' }),
      await withKey(key.secret, '/api/staff'),
      await withKey(key.secret, '/api/settings/two-factor'),
    ];
    for (const res of refusals) {
      expect(res.status, res.url).toBe(403);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(API_KEY_MESSAGES.notWithKey);
    }
    // What an administrator may otherwise do, the key does (the audit log, say).
    expect((await withKey(key.secret, '/api/audit')).status).toBe(200);
  });

  it('refuses unknown, malformed, revoked and expired keys, and a staff key whose maker is no longer an administrator, with one 401', async () => {
    const revoked = await make(cookies.admin, { name: 'To revoke', role: 'import' });
    const expired = await make(cookies.admin, { name: 'To expire', role: 'import', expires_in_days: 1 });
    const orphan = await make(cookies.admin, { name: 'Maker demoted', role: 'import' });
    expect((await withKey(revoked.secret, '/api/me')).status).toBe(200);
    const revokedRes = await t.request(`/api/api-keys/${revoked.id}`, { cookie: cookies.admin, method: 'DELETE' });
    expect(((await revokedRes.json()) as ApiKey).state).toBe('revoked');
    await t.db.execute(sql`update api_keys set expires_at = now() - interval '1 second' where id = ${expired.id}`);
    // A second administrator made the key and was then made a handler.
    const second = await t.db.execute<{ id: string }>(sql`select id from users where email = 'export@cargodesk.test'`);
    await t.db.execute(sql`update api_keys set created_by = ${second.rows[0]!.id} where id = ${orphan.id}`);
    const bad = [revoked.secret, expired.secret, orphan.secret, 'cdk_' + 'A'.repeat(43), 'not-a-key', revoked.secret.slice(0, -1)];
    for (const secret of bad) {
      const res = await withKey(secret, '/api/me');
      expect(res.status, secret).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('invalid_token');
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(API_KEY_MESSAGES.invalid);
    }
    // A bad key is not rescued by a good cookie beside it.
    expect((await t.request('/api/me', { cookie: cookies.admin, headers: { authorization: `Bearer ${revoked.secret}` } })).status).toBe(401);
  });

  it('counts use (time, address, requests) and audits creation and revocation', async () => {
    const key = await make(cookies.customer, { name: 'Counted' });
    for (let i = 0; i < 3; i++) expect((await t.request('/api/me', { headers: { authorization: `Bearer ${key.secret}` }, ip: '198.51.100.7' })).status).toBe(200);
    const row = (await list(cookies.customer)).find((k) => k.id === key.id)!;
    expect(row).toMatchObject({ request_count: 3, last_used_ip: '198.51.100.7' });
    expect(Date.now() - new Date(row.last_used_at!).getTime()).toBeLessThan(60_000);
    await t.request(`/api/api-keys/${key.id}`, { cookie: cookies.customer, method: 'DELETE' });
    const audit = await t.db.execute<{ action: string; actor_email: string; target: string }>(
      sql`select action, actor_email, target from audit_log where details->>'key_id' = ${key.id} order by created_at`,
    );
    expect(audit.rows).toEqual([
      { action: 'api_key.created', actor_email: 'customer@cargodesk.test', target: `${key.prefix} Counted` },
      { action: 'api_key.revoked', actor_email: 'customer@cargodesk.test', target: `${key.prefix} Counted` },
    ]);
  });
});

describe('rate limit per key', () => {
  it('answers 429 with Retry-After past the key’s own limit, and the RateLimit fields on every answer', async () => {
    const key = await make(cookies.admin, { name: 'Slow', role: 'export', rate_limit_per_minute: 3 });
    const other = await make(cookies.admin, { name: 'Other', role: 'export', rate_limit_per_minute: 3 });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await withKey(key.secret, '/api/me'));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(answers[0]!.headers.get('ratelimit-policy')).toBe('"key";q=3;w=60');
    expect(answers[0]!.headers.get('ratelimit')).toMatch(/^"key";r=2;t=\d+$/);
    expect(answers[2]!.headers.get('ratelimit')).toMatch(/^"key";r=0;t=\d+$/);
    const refused = answers[3]!;
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    // Another key, and a person's session, keep their own allowance.
    expect((await withKey(other.secret, '/api/me')).status).toBe(200);
    expect((await t.request('/api/me', { cookie: cookies.admin })).status).toBe(200);
    // The window ends: the key works again.
    await t.db.execute(sql`update rate_limits set reset_at = now() - interval '1 second' where key = ${`api-key:${key.id}`}`);
    expect((await withKey(key.secret, '/api/me')).status).toBe(200);
  });
});
