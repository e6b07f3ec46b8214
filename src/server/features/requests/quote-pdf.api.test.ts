/**
 * The quote PDF of a request (issue 16, decision record 0237), on PGlite and PostgreSQL: staff preview a draft (marked
 * DRAFT), the customer gets nothing until the quote is sent and then the sent quote; another company's request is the
 * request read's 404; the text pdf.js extracts holds the reference, the customer, each charge and each currency's
 * total, never a carrier cost; each download is audited.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { pdfText } from '@tests/helpers/pdf-text';
import { REQUEST_MESSAGES, utcDay } from '@domain/requests/schema';
import { QUOTE_MESSAGES } from '@domain/requests/quote-schema';

type Role = 'admin' | 'export' | 'customer';

let t: TestApp;
const cookies: Record<Role, string> = { admin: '', export: '', customer: '' };
let ownCompany: string;

const inDays = (n: number) => utcDay(new Date(Date.now() + n * 86_400_000));
const SEA = {
  mode: 'sea', direction: 'export', sea_load: 'fcl', equipment: [{ type: '40HC', count: 2 }],
  origin_port: 'İzmir', origin_city: 'İzmir', origin_country: 'Türkiye', destination_port: 'Gdańsk', destination_city: 'Gdańsk', destination_country: 'Poland',
  cargo_ready_date: inDays(5), incoterm: 'FOB', incoterm_place: 'İzmir', cargo_description: 'Dried figs for Müller, Gdańsk', weight_gross: 18_500,
};
const QUOTE = {
  valid_until: inDays(10), transit_days: 12, terms: 'Subject to space', customer_note: 'Weekly service via Gdańsk',
  // The sell lines the customer sees, and the carrier's buy lines they never see.
  lines: [
    { side: 'sell', category: 'freight', code: 'FRT', description: 'Ocean freight İzmir – Gdańsk', quantity: '1', unit_price: '2400', currency: 'USD' },
    { side: 'sell', category: 'handling', code: 'THC', description: 'Terminal handling', quantity: '1', unit_price: '180.50', currency: 'EUR' },
    { side: 'sell', category: 'documentation', code: 'DOC', description: 'B/L fee', quantity: '1', unit_price: '65', currency: 'EUR' },
    { side: 'buy', category: 'freight', code: 'FRT', description: 'Carrier rate', quantity: '1', unit_price: '1937.45', currency: 'USD' },
    { side: 'buy', category: 'handling', code: 'THC', description: 'Terminal cost', quantity: '1', unit_price: '121.35', currency: 'EUR' },
    { side: 'buy', category: 'documentation', code: 'DOC', description: 'B/L cost', quantity: '1', unit_price: '43.21', currency: 'EUR' },
  ],
};
/** The carrier costs above as a paper would print them: none may appear. */
const COSTS = ['1,937.45', '1937.45', '121.35', '43.21', '164.56'];

const call = (path: string, role: Role, body?: unknown, method?: string) => t.request(path, { cookie: cookies[role], body, method });

async function submit(): Promise<{ id: string; number: string }> {
  const res = await call('/api/requests', 'customer', SEA);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; number: string };
}

async function pdfOf(res: Response): Promise<string> {
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  return pdfText(bytes);
}

const audits = async (target: string) =>
  (await t.db.execute<{ email: string; details: { draft: boolean; file_name: string } }>(sql`
    select actor_email as email, details from audit_log where action = 'request.quote_pdf' and target = ${target} order by created_at`)).rows;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'export', 'customer'] as const) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
  ownCompany = (await t.db.execute<{ id: string }>(sql`select id from companies where name = 'Anatolia Textiles Ltd'`)).rows[0]!.id;
  // The ports in their own letters: a request names ports of the directory (issue 37), which spells them without.
  await t.db.execute(sql`insert into seaports (name, country) values ('İzmir', 'Türkiye'), ('Gdańsk', 'Poland')`);
  // The customer's address in Turkish letters, as the paper must print it.
  await t.db.execute(sql`update companies set address = ${'Halaskargazi Cad. No: 12\n34371 Şişli, İstanbul'} where id = ${ownCompany}`);
});
afterAll(async () => t?.close());

describe('GET /api/requests/:id/quote.pdf', () => {
  it('staff preview a draft; the customer gets it only once sent, with the values and never a cost', async () => {
    const r = await submit();
    // No quote yet: 404 for everyone.
    for (const role of ['export', 'customer'] as const) {
      const res = await call(`/api/requests/${r.id}/quote.pdf`, role);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(QUOTE_MESSAGES.notFound);
    }

    expect((await call(`/api/requests/${r.id}/quote`, 'export', QUOTE, 'PUT')).status).toBe(200);
    // The draft: staff's preview, marked DRAFT; the customer does not know it exists.
    const draft = await pdfOf(await call(`/api/requests/${r.id}/quote.pdf`, 'export'));
    expect(draft).toContain('DRAFT');
    expect(draft).toContain(r.number);
    for (const cost of COSTS) expect(draft).not.toContain(cost);
    const hidden = await call(`/api/requests/${r.id}/quote.pdf`, 'customer');
    expect(hidden.status).toBe(404);
    expect(((await hidden.json()) as { error: { message: string } }).error.message).toBe(QUOTE_MESSAGES.notFound);

    expect((await call(`/api/requests/${r.id}/quote/send`, 'export', {})).status).toBe(200);
    for (const role of ['export', 'customer'] as const) {
      // Over a real socket once, as a browser gets it: the PDF streams through the Node server.
      const res = await t.request(`/api/requests/${r.id}/quote.pdf`, { cookie: cookies[role], socket: role === 'customer' });
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="QUO-${r.number}.pdf"; filename*=UTF-8''QUO-${r.number}.pdf`);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const text = await pdfOf(res);
      for (const value of [
        'Quotation', r.number, 'Anatolia Textiles Ltd', '34371 Şişli, İstanbul', 'Port: İzmir', 'İzmir, Türkiye', 'Port: Gdańsk', 'Gdańsk, Poland',
        'FOB İzmir', '2 × 40HC', 'Dried figs for Müller, Gdańsk', '18,500 kg', '12 days',
        'Ocean freight İzmir – Gdańsk 1 × 2,400.00 per shipment USD 2,400.00', 'Terminal handling 1 × 180.50 per shipment EUR 180.50',
        'B/L fee 1 × 65.00 per shipment EUR 65.00',
        'Total USD USD 2,400.00', 'Total EUR EUR 245.50', 'Weekly service via Gdańsk', 'Subject to space',
      ]) {
        expect(text, `${role}: expected "${value}"`).toContain(value);
      }
      const valid = new Date(`${QUOTE.valid_until}T00:00:00Z`);
      expect(text).toContain(`Valid until ${valid.getUTCDate()} ${valid.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })} ${valid.getUTCFullYear()}`);
      expect(text).not.toContain('DRAFT');
      for (const cost of COSTS) expect(text, `${role}: a cost was printed`).not.toContain(cost);
      expect(text).not.toMatch(/\bcost\b|margin/i);
    }
    // Each download is audited, the draft preview as a draft.
    expect((await audits(r.number)).map((a) => [a.email, a.details.draft, a.details.file_name])).toEqual([
      ['export@cargodesk.test', true, `QUO-${r.number}.pdf`],
      ['export@cargodesk.test', false, `QUO-${r.number}.pdf`],
      ['customer@cargodesk.test', false, `QUO-${r.number}.pdf`],
    ]);

    // Saved again, the quote is a draft again: the customer's PDF is gone until it is sent again (decision 0233).
    expect((await call(`/api/requests/${r.id}/quote`, 'export', { ...QUOTE, transit_days: 14 }, 'PUT')).status).toBe(200);
    expect((await call(`/api/requests/${r.id}/quote.pdf`, 'customer')).status).toBe(404);
    expect((await call(`/api/requests/${r.id}/quote/send`, 'export', {})).status).toBe(200);
    expect(await pdfOf(await call(`/api/requests/${r.id}/quote.pdf`, 'customer'))).toContain('14 days');
  });

  it("another company's request is the request read's 404 to a customer, even with a sent quote; staff get it", async () => {
    const [other] = (await t.db.execute<{ id: string; number: string }>(sql`
      select r.id, r.number from requests r join request_quotes q on q.request_id = r.id
      where r.company_id <> ${ownCompany} and q.sent_at is not null limit 1`)).rows;
    expect(other).toBeDefined();
    const read = await call(`/api/requests/${other!.id}`, 'customer');
    const res = await call(`/api/requests/${other!.id}/quote.pdf`, 'customer');
    expect([read.status, res.status]).toEqual([404, 404]);
    const readBody = (await read.json()) as { error: { message: string } };
    expect(readBody.error.message).toBe(REQUEST_MESSAGES.notFound);
    expect(await res.json()).toEqual(readBody);
    expect(await pdfOf(await call(`/api/requests/${other!.id}/quote.pdf`, 'admin'))).toContain(other!.number);
    // A made-up id or a malformed one: 404 for staff too.
    expect((await call(`/api/requests/${crypto.randomUUID()}/quote.pdf`, 'admin')).status).toBe(404);
    expect((await call('/api/requests/not-an-id/quote.pdf', 'admin')).status).toBe(404);
    expect((await t.request(`/api/requests/${other!.id}/quote.pdf`)).status).toBe(401);
  });
});
