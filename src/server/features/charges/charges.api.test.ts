/**
 * A shipment's charge lines (issue 38, decision record 0258), on PGlite and PostgreSQL: staff add, change and remove
 * lines and read the job's profit per currency; the amount is the server's; handlers change only the shipments they
 * handle; a billed line or a form field is refused with a clear 409; every bad input is a clear 400 with nothing
 * written; a customer reads their own shipment's charges and never a cost, also under row-level security. Who may
 * call which route is in the authorization matrix (src/server/app-tests/authz-matrix.money.cases.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEMO_COMPANY } from '@server/db/seed/demo-fixtures';
import { withCustomerScope } from '@server/db/customer-scope';
import { BILLING_MESSAGES } from '@domain/billing/schema';
import { CHARGE_MESSAGES } from '@domain/billing/charge-rules';

let t: TestApp;
let admin: string;
let exporter: string;
let importer: string;
let customer: string;
let ownCompany: string;
/** The demo customer's shipment handled by the export user; another company's shipment. */
let own: string;
let other: string;
let carrier: string;

const one = async <T = string>(q: ReturnType<typeof sql>): Promise<T> => Object.values((await t.db.execute<Record<string, T>>(q)).rows[0]!)[0]!;

beforeAll(async () => {
  t = await createTestApp();
  [admin, exporter, importer, customer] = (await Promise.all(['admin', 'export', 'import', 'customer'].map((r) => t.signIn(`${r}@cargodesk.test`)))) as [string, string, string, string];
  ownCompany = await one(sql`select id from companies where name = ${DEMO_COMPANY}`);
  // Two shipments with nothing billed; their demo field lines (the form's sixteen fields) are cleared so each test
  // prices the job from nothing.
  const unbilled = sql`not exists (select 1 from charge_lines c where c.shipment_id = s.id and c.invoice_id is not null)`;
  own = await one(sql`select s.id from shipments s join users u on u.id = s.handler_id where s.company_id = ${ownCompany} and u.email = 'export@cargodesk.test' and ${unbilled} order by s.created_at desc limit 1`);
  other = await one(sql`select s.id from shipments s where s.company_id <> ${ownCompany} and ${unbilled} order by s.created_at desc limit 1`);
  await t.db.execute(sql`delete from charge_lines where shipment_id in (${own}, ${other})`);
  carrier = await one(sql`select id from carriers order by name limit 1`);
});
afterAll(async () => t?.close());

const post = (shipment: string, body: unknown, cookie = admin) => t.request(`/api/shipments/${shipment}/charges`, { cookie, body });
const patch = (shipment: string, line: string, body: unknown, cookie = admin) => t.request(`/api/shipments/${shipment}/charges/${line}`, { method: 'PATCH', cookie, body });
const remove = (shipment: string, line: string, cookie = admin) => t.request(`/api/shipments/${shipment}/charges/${line}`, { method: 'DELETE', cookie });
const charges = async (shipment: string, cookie = admin) => (await t.request(`/api/shipments/${shipment}/charges`, { cookie })).json();
const lineCount = () => one<number>(sql`select count(*)::int from charge_lines`);

const FRT = { side: 'sell', category: 'freight', code: 'FRT', description: 'Ocean freight Istanbul - Rotterdam', quantity: '2', unit: 'container', unit_price: '1200.505', currency: 'USD', vat_category: 'G', vat_rate: '0', exemption_reason: 'Export outside the EU' };
const BAF = { side: 'sell', category: 'freight', code: 'BAF', quantity: 2, unit: 'container', unit_price: '85', currency: 'EUR' };
const COST = { side: 'buy', category: 'freight', code: 'FRT', quantity: '2', unit: 'container', unit_price: '950', currency: 'USD', supplier_kind: 'carrier' };

describe('staff add lines and read the profit per currency', () => {
  it('computes each amount on the server and sums revenue, cost, profit, margin, billed and unbilled per currency', async () => {
    const frt = await post(own, { ...FRT, amount: '1' }, exporter);
    expect(frt.status).toBe(201);
    // 2 x 1,200.505 = 2,401.01 (half away from zero to the cent); the amount the caller sent is ignored.
    expect(await frt.json()).toMatchObject({ side: 'sell', code: 'FRT', quantity: '2', unit_price: '1200.505', amount: '2401.01', currency: 'USD', vat_category: 'G', field: null, invoice_id: null });
    expect((await post(own, BAF, exporter)).status).toBe(201);
    const cost = await post(own, { ...COST, supplier_id: carrier }, exporter);
    expect(cost.status).toBe(201);
    const carrierName = await one(sql`select name from carriers where id = ${carrier}`);
    expect(await cost.json()).toMatchObject({ side: 'buy', amount: '1900.00', supplier_kind: 'carrier', supplier_id: carrier, supplier_name: carrierName });

    const body = await charges(own, exporter);
    expect(body.lines.map((l: { code: string; position: number }) => [l.code, l.position])).toEqual([['FRT', 1], ['BAF', 2], ['FRT', 3]]);
    expect(body.totals).toEqual([
      // Issue 39: no supplier bill yet, so the actual cost is the accrued one (decision record 0264).
      { currency: 'USD', total_revenue: '2401.01', total_cost: '1900.00', profit: '501.01', margin_percent: '20.87', billed: '0.00', unbilled: '2401.01', cost_accrued: '1900.00', cost_actual: '1900.00', profit_accrued: '501.01', cost_basis: 'accrued' },
      { currency: 'EUR', total_revenue: '170.00', total_cost: '0.00', profit: '170.00', margin_percent: '100.00', billed: '0.00', unbilled: '170.00', cost_accrued: '0.00', cost_actual: '0.00', profit_accrued: '170.00', cost_basis: 'accrued' },
    ]);
    const audit = await t.db.execute<{ action: string; details: { amount: string } }>(sql`select action, details from audit_log where action like 'money.charge_%' order by created_at, id`);
    expect(audit.rows.map((r) => [r.action, r.details.amount])).toEqual([['money.charge_added', '2401.01 USD'], ['money.charge_added', '170.00 EUR'], ['money.charge_added', '1900.00 USD']]);
  });

  it('rounds to the currency: no decimals for JPY, three for BHD', async () => {
    const jpy = await post(own, { side: 'sell', category: 'handling', code: 'THC', quantity: '3', unit_price: '333.335', currency: 'jpy' });
    expect(await jpy.json()).toMatchObject({ amount: '1000', currency: 'JPY' });
    const bhd = await post(own, { side: 'sell', category: 'documentation', code: 'DOC', quantity: '1.5', unit_price: '10.0005', currency: 'BHD' });
    expect(await bhd.json()).toMatchObject({ amount: '15.001', unit_price: '10.0005' });
  });

  it('changes a line (its amount again) and removes one, both audited', async () => {
    const line = (await (await post(own, { ...BAF, unit_price: '10' })).json()) as { id: string };
    const changed = await patch(own, line.id, { ...BAF, quantity: '3', unit_price: '12.5' }, exporter);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ id: line.id, quantity: '3', unit_price: '12.50', amount: '37.50' });
    expect((await remove(own, line.id, exporter)).status).toBe(204);
    expect((await remove(own, line.id, exporter)).status).toBe(404);
    const audit = await t.db.execute<{ action: string; details: Record<string, unknown> }>(sql`select action, details from audit_log where action in ('money.charge_changed', 'money.charge_removed') order by created_at, id`);
    expect(audit.rows).toMatchObject([
      { action: 'money.charge_changed', details: { amount: { old: '20.00 EUR', new: '37.50 EUR' } } },
      { action: 'money.charge_removed', details: { amount: '37.50 EUR' } },
    ]);
  });
});

describe('who may change the lines', () => {
  it("refuses a handler on a shipment they do not handle (403) and a line of another shipment (404)", async () => {
    const before = await lineCount();
    const res = await post(own, BAF, importer);
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toBe(CHARGE_MESSAGES.notYourShipment);
    const line = (await (await post(own, BAF)).json()) as { id: string };
    expect((await patch(own, line.id, BAF, importer)).status).toBe(403);
    expect((await remove(own, line.id, importer)).status).toBe(403);
    expect((await patch(other, line.id, BAF)).status).toBe(404);
    expect((await remove(other, line.id)).status).toBe(404);
    expect((await post(own, BAF, customer)).status).toBe(403);
    expect(await lineCount()).toBe(before + 1);
  });

  it('refuses to change or remove a billed line (409 naming the invoice) and a line of the shipment form', async () => {
    const line = (await (await post(own, BAF)).json()) as { id: string };
    const draft = await one(sql`insert into invoices (kind, company_id, currency) values ('invoice', ${ownCompany}, 'EUR') returning id`);
    await t.db.execute(sql`update charge_lines set invoice_id = ${draft} where id = ${line.id}`);
    const onDraft = await patch(own, line.id, BAF);
    expect(onDraft.status).toBe(409);
    expect((await onDraft.json()).error.message).toBe(CHARGE_MESSAGES.billed(null));

    const issued = await one(sql`insert into invoices (kind, status, company_id, currency, number, issue_date, due_date) values ('invoice', 'issued', ${ownCompany}, 'EUR', 'INV-2026-000042', '2026-11-02', '2026-12-02') returning id`);
    const billed = (await (await post(own, BAF)).json()) as { id: string };
    await t.db.execute(sql`update charge_lines set invoice_id = ${issued} where id = ${billed.id}`);
    for (const res of [await patch(own, billed.id, BAF), await remove(own, billed.id)]) {
      expect(res.status).toBe(409);
      expect((await res.json()).error.message).toContain('INV-2026-000042');
    }
    const view = await charges(own);
    expect(view.lines.find((l: { id: string }) => l.id === billed.id)).toMatchObject({ invoice_id: issued, invoice_number: 'INV-2026-000042' });
    expect(view.totals.find((x: { currency: string }) => x.currency === 'EUR')).toMatchObject({ billed: '340.00' });

    const field = await one(sql`insert into charge_lines (shipment_id, side, category, code, unit_price, amount, currency, field)
      values (${own}, 'buy', 'freight', 'FRT', '100', '100', 'USD', 'freight_cost') returning id`);
    const res = await remove(own, field);
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(CHARGE_MESSAGES.fieldLine('freight_cost'));
    await t.db.execute(sql`delete from charge_lines where id = ${field}`);
  });
});

describe('bad input: a clear 400 and nothing written', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['negative quantity', { ...BAF, quantity: '-1' }, 'quantity', BILLING_MESSAGES.quantity],
    ['zero quantity', { ...BAF, quantity: '0' }, 'quantity', BILLING_MESSAGES.quantity],
    ['unknown VAT category', { ...BAF, vat_category: 'X' }, 'vat_category', BILLING_MESSAGES.vatCategory],
    ['unknown currency', { ...BAF, currency: 'XYZ' }, 'currency', BILLING_MESSAGES.currency],
    ['a sell line with a supplier', { ...BAF, supplier_kind: 'carrier', supplier_id: '7b0f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' }, 'supplier_kind', BILLING_MESSAGES.supplierOnBuy],
    ['a negative cost', { ...COST, unit_price: '-5' }, 'unit_price', BILLING_MESSAGES.negativePrice],
    ['an exponent', { ...BAF, unit_price: '1e3' }, 'unit_price', BILLING_MESSAGES.unitPrice],
    ['S without a rate', { ...BAF, vat_category: 'S', vat_rate: '0' }, 'vat_rate', ''],
    ['unknown code', { ...BAF, code: 'ZZZ' }, 'code', CHARGE_MESSAGES.codeUnknown('ZZZ')],
    ['code of another category', { ...BAF, category: 'handling' }, 'category', CHARGE_MESSAGES.codeCategory('BAF', 'freight')],
    ['supplier that does not exist', { ...COST, supplier_id: '7b0f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' }, 'supplier_id', CHARGE_MESSAGES.supplierUnknown('carrier')],
    ['a carrier named as an agent', { ...COST, supplier_kind: 'agent', supplier_id: 'CARRIER' }, 'supplier_id', CHARGE_MESSAGES.supplierUnknown('agent')],
    ['supplier kind without a supplier', COST, 'supplier_id', CHARGE_MESSAGES.supplierPair],
    ['seven decimals of quantity', { ...BAF, quantity: '1.0000001' }, 'quantity', CHARGE_MESSAGES.quantityLimit],
    ['a price too large to store', { ...BAF, unit_price: '123456789012345' }, 'unit_price', CHARGE_MESSAGES.unitPriceLimit],
    ['an amount too large to store', { ...BAF, quantity: '999999999999', unit_price: '99999999999999' }, 'unit_price', CHARGE_MESSAGES.amountLimit],
    ['three decimals of VAT', { ...BAF, vat_category: 'S', vat_rate: '20.125' }, 'vat_rate', CHARGE_MESSAGES.vatRateLimit],
  ];
  it.each(cases)('%s', async (_label, body, field, message) => {
    const sent = JSON.parse(JSON.stringify(body).replace('"CARRIER"', JSON.stringify(carrier)));
    const line = (await (await post(own, BAF)).json()) as { id: string };
    const before = await lineCount();
    const auditBefore = await one<number>(sql`select count(*)::int from audit_log`);
    for (const res of [await post(own, sent), await patch(own, line.id, sent)]) {
      expect(res.status).toBe(400);
      const error = (await res.json()).error;
      expect(error.code).toBe('invalid_input');
      if (message) expect(error.fields[field]).toBe(message);
      else expect(error.fields[field]).toBeTruthy();
    }
    expect(await lineCount()).toBe(before);
    expect(await one<number>(sql`select count(*)::int from audit_log`)).toBe(auditBefore);
    expect((await charges(own)).lines.find((l: { id: string }) => l.id === line.id)).toMatchObject({ amount: '170.00' });
  });
});

describe('what a customer reads', () => {
  it('their shipment: the charges and their total per currency, never a cost, supplier, profit, draft or line of 0', async () => {
    // A form field left at its default 0 (a new shipment's sixteen start so): staff see its line, the customer does not.
    await t.db.execute(sql`insert into charge_lines (shipment_id, position, side, category, code, unit_price, amount, currency, field)
      values (${own}, 0, 'sell', 'service', 'SRV', 0, 0, 'USD', 'service_charge')`);
    const staff = await charges(own);
    expect(staff.lines.some((l: { field: string | null }) => l.field === 'service_charge')).toBe(true);
    expect(staff.lines.some((l: { side: string }) => l.side === 'buy')).toBe(true);
    const res = await t.request(`/api/shipments/${own}/charges`, { cookie: customer });
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = JSON.parse(text) as { lines: Record<string, unknown>[]; totals: Record<string, unknown>[] };
    const sells = staff.lines.filter((l: { side: string; amount: string }) => l.side === 'sell' && /[1-9]/.test(l.amount));
    expect(body.lines.map((l) => l.id)).toEqual(sells.map((l: { id: string }) => l.id));
    expect(body.lines.every((l) => l.side === 'sell' && !('supplier_id' in l) && !('supplier_name' in l) && l.field === null)).toBe(true);
    expect(text).not.toContain('1900.00');
    // A line on a draft invoice shows as unbilled; an issued invoice shows its number.
    expect(body.lines.filter((l) => l.invoice_id !== null).map((l) => l.invoice_number)).toEqual(['INV-2026-000042']);
    expect(body.totals).toEqual(
      staff.totals.filter((x: { total_revenue: string }) => x.total_revenue !== '0.00' && x.total_revenue !== '0').map((x: { currency: string; total_revenue: string }) => ({ currency: x.currency, total: x.total_revenue })),
    );
    for (const key of ['total_cost', 'profit', 'margin_percent', 'billed', 'unbilled']) expect(text).not.toContain(`"${key}"`);
  });

  it("another company's shipment is 404, and row-level security shows no cost and no other company's line", async () => {
    expect((await post(other, { ...COST, supplier_id: carrier })).status).toBe(201);
    expect((await post(other, BAF)).status).toBe(201);
    const res = await t.request(`/api/shipments/${other}/charges`, { cookie: customer });
    expect(res.status).toBe(404);
    // A query that forgets its filters, inside the customer's scope: the policy alone keeps the rows out.
    const seen = await withCustomerScope(t.db, { role: 'customer', company_id: ownCompany }, async (db) =>
      (await db.execute<{ side: string; shipment_id: string | null; request_id: string | null }>(sql`select l.side, l.shipment_id, l.request_id from charge_lines l`)).rows,
    );
    // The company's own shipments' and sent quotes' charges (the demo has some besides `own`), never a cost, never
    // another company's shipment (`other` now has a charge and a cost).
    const ownShipments = new Set((await t.db.execute<{ id: string }>(sql`select id from shipments where company_id = ${ownCompany}`)).rows.map((r) => r.id));
    const ownQuotes = new Set((await t.db.execute<{ id: string }>(sql`select request_id as id from request_quotes where company_id = ${ownCompany} and sent_at is not null`)).rows.map((r) => r.id));
    expect(seen.some((r) => r.shipment_id === own)).toBe(true);
    expect(seen.filter((r) => r.side !== 'sell')).toEqual([]);
    expect(seen.filter((r) => (r.shipment_id ? !ownShipments.has(r.shipment_id) : !ownQuotes.has(r.request_id!)))).toEqual([]);
    expect(seen.some((r) => r.shipment_id === other)).toBe(false);
  });
});
