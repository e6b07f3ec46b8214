/**
 * Signed webhooks (issue 18, decision record 0243), on PGlite and PostgreSQL, against a real HTTP receiver on
 * 127.0.0.1: signatures checked by this file's own reading of the Standard Webhooks text (node:crypto, not the library
 * the server signs with); customer scope and isolation; retries with backoff after a 500; the pause after a day of
 * failures with the owner mailed; blocked addresses at subscription and at delivery time; redirects not followed; the
 * customer's payload without money or internal fields; replay; audit entries.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { NEVER_IN_CUSTOMER_PAYLOAD, WEBHOOK_MESSAGES, type Webhook, type WebhookDeliveryList, type WebhookWithSecret } from '@domain/webhooks/schema';
import { SHIPMENT_STATUSES } from '@domain/common/enums';
import { DEMO_COMPANY } from '@server/db/seed/demo-fixtures';
import { BlockedAddressError, checkedAddress, type WebhookNet } from '@server/http/net-guard';
import { loadRefs, seaBody } from '@server/features/shipments/test-fixtures';

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
/** The status each path answers (default 200); /redirect answers 302 to /target. */
const answers = new Map<string, number>();
let receiver: http.Server;
let base = '';

/** The test's own verifier, from the spec: v1,<base64 HMAC-SHA256 over "id.timestamp.body" keyed with base64-decoded whsec_ secret>. */
function verify(secret: string, r: Received): boolean {
  const id = String(r.headers['webhook-id'] ?? '');
  const timestamp = String(r.headers['webhook-timestamp'] ?? '');
  if (!/^msg_[A-Za-z0-9]+$/.test(id) || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${r.body}`, 'utf8').digest();
  return String(r.headers['webhook-signature'] ?? '')
    .split(' ')
    .some((part) => {
      const [version, signature] = part.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && crypto.timingSafeEqual(given, expected);
    });
}

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, into));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      keysOf(v, into);
    }
  }
  return into;
}

/** Resolves our test names to chosen addresses (a name for a private address), everything else as the system does. */
const net: WebhookNet = {
  production: false,
  allowed: [],
  resolve: async (host) => {
    if (host === 'private.webhook.test') return [{ address: '10.20.30.40', family: 4 }];
    if (host === 'mixed.webhook.test') return [{ address: '93.184.216.34', family: 4 }, { address: 'fd00:ec2::254', family: 6 }];
    if (host === 'receiver.webhook.test') return [{ address: '127.0.0.1', family: 4 }];
    throw new Error('ENOTFOUND');
  },
};

let t: TestApp;
const cookies = { admin: '', customer: '', export: '' };
let ownCompany = '';
let otherCompany = '';
let ownShipment = '';
let otherShipment = '';

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body });
      if (path === '/redirect') res.writeHead(302, { location: `${base}/target` }).end();
      else res.writeHead(answers.get(path) ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({ webhookNet: net });
  for (const role of ['admin', 'customer', 'export'] as const) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
  const one = async (q: ReturnType<typeof sql>) => (await t.db.execute<{ id: string }>(q)).rows[0]!.id;
  ownCompany = await one(sql`select id from companies where name = ${DEMO_COMPANY}`);
  otherCompany = await one(sql`select id from companies where id <> ${ownCompany} and exists (select 1 from shipments s where s.company_id = companies.id) order by name limit 1`);
  ownShipment = await one(sql`select id from shipments where company_id = ${ownCompany} order by created_at desc limit 1`);
  otherShipment = await one(sql`select id from shipments where company_id = ${otherCompany} order by created_at desc limit 1`);
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

const create = (cookie: string, body: unknown) => t.request('/api/webhooks', { cookie, body });
async function made(cookie: string, body: Record<string, unknown>): Promise<WebhookWithSecret> {
  const res = await create(cookie, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as WebhookWithSecret;
}
/** Moves a shipment to another status as the admin (an event every subscription to status_changed hears of). */
async function changeStatus(shipmentId: string): Promise<void> {
  const [{ status }] = (await t.db.execute<{ status: string }>(sql`select status from shipments where id = ${shipmentId}`)).rows as [{ status: string }];
  const next = SHIPMENT_STATUSES.find((s) => s !== status && s !== 'completed')!;
  const res = await t.request(`/api/shipments/${shipmentId}/status`, { cookie: cookies.admin, body: { status: next } });
  expect(res.status, await res.clone().text()).toBe(200);
}
const at = (path: string) => received.filter((r) => r.path === path);
const deliveries = async (id: string, cookie = cookies.admin) => ((await (await t.request(`/api/webhooks/${id}/deliveries`, { cookie })).json()) as WebhookDeliveryList).rows;
/** Makes every waiting webhook send due now (instead of sleeping through the backoff). */
const dueNow = () => t.db.execute(sql`update outbox set next_attempt_at = now() where kind = 'webhook' and status = 'pending'`);

describe('subscriptions', () => {
  it('answers a whsec_ secret once, lists only its hint, and audits create, update, rotate and delete', async () => {
    const w = await made(cookies.admin, { url: `${base}/audit`, events: ['status_changed'], description: 'ERP' });
    expect(w.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(w.secret.slice(6), 'base64')).toHaveLength(32);
    expect(w.secret_hint).toBe(w.secret.slice(-4));
    const list = await (await t.request('/api/webhooks', { cookie: cookies.admin })).text();
    expect(list).toContain(w.id);
    expect(list).not.toContain(w.secret);
    expect((await t.request(`/api/webhooks/${w.id}`, { cookie: cookies.admin, method: 'PATCH', body: { status: 'paused' } })).status).toBe(200);
    const rotated = (await (await t.request(`/api/webhooks/${w.id}/secret`, { cookie: cookies.admin, body: {} })).json()) as WebhookWithSecret;
    expect(rotated.secret).not.toBe(w.secret);
    expect((await t.request(`/api/webhooks/${w.id}`, { cookie: cookies.admin, method: 'DELETE' })).status).toBe(204);
    const actions = (await t.db.execute<{ action: string }>(sql`select action from audit_log where details->>'webhook_id' = ${w.id} order by created_at, id`)).rows.map((r) => r.action);
    expect(actions).toEqual(['webhook.created', 'webhook.updated', 'webhook.secret_rotated', 'webhook.deleted']);
  });

  it('keeps a customer to their company: another company’s subscription is a 404 and never listed', async () => {
    const mine = await made(cookies.customer, { url: `${base}/scope-own`, events: ['shipment_created'], company_id: otherCompany });
    expect(mine.company_id).toBe(ownCompany);
    const theirs = await made(cookies.admin, { url: `${base}/scope-other`, events: ['shipment_created'], company_id: otherCompany });
    const all = await made(cookies.admin, { url: `${base}/scope-all`, events: ['shipment_created'] });
    const listed = ((await (await t.request('/api/webhooks', { cookie: cookies.customer })).json()) as { rows: Webhook[] }).rows.map((r) => r.id);
    expect(listed).toContain(mine.id);
    expect(listed).not.toContain(theirs.id);
    expect(listed).not.toContain(all.id);
    for (const id of [theirs.id, all.id]) {
      expect((await t.request(`/api/webhooks/${id}`, { cookie: cookies.customer })).status).toBe(404);
      expect((await t.request(`/api/webhooks/${id}`, { cookie: cookies.customer, method: 'PATCH', body: { status: 'paused' } })).status).toBe(404);
      expect((await t.request(`/api/webhooks/${id}/deliveries`, { cookie: cookies.customer })).status).toBe(404);
      expect((await t.request(`/api/webhooks/${id}`, { cookie: cookies.customer, method: 'DELETE' })).status).toBe(404);
    }
    // Staff other than admins do not manage webhooks.
    expect((await t.request('/api/webhooks', { cookie: cookies.export })).status).toBe(403);
    for (const w of [mine, theirs, all]) await t.request(`/api/webhooks/${w.id}`, { cookie: cookies.admin, method: 'DELETE' });
  });

  it('refuses private, metadata and unresolvable addresses with a clear 400, and plain http only in production', async () => {
    const refused = async (url: string, message: string) => {
      const res = await create(cookies.customer, { url, events: ['status_changed'] });
      expect(res.status, url).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message, url).toBe(message);
    };
    await refused('https://10.1.2.3/hook', WEBHOOK_MESSAGES.blocked('private'));
    await refused('http://169.254.169.254/latest/meta-data', WEBHOOK_MESSAGES.blocked('metadata'));
    await refused('https://[fd00:ec2::254]/', WEBHOOK_MESSAGES.blocked('metadata'));
    await refused('https://[::ffff:192.168.1.1]/', WEBHOOK_MESSAGES.blocked('private'));
    await refused('https://private.webhook.test/hook', WEBHOOK_MESSAGES.blocked('private'));
    await refused('https://mixed.webhook.test/hook', WEBHOOK_MESSAGES.blocked('metadata'));
    await refused('https://nowhere.webhook.test/hook', WEBHOOK_MESSAGES.unresolved);
    await refused('ftp://example.com/', WEBHOOK_MESSAGES.url);
    await refused('https://user:pw@receiver.webhook.test/', WEBHOOK_MESSAGES.credentials);
    // In production loopback is refused too, after resolution; an operator's allowed network lets it through.
    const production: WebhookNet = { ...net, production: true };
    await expect(checkedAddress(new URL('https://receiver.webhook.test/'), production)).rejects.toThrow(BlockedAddressError);
    await expect(checkedAddress(new URL('https://127.0.0.1/'), production)).rejects.toThrow(WEBHOOK_MESSAGES.blocked('loopback'));
    await expect(checkedAddress(new URL('https://private.webhook.test/'), { ...production, allowed: [{ ip: { version: 4, bytes: [10, 20, 0, 0] }, prefix: 16 }] })).resolves.toEqual({ address: '10.20.30.40', family: 4 });
  });
});

describe('deliveries', () => {
  it('signs each delivery (verified independently), keeps the customer’s payload to what a customer sees, and isolates companies', async () => {
    const admin = await made(cookies.admin, { url: `${base}/admin-all`, events: ['status_changed'] });
    const customer = await made(cookies.customer, { url: `${base}/customer`, events: ['status_changed', 'message_received'] });
    await changeStatus(ownShipment);
    await changeStatus(otherShipment);
    await t.worker.drain();
    expect(at('/admin-all')).toHaveLength(2);
    const mine = at('/customer');
    expect(mine, 'the customer hears only of their company').toHaveLength(1);
    for (const r of at('/admin-all')) expect(verify(admin.secret, r)).toBe(true);
    expect(verify(customer.secret, mine[0]!)).toBe(true);
    expect(verify(admin.secret, mine[0]!), 'another subscription’s secret does not verify').toBe(false);
    expect(verify(customer.secret, { ...mine[0]!, body: mine[0]!.body.replace('}', ' }') }), 'a changed body does not verify').toBe(false);
    const payload = JSON.parse(mine[0]!.body) as { type: string; timestamp: string; data: { shipment: { id: string; company_id: string; status: string }; changes: unknown } };
    expect(payload.type).toBe('shipment.status_changed');
    expect(payload.data.shipment.id).toBe(ownShipment);
    expect(payload.data.shipment.company_id).toBe(ownCompany);
    const keys = keysOf(payload);
    for (const k of NEVER_IN_CUSTOMER_PAYLOAD) expect(keys.has(k), k).toBe(false);
    expect(mine[0]!.headers['content-type']).toBe('application/json');
    const log = await deliveries(customer.id, cookies.customer);
    expect(log[0]).toMatchObject({ event: 'status_changed', state: 'succeeded', message_id: mine[0]!.headers['webhook-id'] });
    expect(log[0]!.attempts[0]).toMatchObject({ ok: true, response_code: 200 });

    // A staff-only internal note is never announced; a message the customer may read is.
    const before = at('/customer').length;
    expect((await t.request(`/api/shipments/${ownShipment}/messages`, { cookie: cookies.admin, body: { body: 'Margin is thin on this one', internal: true } })).status).toBe(201);
    expect((await t.request(`/api/shipments/${ownShipment}/messages`, { cookie: cookies.admin, body: { body: 'Your cargo is on board' } })).status).toBe(201);
    await t.worker.drain();
    const messages = at('/customer').slice(before).map((r) => JSON.parse(r.body) as { type: string; data: { message: { body: string } } });
    expect(messages.map((m) => [m.type, m.data.message.body])).toEqual([['message.received', 'Your cargo is on board']]);
    // Every time in every payload is RFC 3339 in UTC (issue 37: the envelope's timestamp was PostgreSQL's text).
    const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
    const times = (value: unknown, key = ''): [string, unknown][] =>
      value && typeof value === 'object'
        ? Object.entries(value).flatMap(([k, v]) => times(v, k))
        : /(^timestamp$|_at$|^estimated_)/.test(key) && value !== null ? [[key, value]] : [];
    const all = [...at('/admin-all'), ...at('/customer')].flatMap((r) => times(JSON.parse(r.body)));
    expect(all.map(([k]) => k)).toEqual(expect.arrayContaining(['timestamp', 'updated_at', 'created_at']));
    for (const [k, v] of all) expect(v, k).toMatch(RFC3339);
    for (const w of [admin, customer]) await t.request(`/api/webhooks/${w.id}`, { cookie: cookies.admin, method: 'DELETE' });
  });

  it('announces a new shipment, its moved estimated dates and a document added, with no money, notes or parties', async () => {
    const w = await made(cookies.customer, { url: `${base}/created`, events: ['shipment_created', 'dates_changed', 'document_added'] });
    const refs = await loadRefs(t);
    const body = seaBody(refs, { loading_type: 'export', company_id: ownCompany, consignee_name: 'Quiet Consignee BV', consignee_address: 'Hidden Street 9' });
    const res = await t.request('/api/shipments', { cookie: cookies.admin, body });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect((await t.request(`/api/shipments/${id}`, { cookie: cookies.admin, method: 'PUT', body: { ...body, estimated_arrival: '2026-03-09T18:00:00.000Z' } })).status).toBe(200);
    const [{ name }] = (await t.db.execute<{ name: string }>(sql`select name from files where name not in (select document_name from document_assignments) order by name limit 1`)).rows as [{ name: string }];
    const assigned = await t.request(`/api/documents/${encodeURIComponent(name)}/assignment`, { cookie: cookies.admin, method: 'PUT', body: { shipment_id: id } });
    expect(assigned.status, await assigned.clone().text()).toBe(200);
    await t.worker.drain();
    const got = at('/created').map((r) => ({ r, p: JSON.parse(r.body) as { type: string; data: { shipment: { id: string; estimated_arrival: string }; changes?: Record<string, unknown> } } }));
    expect(got.map((g) => g.p.type)).toEqual(['shipment.created', 'shipment.dates_changed', 'shipment.document_added']);
    expect(got[2]!.p.data).toHaveProperty('document.original_name');
    for (const { r, p } of got) {
      expect(verify(w.secret, r)).toBe(true);
      expect(p.data.shipment.id).toBe(id);
      const keys = keysOf(p);
      for (const k of NEVER_IN_CUSTOMER_PAYLOAD) expect(keys.has(k), k).toBe(false);
      for (const text of ['Rate agreed on the annual contract', 'Hidden Street 9', 'Quiet Consignee', '800.25', '1200']) expect(r.body, text).not.toContain(text);
    }
    expect(got[1]!.p.data.shipment.estimated_arrival).toBe('2026-03-09T18:00:00.000Z');
    expect(got[1]!.p.data.changes).toHaveProperty('estimated_arrival');
    await t.request(`/api/webhooks/${w.id}`, { cookie: cookies.customer, method: 'DELETE' });
  });

  it('retries a 500 with growing backoff, then succeeds; replay sends the same webhook-id again', async () => {
    answers.set('/flaky', 500);
    const w = await made(cookies.admin, { url: `${base}/flaky`, events: ['status_changed'], company_id: ownCompany });
    await changeStatus(ownShipment);
    await t.worker.drain();
    expect(at('/flaky')).toHaveLength(1);
    const wait = async () =>
      (await t.db.execute<{ attempts: number; secs: number; status: string }>(sql`
        select attempts, extract(epoch from next_attempt_at - now())::float as secs, status from outbox
        where kind = 'webhook' and payload->>'delivery_id' in (select id::text from webhook_deliveries where subscription_id = ${w.id})`)).rows[0]!;
    const first = await wait();
    expect(first).toMatchObject({ attempts: 1, status: 'pending' });
    expect(first.secs).toBeGreaterThan(3);
    await t.worker.drain();
    expect(at('/flaky'), 'not due yet: no second try').toHaveLength(1);
    await dueNow();
    await t.worker.drain();
    const second = await wait();
    expect(second.attempts).toBe(2);
    expect(second.secs).toBeGreaterThan(first.secs + 3);
    answers.set('/flaky', 204);
    await dueNow();
    await t.worker.drain();
    const [d] = await deliveries(w.id);
    expect(d!.state).toBe('succeeded');
    expect(d!.attempts.map((a) => a.response_code)).toEqual([500, 500, 204]);
    expect(d!.attempts[0]!.error).toBe('HTTP 500');
    const ids = new Set(at('/flaky').map((r) => r.headers['webhook-id']));
    expect(ids.size, 'one webhook-id across retries').toBe(1);

    const replay = await t.request(`/api/webhooks/${w.id}/deliveries/${d!.id}/replay`, { cookie: cookies.admin, body: {} });
    expect(replay.status).toBe(202);
    await t.worker.drain();
    expect(at('/flaky')).toHaveLength(4);
    expect(at('/flaky')[3]!.headers['webhook-id']).toBe([...ids][0]);
    expect(verify(w.secret, at('/flaky')[3]!)).toBe(true);
    expect((await deliveries(w.id))[0]!.attempts).toHaveLength(4);
    expect((await t.db.execute(sql`select 1 from audit_log where action = 'webhook.replayed' and details->>'delivery_id' = ${d!.id}`)).rows).toHaveLength(1);
    expect((await t.request(`/api/webhooks/${w.id}/deliveries/${crypto.randomUUID()}/replay`, { cookie: cookies.admin, body: {} })).status).toBe(404);
    await t.request(`/api/webhooks/${w.id}`, { cookie: cookies.admin, method: 'DELETE' });
  });

  it('pauses a subscription after a day of failures and mails its owner; a paused one gets nothing and refuses replay', async () => {
    answers.set('/down', 503);
    const w = await made(cookies.customer, { url: `${base}/down`, events: ['status_changed'] });
    await changeStatus(ownShipment);
    await t.worker.drain();
    expect(at('/down')).toHaveLength(1);
    // The run of failures began 25 hours ago: the next failure pauses it.
    await t.db.execute(sql`update webhook_subscriptions set failing_since = now() - interval '25 hours' where id = ${w.id}`);
    await dueNow();
    await t.worker.drain();
    expect(at('/down')).toHaveLength(2);
    const sub = (await (await t.request(`/api/webhooks/${w.id}`, { cookie: cookies.customer })).json()) as Webhook;
    expect(sub).toMatchObject({ status: 'paused', paused_reason: 'failing' });
    const mail = t.mailbox.sent.find((m) => m.subject === 'Your Cargodesk webhook is paused');
    expect(mail?.to).toBe('customer@cargodesk.test');
    expect(mail?.html).toContain(`${base}/down`);
    const [d] = await deliveries(w.id, cookies.customer);
    expect(d!.state).toBe('failed');
    expect((await t.db.execute(sql`select status from outbox where payload->>'delivery_id' = ${d!.id}`)).rows).toEqual([{ status: 'dead' }]);
    await changeStatus(ownShipment);
    await t.worker.drain();
    expect(at('/down'), 'paused: nothing sent').toHaveLength(2);
    expect((await t.request(`/api/webhooks/${w.id}/deliveries/${d!.id}/replay`, { cookie: cookies.customer, body: {} })).status).toBe(409);
    // Resuming starts afresh.
    const resumed = (await (await t.request(`/api/webhooks/${w.id}`, { cookie: cookies.customer, method: 'PATCH', body: { status: 'active' } })).json()) as Webhook;
    expect(resumed).toMatchObject({ status: 'active', paused_reason: null, failing_since: null });
    await t.request(`/api/webhooks/${w.id}`, { cookie: cookies.customer, method: 'DELETE' });
  });

  it('does not follow a redirect, and refuses a blocked address again at delivery time', async () => {
    const redirect = await made(cookies.admin, { url: `${base}/redirect`, events: ['status_changed'], company_id: ownCompany });
    // A subscription whose address became private after it was saved (written here directly, as a changed DNS record would).
    const [{ id: blockedId }] = (await t.db.execute<{ id: string }>(sql`
      insert into webhook_subscriptions (company_id, url, events, secret, secret_hint)
      values (${ownCompany}, 'https://private.webhook.test/hook', '{status_changed}', ${'whsec_' + crypto.randomBytes(32).toString('base64')}, 'abcd')
      returning id`)).rows as [{ id: string }];
    await changeStatus(ownShipment);
    await t.worker.drain();
    expect(at('/redirect')).toHaveLength(1);
    expect(at('/target'), 'the redirect was not followed').toHaveLength(0);
    const [r] = await deliveries(redirect.id);
    expect(r!.attempts[0]).toMatchObject({ ok: false, response_code: 302 });
    expect(r!.attempts[0]!.error).toContain('not followed');
    const [b] = await deliveries(blockedId);
    expect(b!.attempts[0]).toMatchObject({ ok: false, response_code: null, error: WEBHOOK_MESSAGES.blocked('private') });
    for (const id of [redirect.id, blockedId]) await t.request(`/api/webhooks/${id}`, { cookie: cookies.admin, method: 'DELETE' });
  });
});
