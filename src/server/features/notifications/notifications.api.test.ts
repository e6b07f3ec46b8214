/**
 * Notification choices, daily digests and one-click unsubscribe (issue 17, decision record 0231), on PGlite and
 * PostgreSQL: defaults, validation, instant mails with RFC 8058 headers, the unsubscribe link without a session or an
 * Origin, digest lines instead of mails, and one digest per person and local day however many runs race for it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, TEST_AUTH_SECRET, type TestApp } from '@tests/helpers/test-app';
import { NOTIFICATION_MESSAGES, type NotificationSettings, type UnsubscribeView } from '@domain/notifications/schema';
import { airBody, loadRefs, type Refs } from '@server/features/shipments/test-fixtures';
import { DIGEST_KEEP_DAYS, pruneDigests, runDigests } from './digest';

let t: TestApp;
let refs: Refs;
const cookies: Record<'admin' | 'export' | 'customer', string> = { admin: '', export: '', customer: '' };
const deps = { publicUrl: ORIGIN, linkSecret: TEST_AUTH_SECRET };
/** The demo customer's company's contacts (lower case). */
let contacts: string[] = [];

type Payload = { to: string; subject: string; html: string; text?: string; headers?: Record<string, string> };
const mailsLike = async (keyPrefix: string) =>
  (await t.db.execute<{ idempotency_key: string; payload: Payload }>(sql`select idempotency_key, payload from outbox where idempotency_key like ${`${keyPrefix}%`} order by created_at`)).rows;

beforeAll(async () => {
  t = await createTestApp();
  refs = await loadRefs(t);
  for (const role of ['admin', 'export', 'customer'] as const) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
  contacts = (await t.db.execute<{ email: string }>(sql`select lower(trim(email)) email from customers where company_id = ${refs.anatolia} and coalesce(email, '') <> '' order by email`)).rows.map((r) => r.email);
  expect(contacts.length).toBeGreaterThan(1);
});
afterAll(async () => t?.close());

async function create(extra: Record<string, unknown> = {}): Promise<{ id: string; body: Record<string, unknown> }> {
  const body = airBody(refs, { loading_type: 'export', company_id: refs.anatolia, ...extra });
  const res = await t.request('/api/shipments', { cookie: cookies.export, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, body };
}
const settings = async (cookie: string) => (await (await t.request('/api/notifications', { cookie })).json()) as NotificationSettings;
const modeIn = (s: NotificationSettings, event: string) => s.choices.find((c) => c.event === event)?.mode;

describe('choices', () => {
  it('customers and staff start from the issue’s defaults, for their own events', async () => {
    const customer = await settings(cookies.customer);
    expect(customer.audience).toBe('customer');
    expect(Object.fromEntries(customer.choices.map((c) => [c.event, c.mode]))).toEqual({
      shipment_created: 'instant',
      status_changed: 'instant',
      dates_changed: 'daily',
      document_added: 'daily',
      message_received: 'instant',
      checklist_due: 'daily',
      quote_sent: 'instant',
      // Issue 38: an overdue invoice's reminder.
      invoice_overdue: 'instant',
    });
    expect(customer).toMatchObject({ digest_hour: 8, time_zone: 'UTC', saved: false });
    const staff = await settings(cookies.export);
    expect(Object.fromEntries(staff.choices.map((c) => [c.event, c.mode]))).toEqual({ message_received: 'instant', request_received: 'instant', request_answered: 'instant', checklist_received: 'instant', handler_assigned: 'instant', exceptions: 'daily' });
  });

  it('refuses a time zone, an hour or a mode that does not exist, naming the field, and saves nothing', async () => {
    const before = await settings(cookies.export);
    const res = await t.request('/api/notifications', {
      cookie: cookies.export,
      method: 'PUT',
      body: { choices: { exceptions: 'instant' }, digest_hour: 24, time_zone: 'Mars/Olympus_Mons' },
    });
    expect(res.status).toBe(400);
    const fields = ((await res.json()) as { error: { fields: Record<string, string> } }).error.fields;
    expect(fields.time_zone).toBe(NOTIFICATION_MESSAGES.timeZone);
    expect(fields.digest_hour).toBe(NOTIFICATION_MESSAGES.hour);
    expect(fields['choices.exceptions']).toBe(NOTIFICATION_MESSAGES.mode('exceptions'));
    expect(await settings(cookies.export)).toEqual(before);
  });

  it('an admin sets a contact’s choices; the customer who is that contact sees them', async () => {
    const me = (await settings(cookies.customer)).email;
    const contactId = (await t.db.execute<{ id: string }>(sql`select id from customers where lower(email) = ${me}`)).rows[0]!.id;
    const res = await t.request(`/api/companies/${refs.anatolia}/contacts/${contactId}/notifications`, {
      cookie: cookies.admin,
      method: 'PUT',
      body: { choices: { document_added: 'off' }, digest_hour: 17, time_zone: 'Europe/Istanbul' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const mine = await settings(cookies.customer);
    expect(modeIn(mine, 'document_added')).toBe('off');
    expect(mine).toMatchObject({ digest_hour: 17, time_zone: 'Europe/Istanbul', saved: true });
    // Staff events are not a customer's to set: ignored, not stored.
    await t.request('/api/notifications', { cookie: cookies.customer, method: 'PUT', body: { choices: { handler_assigned: 'off' }, digest_hour: 17, time_zone: 'Europe/Istanbul' } });
    const stored = await t.db.execute(sql`select 1 from notification_preferences where email = ${me} and event = 'handler_assigned'`);
    expect(stored.rows).toHaveLength(0);
  });
});

describe('instant mails and one-click unsubscribe (RFC 8058)', () => {
  it('each instant mail carries List-Unsubscribe, List-Unsubscribe-Post and the footer links', async () => {
    const { id } = await create();
    const mails = await mailsLike(`shipment-created:${id}:`);
    expect(mails.map((m) => m.payload.to).sort()).toEqual(contacts);
    for (const { payload } of mails) {
      expect(payload.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(payload.headers?.['List-Unsubscribe']).toMatch(new RegExp(`^<${ORIGIN}/api/unsubscribe\\?token=[A-Za-z0-9_%.-]+>$`));
      expect(payload.html).toContain(`${ORIGIN}/unsubscribe?token=`);
      expect(payload.html).toContain(`${ORIGIN}/profile#notifications`);
      expect(payload.text).toContain('Unsubscribe from these mails: ');
    }
  });

  it('a mail provider’s POST, with no session and no Origin, stops that event for that address only', async () => {
    const { id } = await create();
    const [first] = await mailsLike(`shipment-created:${id}:${contacts[0]}`);
    const oneClick = first!.payload.headers!['List-Unsubscribe']!.slice(1, -1);
    const path = oneClick.replace(ORIGIN, '');

    const view = await t.request(path);
    expect(view.status).toBe(200);
    expect((await view.json()) as UnsubscribeView).toMatchObject({ event: 'shipment_created', label: 'Shipment created', mode: 'instant' });

    const res = await t.app.request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(((await res.json()) as UnsubscribeView).mode).toBe('off');

    const next = await create();
    const to = (await mailsLike(`shipment-created:${next.id}:`)).map((m) => m.payload.to);
    expect(to).not.toContain(contacts[0]);
    expect(to).toEqual(contacts.slice(1));
    // Status mails (another event) still go to that address if it is the primary contact: only one event was stopped.
    const left = await t.db.execute(sql`select event, mode from notification_preferences where email = ${contacts[0]!}`);
    expect(left.rows).toContainEqual({ event: 'shipment_created', mode: 'off' });
  });

  it('a forged or altered token is one neutral 404 and changes nothing', async () => {
    const before = (await t.db.execute(sql`select count(*)::int n from notification_preferences`)).rows[0];
    const { id } = await create();
    const [mail] = await mailsLike(`shipment-created:${id}:${contacts[1]}`);
    const token = new URL(mail!.payload.headers!['List-Unsubscribe']!.slice(1, -1)).searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const otherAddress = Buffer.from(`shipment_created\nsomeone@else.example`).toString('base64url');
    for (const bad of [`${payload}.${signature!.slice(0, -2)}xx`, `${otherAddress}.${signature}`, 'nonsense', '']) {
      const res = await t.app.request(`${ORIGIN}/api/unsubscribe?token=${encodeURIComponent(bad)}`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect([400, 404], bad).toContain(res.status);
      if (res.status === 404) expect(((await res.json()) as { error: { message: string } }).error.message).toBe(NOTIFICATION_MESSAGES.unsubscribeInvalid);
    }
    expect((await t.db.execute(sql`select count(*)::int n from notification_preferences`)).rows[0]).toEqual(before);
  });
});

describe('daily digests', () => {
  it('changed dates become digest lines, mailed once at the person’s hour in their time zone, never twice', async () => {
    const { id, body } = await create();
    const edited = await t.request(`/api/shipments/${id}`, {
      cookie: cookies.admin,
      method: 'PUT',
      body: { ...body, estimated_arrival: '2030-01-05T10:00:00.000Z' },
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    // Daily by default: no instant mail, one waiting line per contact.
    expect(await mailsLike('shipment-dates:')).toHaveLength(0);
    const waiting = await t.db.execute<{ email: string; detail: string }>(sql`select email, detail from notification_digest_items where shipment_id = ${id} and digest_id is null`);
    expect(waiting.rows.map((r) => r.email).sort()).toEqual(contacts);
    expect(waiting.rows[0]!.detail).toContain('2030-01-05 10:00 UTC');

    // One contact reads at 08:00 in Tokyo (23:00 UTC the day before).
    const reader = contacts[1]!;
    await t.db.execute(sql`insert into notification_profiles (email, digest_hour, time_zone) values (${reader}, 8, 'Asia/Tokyo')
      on conflict (email) do update set digest_hour = 8, time_zone = 'Asia/Tokyo'`);
    await runDigests(t.db, deps, new Date('2031-03-01T22:30:00Z')); // 07:30 in Tokyo: not yet
    expect(await mailsLike(`digest:${reader}:`)).toHaveLength(0);
    // Two instances at the same minute, and a third run after a restart: one digest.
    await Promise.all([runDigests(t.db, deps, new Date('2031-03-01T23:05:00Z')), runDigests(t.db, deps, new Date('2031-03-01T23:05:00Z'))]);
    await runDigests(t.db, deps, new Date('2031-03-01T23:40:00Z'));
    const digests = await mailsLike(`digest:${reader}:`);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.idempotency_key).toBe(`digest:${reader}:2031-03-02`);
    const reference = body.reference_number as string;
    expect(digests[0]!.payload.subject).toMatch(/^Your Cargodesk digest for 2031-03-02: \d+ updates?/);
    expect(digests[0]!.payload.html).toContain(reference);
    expect(digests[0]!.payload.html).toContain('Estimated dates changed');
    // The next day, nothing new for this contact: no mail.
    await runDigests(t.db, deps, new Date('2031-03-02T23:30:00Z'));
    expect(await mailsLike(`digest:${reader}:`)).toHaveLength(1);

    // A new line waits for the next digest while the old digest ages out: the old digest and its lines go, the
    // waiting line stays waiting (not sent again, not lost).
    await t.db.execute(sql`insert into notification_digest_items (email, event, title, detail, url) values (${reader}, 'dates_changed', 'waiting', 'still to send', '/x')`);
    const countFor = async () =>
      (await t.db.execute<{ digests: number; taken: number; waiting: number }>(sql`select
        (select count(*)::int from notification_digests where email = ${reader}) as digests,
        (select count(*)::int from notification_digest_items where email = ${reader} and digest_id is not null) as taken,
        (select count(*)::int from notification_digest_items where email = ${reader} and digest_id is null) as waiting`)).rows[0]!;
    const before = await countFor();
    expect(before).toMatchObject({ digests: 1, waiting: 1 });
    expect(before.taken).toBeGreaterThan(0);
    const keptUntil = new Date(Date.parse('2031-03-02T12:00:00Z') + DIGEST_KEEP_DAYS * 86_400_000);
    await pruneDigests(t.db, keptUntil); // exactly DIGEST_KEEP_DAYS old: kept
    expect(await countFor()).toEqual(before);
    expect(await pruneDigests(t.db, new Date(keptUntil.getTime() + 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await countFor()).toEqual({ digests: 0, taken: 0, waiting: 1 });
  });

  it('the digest carries the RFC 8058 headers and an unsubscribe link, which stops the digest (issue 37)', async () => {
    const reader = contacts[0]!;
    await t.db.execute(sql`insert into notification_digest_items (email, event, title, detail, url) values (${reader}, 'document_added', 'REF-1', 'Invoice added', ${`${ORIGIN}/all-shipments/x`})`);
    await runDigests(t.db, deps, new Date('2031-05-01T20:00:00Z')); // past the hour in any of the test's time zones
    const [digest] = await mailsLike(`digest:${reader}:2031-05-01`);
    expect(digest, 'a digest for the waiting line').toBeDefined();
    const { headers, html, text } = digest!.payload;
    expect(headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(headers?.['List-Unsubscribe']).toMatch(new RegExp(`^<${ORIGIN}/api/unsubscribe\\?token=[A-Za-z0-9_%.-]+>$`));
    expect(html).toContain(`${ORIGIN}/unsubscribe?token=`);
    expect(html).toContain('You get this mail for: Daily digest.');
    expect(html).toContain(`${ORIGIN}/profile#notifications`);
    expect(text).toContain(`Unsubscribe from these mails: ${ORIGIN}/unsubscribe?token=`);

    // The link says what it stops, and a mail provider's one-click POST (no session, no Origin) stops it.
    const path = headers!['List-Unsubscribe']!.slice(1, -1).replace(ORIGIN, '');
    expect((await (await t.request(path)).json()) as UnsubscribeView).toMatchObject({ event: 'daily_digest', label: 'Daily digest', mode: 'daily' });
    const res = await t.app.request(`${ORIGIN}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as UnsubscribeView).mode).toBe('off');
    // Every daily choice is off now; the instant ones are left as they were.
    const prefs = await t.db.execute<{ event: string; mode: string }>(sql`select event, mode from notification_preferences where email = ${reader}`);
    const modes = Object.fromEntries(prefs.rows.map((r) => [r.event, r.mode]));
    expect(modes).toMatchObject({ dates_changed: 'off', document_added: 'off', checklist_due: 'off' });
    expect(modes.message_received ?? 'instant').toBe('instant');
    // A new change makes no digest line, and so no digest.
    const { id, body } = await create();
    await t.request(`/api/shipments/${id}`, { cookie: cookies.admin, method: 'PUT', body: { ...body, estimated_arrival: '2030-02-05T10:00:00.000Z' } });
    expect((await t.db.execute(sql`select 1 from notification_digest_items where email = ${reader} and digest_id is null`)).rows).toHaveLength(0);
    await runDigests(t.db, deps, new Date('2031-05-02T20:00:00Z'));
    expect(await mailsLike(`digest:${reader}:2031-05-02`)).toHaveLength(0);
  });

  it('a handler’s digest lists the exceptions of their shipments; with that event off and nothing else, none is sent', async () => {
    const exportEmail = 'export@cargodesk.test';
    await runDigests(t.db, deps, new Date('2031-04-01T09:00:00Z'));
    const [digest] = await mailsLike(`digest:${exportEmail}:2031-04-01`);
    expect(digest, 'the demo data gives the export handler late shipments').toBeDefined();
    expect(digest!.payload.html).toContain('Needs attention');
    expect(digest!.payload.html).toContain(`${ORIGIN}/exceptions?kind=departure_overdue`);
    // Its overdue checklist documents too (the demo's stale dates give the export handler some), as counted on the page.
    const documents = (await (await t.request('/api/exceptions/counts', { cookie: cookies.export })).json()) as { checklist_overdue: number };
    expect(documents.checklist_overdue).toBeGreaterThan(0);
    expect(digest!.payload.text).toContain(`- Documents overdue: ${documents.checklist_overdue} ${ORIGIN}/exceptions?kind=checklist_overdue`);

    const off = await t.request('/api/notifications', { cookie: cookies.export, method: 'PUT', body: { choices: { exceptions: 'off' }, digest_hour: 8, time_zone: 'UTC' } });
    expect(off.status).toBe(200);
    await runDigests(t.db, deps, new Date('2031-04-02T09:00:00Z'));
    expect(await mailsLike(`digest:${exportEmail}:2031-04-02`)).toHaveLength(0);
  });
});
