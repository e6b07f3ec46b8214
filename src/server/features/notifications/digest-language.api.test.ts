/**
 * The daily digest in its reader's language (issue 42), on PGlite and PostgreSQL: a contact of a company that reads
 * Turkish and chose the digest reads each line in Turkish (a status change, new estimated dates, a rejected checklist
 * document, a quote with its money and day), moments in their time zone, as Turkish writes them; an English reader gets
 * the same kinds of line in English word for word as before; the lines are still stored in English; and a line stored
 * before migration 0057 (no messages) is shown as stored.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, TEST_AUTH_SECRET, type TestApp } from '@tests/helpers/test-app';
import { utcDay } from '@domain/requests/schema';
import type { ShipmentChecklist } from '@domain/checklist/schema';
import { UPLOAD_NAME_HEADER } from '@domain/documents/schema';
import { loadRefs, seaBody, type Refs } from '@server/features/shipments/test-fixtures';
import { SAMPLES } from '@server/features/documents/test-fixtures';
import { runDigests } from './digest';

let t: TestApp;
let refs: Refs;
const cookies = { admin: '', export: '', customer: '' };
const deps = { publicUrl: ORIGIN, linkSecret: TEST_AUTH_SECRET };
/** The demo company's primary contact, the signed-in customer: status changes reach them. */
const READER = 'customer@cargodesk.test';
const REASON = 'The gross weight differs from the booking.';
const VALID_UNTIL = '2031-01-15';

const inDays = (n: number) => utcDay(new Date(Date.now() + n * 86_400_000));
const AIR_REQUEST = {
  mode: 'air', direction: 'export', origin_airport: 'IST', origin_city: 'Istanbul', origin_country: 'Turkey', destination_airport: 'FRA',
  destination_city: 'Frankfurt', destination_country: 'Germany', cargo_ready_date: inDays(3), incoterm: 'FCA', incoterm_place: 'Istanbul',
  cargo_description: 'Cotton towels', weight_gross: 420, pieces: [{ count: 4, length: 120, width: 80, height: 100, unit: 'cm', weight: 105 }],
};
const QUOTE = {
  valid_until: VALID_UNTIL, lines: [
    { side: 'sell', category: 'freight', code: 'FRT', description: 'Air freight', quantity: '2', unit: 'shipment', unit_price: '1200', currency: 'USD' },
    { side: 'sell', category: 'handling', code: 'THC', description: 'Handling', unit_price: '180', currency: 'EUR' },
  ],
};

async function ok<T>(res: Response, status: number): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json().catch(() => null)) as T;
}

/**
 * The day's events for the reader: a sea export whose status moves on, whose estimated arrival moves and whose packing
 * list is rejected, and a request of theirs that is quoted. Answers the shipment's reference and link, the request's
 * number and link.
 */
async function events(): Promise<{ ref: string; shipmentUrl: string; number: string; requestUrl: string }> {
  const body = seaBody(refs, { company_id: refs.anatolia, estimated_departure: '2030-06-10T09:30:00.000Z', estimated_arrival: '2030-07-01T18:00:00.000Z' });
  const s = await ok<{ id: string; reference_number: string }>(await t.request('/api/shipments', { cookie: cookies.export, body }), 201);
  await ok(await t.request(`/api/shipments/${s.id}/status`, { cookie: cookies.export, body: { status: 'in_transit' } }), 200);
  await ok(await t.request(`/api/shipments/${s.id}`, { cookie: cookies.admin, method: 'PUT', body: { ...body, estimated_arrival: '2030-07-05T10:00:00.000Z' } }), 200);

  const checklist = await ok<ShipmentChecklist>(await t.request(`/api/shipments/${s.id}/checklist`, { cookie: cookies.export }), 200);
  const item = checklist.items.find((i) => i.name === 'Packing List')!;
  const headers = { origin: ORIGIN, cookie: cookies.customer, 'content-type': 'application/octet-stream', [UPLOAD_NAME_HEADER]: encodeURIComponent('Packing list.pdf') };
  await ok(await t.app.request(`${ORIGIN}/api/checklist-items/${item.id}/upload`, { method: 'POST', headers, body: SAMPLES.pdf! } as RequestInit), 201);
  expect((await t.request(`/api/checklist-items/${item.id}/review`, { cookie: cookies.export, body: { decision: 'reject', reason: REASON } })).status).toBe(204);

  const r = await ok<{ id: string; number: string }>(await t.request('/api/requests', { cookie: cookies.customer, body: AIR_REQUEST }), 201);
  await ok(await t.request(`/api/requests/${r.id}/quote`, { cookie: cookies.export, body: QUOTE, method: 'PUT' }), 200);
  await ok(await t.request(`/api/requests/${r.id}/quote/send`, { cookie: cookies.export, body: {} }), 200);
  return { ref: s.reference_number, shipmentUrl: `${ORIGIN}/all-shipments/${s.id}`, number: r.number, requestUrl: `${ORIGIN}/requests/${r.id}` };
}

/** The reader's digest for `day` (run at 20:00 UTC, past their hour): its subject and its lines ('- title: detail url'). */
async function digestOf(day: string): Promise<{ subject: string; lines: string[] }> {
  await runDigests(t.db, deps, new Date(`${day}T20:00:00Z`));
  const [mail] = (await t.db.execute<{ subject: string; text: string }>(sql`
    select payload->>'subject' as subject, payload->>'text' as text from outbox where idempotency_key = ${`digest:${READER}:${day}`}`)).rows;
  expect(mail, `a digest for ${day}`).toBeDefined();
  return { subject: mail!.subject, lines: mail!.text.split('\n').filter((l) => l.startsWith('- ')) };
}

beforeAll(async () => {
  t = await createTestApp();
  refs = await loadRefs(t);
  for (const role of ['admin', 'export', 'customer'] as const) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
  await t.db.execute(sql`update companies set language = 'tr' where id = ${refs.anatolia}`);
  await t.db.execute(sql`update users set language = null where email = 'export@cargodesk.test'`);
  // The reader chose the digest for status changes and quotes too (dates and documents due are daily by default),
  // at 08:00 in Istanbul.
  await t.db.execute(sql`insert into notification_preferences (email, event, mode) values
    (${READER}, 'status_changed', 'daily'), (${READER}, 'quote_sent', 'daily'), (${READER}, 'dates_changed', 'daily'), (${READER}, 'checklist_due', 'daily')
    on conflict (email, event) do update set mode = 'daily'`);
  await t.db.execute(sql`insert into notification_profiles (email, digest_hour, time_zone) values (${READER}, 8, 'Europe/Istanbul')
    on conflict (email) do update set digest_hour = 8, time_zone = 'Europe/Istanbul'`);
});
afterAll(async () => t?.close());

describe('the daily digest in the reader’s language', () => {
  it('a Turkish company’s contact reads every line in Turkish; the lines are stored in English; an older line as stored', async () => {
    const e = await events();
    await t.db.execute(sql`insert into notification_digest_items (email, event, title, detail, url) values (${READER}, 'document_added', 'REF-OLD', 'Invoice added', '/old')`);
    const digest = await digestOf('2031-03-01');
    expect(digest.lines).toEqual([
      `- ${e.ref}: İşlemde → Yolda ${e.shipmentUrl}`,
      `- ${e.ref}: tahmini varış 1.07.2030 21:00 → 5.07.2030 13:00 ${e.shipmentUrl}`,
      '- REF-OLD: Invoice added /old',
      `- ${e.ref}: Çeki Listesi reddedildi: ${REASON} ${e.shipmentUrl}`,
      `- ${e.number}: teklif $2.400,00 + €180,00, 15 Ocak 2031 tarihine kadar geçerli ${e.requestUrl}`,
    ]);
    expect(digest.subject).toMatch(/^2031-03-01 tarihli Cargodesk özetiniz: /);

    // What is stored stays English, as every line was before (the history of a line, and searches on it, read it).
    const stored = (await t.db.execute<{ title: string; detail: string }>(sql`
      select title, detail from notification_digest_items where email = ${READER} and title in (${e.ref}, ${e.number}) order by event, created_at`)).rows;
    expect(stored).toEqual(expect.arrayContaining([
      { title: e.ref, detail: 'In Progress → In Transit' },
      { title: e.ref, detail: 'estimated arrival 2030-07-01 18:00 UTC → 2030-07-05 10:00 UTC' },
      { title: e.ref, detail: `Packing List rejected: ${REASON}` },
      { title: e.number, detail: `quote 2,400.00 USD + 180.00 EUR, valid until ${VALID_UNTIL}` },
    ]));
  });

  it('an English reader gets the same kinds of line in English, word for word', async () => {
    await t.db.execute(sql`update companies set language = 'en' where id = ${refs.anatolia}`);
    const e = await events();
    const digest = await digestOf('2031-03-02');
    expect(digest.lines).toEqual([
      `- ${e.ref}: In Progress → In Transit ${e.shipmentUrl}`,
      `- ${e.ref}: estimated arrival 2030-07-01 18:00 UTC → 2030-07-05 10:00 UTC ${e.shipmentUrl}`,
      `- ${e.ref}: Packing List rejected: ${REASON} ${e.shipmentUrl}`,
      `- ${e.number}: quote 2,400.00 USD + 180.00 EUR, valid until ${VALID_UNTIL} ${e.requestUrl}`,
    ]);
    expect(digest.subject).toMatch(/^Your Cargodesk digest for 2031-03-02: 4 updates$/);
  });
});
