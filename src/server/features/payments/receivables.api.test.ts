/**
 * Statements, the ageing report, overdue invoices and their reminders (issue 38), on PGlite and PostgreSQL: the
 * published ageing example (due 2026-01-15, as of 2026-03-31: 75 days, 61-90), payments and credit notes after the day
 * not counted, the statement's running balance, the statement's ageing equal to the report's for the same company and
 * day, the customer's isolation (another company's statement is 404), and reminders on the 1st, 7th and 30th day
 * overdue, never twice.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import type { Ageing, Statement } from '@domain/billing/payments-schema';
import type { OverdueInvoice } from '@domain/billing/payments-schema';
import { loadRefs, type Refs } from '@server/features/shipments/test-fixtures';
import { issuedInvoice, testCompany } from './test-fixtures';
import { remindOverdueInvoices } from './reminders';
import { ageingExact, ageingFromRollups } from './receivables';

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

async function get<T>(path: string, cookie = admin, status = 200): Promise<T> {
  const res = await t.request(path, { cookie });
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}
const pay = async (company: string, amount: string, day: string, invoice: string | null = null, currency = 'EUR') => {
  const res = await t.request('/api/payments', { cookie: admin, body: { company_id: company, invoice_id: invoice, received_on: day, amount, currency, method: 'bank_transfer', reference: `R-${day}` } });
  expect(res.status, await res.clone().text()).toBe(201);
};
const zero = { current: '0.00', '1-30': '0.00', '31-60': '0.00', '61-90': '0.00', '91+': '0.00' };

describe('the ageing report', () => {
  it('puts the published example in 61-90: due 2026-01-15, as of 2026-03-31', async () => {
    const company = await testCompany(t, 'Ageing Example Ltd');
    await issuedInvoice(t, { company, issued: '2025-12-16', due: '2026-01-15', payable: '1656.25' });
    const report = await get<Ageing>(`/api/reports/ageing?as_of=2026-03-31&company_id=${company}`);
    expect(report).toEqual({
      as_of: '2026-03-31',
      companies: 1,
      page: 1,
      pageSize: 50,
      rows: [{ company_id: company, company_name: 'Ageing Example Ltd', currency: 'EUR', buckets: { ...zero, '61-90': '1656.25' }, total: '1656.25' }],
      totals: [{ currency: 'EUR', buckets: { ...zero, '61-90': '1656.25' }, total: '1656.25' }],
    });
  });

  it('counts payments and credit notes up to the day only, per currency, with totals per currency', async () => {
    const company = await testCompany(t, 'Ageing Counts Ltd');
    const a = await issuedInvoice(t, { company, issued: '2026-01-01', due: '2026-01-31', payable: '1000' });
    const b = await issuedInvoice(t, { company, issued: '2026-03-01', due: '2026-03-31', payable: '500' });
    const c = await issuedInvoice(t, { company, currency: 'USD', issued: '2025-10-01', due: '2025-10-31', payable: '300' });
    await issuedInvoice(t, { company, issued: '2026-04-01', due: '2026-05-01', payable: '999' }); // issued after the day
    await pay(company, '400', '2026-03-15', a.id);
    await pay(company, '600', '2026-04-02', a.id); // after the day: still open on 2026-03-31
    await issuedInvoice(t, { company, issued: '2026-03-20', due: '2026-03-20', payable: '100', credits: b.id });
    await issuedInvoice(t, { company, currency: 'USD', issued: '2026-04-05', due: '2026-04-05', payable: '300', credits: c.id }); // after the day
    await pay(company, '50', '2026-03-01'); // on the account: not an invoice's
    const report = await get<Ageing>(`/api/reports/ageing?as_of=2026-03-31&company_id=${company}`);
    expect(report.rows).toEqual([
      { company_id: company, company_name: 'Ageing Counts Ltd', currency: 'EUR', buckets: { ...zero, current: '400.00', '31-60': '600.00' }, total: '1000.00' },
      { company_id: company, company_name: 'Ageing Counts Ltd', currency: 'USD', buckets: { ...zero, '91+': '300.00' }, total: '300.00' },
    ]);
    // A week later the late payment and credit note count, and the invoice of April 1 is current.
    const later = await get<Ageing>(`/api/reports/ageing?as_of=2026-04-07&company_id=${company}`);
    expect(later.rows).toEqual([{ company_id: company, company_name: 'Ageing Counts Ltd', currency: 'EUR', buckets: { ...zero, current: '999.00', '1-30': '400.00' }, total: '1399.00' }]);
    const usd = await get<Ageing>(`/api/reports/ageing?as_of=2026-03-31&currency=usd`);
    expect(usd.rows.every((r) => r.currency === 'USD')).toBe(true);
    expect(usd.totals.map((x) => x.currency)).toEqual(['USD']);
  });

  it('refuses a bad day, an unknown currency and a company id that is not one; staff other than admins get 403', async () => {
    for (const q of ['as_of=2026-02-30', 'as_of=yesterday', 'currency=XYZ', 'company_id=42']) expect((await t.request(`/api/reports/ageing?${q}`, { cookie: admin })).status, q).toBe(400);
    expect((await t.request('/api/reports/ageing', { cookie: handler })).status).toBe(403);
    expect((await t.request('/api/reports/ageing', { cookie: customer })).status).toBe(403);
  });
});

describe("a company's statement", () => {
  it('runs the balance from the opening, and its ageing equals the ageing report for the same company and day', async () => {
    const company = await testCompany(t, 'Statement Ltd');
    const a = await issuedInvoice(t, { company, issued: '2026-01-10', due: '2026-02-09', payable: '1200' });
    const b = await issuedInvoice(t, { company, issued: '2026-02-15', due: '2026-03-17', payable: '800.50' });
    await pay(company, '200', '2026-01-31', a.id);
    await issuedInvoice(t, { company, issued: '2026-02-20', due: '2026-02-20', payable: '100', credits: b.id });
    await pay(company, '1500', '2026-03-05', a.id); // 500 more than open: a credit on the account
    await issuedInvoice(t, { company, currency: 'USD', issued: '2026-02-01', due: '2026-03-03', payable: '75' });
    const s = await get<Statement>(`/api/companies/${company}/statement?from=2026-02-01&to=2026-03-31&currency=EUR`);
    expect(s).toMatchObject({ company_id: company, company_name: 'Statement Ltd', from: '2026-02-01', to: '2026-03-31' });
    expect(s.currencies).toHaveLength(1);
    const eur = s.currencies[0]!;
    expect(eur.opening).toBe('1000.00');
    expect(eur.entries.map((e) => [e.date, e.kind, e.debit, e.credit, e.balance])).toEqual([
      ['2026-02-15', 'invoice', '800.50', '0.00', '1800.50'],
      ['2026-02-20', 'credit_note', '0.00', '100.00', '1700.50'],
      ['2026-03-05', 'payment', '0.00', '1500.00', '200.50'],
    ]);
    expect(eur.closing).toBe('200.50');
    // Invoice a is overpaid (0 open, 300 on the account); b has 700.50 open, 14 days past due on 2026-03-31.
    expect(eur.ageing).toEqual({ ...zero, '1-30': '700.50' });
    const both = await get<Statement>(`/api/companies/${company}/statement?to=2026-03-31`);
    expect(both.from).toBeNull();
    expect(both.currencies.map((c) => [c.currency, c.opening, c.entries.length, c.closing])).toEqual([['EUR', '0.00', 5, '200.50'], ['USD', '0.00', 1, '75.00']]);
    for (const day of ['2026-01-31', '2026-02-28', '2026-03-10', '2026-03-31', '2026-06-30']) {
      const statement = await get<Statement>(`/api/companies/${company}/statement?to=${day}`);
      const report = await get<Ageing>(`/api/reports/ageing?as_of=${day}&company_id=${company}`);
      for (const row of report.rows) expect(statement.currencies.find((c) => c.currency === row.currency)?.ageing, `${day} ${row.currency}`).toEqual(row.buckets);
      for (const c of statement.currencies) {
        const row = report.rows.find((r) => r.currency === c.currency);
        expect(c.ageing, `${day} ${c.currency}`).toEqual(row?.buckets ?? zero);
      }
    }
  });

  it('is for staff and the company\'s own customers: another company is 404 to a customer, an unknown one 404 to all', async () => {
    await issuedInvoice(t, { company: refs.anatolia, issued: '2026-02-01', due: '2026-03-03', payable: '10' });
    const own = await get<Statement>(`/api/companies/${refs.anatolia}/statement`, customer);
    expect(own.company_name).toBe('Anatolia Textiles Ltd');
    expect(own.currencies.length).toBeGreaterThan(0);
    await get(`/api/companies/${refs.rhein}/statement`, customer, 404);
    await get(`/api/companies/${refs.rhein}/statement`, handler, 200);
    await get(`/api/companies/${crypto.randomUUID()}/statement`, admin, 404);
    await get(`/api/companies/not-an-id/statement`, admin, 404);
    for (const q of ['from=2026-02-30', 'to=x', 'currency=XYZ', 'from=2026-03-02&to=2026-03-01']) expect((await t.request(`/api/companies/${refs.anatolia}/statement?${q}`, { cookie: admin })).status, q).toBe(400);
  });

  it("never shows a customer a draft: the statement reads issued documents under the customer's row-level security", async () => {
    const before = await get<Statement>(`/api/companies/${refs.anatolia}/statement?to=2026-12-31`, customer);
    await issuedInvoice(t, { company: refs.anatolia, issued: '2026-02-01', due: '2026-03-03', payable: '5000', status: 'draft' });
    const after = await get<Statement>(`/api/companies/${refs.anatolia}/statement?to=2026-12-31`, customer);
    expect(after).toEqual(before);
  });
});

// Before the reminders' invoices of 2030: today's rollups answer only when nothing is issued or paid ahead of today.
describe('the receivable rollups (migrations 0040, 0042)', () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  type OpenRow = { invoice_id: string; open: string };
  const rollup = async (company: string) =>
    (await t.db.execute<OpenRow>(sql`SELECT invoice_id, open::text AS open FROM open_invoices WHERE company_id = ${company} ORDER BY invoice_id`)).rows;
  const counts = async (company: string) =>
    (await t.db.execute<{ kind: string; status: string; n: string }>(sql`SELECT kind, status, n::text AS n FROM invoice_counts WHERE company_id = ${company} AND n <> 0 ORDER BY kind, status`)).rows;

  it('follow every issue, payment and credit note as the rows say, and today counts a payment dated ahead as not yet paid', async () => {
    const company = await testCompany(t, 'Rollup Check Ltd');
    const a = await issuedInvoice(t, { company, issued: day(-40), due: day(-10), payable: '1000' });
    const b = await issuedInvoice(t, { company, issued: day(-5), due: day(25), payable: '200' });
    const c = await issuedInvoice(t, { company, issued: day(-3), due: day(27), payable: '75.5' });
    await issuedInvoice(t, { company, issued: day(0), due: day(30), payable: '999', status: 'draft' });
    await pay(company, '300', day(0), a.id);
    await pay(company, '200', day(1), b.id); // dated tomorrow: b is open today, settled in the rollup
    await pay(company, '75.5', day(-1), c.id); // paid in full
    await issuedInvoice(t, { company, issued: day(0), due: day(0), payable: '100', credits: a.id });
    expect(await rollup(company)).toEqual([{ invoice_id: a.id, open: '600.0000' }]);

    const today = await get<Ageing>(`/api/reports/ageing?company_id=${company}`);
    expect(today.rows).toEqual([{ company_id: company, company_name: 'Rollup Check Ltd', currency: 'EUR', buckets: { ...zero, current: '200.00', '1-30': '600.00' }, total: '800.00' }]);
    const overdue = await get<{ rows: OverdueInvoice[] }>(`/api/reports/overdue-invoices?pageSize=100`);
    expect(overdue.rows.filter((r) => r.company_id === company).map((r) => [r.number, r.open, r.days_overdue])).toEqual([[a.number, '600.00', 10]]);

    // The list's total for staff comes from invoice_counts: the same as counting the rows.
    expect(await counts(company)).toEqual([
      { kind: 'credit_note', status: 'issued', n: '1' },
      { kind: 'invoice', status: 'draft', n: '1' },
      { kind: 'invoice', status: 'issued', n: '3' },
    ]);
    expect((await get<{ total: number }>(`/api/invoices?company_id=${company}`)).total).toBe(5);
    expect((await get<{ total: number }>(`/api/invoices?company_id=${company}&kind=invoice&status=issued`)).total).toBe(3);
    // A state counts the rows themselves; the list's state counts every payment recorded (b's too), the ageing those received by the day.
    expect((await get<{ total: number }>(`/api/invoices?company_id=${company}&state=paid`)).total).toBe(2);

    // Today's report of all companies reads the rollups only when nothing is dated ahead: not now (b's payment).
    const q = { page: 1, pageSize: 500 };
    expect(await ageingFromRollups(t.db, day(0), q)).toBeNull();
    await t.db.execute(sql`DELETE FROM payments WHERE company_id = ${company} AND received_on > ${day(0)}`);
    expect(await rollup(company)).toEqual([{ invoice_id: a.id, open: '600.0000' }, { invoice_id: b.id, open: '200.0000' }].sort((x, y) => x.invoice_id.localeCompare(y.invoice_id)));
    // Then the rollups' page and totals are the exact path's, page by page.
    for (const page of [{ page: 1, pageSize: 500 }, { page: 2, pageSize: 3 }, { page: 1, pageSize: 2 }]) {
      const fast = await ageingFromRollups(t.db, day(0), page);
      expect(fast, JSON.stringify(page)).not.toBeNull();
      expect(fast).toEqual(await ageingExact(t.db, day(0), page));
    }
    const usd = { page: 1, pageSize: 500, currency: 'USD' };
    expect(await ageingFromRollups(t.db, day(0), usd)).toEqual(await ageingExact(t.db, day(0), usd));

    // Rebuilt from the rows (what a bulk load runs), the rollups are what the triggers kept.
    const days = async () => (await t.db.execute(sql`SELECT currency, due_date::text, open::text, n FROM open_invoice_days ORDER BY 1, 2`)).rows;
    const owing = async () => (await t.db.execute(sql`SELECT company_id, n FROM open_invoice_companies ORDER BY 1`)).rows;
    const totals = async () => (await t.db.execute(sql`SELECT kind, status, n::text FROM invoice_totals WHERE n <> 0 ORDER BY 1, 2`)).rows;
    const kept = { open: await rollup(company), counts: await counts(company), days: await days(), owing: await owing(), totals: await totals() };
    await t.db.execute(sql`SELECT cargodesk_receivable_rollups_rebuild()`);
    expect({ open: await rollup(company), counts: await counts(company), days: await days(), owing: await owing(), totals: await totals() }).toEqual(kept);
    // The list as it opens sums invoice_totals: the same as counting every invoice.
    const all = (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM invoices`)).rows[0]!.n;
    expect((await get<{ total: number }>('/api/invoices')).total).toBe(all);
  });
});

describe('overdue invoices', () => {
  it('lists the issued invoices past due with something open, the longest overdue first', async () => {
    const company = await testCompany(t, 'Overdue List Ltd');
    const late = await issuedInvoice(t, { company, issued: '2025-12-01', due: '2025-12-31', payable: '100' });
    const paid = await issuedInvoice(t, { company, issued: '2025-12-01', due: '2025-12-31', payable: '100' });
    await pay(company, '100', '2026-01-05', paid.id);
    await issuedInvoice(t, { company, issued: '2026-03-01', due: '2026-03-31', payable: '100' }); // due on the day: not overdue
    const page = await get<{ rows: OverdueInvoice[]; total: number; as_of: string }>('/api/reports/overdue-invoices?as_of=2026-03-31&pageSize=100');
    const mine = page.rows.filter((r) => r.company_id === company);
    expect(mine).toEqual([{ id: late.id, number: late.number, company_id: company, company_name: 'Overdue List Ltd', currency: 'EUR', issue_date: '2025-12-01', due_date: '2025-12-31', payable: '100.00', open: '100.00', days_overdue: 90, last_reminder_day: null }]);
    expect((await t.request('/api/reports/overdue-invoices', { cookie: handler })).status).toBe(403);
  });

  it("reminds the company's contacts on the 1st, 7th and 30th day overdue, once each, and not once paid", async () => {
    const contacts = ['ar.one@overdue.example', 'ar.two@overdue.example'];
    const company = await testCompany(t, 'Reminder Ltd', contacts);
    const inv = await issuedInvoice(t, { company, issued: '2030-01-01', due: '2030-01-31', payable: '250' });
    const deps = { publicUrl: 'http://localhost:3000', linkSecret: 'test-secret-test-secret-test-secret' };
    const mails = async () =>
      (await t.db.execute<{ to: string; subject: string }>(sql`
        select payload->>'to' as to, payload->>'subject' as subject from outbox where idempotency_key like ${`invoice-overdue:${inv.id}:%`} order by created_at, payload->>'to'`)).rows;
    const on = (day: string) => new Date(`${day}T09:00:00Z`);

    await remindOverdueInvoices(t.db, deps, on('2030-01-31')); // due today: nothing
    expect(await mails()).toEqual([]);
    await remindOverdueInvoices(t.db, deps, on('2030-02-01'));
    expect(await mails()).toEqual(contacts.map((to) => ({ to, subject: `Invoice ${inv.number} is 1 day overdue` })));
    await remindOverdueInvoices(t.db, deps, on('2030-02-01'));
    await remindOverdueInvoices(t.db, deps, on('2030-02-05'));
    expect(await mails()).toHaveLength(2);
    await remindOverdueInvoices(t.db, deps, on('2030-02-07'));
    expect((await mails()).slice(2).map((m) => m.subject)).toEqual([`Invoice ${inv.number} is 7 days overdue`, `Invoice ${inv.number} is 7 days overdue`]);
    const overdue = await get<{ rows: OverdueInvoice[] }>('/api/reports/overdue-invoices?as_of=2030-02-08&pageSize=100');
    expect(overdue.rows.find((r) => r.id === inv.id)?.last_reminder_day).toBe(7);
    await pay(company, '250', '2030-02-20', inv.id);
    await remindOverdueInvoices(t.db, deps, on('2030-03-02'));
    expect(await mails()).toHaveLength(4);
    const stored = await t.db.execute<{ overdue_day: number; sent_on: string; recipients: number }>(sql`
      select overdue_day, sent_on::text as sent_on, recipients from invoice_reminders where invoice_id = ${inv.id} order by overdue_day`);
    expect(stored.rows).toEqual([{ overdue_day: 1, sent_on: '2030-02-01', recipients: 2 }, { overdue_day: 7, sent_on: '2030-02-07', recipients: 2 }]);
  });

  it('sends one reminder, the latest reached, after missed days, and follows each contact\'s choice', async () => {
    const company = await testCompany(t, 'Catch Up Ltd', ['daily.one@catchup.example', 'off.two@catchup.example']);
    await t.db.execute(sql`insert into notification_preferences (email, event, mode) values ('daily.one@catchup.example', 'invoice_overdue', 'daily'), ('off.two@catchup.example', 'invoice_overdue', 'off')`);
    const inv = await issuedInvoice(t, { company, issued: '2031-01-01', due: '2031-01-31', payable: '90' });
    const deps = { publicUrl: 'http://localhost:3000', linkSecret: 'test-secret-test-secret-test-secret' };
    await remindOverdueInvoices(t.db, deps, new Date('2031-03-15T09:00:00Z')); // 43 days: the 30th day's reminder
    await remindOverdueInvoices(t.db, deps, new Date('2031-03-16T09:00:00Z'));
    const lines = await t.db.execute<{ email: string; title: string }>(sql`select email, title from notification_digest_items where event = 'invoice_overdue' and title = ${`Invoice ${inv.number}`}`);
    expect(lines.rows).toEqual([{ email: 'daily.one@catchup.example', title: `Invoice ${inv.number}` }]);
    const outbox = await t.db.execute(sql`select 1 from outbox where idempotency_key like ${`invoice-overdue:${inv.id}:%`}`);
    expect(outbox.rows).toHaveLength(0);
    const stored = await t.db.execute<{ overdue_day: number }>(sql`select overdue_day from invoice_reminders where invoice_id = ${inv.id}`);
    expect(stored.rows).toEqual([{ overdue_day: 30 }]);
  });
});
