/**
 * Payments (issue 38), on PGlite and PostgreSQL: partial payments and overpayments (a credit on the account), the
 * invoice rules (the company's issued invoice, not a credit note, same currency), every bad input a clear 400 with
 * nothing written, the audit row, and the list with its filters and the customer's isolation. Who may call what is in
 * the authorization matrix (src/server/app-tests/authz-matrix.payments.cases.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { BILLING_MESSAGES } from '@domain/billing/schema';
import { loadRefs, type Refs } from '@server/features/shipments/test-fixtures';
import { issuedInvoice, testCompany } from './test-invoices';
import { PAYMENT_MESSAGES } from './service';

let t: TestApp;
let refs: Refs;
let admin: string;
let handler: string;
let customer: string;

beforeAll(async () => {
  t = await createTestApp();
  refs = await loadRefs(t);
  admin = await t.signIn('admin@cargodesk.test');
  handler = await t.signIn('export@cargodesk.test');
  customer = await t.signIn('customer@cargodesk.test');
});
afterAll(async () => t?.close());

const pay = (body: Record<string, unknown>, cookie = admin) => t.request('/api/payments', { cookie, body });
const paymentCount = async () => Number((await t.db.execute<{ n: string }>(sql`select count(*) as n from payments`)).rows[0]!.n);
const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string; fields?: Record<string, string> } }).error;
type Row = { id: string; company_id: string; invoice_id: string | null; invoice_number: string | null; amount: string; received_on: string; company_name: string };
const list = async (query: string, cookie = admin) => {
  const res = await t.request(`/api/payments?${query}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { rows: Row[]; total: number };
};

describe('recording a payment', () => {
  it('takes a partial payment of an issued invoice, then an overpayment whose rest is a credit on the account; audited', async () => {
    const inv = await issuedInvoice(t, { company: refs.anatolia, issued: '2026-01-02', due: '2026-02-01', payable: '1656.25' });
    const first = await pay({ company_id: refs.anatolia, invoice_id: inv.id, received_on: '2026-01-20', amount: '656.25', currency: 'eur', method: 'bank_transfer', reference: 'TT-1' });
    expect(first.status, await first.clone().text()).toBe(201);
    expect(await first.json()).toMatchObject({ company_id: refs.anatolia, invoice_id: inv.id, invoice_number: inv.number, amount: '656.25', currency: 'EUR', method: 'bank_transfer', reference: 'TT-1', received_on: '2026-01-20' });
    const second = await pay({ company_id: refs.anatolia, invoice_id: inv.id, received_on: '2026-02-05', amount: '1200', currency: 'EUR', method: 'card' });
    expect(second.status).toBe(201);
    expect((await second.json()).amount).toBe('1200.00');
    const audit = await t.db.execute<{ target: string; details: { account_credit: string; invoice_number: string } }>(sql`
      select target, details from audit_log where action = 'money.payment_recorded' order by created_at`);
    expect(audit.rows.map((r) => [r.target, r.details.account_credit])).toEqual([
      [`656.25 EUR from Anatolia Textiles Ltd for ${inv.number}`, '0.00'],
      [`1200.00 EUR from Anatolia Textiles Ltd for ${inv.number}`, '200.00'],
    ]);
  });

  it('takes money without an invoice as a credit on the account', async () => {
    const res = await pay({ company_id: refs.rhein, received_on: '2026-03-01', amount: 250, currency: 'USD', method: 'cheque', note: 'Advance' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ invoice_id: null, amount: '250.00', currency: 'USD', note: 'Advance' });
  });

  it('refuses a negative or zero amount, an unknown currency, a bad day and an unknown method: a clear 400, nothing written', async () => {
    const base = { company_id: refs.anatolia, received_on: '2026-03-01', amount: '10.00', currency: 'EUR', method: 'cash' };
    const before = await paymentCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, amount: '-10.00' }, 'amount', BILLING_MESSAGES.positiveAmount],
      [{ ...base, amount: '0' }, 'amount', BILLING_MESSAGES.positiveAmount],
      [{ ...base, amount: '1e3' }, 'amount', BILLING_MESSAGES.amount],
      [{ ...base, currency: 'XYZ' }, 'currency', BILLING_MESSAGES.currency],
      [{ ...base, received_on: '2026-02-30' }, 'received_on', BILLING_MESSAGES.date],
      [{ ...base, received_on: '01.03.2026' }, 'received_on', BILLING_MESSAGES.date],
      [{ ...base, method: 'bitcoin' }, 'method', BILLING_MESSAGES.method],
      [{ ...base, company_id: 'not-a-company' }, 'company_id', BILLING_MESSAGES.companyId],
    ];
    for (const [body, field, message] of cases) {
      const res = await pay(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect(await paymentCount()).toBe(before);
  });

  it("refuses an invoice that is not the company's issued invoice in the payment's currency: a clear 400, nothing written", async () => {
    const inv = await issuedInvoice(t, { company: refs.anatolia, issued: '2026-01-05', due: '2026-02-04', payable: '100' });
    const credit = await issuedInvoice(t, { company: refs.anatolia, issued: '2026-01-06', due: '2026-01-06', payable: '40', credits: inv.id });
    const draft = await issuedInvoice(t, { company: refs.anatolia, issued: '2026-01-05', due: '2026-02-04', payable: '100', status: 'draft' });
    const other = await issuedInvoice(t, { company: refs.rhein, issued: '2026-01-05', due: '2026-02-04', payable: '100' });
    const base = { company_id: refs.anatolia, received_on: '2026-03-01', amount: '10', currency: 'EUR', method: 'cash' };
    const before = await paymentCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, invoice_id: other.id }, 'invoice_id', PAYMENT_MESSAGES.invoice],
      [{ ...base, invoice_id: crypto.randomUUID() }, 'invoice_id', PAYMENT_MESSAGES.invoice],
      [{ ...base, invoice_id: credit.id }, 'invoice_id', PAYMENT_MESSAGES.creditNote],
      [{ ...base, invoice_id: draft.id }, 'invoice_id', PAYMENT_MESSAGES.draft],
      [{ ...base, invoice_id: inv.id, currency: 'USD' }, 'currency', PAYMENT_MESSAGES.currency('EUR')],
      [{ ...base, company_id: crypto.randomUUID() }, 'company_id', PAYMENT_MESSAGES.company],
    ];
    for (const [body, field, message] of cases) {
      const res = await pay(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect(await paymentCount()).toBe(before);
  });

  it('is for administrators only', async () => {
    const body = { company_id: refs.anatolia, received_on: '2026-03-01', amount: '10', currency: 'EUR', method: 'cash' };
    expect((await pay(body, handler)).status).toBe(403);
    expect((await pay(body, customer)).status).toBe(403);
  });
});

describe('the list of payments', () => {
  it('filters by company, invoice and days, newest first', async () => {
    const company = await testCompany(t, 'Payments List Ltd');
    const inv = await issuedInvoice(t, { company, issued: '2026-04-01', due: '2026-05-01', payable: '300' });
    for (const [day, amount, invoice] of [['2026-04-10', '100', inv.id], ['2026-04-20', '50', null], ['2026-05-02', '25', inv.id]] as const) {
      expect((await pay({ company_id: company, invoice_id: invoice, received_on: day, amount, currency: 'EUR', method: 'bank_transfer' })).status).toBe(201);
    }
    expect((await list(`company_id=${company}`)).rows.map((r) => r.received_on)).toEqual(['2026-05-02', '2026-04-20', '2026-04-10']);
    expect((await list(`company_id=${company}&invoice_id=${inv.id}`)).rows.map((r) => r.amount)).toEqual(['25.00', '100.00']);
    const window = await list(`company_id=${company}&from=2026-04-15&to=2026-04-30`);
    expect(window.total).toBe(1);
    expect(window.rows[0]).toMatchObject({ amount: '50.00', invoice_id: null, company_name: 'Payments List Ltd' });
    expect((await list(`company_id=${company}`, handler)).total).toBe(3);
    expect((await t.request('/api/payments?from=2026-13-01', { cookie: admin })).status).toBe(400);
  });

  it("shows a customer their company's payments only, whatever company they ask for", async () => {
    const mine = await list('pageSize=100', customer);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.rows.every((r) => r.company_id === refs.anatolia)).toBe(true);
    expect((await list(`company_id=${refs.rhein}`, customer)).total).toBe(0);
    const all = await list('pageSize=100');
    expect(all.rows.some((r) => r.company_id !== refs.anatolia)).toBe(true);
  });
});
