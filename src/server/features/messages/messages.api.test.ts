/**
 * The conversation on shipments and requests (issue 15, decision record 0235), on PGlite and PostgreSQL: a customer
 * and the handler write, read and see what is new; an internal note never reaches the customer (answers, thread list,
 * row-level security, mails); another company's thread is a 404 and nothing is written; messages within the window
 * go out as one mail per person; files on messages and requests follow the document rules and the same scopes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, createTestApp, type TestApp } from '@tests/helpers/test-app';
import { withCustomerScope } from '@server/db/customer-scope';
import { SAMPLES } from '@server/features/documents/test-fixtures';
import { UPLOAD_NAME_HEADER } from '@domain/documents/schema';
import { CONVERSATION_ANCHOR, FIRST_MESSAGE_MAIL_HOLD_SECONDS, MESSAGE_MESSAGES, THREAD_PAGE_SIZE, type Attachment, type Message, type Thread, type ThreadList } from '@domain/messages/schema';
import { utcDay, type RequestDetail } from '@domain/requests/schema';
import type { SessionUser } from '@server/http/context';

type Role = 'admin' | 'export' | 'import' | 'customer';
let t: TestApp;
const cookies: Record<Role, string> = { admin: '', export: '', import: '', customer: '' };
let users: Record<Role, string>;
let company: string;
let shipment: string;
let otherShipment: string;
let otherRequest: string;

const call = (path: string, role: Role, body?: unknown, method?: string) => t.request(path, { cookie: cookies[role], body, method });
async function post(path: string, role: Role, body: unknown): Promise<Message> {
  const res = await call(path, role, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Message;
}
async function thread(path: string, role: Role): Promise<Thread> {
  const res = await call(path, role);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Thread;
}
const unread = async (role: Role) => ((await (await call('/api/threads/unread', role)).json()) as { unread: number }).unread;
const count = async (table: string) => Number((await t.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n);
async function attach(path: string, role: Role, name: string, body: Buffer): Promise<Response> {
  const headers = { origin: ORIGIN, cookie: cookies[role], 'content-type': 'application/octet-stream', [UPLOAD_NAME_HEADER]: encodeURIComponent(name) };
  return t.app.request(`${ORIGIN}${path}`, { method: 'POST', headers, body: new Uint8Array(body) });
}
const mails = async (pattern: string) =>
  (await t.db.execute<{ to: string; html: string; text: string; due_later: boolean; due_soon: boolean; headers: Record<string, string> | null }>(sql`
    select payload->>'to' as to, payload->>'html' as html, payload->>'text' as text, payload->'headers' as headers,
      next_attempt_at > now() + interval '200 seconds' as due_later,
      next_attempt_at <= now() + make_interval(secs => ${FIRST_MESSAGE_MAIL_HOLD_SECONDS}) as due_soon
    from outbox where group_key like ${pattern} order by created_at`)).rows;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'export', 'import', 'customer'] as const) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
  const rows = (await t.db.execute<{ role: Role; id: string }>(sql`select role, id from users where email in ('admin@cargodesk.test', 'export@cargodesk.test', 'import@cargodesk.test', 'customer@cargodesk.test')`)).rows;
  users = Object.fromEntries(rows.map((r) => [r.role, r.id])) as Record<Role, string>;
  company = (await t.db.execute<{ id: string }>(sql`select id from companies where name = 'Anatolia Textiles Ltd'`)).rows[0]!.id;
  const own = (await t.db.execute<{ id: string }>(sql`select id from shipments where company_id = ${company} order by created_at limit 2`)).rows;
  shipment = own[0]!.id;
  await t.db.execute(sql`update shipments set handler_id = ${users.export} where id = ${shipment}`);
  otherShipment = (await t.db.execute<{ id: string }>(sql`select id from shipments where company_id <> ${company} limit 1`)).rows[0]!.id;
  otherRequest = (await t.db.execute<{ id: string }>(sql`select id from requests where company_id <> ${company} limit 1`)).rows[0]!.id;
});
afterAll(async () => t?.close());

describe('a conversation on a shipment', () => {
  const path = () => `/api/shipments/${shipment}/messages`;

  it('starts with no thread, then customer and handler write; each sees the other’s message as new until they read', async () => {
    const empty = await thread(path(), 'customer');
    expect(empty).toEqual({ thread_id: null, read_at: null, messages: [], has_more: false });
    const before = await unread('export');
    const customerBefore = await unread('customer');
    const m1 = await post(path(), 'customer', { body: '  Hello,\r\ncan you confirm the pickup?  ' });
    expect(m1).toMatchObject({ body: 'Hello,\ncan you confirm the pickup?', mine: true, internal: false, author_is_staff: false, author_name: expect.any(String) });
    expect(await unread('export')).toBe(before + 1);
    expect(await unread('customer')).toBe(customerBefore);

    const staffView = await thread(path(), 'export');
    expect(staffView.messages.map((m) => [m.body, m.mine])).toEqual([['Hello,\ncan you confirm the pickup?', false]]);
    expect(staffView.read_at).toBeNull();
    expect((await call(`${path()}/read`, 'export', {})).status).toBe(204);
    expect(await unread('export')).toBe(before);
    expect((await thread(path(), 'export')).read_at).not.toBeNull();

    await post(path(), 'export', { body: 'Pickup confirmed for Thursday.' });
    expect(await unread('customer')).toBe(customerBefore + 1);
    const list = (await (await call('/api/threads?unread=true', 'customer')).json()) as ThreadList;
    expect(list.unread).toBe(customerBefore + 1);
    expect(list.items.every((i) => i.unread)).toBe(true);
    expect(list.items[0]).toMatchObject({ kind: 'shipment', subject_id: shipment, last_excerpt: 'Pickup confirmed for Thursday.', unread: true, last_internal: false });
    expect((await call(`${path()}/read`, 'customer', {})).status).toBe(204);
    expect(await unread('customer')).toBe(customerBefore);
    const newest = await thread(path(), 'customer');
    expect(newest.messages.map((m) => m.body)).toEqual(['Hello,\ncan you confirm the pickup?', 'Pickup confirmed for Thursday.']);
  });

  it('keeps an internal note from the customer: answers, thread list, unread count, row-level security, mails', async () => {
    const customerUnread = await unread('customer');
    const note = await post(path(), 'admin', { body: 'Internal: customer pays late, hold the release', internal: true });
    expect(note.internal).toBe(true);
    expect((await thread(path(), 'export')).messages.map((m) => m.body)).toContain(note.body);
    expect((await thread(path(), 'customer')).messages.map((m) => m.body)).not.toContain(note.body);
    expect(await unread('customer')).toBe(customerUnread);
    const list = (await (await call('/api/threads', 'customer')).json()) as ThreadList;
    expect(JSON.stringify(list)).not.toContain('hold the release');
    const customer = { role: 'customer', company_id: company } as SessionUser;
    const seen = await withCustomerScope(t.db, customer, async (d) => (await d.execute<{ body: string }>(sql`select body from messages`)).rows.map((r) => r.body));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).not.toContain(note.body);
    const all = await mails('thread:%');
    expect(all.filter((m) => m.html.includes('hold the release')).map((m) => m.to)).toEqual(['export@cargodesk.test']);
  });

  it('refuses a customer’s internal note, an empty or too long message, and another company’s shipment: nothing written', async () => {
    const n = await count('messages');
    const internal = await call(path(), 'customer', { body: 'secret', internal: true });
    expect(internal.status).toBe(403);
    expect(((await internal.json()) as { error: { message: string } }).error.message).toBe(MESSAGE_MESSAGES.internalStaffOnly);
    for (const [body, message] of [[{ body: ' \n ' }, MESSAGE_MESSAGES.empty], [{ body: 'x'.repeat(4001) }, MESSAGE_MESSAGES.tooLong], [{}, MESSAGE_MESSAGES.empty]] as const) {
      const res = await call(path(), 'export', body);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(message);
    }
    for (const p of [`/api/shipments/${otherShipment}/messages`, `/api/requests/${otherRequest}/messages`, '/api/shipments/not-an-id/messages']) {
      expect((await call(p, 'customer')).status).toBe(404);
      expect((await call(p, 'customer', { body: 'Hello?' })).status).toBe(404);
      expect((await call(`${p}/read`, 'customer', {})).status).toBe(404);
    }
    expect(await count('messages')).toBe(n);
    expect((await call(`${path()}?before=yesterday`, 'export')).status).toBe(400);
  });

  it('mails the first message of a quiet thread at once, and gathers the ones that follow within the window into one mail (issue 37)', async () => {
    const [s] = (await t.db.execute<{ id: string }>(sql`select id from shipments where company_id = ${company} and id <> ${shipment} limit 1`)).rows;
    await t.db.execute(sql`update shipments set handler_id = ${users.import} where id = ${s!.id}`);
    // The first message of a quiet thread: its mail is due at once (after the short hold for its files).
    await post(`/api/shipments/${s!.id}/messages`, 'export', { body: 'First: the booking is placed.' });
    const threadId = (await t.db.execute<{ id: string }>(sql`select id from threads where shipment_id = ${s!.id}`)).rows[0]!.id;
    const first = await mails(`thread:${threadId}:customer@cargodesk.test`);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ due_soon: true, due_later: false });
    expect(first[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The link opens the customer's page at the conversation (the element with id CONVERSATION_ANCHOR).
    expect(first[0]!.html).toContain(`${ORIGIN}/all-shipments/${s!.id}#${CONVERSATION_ANCHOR}`);
    // The handler (import) hears of another staff member's message too, with a link to the staff page.
    const toHandler = await mails(`thread:${threadId}:import@cargodesk.test`);
    expect(toHandler).toHaveLength(1);
    expect(toHandler[0]!.html).toContain(`${ORIGIN}/shipment/${s!.id}#${CONVERSATION_ANCHOR}`);

    // The worker sends it; the messages that follow within the window gather into one mail, due when the window ends.
    await t.db.execute(sql`update outbox set attempts = 1, status = 'sent' where group_key like ${`thread:${threadId}:%`}`);
    for (const body of ['Second: vessel MSC Gülsün.', 'Third: cut-off Friday 12:00.']) await post(`/api/shipments/${s!.id}/messages`, 'export', { body });
    const after = await mails(`thread:${threadId}:customer@cargodesk.test`);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ due_later: true });
    for (const body of ['Second: vessel MSC Gülsün.', 'Third: cut-off Friday 12:00.']) expect(after[1]!.text).toContain(body);
    expect(after[1]!.text).not.toContain('First:');
    // Once the worker has taken that one too, a new message starts a new one.
    await t.db.execute(sql`update outbox set attempts = 1 where group_key like ${`thread:${threadId}:%`}`);
    await post(`/api/shipments/${s!.id}/messages`, 'export', { body: 'Fourth: sailed.' });
    const last = await mails(`thread:${threadId}:customer@cargodesk.test`);
    expect(last).toHaveLength(3);
    expect(last[2]!.text).toContain('Fourth: sailed.');
    expect(last[2]!.text).not.toContain('Second:');
  });

  it('names the files attached to a message in the mail that tells of it (issue 37)', async () => {
    // A shipment with no conversation yet (a demo thread's earlier mails would be among the thread's mails below);
    // ids are random, so which one is chosen by reference number.
    const [s] = (
      await t.db.execute<{ id: string }>(
        sql`select id from shipments where company_id = ${company} and id <> ${shipment} and not exists (select 1 from threads where threads.shipment_id = shipments.id) order by reference_number limit 1`,
      )
    ).rows;
    const m = await post(`/api/shipments/${s!.id}/messages`, 'customer', { body: 'The packing list and the invoice.' });
    for (const name of ['Packing list İzmir.pdf', 'Invoice 42.pdf']) expect((await attach(`/api/messages/${m.id}/attachments`, 'customer', name, SAMPLES.pdf!)).status).toBe(201);
    const threadId = (await t.db.execute<{ id: string }>(sql`select id from threads where shipment_id = ${s!.id}`)).rows[0]!.id;
    const told = await mails(`thread:${threadId}:%`);
    expect(told.length).toBeGreaterThan(0);
    for (const mail of told) {
      expect(mail.text, mail.to).toContain('Attached: Invoice 42.pdf, Packing list İzmir.pdf');
      expect(mail.html, mail.to).toContain('Attached: Invoice 42.pdf, Packing list İzmir.pdf');
      // Still the one-click unsubscribe of a message mail after the rewrite.
      expect(mail.headers?.['List-Unsubscribe'], mail.to).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\?token=/);
    }
  });

  it('answers the newest 200 messages oldest first, and the older ones with before', async () => {
    // A shipment of the company without a conversation yet (the demo's and this file's others have one), the same on
    // each engine: a query without an order answered rows in storage order, which differs between runs.
    const [s] = (
      await t.db.execute<{ id: string }>(
        sql`select id from shipments s where company_id = ${company} and not exists (select 1 from threads t where t.shipment_id = s.id) order by reference_number limit 1`,
      )
    ).rows;
    await post(`/api/shipments/${s!.id}/messages`, 'export', { body: 'message 0' });
    await t.db.execute(sql`
      insert into messages (thread_id, company_id, author_id, author_name, author_is_staff, body, created_at)
      select t.id, t.company_id, ${users.export}, 'Export Handler', true, 'message ' || g, now() + g * interval '1 second'
      from threads t, generate_series(1, 204) g where t.shipment_id = ${s!.id}`);
    const page = await thread(`/api/shipments/${s!.id}/messages`, 'customer');
    expect(page.messages).toHaveLength(THREAD_PAGE_SIZE);
    expect(page.has_more).toBe(true);
    expect(page.messages[0]!.body).toBe('message 5');
    expect(page.messages.at(-1)!.body).toBe('message 204');
    const older = await thread(`/api/shipments/${s!.id}/messages?before=${encodeURIComponent(page.messages[0]!.created_at)}`, 'customer');
    expect(older.messages.map((m) => m.body)).toEqual(['message 0', 'message 1', 'message 2', 'message 3', 'message 4']);
    expect(older.has_more).toBe(false);
  });
});

describe('files on messages and requests', () => {
  it('lets the author attach a file the other side can open; an internal note’s file stays with staff', async () => {
    const path = `/api/shipments/${shipment}/messages`;
    const m = await post(path, 'customer', { body: 'The packing list, as asked.' });
    const res = await attach(`/api/messages/${m.id}/attachments`, 'customer', 'Packing list İzmir.pdf', SAMPLES.pdf!);
    expect(res.status, await res.clone().text()).toBe(201);
    const file = (await res.json()) as Attachment;
    expect(file.original_name).toBe('Packing list İzmir.pdf');
    const seen = (await thread(path, 'export')).messages.find((x) => x.id === m.id)!;
    expect(seen.attachments.map((a) => a.name)).toEqual([file.name]);
    expect((await call(`/api/documents/${encodeURIComponent(file.name)}/link`, 'customer')).status).toBe(200);

    expect((await attach(`/api/messages/${m.id}/attachments`, 'export', 'x.pdf', SAMPLES.pdf!)).status).toBe(403);
    const files = await count('files');
    expect((await attach(`/api/messages/${m.id}/attachments`, 'customer', 'run.exe', Buffer.from('MZ\x90\x00'))).status).toBe(415);
    expect(await count('files')).toBe(files);

    const note = await post(path, 'export', { body: 'Our copy of the carrier invoice', internal: true });
    const internalFile = (await (await attach(`/api/messages/${note.id}/attachments`, 'export', 'carrier invoice.pdf', SAMPLES.pdf!)).json()) as Attachment;
    expect((await call(`/api/documents/${encodeURIComponent(internalFile.name)}/link`, 'customer')).status).toBe(404);
    expect((await attach(`/api/messages/${note.id}/attachments`, 'customer', 'y.pdf', SAMPLES.pdf!)).status).toBe(404);
    const customer = { role: 'customer', company_id: company } as SessionUser;
    const names = await withCustomerScope(t.db, customer, async (d) => (await d.execute<{ name: string }>(sql`select name from files`)).rows.map((r) => r.name));
    expect(names).toContain(file.name);
    expect(names).not.toContain(internalFile.name);
  });

  it('stops a sixth file and a late one', async () => {
    const m = await post(`/api/shipments/${shipment}/messages`, 'export', { body: 'Five files follow' });
    for (let i = 0; i < 5; i++) expect((await attach(`/api/messages/${m.id}/attachments`, 'export', `f${i}.pdf`, SAMPLES.pdf!)).status).toBe(201);
    const sixth = await attach(`/api/messages/${m.id}/attachments`, 'export', 'f5.pdf', SAMPLES.pdf!);
    expect(sixth.status).toBe(409);
    expect(await sixth.text()).toContain(MESSAGE_MESSAGES.tooManyAttachments);
    const late = await post(`/api/shipments/${shipment}/messages`, 'export', { body: 'Late' });
    await t.db.execute(sql`update messages set created_at = now() - interval '16 minutes' where id = ${late.id}`);
    const res = await attach(`/api/messages/${late.id}/attachments`, 'export', 'late.pdf', SAMPLES.pdf!);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(MESSAGE_MESSAGES.attachTooLate);
  });

  it('puts files on an open request of the customer’s company, in its history, and refuses a closed or another company’s', async () => {
    const created = await call('/api/requests', 'customer', {
      mode: 'air', direction: 'export', origin_airport: 'IST', origin_city: 'Istanbul', origin_country: 'Turkey', destination_airport: 'FRA',
      destination_city: 'Frankfurt', destination_country: 'Germany', cargo_ready_date: utcDay(new Date(Date.now() + 3 * 86_400_000)),
      cargo_description: 'Spare parts', weight_gross: 120, pieces: [{ count: 2, length: 60, width: 40, height: 40, unit: 'cm', weight: 60 }],
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const res = await attach(`/api/requests/${id}/attachments`, 'customer', 'Commercial invoice Gdańsk.pdf', SAMPLES.pdf!);
    expect(res.status, await res.clone().text()).toBe(201);
    const view = (await (await call(`/api/requests/${id}`, 'customer')).json()) as { request: RequestDetail };
    expect(view.request.attachments.map((a) => a.original_name)).toEqual(['Commercial invoice Gdańsk.pdf']);
    expect(view.request.events.map((e) => e.kind)).toContain('attachment_added');
    expect((await attach(`/api/requests/${otherRequest}/attachments`, 'customer', 'x.pdf', SAMPLES.pdf!)).status).toBe(404);
    expect((await call(`/api/requests/${id}/cancel`, 'customer', {})).status).toBe(200);
    const closed = await attach(`/api/requests/${id}/attachments`, 'customer', 'late.pdf', SAMPLES.pdf!);
    expect(closed.status).toBe(409);
    expect(await closed.text()).toContain(MESSAGE_MESSAGES.requestClosed);
    expect((await attach(`/api/requests/${id}/attachments`, 'export', 'staff copy.pdf', SAMPLES.pdf!)).status).toBe(201);
  });

  it('a conversation on a request reaches its handler, or the direction’s staff while it has none', async () => {
    const [r] = (await t.db.execute<{ id: string }>(sql`select id from requests where company_id = ${company} and handler_id is null and direction = 'export' limit 1`)).rows;
    await post(`/api/requests/${r!.id}/messages`, 'customer', { body: 'Any news on this quote?' });
    const threadId = (await t.db.execute<{ id: string }>(sql`select id from threads where request_id = ${r!.id}`)).rows[0]!.id;
    const to = (await mails(`thread:${threadId}:%`)).map((m) => m.to);
    expect(to).toContain('export@cargodesk.test');
    expect(to).not.toContain('customer@cargodesk.test');
    expect(to).not.toContain('import@cargodesk.test');
  });
});
