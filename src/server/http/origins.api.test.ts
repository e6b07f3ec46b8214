import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { airBody, loadRefs } from '@server/features/shipments/test-fixtures';

// Issue 19: without PUBLIC_URL the portal opened at an office address (http://192.168.1.20:3000) signs in and saves,
// and the mails it sends link back to that address; with PUBLIC_URL set, only it (and ALLOWED_ORIGINS) may post.

const OFFICE = 'http://192.168.1.20:3000';
/** This machine for the office app: its loopback names and its office address (the real machine's are read from the OS). */
const OWN = new Set(['localhost', '127.0.0.1', '::1', '192.168.1.20']);
let office: TestApp; // PUBLIC_URL unset: the request's own origin is trusted
let strict: TestApp; // PUBLIC_URL set: only it and the ALLOWED_ORIGINS list

beforeAll(async () => {
  [office, strict] = await Promise.all([createTestApp({ sameOrigin: true, ownHost: (h) => OWN.has(h) }), createTestApp({ sameOrigin: false, extraOrigins: ['https://cargo.example.com'] })]);
});
afterAll(async () => {
  await Promise.all([office?.close(), strict?.close()]);
});

let ip = 0;
const post = (t: TestApp, base: string, path: string, body: unknown, headers: Record<string, string>) =>
  t.app.request(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${++ip}`, ...headers },
    body: JSON.stringify(body),
  });
const signIn = (t: TestApp, base: string, origin: string) =>
  post(t, base, '/api/auth/sign-in/email', { email: 'admin@cargodesk.test', password: 'cargodesk-demo' }, { origin });
const cookieOf = (res: Response) => res.headers.get('set-cookie')!.split(';')[0]!;

describe('without PUBLIC_URL', () => {
  it('signs in and saves at the address the portal was opened at, and mail links lead back there', async () => {
    const res = await signIn(office, OFFICE, OFFICE);
    expect(res.status, await res.clone().text()).toBe(200);
    const cookie = cookieOf(res);
    const refs = await loadRefs(office);
    const created = await post(office, OFFICE, '/api/shipments', airBody(refs, { loading_type: 'export' }), { origin: OFFICE, cookie });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const mails = await office.db.execute<{ html: string }>(sql`select payload->>'html' as html from outbox where idempotency_key like ${`shipment-created:${id}:%`}`);
    expect(mails.rows.length).toBeGreaterThan(0);
    for (const m of mails.rows) expect(m.html).toContain(`${OFFICE}/all-shipments/${id}`);
  });

  it("refuses another site's page, on sign-in and on our routes", async () => {
    const res = await signIn(office, OFFICE, 'https://evil.example');
    expect(res.status).toBe(403);
    const own = cookieOf(await signIn(office, OFFICE, OFFICE));
    const forged = await post(office, OFFICE, '/api/companies', { name: 'Forged Ltd' }, { origin: 'https://evil.example', cookie: own });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { error: { message: string } }).error.message).toBe('This request did not come from the Cargodesk site (missing or foreign Origin).');
  });
});

describe('without PUBLIC_URL, a Host the client chose (issue 37)', () => {
  it('is neither a trusted origin nor the base of the links in the mails a customer causes', async () => {
    const LOCAL = 'http://localhost:3000';
    const cookie = cookieOf(await post(office, LOCAL, '/api/auth/sign-in/email', { email: 'customer@cargodesk.test', password: 'cargodesk-demo' }, { origin: LOCAL }));
    const company = (await office.db.execute<{ id: string }>(sql`select id from companies where name = 'Anatolia Textiles Ltd'`)).rows[0]!.id;
    const shipment = (await office.db.execute<{ id: string }>(sql`select id from shipments where company_id = ${company} order by created_at limit 1`)).rows[0]!.id;
    const message = (base: string, origin: string, body: string) => post(office, base, `/api/shipments/${shipment}/messages`, { body }, { origin, cookie });

    // Host: attacker.example with its own Origin: not this machine, so not a trusted origin.
    expect((await message('http://attacker.example', 'http://attacker.example', 'forged origin')).status).toBe(403);
    expect((await post(office, 'http://attacker.example', '/api/auth/sign-in/email', { email: 'customer@cargodesk.test', password: 'cargodesk-demo' }, { origin: 'http://attacker.example' })).status).toBe(403);
    // Host: attacker.example with our Origin: accepted, and the staff's mail (its unsubscribe link too) points here.
    const sent = await message('http://attacker.example:3000', LOCAL, 'Host header aimed elsewhere');
    expect(sent.status, await sent.clone().text()).toBe(201);
    const mails = await office.db.execute<{ html: string; text: string; headers: string }>(sql`
      select payload->>'html' as html, payload->>'text' as text, coalesce(payload->>'headers', '') as headers from outbox
      where payload->>'html' like '%Host header aimed elsewhere%'`);
    expect(mails.rows.length).toBeGreaterThan(0);
    for (const m of mails.rows) {
      expect(`${m.html}${m.text}${m.headers}`).not.toContain('attacker.example');
      expect(m.html).toContain(`${LOCAL}/shipment/${shipment}`);
      expect(m.headers).toContain(`<${LOCAL}/api/unsubscribe?token=`);
    }
  });
});

describe('with PUBLIC_URL', () => {
  it('trusts only PUBLIC_URL and ALLOWED_ORIGINS, not the address a request came to', async () => {
    expect((await signIn(strict, OFFICE, OFFICE)).status).toBe(403);
    expect((await signIn(strict, OFFICE, 'https://cargo.example.com')).status).toBe(200);
    expect((await signIn(strict, 'http://localhost:3000', 'http://localhost:3000')).status).toBe(200);
  });
});
