/**
 * Supplier bills against a job's costs (issue 39, decision record 0264), on PGlite and PostgreSQL: staff enter a bill,
 * keep the supplier's file as a document, match its lines to a shipment's buy lines and see the difference; the job's
 * profit moves from accrued to actual; administrators record payments and read the payables ageing per supplier. Bad
 * input is a clear 400 (409 for a clash) with nothing written; the database holds the rules too; customers reach
 * nothing, not even under their role. Who may call which route: app-tests/authz-matrix.supplier-bills.cases.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, type TestApp } from '@tests/helpers/test-app';
import { DEMO_COMPANY } from '@server/db/seed/demo-fixtures';
import { minimalPdf } from '@server/db/seed/sample-files';
import { withCustomerScope } from '@server/db/customer-scope';
import { UPLOAD_NAME_HEADER } from '@domain/documents/schema';
import { CHARGE_MESSAGES } from '@domain/billing/charge-rules';
import { SUPPLIER_BILL_MESSAGES as M } from '@domain/billing/supplier-bills';

let t: TestApp;
let admin: string;
let exporter: string;
let importer: string;
let customer: string;
/** The demo customer's shipment handled by the export user (its lines cleared); another company's, handled by import. */
let own: string;
let other: string;
let carrier: string;
let agent: string;
/** The own shipment's lines: a sell line, an EUR buy line (freight), an EUR buy line (THC), a USD buy line. */
let freight: string;
let thc: string;
let usdCost: string;
let sellLine: string;
let otherCost: string;

const one = async <T = string>(q: ReturnType<typeof sql>): Promise<T> => Object.values((await t.db.execute<Record<string, T>>(q)).rows[0]!)[0]!;
const count = (table: string) => one<number>(sql.raw(`select count(*)::int from ${table}`));
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = async (path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) => {
  const res = await t.request(path, { cookie: admin, ...init });
  return { status: res.status, body: (await res.json().catch(() => null)) as Json };
};
const charges = async (shipment: string) => (await call(`/api/shipments/${shipment}/charges`)).body;
const eurTotals = async (shipment: string) => (await charges(shipment)).totals.find((x: Json) => x.currency === 'EUR');

const addLine = async (shipment: string, line: Json, cookie = admin) => {
  const res = await call(`/api/shipments/${shipment}/charges`, { body: line, cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
};

const bill = (over: Json = {}) => ({
  supplier_kind: 'carrier', supplier_id: carrier, number: 'MSC-2026-0042', bill_date: '2026-01-01', due_date: '2026-01-31', currency: 'EUR', vat: '0',
  lines: [{ description: 'Ocean freight', amount: '1850.40' }], ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  [admin, exporter, importer, customer] = (await Promise.all(['admin', 'export', 'import', 'customer'].map((r) => t.signIn(`${r}@cargodesk.test`)))) as [string, string, string, string];
  const ownCompany = await one(sql`select id from companies where name = ${DEMO_COMPANY}`);
  const unbilled = sql`not exists (select 1 from charge_lines c where c.shipment_id = s.id and c.invoice_id is not null)
    and not exists (select 1 from supplier_bill_lines b where b.shipment_id = s.id)`;
  own = await one(sql`select s.id from shipments s join users u on u.id = s.handler_id where s.company_id = ${ownCompany} and u.email = 'export@cargodesk.test' and ${unbilled} order by s.created_at desc limit 1`);
  other = await one(sql`select s.id from shipments s join users u on u.id = s.handler_id where s.company_id <> ${ownCompany} and u.email = 'import@cargodesk.test' and ${unbilled} order by s.created_at desc limit 1`);
  await t.db.execute(sql`delete from charge_lines where shipment_id in (${own}, ${other})`);
  // A carrier and an agent of their own, so the payables ageing's rows of this test are known exactly.
  carrier = await one(sql`insert into carriers (name, country, carrier_type) values ('Aaa Test Line', 'Switzerland', 'shipping_line') returning id`);
  agent = await one(sql`insert into consolidation_agents (name, country) values ('Aaa Test Consol', 'Türkiye') returning id`);
  sellLine = await addLine(own, { side: 'sell', category: 'freight', code: 'FRT', quantity: '1', unit_price: '2500', currency: 'EUR' });
  freight = await addLine(own, { side: 'buy', category: 'freight', code: 'FRT', quantity: '2', unit: 'container', unit_price: '900', currency: 'EUR', supplier_kind: 'carrier', supplier_id: carrier });
  thc = await addLine(own, { side: 'buy', category: 'handling', code: 'THC', quantity: '1', unit_price: '150', currency: 'EUR' });
  usdCost = await addLine(own, { side: 'buy', category: 'freight', code: 'BAF', quantity: '1', unit_price: '120', currency: 'USD' });
  otherCost = await addLine(other, { side: 'buy', category: 'freight', code: 'FRT', quantity: '1', unit_price: '500', currency: 'EUR' });
});
afterAll(async () => t?.close());

describe('a bill matched to a shipment moves its profit from accrued to actual', () => {
  let id: string;

  it('before any bill the job is priced on its accrued costs', async () => {
    expect(await eurTotals(own)).toEqual({
      currency: 'EUR', total_revenue: '2500.00', total_cost: '1950.00', profit: '550.00', margin_percent: '22.00', billed: '0.00', unbilled: '2500.00',
      cost_accrued: '1950.00', cost_actual: '1950.00', profit_accrued: '550.00', cost_basis: 'accrued',
    });
  });

  it('a handler enters the bill: net, VAT and total are computed, nothing on the job yet', async () => {
    const res = await call('/api/supplier-bills', { cookie: exporter, body: bill({ vat: '0.00', lines: [{ description: 'Ocean freight', amount: '1850.40' }, { description: 'THC', amount: '140' }] }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    id = res.body.id;
    expect(res.body).toMatchObject({
      supplier_kind: 'carrier', supplier_id: carrier, supplier_name: 'Aaa Test Line', number: 'MSC-2026-0042', currency: 'EUR',
      net: '1990.40', vat: '0.00', total: '1990.40', paid: '0.00', open: '1990.40', state: 'overdue', matched_lines: 0, line_count: 2, difference: '0.00',
    });
    expect(res.body.lines).toEqual([
      { position: 1, description: 'Ocean freight', amount: '1850.40', shipment_id: null, shipment_reference: null, charge_line_id: null, matched: null },
      { position: 2, description: 'THC', amount: '140.00', shipment_id: null, shipment_reference: null, charge_line_id: null, matched: null },
    ]);
    expect((await eurTotals(own)).cost_basis).toBe('accrued');
    const audit = await one<Json>(sql`select details from audit_log where action = 'money.supplier_bill_entered' order by created_at desc limit 1`);
    expect(audit).toEqual({ number: 'MSC-2026-0042', supplier_kind: 'carrier', total: '1990.40 EUR' });
  });

  it('matching a line shows the difference and makes that cost actual (mixed), then all of it (actual)', async () => {
    const m = await call(`/api/supplier-bills/${id}/lines/1/match`, { method: 'PUT', cookie: exporter, body: { shipment_id: own, charge_line_id: freight } });
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    const reference = await one(sql`select reference_number from shipments where id = ${own}`);
    expect(m.body.lines[0]).toEqual({
      position: 1, description: 'Ocean freight', amount: '1850.40', shipment_id: own, shipment_reference: reference, charge_line_id: freight,
      matched: { code: 'FRT', description: null, accrued: '1800.00', currency: 'EUR', difference: '50.40' },
    });
    expect(m.body).toMatchObject({ matched_lines: 1, difference: '50.40' });
    expect(await eurTotals(own)).toMatchObject({ cost_accrued: '1950.00', cost_actual: '2000.40', total_cost: '2000.40', profit: '499.60', profit_accrued: '550.00', cost_basis: 'mixed' });

    const m2 = await call(`/api/supplier-bills/${id}/lines/2/match`, { method: 'PUT', cookie: exporter, body: { shipment_id: own, charge_line_id: thc } });
    expect(m2.body).toMatchObject({ matched_lines: 2, difference: '40.40' });
    expect(await eurTotals(own)).toEqual({
      currency: 'EUR', total_revenue: '2500.00', total_cost: '1990.40', profit: '509.60', margin_percent: '20.38', billed: '0.00', unbilled: '2500.00',
      cost_accrued: '1950.00', cost_actual: '1990.40', profit_accrued: '550.00', cost_basis: 'actual',
    });
    // The shipment's own page (its Financial Summary) has the same figures.
    expect((await call(`/api/shipments/${own}`)).body.totals.find((x: Json) => x.currency === 'EUR')).toMatchObject({ total_cost: '1990.40', profit: '509.60', cost_accrued: '1950.00', cost_basis: 'actual' });
    // The USD cost is not billed yet: that currency stays accrued.
    expect((await charges(own)).totals.find((x: Json) => x.currency === 'USD')).toMatchObject({ cost_actual: '120.00', cost_basis: 'accrued' });
    // The staff line names the bill that matches it.
    const line = (await charges(own)).lines.find((l: Json) => l.id === freight);
    expect(line).toMatchObject({ matched_bill_id: id, matched_bill_number: 'MSC-2026-0042', matched_amount: '1850.40' });
    const audit = await one<Json>(sql`select details from audit_log where action = 'money.supplier_bill_matched' order by created_at desc limit 1`);
    expect(audit).toMatchObject({ number: 'MSC-2026-0042', position: 2, shipment: reference, billed: '140.00 EUR', accrued: '150.00 EUR', difference: '-10.00' });
  });

  it('a matched cost line is locked on the Charges panel (409), and the database keeps the match when asked to change its currency', async () => {
    const patch = await call(`/api/shipments/${own}/charges/${freight}`, { method: 'PATCH', body: { side: 'buy', category: 'freight', code: 'FRT', quantity: '2', unit_price: '950', currency: 'EUR' } });
    expect(patch).toMatchObject({ status: 409, body: { error: { message: CHARGE_MESSAGES.matched('MSC-2026-0042') } } });
    expect((await call(`/api/shipments/${own}/charges/${freight}`, { method: 'DELETE' })).status).toBe(409);
    expect(await one(sql`select amount::text from charge_lines where id = ${freight}`)).toBe('1800.0000');
  });

  it('refuses a cost line in another currency, a charge (sell) line, one of another shipment and one matched already, with nothing changed', async () => {
    const before = await one(sql`select string_agg(position || ':' || coalesce(charge_line_id::text, '-'), ',' order by position) from supplier_bill_lines where bill_id = ${id}`);
    const usd = await call(`/api/supplier-bills/${id}/lines/1/match`, { method: 'PUT', body: { charge_line_id: usdCost } });
    expect(usd).toMatchObject({ status: 400, body: { error: { message: M.currencyMismatch('USD', 'EUR'), fields: { charge_line_id: M.currencyMismatch('USD', 'EUR') } } } });
    const sell = await call(`/api/supplier-bills/${id}/lines/1/match`, { method: 'PUT', body: { charge_line_id: sellLine } });
    expect(sell).toMatchObject({ status: 400, body: { error: { message: M.notABuyLine } } });
    const elsewhere = await call(`/api/supplier-bills/${id}/lines/1/match`, { method: 'PUT', body: { charge_line_id: otherCost } });
    expect(elsewhere).toMatchObject({ status: 400, body: { error: { message: M.buyLineUnknown } } });
    const second = await call('/api/supplier-bills', { body: bill({ number: 'MSC-2026-0043', lines: [{ description: 'Freight again', amount: '1800', shipment_id: own, charge_line_id: freight }] }) });
    expect(second).toMatchObject({ status: 409, body: { error: { message: M.alreadyMatched('MSC-2026-0042') } } });
    expect(await count("supplier_bills where number = 'MSC-2026-0043'")).toBe(0);
    const twice = await call(`/api/supplier-bills/${id}/lines/2/match`, { method: 'PUT', body: { charge_line_id: freight, shipment_id: own } });
    expect(twice).toMatchObject({ status: 409, body: { error: { message: M.matchedTwice } } });
    expect(await one(sql`select string_agg(position || ':' || coalesce(charge_line_id::text, '-'), ',' order by position) from supplier_bill_lines where bill_id = ${id}`)).toBe(before);
    expect((await call(`/api/supplier-bills/${id}/lines/9/match`, { method: 'PUT', body: { charge_line_id: freight } })).status).toBe(404);
    expect((await call(`/api/supplier-bills/${id}/lines/x/match`, { method: 'PUT', body: { charge_line_id: freight } })).status).toBe(404);
  });

  it('a handler matches only on the shipments they handle; administrators on any', async () => {
    const res = await call('/api/supplier-bills', { cookie: exporter, body: bill({ number: 'OTHER-1', lines: [{ description: 'Freight', amount: '510', shipment_id: other, charge_line_id: otherCost }] }) });
    expect(res.status).toBe(403);
    expect(await count("supplier_bills where number = 'OTHER-1'")).toBe(0);
    const made = await call('/api/supplier-bills', { cookie: importer, body: bill({ number: 'OTHER-1', lines: [{ description: 'Freight', amount: '510' }] }) });
    expect(made.status).toBe(201);
    expect((await call(`/api/supplier-bills/${made.body.id}/lines/1/match`, { method: 'PUT', cookie: exporter, body: { shipment_id: other, charge_line_id: otherCost } })).status).toBe(403);
    const ok = await call(`/api/supplier-bills/${made.body.id}/lines/1/match`, { method: 'PUT', cookie: importer, body: { shipment_id: other, charge_line_id: otherCost } });
    expect(ok.body.lines[0].matched).toMatchObject({ accrued: '500.00', difference: '10.00' });
    expect(await eurTotals(other)).toMatchObject({ cost_accrued: '500.00', cost_actual: '510.00', cost_basis: 'actual' });
  });

  it('unmatching gives the job its accrued cost back (never the accrued and the billed amounts both)', async () => {
    const res = await call(`/api/supplier-bills/${id}/lines/2/match`, { method: 'DELETE', cookie: exporter });
    expect(res.status).toBe(200);
    expect(res.body.lines[1]).toMatchObject({ shipment_id: null, charge_line_id: null, matched: null });
    expect(await eurTotals(own)).toMatchObject({ cost_accrued: '1950.00', cost_actual: '2000.40', cost_basis: 'mixed' });
    expect((await call(`/api/supplier-bills/${id}/lines/2/match`, { method: 'PUT', body: { shipment_id: own, charge_line_id: thc } })).status).toBe(200);
  });

  it('a bill line on the shipment without a cost line adds to the actual cost', async () => {
    const res = await call('/api/supplier-bills', { body: bill({ supplier_kind: 'agent', supplier_id: agent, number: 'AG-7', lines: [{ description: 'Port congestion', amount: '35', shipment_id: own }] }) });
    expect(res.status).toBe(201);
    expect(await eurTotals(own)).toMatchObject({ cost_accrued: '1950.00', cost_actual: '2025.40', profit: '474.60', cost_basis: 'actual' });
  });

  it('a bill entered by mistake is deleted with its lines: the job costs what it did before (only by staff who may touch its shipments)', async () => {
    const made = await call('/api/supplier-bills', { body: bill({ supplier_kind: 'agent', supplier_id: agent, number: 'AG-9', lines: [{ description: 'Typed twice', amount: '12.50', shipment_id: own }] }) });
    expect(await eurTotals(own)).toMatchObject({ cost_actual: '2037.90' });
    expect((await call(`/api/supplier-bills/${made.body.id}`, { method: 'DELETE', cookie: importer })).status).toBe(403);
    expect((await call(`/api/supplier-bills/${made.body.id}`, { method: 'DELETE', cookie: exporter })).status).toBe(204);
    expect(await eurTotals(own)).toMatchObject({ cost_accrued: '1950.00', cost_actual: '2025.40', cost_basis: 'actual' });
    expect((await call(`/api/supplier-bills/${made.body.id}`)).status).toBe(404);
    expect(await count(`supplier_bill_lines where bill_id = '${made.body.id}'`)).toBe(0);
    expect((await call(`/api/supplier-bills/${made.body.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call('/api/supplier-bills/not-an-id', { method: 'DELETE' })).status).toBe(404);
    const audit = await one<Json>(sql`select details from audit_log where action = 'money.supplier_bill_deleted' order by created_at desc limit 1`);
    expect(audit).toEqual({ number: 'AG-9', supplier_kind: 'agent', total: '12.50 EUR' });
  });

  it('a customer reads the charges of the shipment and nothing of the bills or costs', async () => {
    const mine = await t.request(`/api/shipments/${own}/charges`, { cookie: customer });
    const text = await mine.text();
    expect(mine.status).toBe(200);
    expect(text).not.toMatch(/cost|1850\.40|matched|MSC-2026/);
    for (const path of ['/api/supplier-bills', `/api/supplier-bills/${id}`, '/api/payables/ageing']) expect((await t.request(path, { cookie: customer })).status, path).toBe(403);
  });
});

describe('payments and the payables ageing', () => {
  let id: string;

  it('administrators record payments: never more than is open, never before the bill, in its minor unit', async () => {
    const made = await call('/api/supplier-bills', { body: bill({ supplier_kind: 'agent', supplier_id: agent, number: 'AG-8', bill_date: '2026-01-01', due_date: '2026-01-31', vat: '20.00', lines: [{ description: 'Consolidation', amount: '100' }] }) });
    id = made.body.id;
    expect(made.body).toMatchObject({ net: '100.00', vat: '20.00', total: '120.00' });
    expect((await call(`/api/supplier-bills/${id}/payments`, { cookie: importer, body: { paid_on: '2026-02-15', amount: '10' } })).status).toBe(403);
    const paid = await call(`/api/supplier-bills/${id}/payments`, { body: { paid_on: '2026-02-15', amount: '50', reference: 'TT-1' } });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ paid: '50.00', open: '70.00', state: 'overdue', payments: [{ paid_on: '2026-02-15', amount: '50.00', reference: 'TT-1' }] });
    expect(await call(`/api/supplier-bills/${id}/payments`, { body: { paid_on: '2026-02-16', amount: '70.01' } })).toMatchObject({ status: 409, body: { error: { message: M.overpaid('70.00') } } });
    expect(await call(`/api/supplier-bills/${id}/payments`, { body: { paid_on: '2025-12-31', amount: '1' } })).toMatchObject({ status: 400, body: { error: { message: M.paymentBeforeBill } } });
    expect(await call(`/api/supplier-bills/${id}/payments`, { body: { paid_on: '2026-02-16', amount: '1.005' } })).toMatchObject({ status: 400, body: { error: { message: 'EUR amounts have at most 2 decimals' } } });
    expect(await count(`supplier_bill_payments where bill_id = '${id}'`)).toBe(1);
  });

  it('a bill with payments keeps its currency and a total of at least what was paid', async () => {
    const base = bill({ supplier_kind: 'agent', supplier_id: agent, number: 'AG-8', vat: '20.00', lines: [{ description: 'Consolidation', amount: '100' }] });
    expect(await call(`/api/supplier-bills/${id}`, { method: 'PUT', body: { ...base, currency: 'USD' } })).toMatchObject({ status: 409, body: { error: { message: M.currencyPaid } } });
    expect(await call(`/api/supplier-bills/${id}`, { method: 'PUT', body: { ...base, vat: '0', lines: [{ description: 'Consolidation', amount: '49.99' }] } })).toMatchObject({ status: 409, body: { error: { message: M.totalBelowPaid('50.00') } } });
    const changed = await call(`/api/supplier-bills/${id}`, { method: 'PUT', body: { ...base, note: 'Corrected', lines: [{ description: 'Consolidation', amount: '100' }, { description: 'Handling', amount: '30' }] } });
    expect(changed.body).toMatchObject({ net: '130.00', total: '150.00', open: '100.00', note: 'Corrected', line_count: 2 });
  });

  it('a bill with payments is in the books: it cannot be deleted', async () => {
    expect(await call(`/api/supplier-bills/${id}`, { method: 'DELETE' })).toMatchObject({ status: 409, body: { error: { message: M.deletePaid } } });
    expect((await call(`/api/supplier-bills/${id}`)).body).toMatchObject({ number: 'AG-8', paid: '50.00' });
  });

  it('the ageing: open amounts per supplier and currency by days past due, as of a day', async () => {
    const ageing = async (q: string) => (await call(`/api/payables/ageing?pageSize=500&${q}`)).body;
    const ownRows = (a: Json) => a.rows.filter((r: Json) => r.supplier_id === carrier || r.supplier_id === agent);
    // 2026-03-01: both bills due 2026-01-31, 29 days past due. The agent's bills: AG-7 35.00 and AG-8 150.00 less 50.00 paid.
    const march = await ageing('as_of=2026-03-01');
    expect(ownRows(march)).toEqual([
      { supplier_kind: 'carrier', supplier_id: carrier, supplier_name: 'Aaa Test Line', currency: 'EUR', buckets: { current: '0.00', '1-30': '2500.40', '31-60': '0.00', '61-90': '0.00', '91+': '0.00' }, total: '2500.40' },
      { supplier_kind: 'agent', supplier_id: agent, supplier_name: 'Aaa Test Consol', currency: 'EUR', buckets: { current: '0.00', '1-30': '135.00', '31-60': '0.00', '61-90': '0.00', '91+': '0.00' }, total: '135.00' },
    ].sort((a, b) => a.supplier_name.localeCompare(b.supplier_name)));
    // Before the payment's day it is not counted; before the bills' day nothing is owed; in May the bills are 91+ days late.
    expect(ownRows(await ageing('as_of=2026-02-10')).find((r: Json) => r.supplier_id === agent).total).toBe('185.00');
    expect(ownRows(await ageing('as_of=2025-12-31'))).toEqual([]);
    expect(ownRows(await ageing('as_of=2026-05-15')).find((r: Json) => r.supplier_id === agent).buckets['91+']).toBe('135.00');
    // The totals are the sums of all rows; the kind filter keeps its kind; paging counts suppliers.
    for (const r of march.totals) {
      const sum = march.rows.filter((x: Json) => x.currency === r.currency).reduce((a: bigint, x: Json) => a + BigInt(x.total.replace('.', '')), 0n);
      expect(BigInt(r.total.replace('.', '')), r.currency).toBe(sum);
    }
    expect(march.suppliers).toBe(new Set(march.rows.map((r: Json) => r.supplier_id)).size);
    expect((await ageing('as_of=2026-03-01&supplier_kind=agent')).rows.every((r: Json) => r.supplier_kind === 'agent')).toBe(true);
    const first = (await call('/api/payables/ageing?as_of=2026-03-01&pageSize=1')).body;
    expect(first).toMatchObject({ page: 1, pageSize: 1, suppliers: march.suppliers });
    expect(new Set(first.rows.map((r: Json) => r.supplier_id)).size).toBe(1);
    expect((await t.request('/api/payables/ageing', { cookie: exporter })).status).toBe(403);
  });

  it('the list is searched in the number and the supplier, and filtered by state', async () => {
    const list = async (q: string) => (await call(`/api/supplier-bills?${q}`)).body;
    expect((await list('q=test consol&pageSize=100')).rows.map((r: Json) => r.number).sort()).toEqual(['AG-7', 'AG-8']);
    expect((await list('q=msc-2026')).rows.map((r: Json) => r.number)).toEqual(['MSC-2026-0042']);
    const overdue = await list('state=overdue&pageSize=100');
    expect(overdue.rows.length).toBeGreaterThan(0);
    expect(overdue.rows.every((r: Json) => r.state === 'overdue')).toBe(true);
    expect((await list('state=paid&pageSize=100')).rows.every((r: Json) => r.state === 'paid')).toBe(true);
  });
});

describe('bad input: a clear 400 or 409, nothing written', () => {
  it('names each problem and writes nothing', async () => {
    const before = [await count('supplier_bills'), await count('supplier_bill_lines'), await count('audit_log')];
    const cases: [Json, number, string][] = [
      [{}, 400, 'supplier_kind'],
      [bill({ supplier_id: agent }), 400, M.supplierUnknown],
      [bill({ number: 'msc-2026-0042 ' }), 409, M.numberTaken('msc-2026-0042')],
      [bill({ number: 'N-1', due_date: '2025-12-01' }), 400, M.dueBeforeBill],
      [bill({ number: 'N-1', currency: 'XYZ' }), 400, 'ISO 4217'],
      [bill({ number: 'N-1', currency: 'JPY', lines: [{ description: 'Freight', amount: '100.5' }] }), 400, 'JPY amounts have no decimals'],
      [bill({ number: 'N-1', lines: [] }), 400, M.noLines],
      [bill({ number: 'N-1', lines: [{ description: 'Credit', amount: '-10' }] }), 400, M.totalPositive],
      [bill({ number: 'N-1', lines: [{ description: 'Freight', amount: '1.5e3' }] }), 400, M.lineAmount],
      [bill({ number: 'N-1', lines: [{ description: 'Freight', amount: '10', shipment_id: crypto.randomUUID() }] }), 400, M.shipmentUnknown],
      [bill({ number: 'N-1', lines: [{ description: 'Freight', amount: '10', shipment_id: own, charge_line_id: crypto.randomUUID() }] }), 400, M.buyLineUnknown],
      [bill({ number: 'N-1', lines: [{ description: 'Freight', amount: '10', charge_line_id: freight }] }), 400, M.buyLineNoShipment],
      [bill({ number: 'N-1', lines: [{ description: 'Freight', amount: '1000000000000000000' }] }), 400, M.lineAmount],
    ];
    for (const [body, status, text] of cases) {
      const res = await call('/api/supplier-bills', { body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(res.body.error), JSON.stringify(body)).toContain(text);
    }
    expect([await count('supplier_bills'), await count('supplier_bill_lines'), await count('audit_log')]).toEqual(before);
    expect((await call(`/api/supplier-bills/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await call('/api/supplier-bills/not-an-id')).status).toBe(404);
    expect((await call(`/api/supplier-bills/${crypto.randomUUID()}`, { method: 'PUT', body: bill({ number: 'N-2' }) })).status).toBe(404);
  });

  it('the database holds the rules itself', async () => {
    const id = await one(sql`select id from supplier_bills where number = 'MSC-2026-0042'`);
    const refused = async (q: ReturnType<typeof sql>) => {
      await expect(t.db.transaction(async (tx) => { await tx.execute(q); })).rejects.toThrow();
    };
    await refused(sql`insert into supplier_bills (supplier_kind, supplier_id, number, bill_date, due_date, currency, net, vat, total) values ('carrier', ${carrier}, 'DB-1', '2026-01-01', '2026-01-31', 'EUR', 10, 2, 13)`);
    await refused(sql`insert into supplier_bills (supplier_kind, supplier_id, number, bill_date, due_date, currency, net, vat, total) values ('carrier', ${carrier}, 'DB-1', '2026-01-01', '2026-01-31', 'eur', 10, 0, 10)`);
    await refused(sql`insert into supplier_bills (supplier_kind, supplier_id, number, bill_date, due_date, currency, net, vat, total) values ('carrier', ${carrier}, 'DB-1', '2026-02-01', '2026-01-31', 'EUR', 10, 0, 10)`);
    await refused(sql`insert into supplier_bills (supplier_kind, supplier_id, number, bill_date, due_date, currency, net, vat, total) values ('carrier', ${carrier}, 'Msc-2026-0042', '2026-01-01', '2026-01-31', 'EUR', 10, 0, 10)`);
    await refused(sql`insert into supplier_bill_payments (bill_id, paid_on, amount) values (${id}, '2026-02-01', 0)`);
    await refused(sql`insert into supplier_bill_lines (bill_id, position, description, amount) values (${id}, 9, 'Zero', 0)`);
    // One match per buy line; a match is a buy line of the line's shipment in the bill's currency (the trigger).
    await refused(sql`insert into supplier_bill_lines (bill_id, position, description, amount, shipment_id, charge_line_id) values (${id}, 9, 'Twice', 1, ${own}, ${freight})`);
    await refused(sql`insert into supplier_bill_lines (bill_id, position, description, amount, shipment_id, charge_line_id) values (${id}, 9, 'USD', 1, ${own}, ${usdCost})`);
    await refused(sql`insert into supplier_bill_lines (bill_id, position, description, amount, shipment_id, charge_line_id) values (${id}, 9, 'Sell', 1, ${own}, ${sellLine})`);
    await refused(sql`insert into supplier_bill_lines (bill_id, position, description, amount, shipment_id, charge_line_id) values (${id}, 9, 'Elsewhere', 1, ${other}, ${thc})`);
    expect(await count(`supplier_bill_lines where bill_id = '${id}' and position = 9`)).toBe(0);
  });

  it('the customer role cannot read the tables at all', async () => {
    const ownCompany = await one(sql`select id from companies where name = ${DEMO_COMPANY}`);
    const user = { role: 'customer' as const, company_id: ownCompany };
    for (const table of ['supplier_bills', 'supplier_bill_lines', 'supplier_bill_payments']) {
      await expect(withCustomerScope(t.db, user, (d) => d.execute(sql.raw(`select count(*) from ${table}`))), table).rejects.toThrow();
    }
  });
});

describe("the supplier's file, kept as a document", () => {
  const upload = (id: string, name: string | null, body: Uint8Array) =>
    t.request(`/api/supplier-bills/${id}/document`, {
      method: 'POST', cookie: exporter, body,
      headers: { origin: ORIGIN, 'content-type': 'application/octet-stream', ...(name === null ? {} : { [UPLOAD_NAME_HEADER]: encodeURIComponent(name) }) },
    });

  it('keeps the PDF in Documents on no shipment and links it to the bill', async () => {
    const id = await one(sql`select id from supplier_bills where number = 'MSC-2026-0042'`);
    const res = await upload(id, 'MSC invoice 42.pdf', minimalPdf(['MSC invoice 42', 'Ocean freight 1,850.40 EUR']));
    expect(res.status).toBe(201);
    const body = (await res.json()) as Json;
    expect(body.document_original_name).toBe('MSC invoice 42.pdf');
    expect(await count(`files where name = '${body.document_name}'`)).toBe(1);
    expect(await count(`document_assignments where document_name = '${body.document_name}'`)).toBe(0);
    expect(await one(sql`select details->>'number' from audit_log where action = 'money.supplier_bill_document' order by created_at desc limit 1`)).toBe('MSC-2026-0042');
  });

  it('refuses an executable, a missing name and a missing bill, keeping nothing', async () => {
    const id = await one(sql`select id from supplier_bills where number = 'AG-8'`);
    const files = await count('files');
    expect((await upload(id, 'setup.exe', new Uint8Array([0x4d, 0x5a, 0, 0]))).status).toBe(415);
    expect((await upload(id, 'invoice.pdf', new TextEncoder().encode('MZ not a pdf at all'))).status).toBe(415);
    expect((await upload(id, null, minimalPdf(['x']))).status).toBe(415);
    expect((await upload(crypto.randomUUID(), 'invoice.pdf', minimalPdf(['x']))).status).toBe(404);
    expect(await count('files')).toBe(files);
    expect(await one(sql`select document_name from supplier_bills where id = ${id}`)).toBeNull();
  });
});

describe('the demo data', () => {
  it('has a carrier bill matched to a shipment with a small difference, partly paid, and that job on actual costs', async () => {
    const demo = await t.db.execute<{ id: string; shipment_id: string; currency: string }>(sql`
      select b.id, l.shipment_id, b.currency from supplier_bills b join supplier_bill_lines l on l.bill_id = b.id
      where b.number like 'CB-%' and l.charge_line_id is not null`);
    expect(demo.rows).toHaveLength(1);
    const b = (await call(`/api/supplier-bills/${demo.rows[0]!.id}`)).body;
    expect(b).toMatchObject({ supplier_kind: 'carrier', state: 'overdue', matched_lines: 1, line_count: 2 });
    expect(Number(b.paid)).toBeGreaterThan(0);
    expect(Number(b.open)).toBeGreaterThan(0);
    expect(b.difference).not.toMatch(/^-?0(\.0+)?$/);
    const totals = (await charges(demo.rows[0]!.shipment_id)).totals.find((x: Json) => x.currency === demo.rows[0]!.currency);
    expect(['actual', 'mixed']).toContain(totals.cost_basis);
    expect(totals.cost_actual).not.toBe(totals.cost_accrued);
  });
});
