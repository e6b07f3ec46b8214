/**
 * Request mails in the reader's language (issue 42), on PGlite and PostgreSQL: a company that reads Turkish gets its
 * quote mail in Turkish, heading, lead, money and day written as Turkish writes them (`$2.400,00`, `13 Aralık 2026`),
 * while the English-speaking handler hears of the same request in English.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { utcDay } from '@domain/requests/schema';

let t: TestApp;
const cookies = { export: '', customer: '' };
const inDays = (n: number) => utcDay(new Date(Date.now() + n * 86_400_000));
const AIR = {
  mode: 'air', direction: 'export', origin_airport: 'IST', origin_city: 'Istanbul', origin_country: 'Turkey', destination_airport: 'FRA',
  destination_city: 'Frankfurt', destination_country: 'Germany', cargo_ready_date: inDays(3), incoterm: 'FCA', incoterm_place: 'Istanbul',
  cargo_description: 'Cotton towels', weight_gross: 420, pieces: [{ count: 4, length: 120, width: 80, height: 100, unit: 'cm', weight: 105 }],
};
const mails = async (prefix: string) =>
  (await t.db.execute<{ to: string; subject: string; text: string }>(sql`
    select payload->>'to' as to, payload->>'subject' as subject, payload->>'text' as text from outbox
    where idempotency_key like ${`${prefix}%`} order by payload->>'to'`)).rows;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['export', 'customer'] as const) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
  await t.db.execute(sql`update companies set language = 'tr' where name = 'Anatolia Textiles Ltd'`);
  await t.db.execute(sql`update users set language = null where email = 'export@cargodesk.test'`);
});
afterAll(async () => t?.close());

describe('request mails', () => {
  it('reach a Turkish company in Turkish and the handler in English, about the same request', async () => {
    const res = await t.request('/api/requests', { cookie: cookies.customer, body: AIR });
    expect(res.status, await res.clone().text()).toBe(201);
    const r = (await res.json()) as { id: string; number: string };
    const [toStaff] = await mails(`request-new:${r.id}`);
    expect(toStaff).toMatchObject({ to: 'export@cargodesk.test', subject: `New request for a quote: ${r.number}` });
    expect(toStaff!.text).toMatch(/^Mehmet Yilmaz of Anatolia Textiles Ltd asks for a quote\.\n/);

    const validUntil = inDays(10);
    const quote = {
      valid_until: validUntil, lines: [
        { side: 'sell', category: 'freight', code: 'FRT', description: 'Air freight', quantity: '2', unit: 'shipment', unit_price: '1200', currency: 'USD' },
        { side: 'sell', category: 'handling', code: 'THC', description: 'Handling', unit_price: '180', currency: 'EUR' },
      ],
    };
    const saved = await t.request(`/api/requests/${r.id}/quote`, { cookie: cookies.export, body: quote, method: 'PUT' });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await t.request(`/api/requests/${r.id}/quote/send`, { cookie: cookies.export, body: {} })).status).toBe(200);
    const [toCustomer] = await mails(`quote-sent:${r.id}`);
    expect(toCustomer!.subject).toBe(`Teklifiniz hazır: ${r.number}`);
    const day = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${validUntil}T00:00:00Z`));
    expect(toCustomer!.text.split('\n')[0]).toBe(`${r.number} numaralı talebinize teklif verdik: $2.400,00 + €180,00, ${day} tarihine kadar geçerli.`);
    // The request's history keeps the English line its staff read.
    const [event] = (await t.db.execute<{ totals: string }>(sql`
      select detail->>'totals' as totals from request_events where request_id = ${r.id} and kind = 'quote_sent'`)).rows;
    expect(event!.totals).toBe('2,400.00 USD + 180.00 EUR');
  });

  it("tell a declined quote's reason in the handler's language, the customer's note as written", async () => {
    const decline = async (body: { reason: string; note?: string }) => {
      const res = await t.request('/api/requests', { cookie: cookies.customer, body: AIR });
      const { id } = (await res.json()) as { id: string };
      const quote = { valid_until: inDays(10), lines: [{ side: 'sell', category: 'freight', code: 'FRT', unit_price: '900', currency: 'EUR' }] };
      expect((await t.request(`/api/requests/${id}/quote`, { cookie: cookies.export, body: quote, method: 'PUT' })).status).toBe(200);
      expect((await t.request(`/api/requests/${id}/quote/send`, { cookie: cookies.export, body: {} })).status).toBe(200);
      const answered = await t.request(`/api/requests/${id}/quote/decline`, { cookie: cookies.customer, body });
      expect(answered.status, await answered.clone().text()).toBe(200);
      const [mail] = await mails(`request-quote_declined:${id}`);
      return mail!.text.split('\n')[0];
    };
    expect(await decline({ reason: 'too_expensive', note: 'Another forwarder quoted 1.90/kg' })).toBe(
      'Mehmet Yilmaz of Anatolia Textiles Ltd declined the quote: Too expensive — Another forwarder quoted 1.90/kg.',
    );
    await t.db.execute(sql`update users set language = 'tr' where email = 'export@cargodesk.test'`);
    try {
      expect(await decline({ reason: 'transit_too_long' })).toBe('Anatolia Textiles Ltd firmasından Mehmet Yilmaz teklifi reddetti: Transit süresi çok uzun.');
    } finally {
      await t.db.execute(sql`update users set language = null where email = 'export@cargodesk.test'`);
    }
  });
});
