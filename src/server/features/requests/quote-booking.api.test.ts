/**
 * Accepting a quote books it (issue 38, decision record 0258), on PGlite and PostgreSQL: an FCL request for 2 x 40HC
 * and 1 x 20DC (the portal's name of a 20' general purpose) quoted with freight, BAF and THC lines and a cost becomes a shipment with those three containers, the
 * customer as its shipper (export) or consignee (import), and the quote's lines as its own, sell and buy; the customer
 * never reads the cost, in the answers or under row-level security.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { withCustomerScope } from '@server/db/customer-scope';
import { utcDay } from '@domain/requests/schema';
import type { StaffQuote } from '@domain/requests/quote-schema';
import type { SessionUser } from '@server/http/context';

type Role = 'export' | 'import' | 'customer';
let t: TestApp;
const cookies: Record<Role, string> = { export: '', import: '', customer: '' };
let company: { id: string; name: string; address: string | null };

const inDays = (n: number) => utcDay(new Date(Date.now() + n * 86_400_000));
const call = (path: string, role: Role, body?: unknown, method?: string) => t.request(path, { cookie: cookies[role], body, method });
const FCL = {
  mode: 'sea', direction: 'export', sea_load: 'fcl', equipment: [{ type: '40HC', count: 2 }, { type: '20DC', count: 1 }],
  origin_port: 'Istanbul', destination_port: 'Rotterdam', cargo_ready_date: inDays(5), cargo_description: 'Ceramic tiles', weight_gross: 42_000,
};
const LINES = [
  { side: 'sell', category: 'freight', code: 'FRT', description: 'Ocean freight', quantity: '3', unit: 'container', unit_price: '1150.50', currency: 'USD', vat_category: 'Z', vat_rate: '0' },
  { side: 'sell', category: 'freight', code: 'BAF', description: 'Bunker surcharge', quantity: '3', unit: 'container', unit_price: '95', currency: 'USD' },
  { side: 'sell', category: 'handling', code: 'THC', description: 'Terminal handling Ambarli', quantity: '3', unit: 'container', unit_price: '140.25', currency: 'EUR', vat_category: 'S', vat_rate: '20' },
  { side: 'buy', category: 'freight', code: 'FRT', description: 'Carrier rate', quantity: '3', unit: 'container', unit_price: '987.65', currency: 'USD' },
];
const QUOTE = { valid_until: inDays(10), transit_days: 14, lines: LINES };
const COLUMNS = sql.raw(`side, category, code, description, quantity::text, unit, unit_price::text, amount::text, currency, vat_category, vat_rate::text, exemption_reason`);

/** An FCL request of the given direction, quoted and sent by its direction's handler, accepted by the customer. */
async function book(direction: 'export' | 'import') {
  const submitted = await call('/api/requests', 'customer', { ...FCL, direction });
  expect(submitted.status, await submitted.clone().text()).toBe(201);
  const { id } = (await submitted.json()) as { id: string };
  const saved = await call(`/api/requests/${id}/quote`, direction, QUOTE, 'PUT');
  expect(saved.status, await saved.clone().text()).toBe(200);
  expect((await call(`/api/requests/${id}/quote/send`, direction, {})).status).toBe(200);
  const accepted = await call(`/api/requests/${id}/accept`, 'customer', {});
  expect(accepted.status, await accepted.clone().text()).toBe(201);
  return { requestId: id, shipmentId: ((await accepted.json()) as { shipment_id: string }).shipment_id };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['export', 'import', 'customer'] as const) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
  company = (await t.db.execute<typeof company>(sql`select id, name, address from companies where name = 'Anatolia Textiles Ltd'`)).rows[0]!;
});
afterAll(async () => t?.close());

describe('accepting an FCL quote', () => {
  it('books the containers by type and count, the customer as shipper, and the quote’s lines, sell and buy', async () => {
    const { requestId, shipmentId } = await book('export');

    const containers = (await t.db.execute<{ type: string; position: number }>(sql`
      select type, position from shipment_containers where shipment_id = ${shipmentId} order by position`)).rows;
    expect(containers).toEqual([{ type: '40HC', position: 0 }, { type: '40HC', position: 1 }, { type: '20DC', position: 2 }]);

    const [s] = (await t.db.execute<Record<string, unknown>>(sql`
      select loading_type, shipper_company_id, shipper_name, shipper_address, consignee_company_id, consignee_name, currency
      from shipments where id = ${shipmentId}`)).rows;
    expect(s).toEqual({
      loading_type: 'export', shipper_company_id: company.id, shipper_name: company.name, shipper_address: company.address,
      consignee_company_id: null, consignee_name: null, currency: 'USD',
    });

    // The shipment's lines are the quote's, copied: same values, in the same order, its own (no request, no field, unbilled).
    const quoted = (await t.db.execute(sql`select ${COLUMNS} from charge_lines where request_id = ${requestId} order by position`)).rows;
    const booked = (await t.db.execute(sql`select ${COLUMNS} from charge_lines where shipment_id = ${shipmentId} order by position`)).rows;
    expect(quoted.length).toBe(4);
    expect(booked).toEqual(quoted);
    expect(booked.map((l) => [l.side, l.code, l.amount])).toEqual([
      ['sell', 'FRT', '3451.5000'], ['sell', 'BAF', '285.0000'], ['sell', 'THC', '420.7500'], ['buy', 'FRT', '2962.9500'],
    ]);
    const [own] = (await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from charge_lines where shipment_id = ${shipmentId} and request_id is null and field is null and invoice_id is null`)).rows;
    expect(own!.n).toBe(4);

    // Staff's quote totals: sell against buy per currency, in decimals.
    const staff = (await (await call(`/api/requests/${requestId}`, 'export')).json()) as { quote: StaffQuote };
    expect(staff.quote.totals).toEqual([
      { currency: 'USD', total: '3736.50', cost: '2962.95', margin: '773.55', margin_percent: '20.70' },
      { currency: 'EUR', total: '420.75', cost: '0.00', margin: '420.75', margin_percent: '100.00' },
    ]);
  });

  it('the customer never reads the cost: not in the quote’s answer, not on the booked shipment under row-level security', async () => {
    const { requestId, shipmentId } = await book('export');
    const res = await call(`/api/requests/${requestId}`, 'customer');
    const text = await res.text();
    const view = JSON.parse(text) as { quote: { lines: { side: string; code: string }[]; totals: unknown[] } };
    expect(view.quote.lines.map((l) => [l.side, l.code])).toEqual([['sell', 'FRT'], ['sell', 'BAF'], ['sell', 'THC']]);
    expect(view.quote.totals).toEqual([{ currency: 'USD', total: '3736.50' }, { currency: 'EUR', total: '420.75' }]);
    for (const secret of ['987.65', '2962.95', '2,962.95', 'Carrier rate', 'margin', '"buy"']) expect(text).not.toContain(secret);
    const pdf = await call(`/api/requests/${requestId}/quote.pdf`, 'customer');
    expect(pdf.status).toBe(200);

    const customer = { role: 'customer', company_id: company.id } as SessionUser;
    const rows = (q: ReturnType<typeof sql>) => withCustomerScope(t.db, customer, async (d) => (await d.execute<Record<string, unknown>>(q)).rows);
    expect(await rows(sql`select side, code from charge_lines where shipment_id = ${shipmentId} order by position`)).toEqual([
      { side: 'sell', code: 'FRT' }, { side: 'sell', code: 'BAF' }, { side: 'sell', code: 'THC' },
    ]);
    expect(await rows(sql`select side from charge_lines where request_id = ${requestId} order by position`)).toEqual([
      { side: 'sell' }, { side: 'sell' }, { side: 'sell' },
    ]);
    expect(await rows(sql`select id from charge_lines where side = 'buy'`)).toEqual([]);
    // Staff see the cost on both.
    const [n] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from charge_lines where side = 'buy' and (shipment_id = ${shipmentId} or request_id = ${requestId})`)).rows;
    expect(n!.n).toBe(2);
  });

  it('an import request’s customer is the shipment’s consignee', async () => {
    const { shipmentId } = await book('import');
    const [s] = (await t.db.execute<Record<string, unknown>>(sql`
      select loading_type, shipper_company_id, consignee_company_id, consignee_name from shipments where id = ${shipmentId}`)).rows;
    expect(s).toEqual({ loading_type: 'import', shipper_company_id: null, consignee_company_id: company.id, consignee_name: company.name });
    const [c] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from shipment_containers where shipment_id = ${shipmentId}`)).rows;
    expect(c!.n).toBe(3);
  });
});
