/**
 * A shipment moved to another company (issue 37, decision record 0251, migration 0030), on PGlite and PostgreSQL:
 * its thread, messages, carrier events and checklist go with it; the old company's share links end, and what was still
 * waiting to reach the old company about it (digest lines, webhook deliveries) is dropped. The old company's customer
 * then gets 404 on every part of it; the new company's customer sees the conversation and the carrier events.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '@tests/helpers/test-app';
import { createUserWithPassword } from '@server/db/seed/demo';
import { withCustomerScope } from '@server/db/customer-scope';
import type { CreatedShareLink, ShareLinkList } from '@domain/share-links/schema';
import type { Thread, ThreadList } from '@domain/messages/schema';
import type { SessionUser } from '@server/http/context';
import { loadRefs, ref, seaBody, type Refs } from './test-fixtures';

let t: TestApp;
let refs: Refs;
const cookies = { admin: '', export: '', oldCustomer: '', newCustomer: '' };
const CONTAINER = 'TGHU4000006';
const EVENT_ID = `move-${Date.now()}`;
let body: Record<string, unknown>;
let shipment: string;
let link: CreatedShareLink;

const get = (path: string, cookie: string) => t.request(path, { cookie });
async function ok<T>(path: string, cookie: string): Promise<T> {
  const res = await get(path, cookie);
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as T;
}
const move = async (company: string) => {
  const res = await t.request(`/api/shipments/${shipment}`, { cookie: cookies.admin, method: 'PUT', body: { ...body, company_id: company } });
  expect(res.status, await res.clone().text()).toBe(200);
};
const scoped = (company: string) => ({ role: 'customer', company_id: company }) as SessionUser;

beforeAll(async () => {
  t = await createTestApp();
  refs = await loadRefs(t);
  // A contact of the other company with an account (the demo has none).
  await createUserWithPassword(t.db, { email: 'l.becker@rhein-maschinen.example', name: 'Lukas Becker', role: 'customer', password: DEMO_PASSWORD });
  cookies.admin = await t.signIn('admin@cargodesk.test');
  cookies.export = await t.signIn('export@cargodesk.test');
  cookies.oldCustomer = await t.signIn('customer@cargodesk.test');
  cookies.newCustomer = await t.signIn('l.becker@rhein-maschinen.example');

  body = seaBody(refs, {
    reference_number: ref('MOVE'), loading_type: 'export', trackable: true, container_number: CONTAINER,
    containers: [{ type: '40HC', number: CONTAINER, carrier_seal_number: 'SL-1' }],
  });
  const made = await t.request('/api/shipments', { cookie: cookies.admin, body });
  expect(made.status, await made.clone().text()).toBe(201);
  shipment = ((await made.json()) as { id: string }).id;

  // The old company's life with it: a conversation, a carrier event, a share link, a webhook, a digest line.
  expect((await t.request(`/api/shipments/${shipment}/messages`, { cookie: cookies.oldCustomer, body: { body: 'Old company asks' } })).status).toBe(201);
  expect((await t.request(`/api/shipments/${shipment}/messages`, { cookie: cookies.admin, body: { body: 'Staff answers' } })).status).toBe(201);
  const event = {
    eventID: EVENT_ID,
    eventDateTime: '2025-01-23T01:23:45Z',
    eventLocation: { locationName: 'Port of Amsterdam', UNLocationCode: 'NLAMS' },
    eventClassification: { eventTypeCode: 'EQUIPMENT', eventClassifierCode: 'ACT', equipmentEventTypeCode: 'LOAD' },
    equipmentDetails: { equipmentReference: CONTAINER, ISOEquipmentCode: '22GP', emptyIndicatorCode: 'LADEN' },
  };
  const intake = await t.request('/api/dcsa/v3/events', { cookie: cookies.export, body: [event] });
  expect(intake.status, await intake.clone().text()).toBe(200);
  const shared = await t.request(`/api/shipments/${shipment}/share-links`, { cookie: cookies.oldCustomer, body: {} });
  expect(shared.status, await shared.clone().text()).toBe(201);
  link = (await shared.json()) as CreatedShareLink;
  const hook = await t.request('/api/webhooks', { cookie: cookies.oldCustomer, body: { url: 'http://127.0.0.1:9/moved', events: ['status_changed'] } });
  expect(hook.status, await hook.clone().text()).toBe(201);
  expect((await t.request(`/api/shipments/${shipment}/status`, { cookie: cookies.admin, body: { status: 'in_transit' } })).status).toBe(200);
  body = { ...body, estimated_arrival: '2026-03-06T18:00:00.000Z' };
  await move(refs.anatolia); // the same company: only the new date, which the old company's contacts get in their digest
});
afterAll(async () => t?.close());

describe('before the move', () => {
  it('the old company reads every part of it, and the new company none', async () => {
    for (const path of ['', '/messages', '/carrier-events', '/checklist', '/documents']) {
      expect((await get(`/api/shipments/${shipment}${path}`, cookies.oldCustomer)).status, path).toBe(200);
      expect((await get(`/api/shipments/${shipment}${path}`, cookies.newCustomer)).status, path).toBe(404);
    }
    expect((await t.request(`/api/track/${link.token}`)).status).toBe(200);
    const pending = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_deliveries d where d.company_id = ${refs.anatolia} and d.state = 'pending' and d.payload like ${`%${shipment}%`}`);
    expect(pending.rows[0]!.n).toBe(1);
    const digest = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from notification_digest_items where shipment_id = ${shipment} and email = 'customer@cargodesk.test' and digest_id is null`);
    expect(digest.rows[0]!.n).toBeGreaterThan(0);
  });
});

describe('moved to another company', () => {
  beforeAll(async () => move(refs.rhein));

  it('the old company gets 404 on the shipment, its thread, events, checklist, documents and share link page', async () => {
    for (const path of ['', '/messages', '/carrier-events', '/checklist', '/documents', '/share-links']) {
      expect((await get(`/api/shipments/${shipment}${path}`, cookies.oldCustomer)).status, path).toBe(404);
    }
    expect((await t.request(`/api/track/${link.token}`)).status).toBe(404);
    const threads = await ok<ThreadList>('/api/threads', cookies.oldCustomer);
    expect(threads.items.map((i) => i.subject_id)).not.toContain(shipment);
    const read = await ok<unknown[]>(`/api/dcsa/v3/events?equipmentReference=${CONTAINER}`, cookies.oldCustomer);
    expect(JSON.stringify(read)).not.toContain(EVENT_ID);
  });

  it('under row-level security the old company reads no row of it: thread, messages, events, links, checklist', async () => {
    const seen = await withCustomerScope(t.db, scoped(refs.anatolia), async (d) =>
      (await d.execute<{ n: number }>(sql`
        select (select count(*) from threads where shipment_id = ${shipment})
          + (select count(*) from messages m join threads th on th.id = m.thread_id where th.shipment_id = ${shipment})
          + (select count(*) from carrier_events where shipment_id = ${shipment})
          + (select count(*) from shipment_checklist_items where shipment_id = ${shipment})
          + (select count(*) from shipments where id = ${shipment}) as n`)).rows[0]!.n,
    );
    expect(Number(seen)).toBe(0);
    const moved = await withCustomerScope(t.db, scoped(refs.rhein), async (d) =>
      (await d.execute<{ n: number }>(sql`select count(*)::int as n from messages m join threads th on th.id = m.thread_id where th.shipment_id = ${shipment}`)).rows[0]!.n,
    );
    expect(Number(moved)).toBe(2);
  });

  it('the new company sees the conversation, the carrier events and the checklist', async () => {
    const thread = await ok<Thread>(`/api/shipments/${shipment}/messages`, cookies.newCustomer);
    expect(thread.messages.map((m) => m.body)).toEqual(['Old company asks', 'Staff answers']);
    const threads = await ok<ThreadList>('/api/threads', cookies.newCustomer);
    expect(threads.items.map((i) => i.subject_id)).toContain(shipment);
    const events = await ok<{ code: string | null }[]>(`/api/shipments/${shipment}/carrier-events`, cookies.newCustomer);
    expect(events.length).toBe(1);
    const read = await ok<unknown[]>(`/api/dcsa/v3/events?equipmentReference=${CONTAINER}`, cookies.newCustomer);
    expect(JSON.stringify(read)).toContain(EVENT_ID);
    const checklist = await ok<{ items: unknown[] }>(`/api/shipments/${shipment}/checklist`, cookies.newCustomer);
    expect(checklist.items.length).toBeGreaterThan(0);
    expect((await get(`/api/shipments/${shipment}/documents`, cookies.newCustomer)).status).toBe(200);
  });

  it('ends the old company’s share links: revoked for staff, not listed for the new company', async () => {
    const staff = await ok<ShareLinkList>(`/api/shipments/${shipment}/share-links`, cookies.admin);
    expect(staff.rows.find((r) => r.id === link.id)?.state).toBe('revoked');
    const theirs = await ok<ShareLinkList>(`/api/shipments/${shipment}/share-links`, cookies.newCustomer);
    expect(theirs.rows).toEqual([]);
  });

  it('drops what was still to reach the old company about it: its digest lines and pending webhook deliveries', async () => {
    const pending = await t.db.execute<{ state: string }>(sql`select state from webhook_deliveries d where d.company_id = ${refs.anatolia} and d.payload like ${`%${shipment}%`}`);
    expect(pending.rows.map((r) => r.state)).toEqual(['cancelled']);
    const digest = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from notification_digest_items where shipment_id = ${shipment} and email = 'customer@cargodesk.test' and digest_id is null`);
    expect(digest.rows[0]!.n).toBe(0);
  });

  it('moved back, the first company sees the thread again but its ended link stays ended', async () => {
    await move(refs.anatolia);
    const thread = await ok<Thread>(`/api/shipments/${shipment}/messages`, cookies.oldCustomer);
    expect(thread.messages.map((m) => m.body)).toEqual(['Old company asks', 'Staff answers']);
    expect((await get(`/api/shipments/${shipment}/messages`, cookies.newCustomer)).status).toBe(404);
    expect((await t.request(`/api/track/${link.token}`)).status).toBe(404);
  });
});
