/**
 * The books (issue 39) on PGlite and PostgreSQL: invoices, a credit note and payments issued through the API in a
 * month of their own export as DATEV (the published header, Windows-1252, CRLF, the invoices' own amounts), Xero and
 * QuickBooks Online CSV; a document goes out once per format unless asked again; each export is kept and downloads
 * again byte for byte; administrators only, never from another site; nothing is kept or marked when an export fails.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import type { Invoice } from '@domain/billing/schema';
import type { AccountingExport, AccountingSettings } from '@domain/billing/books-schema';
import { CHART_DEFAULTS } from '@domain/billing/books-schema';

let t: TestApp;
let admin: string;
let exporter: string;
let customer: string;
let company: string;
const FROM = '2025-03-01';
const TO = '2025-03-31';

const SETTINGS: AccountingSettings = {
  datev_chart: 'SKR04', datev_consultant_number: 29098, datev_client_number: 55003, fiscal_year_start_month: 1, account_length: 4,
  debtor_account: '10000', bank_account: '1800', revenue_accounts: { ...CHART_DEFAULTS.SKR04.revenue_accounts, 'S 25': '4401' },
  xero_account_code: '200', xero_tax_types: {}, quickbooks_item: 'Services', quickbooks_tax_codes: {},
};
const S25 = { vat_category: 'S', vat_rate: '25' };
const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string; fields?: Record<string, string> } }).error;

async function issue(body: Record<string, unknown>, issueDate: string): Promise<Invoice> {
  const draft = await t.request('/api/invoices', { cookie: admin, body: { company_id: company, ...body } });
  expect(draft.status, await draft.clone().text()).toBe(201);
  const res = await t.request(`/api/invoices/${((await draft.json()) as Invoice).id}/issue`, { cookie: admin, body: { issue_date: issueDate } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Invoice;
}
const exportOf = (query: string, cookie = admin, headers: Record<string, string> = {}) => t.request(`/api/accounting/exports?${query}`, { cookie, headers });
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());
/** A DATEV file's data rows (below the header and the column names), split at the semicolons. */
const datevRows = (file: Buffer) => file.toString('latin1').split('\r\n').slice(2).filter(Boolean).map((l) => l.split(';'));

let invoice: Invoice;
let usdInvoice: Invoice;
let creditNote: Invoice;
let firstDatev: Buffer;
let firstId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@cargodesk.test');
  exporter = await t.signIn('export@cargodesk.test');
  customer = await t.signIn('customer@cargodesk.test');
  company = (await t.db.execute<{ id: string }>(sql`insert into companies (name, address, country) values ('Müller Spedition GmbH', 'Hafenstraße 1, 20457 Hamburg', 'DE') returning id`)).rows[0]!.id;
  expect((await t.request('/api/settings/accounting', { method: 'PUT', cookie: admin, body: SETTINGS })).status).toBe(200);
  // A USD rate for the month (1 EUR = 1.0802 USD), as the ECB would publish it.
  expect((await t.request('/api/exchange-rates', { cookie: admin, body: { currency: 'USD', rate_date: '2025-03-10', rate: '1.0802' } })).status).toBe(201);
  // Peppol BIS 3.0's example (lines 7 x 400 and -3 x 500, a 25.00 insurance charge, S 25 %), its credit note, and a USD invoice.
  invoice = await issue({ currency: 'EUR', lines: [{ description: 'item name', quantity: '7', unit_price: '400', ...S25 }, { description: 'item name 2', quantity: '-3', unit_price: '500', ...S25 }], adjustments: [{ kind: 'charge', reason: 'Insurance', amount: '25', ...S25 }] }, '2025-03-10');
  const note = await t.request(`/api/invoices/${invoice.id}/credit-notes`, { cookie: admin, body: { reason: 'Goods returned' } });
  expect(note.status).toBe(201);
  const cn = await t.request(`/api/invoices/${((await note.json()) as Invoice).id}/issue`, { cookie: admin, body: { issue_date: '2025-03-12' } });
  creditNote = (await cn.json()) as Invoice;
  usdInvoice = await issue({ currency: 'USD', lines: [{ description: 'Ocean freight', quantity: '1', unit_price: '1080.20', ...S25 }] }, '2025-03-11');
  const paid = await t.request('/api/payments', { cookie: admin, body: { company_id: company, invoice_id: usdInvoice.id, received_on: '2025-03-20', amount: '500', currency: 'USD', method: 'bank_transfer', reference: 'SWIFT 77' } });
  expect(paid.status, await paid.clone().text()).toBe(201);
});
afterAll(async () => t?.close());

describe('GET /api/accounting/exports?format=datev', () => {
  it('starts with the published header, is Windows-1252 with CRLF, and holds each document at its own amount', async () => {
    const res = await exportOf(`format=datev&from=${FROM}&to=${TO}`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=windows-1252');
    expect(res.headers.get('content-disposition')).toContain('EXTF_Buchungsstapel_2025-03-01_2025-03-31.csv');
    expect(res.headers.get('x-export-documents')).toBe('invoices=2; credit_notes=1; payments=1; skipped=0');
    firstDatev = await bytesOf(res);
    firstId = res.headers.get('x-export-id')!;
    expect(res.headers.get('x-export-sha256')).toBe(createHash('sha256').update(firstDatev).digest('hex'));

    const text = firstDatev.toString('latin1');
    expect(text.startsWith('"EXTF";700;21;"Buchungsstapel";13;')).toBe(true);
    const header = text.slice(0, text.indexOf('\r\n')).split(';');
    expect(header.slice(10, 16)).toEqual(['29098', '55003', '20250101', '4', '20250301', '20250331']);
    expect(header[26]).toBe('"04"');
    expect(text.split('\r\n')[1]!.split(';')).toHaveLength(125);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    // "Müller": ü is one byte, 0xFC (in UTF-8 it would be 0xC3 0xBC).
    const muller = firstDatev.indexOf(Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]));
    expect(muller).toBeGreaterThan(0);
    expect(firstDatev.includes(Buffer.from('MÃ¼ller', 'latin1'))).toBe(false);

    const rows = datevRows(firstDatev);
    expect(rows.every((r) => r.length === 125)).toBe(true);
    const byDocument = (n: string) => rows.filter((r) => r[10] === `"${n}"` && r[6] === '10000');
    // Each document's bookings come to its payable amount, as the invoice says it: 1,656.25 (Peppol's example).
    expect(invoice.totals.payable).toBe('1656.25');
    expect(byDocument(invoice.number!).map((r) => r.slice(0, 10))).toEqual([['1656,25', '"S"', '"EUR"', '', '', '', '10000', '4401', '', '1003']]);
    expect(byDocument(creditNote.number!).map((r) => r.slice(0, 10))).toEqual([['1656,25', '"H"', '"EUR"', '', '', '', '10000', '4401', '', '1203']]);
    // 1,080.20 USD + 25 % = 1,350.25 USD at 1.0802: 1,250.00 EUR.
    expect(usdInvoice.totals.payable).toBe('1350.25');
    expect(byDocument(usdInvoice.number!).map((r) => r.slice(0, 10))).toEqual([['1350,25', '"S"', '"USD"', '1,080200', '1250,00', '"EUR"', '10000', '4401', '', '1103']]);
    // The payment: bank against debtor, with the invoice's number for the open item.
    expect(rows.filter((r) => r[6] === '1800').map((r) => [r[0], r[1], r[2], r[4], r[7], r[9], r[10], r[13]])).toEqual([['500,00', '"S"', '"USD"', '462,88', '10000', '2003', `"${usdInvoice.number}"`, '"Payment Müller Spedition GmbH SWIFT 77"']]);
  });

  it('leaves out what it exported before, unless asked again', async () => {
    const again = await exportOf(`format=datev&from=${FROM}&to=${TO}`);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toMatch(/^Nothing to export: no issued invoice, credit note or payment from 2025-03-01 to 2025-03-31 that was not exported in this format before/);
    const forced = await exportOf(`format=datev&from=${FROM}&to=${TO}&again=true`);
    expect(forced.status).toBe(200);
    expect(forced.headers.get('x-export-documents')).toBe('invoices=2; credit_notes=1; payments=1; skipped=0');
    expect(datevRows(await bytesOf(forced))).toEqual(datevRows(firstDatev));
  });

  it('keeps every export: the history lists it and its file downloads again byte for byte', async () => {
    const history = await t.request('/api/accounting/exports/history', { cookie: admin });
    expect(history.status).toBe(200);
    const page = (await history.json()) as { rows: AccountingExport[]; total: number };
    const first = page.rows.find((r) => r.id === firstId)!;
    expect(first).toMatchObject({ format: 'datev', from: FROM, to: TO, again: false, invoices: 2, credit_notes: 1, payments: 1, skipped: 0, bytes: firstDatev.length, file_name: 'EXTF_Buchungsstapel_2025-03-01_2025-03-31.csv', created_by: expect.any(String) });
    const res = await t.request(`/api/accounting/exports/${firstId}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect((await bytesOf(res)).equals(firstDatev)).toBe(true);
    const audit = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'money.accounting_export_downloaded' and details->>'id' = ${firstId}`);
    expect(audit.rows[0]!.n).toBe(1);
    // The file is the books', not the document library's: the library does not list it.
    const library = (await (await t.request('/api/documents?q=EXTF_Buchungsstapel', { cookie: admin })).json()) as { total: number };
    expect(library.total).toBe(0);
  });

  it('is for administrators only, and never from a page on another site', async () => {
    expect((await exportOf(`format=datev&from=${FROM}&to=${TO}&again=true`, exporter)).status).toBe(403);
    expect((await exportOf(`format=datev&from=${FROM}&to=${TO}&again=true`, customer)).status).toBe(403);
    expect((await t.request(`/api/accounting/exports/${firstId}`, { cookie: exporter })).status).toBe(403);
    expect((await t.request('/api/settings/accounting', { cookie: exporter })).status).toBe(403);
    const before = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from accounting_exports`);
    const forged = await exportOf(`format=datev&from=${FROM}&to=${TO}&again=true`, admin, { 'sec-fetch-site': 'cross-site' });
    expect(forged.status).toBe(403);
    expect((await errorOf(forged)).message).toBe('An export is made from the Cargodesk site itself, not from a link on another site.');
    expect((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from accounting_exports`)).rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('says why a period or a VAT cannot be booked, and keeps and marks nothing then', async () => {
    const years = await exportOf('format=datev&from=2024-12-01&to=2025-01-31');
    expect(years.status).toBe(400);
    expect((await errorOf(years)).message).toBe('A DATEV batch lies in one calendar year: export each year on its own.');
    await issue({ currency: 'EUR', lines: [{ description: 'Customs', quantity: '1', unit_price: '100', vat_category: 'S', vat_rate: '18' }] }, '2025-04-02');
    const counts = async () => (await t.db.execute<{ e: number; m: number; f: number }>(sql`select (select count(*)::int from accounting_exports) as e, (select count(*)::int from accounting_export_marks) as m, (select count(*)::int from files) as f`)).rows[0];
    const before = await counts();
    const res = await exportOf('format=datev&from=2025-04-01&to=2025-04-30');
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe('No revenue account for VAT S 18 %: add it under Settings, Accounting.');
    expect(await counts()).toEqual(before);
  });
});

describe('a month larger than one page', () => {
  it('reads 1,001 invoices a page of 1,000 at a time, each once, none lost at the pages\' edges', { timeout: 60_000 }, async () => {
    // All on two days, so the page breaks inside a day and the id decides the order.
    await t.db.execute(sql`
      insert into invoices (kind, status, company_id, number, currency, issue_date, due_date, lines_total, tax_exclusive, tax_total, tax_inclusive, payable, tax_subtotals, issued_at)
      select 'invoice', 'issued', ${company}, 'BULK-' || g, 'EUR', date '2024-06-01' + (g % 2), date '2024-07-15', 100, 100, 19, 119, 119,
             '[{"category": "S", "rate": "19", "taxable": "100.00", "tax": "19.00"}]'::jsonb, now()
        from generate_series(1, 1001) as g`);
    const res = await exportOf('format=datev&from=2024-06-01&to=2024-06-30');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('x-export-documents')).toBe('invoices=1001; credit_notes=0; payments=0; skipped=0');
    const numbers = datevRows(await bytesOf(res)).map((r) => r[10]);
    expect(numbers).toHaveLength(1001);
    expect(new Set(numbers).size).toBe(1001);
    const marks = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from accounting_export_marks where export_id = ${res.headers.get('x-export-id')}`);
    expect(marks.rows[0]!.n).toBe(1001);
  });
});

describe('Xero and QuickBooks Online', () => {
  it("writes Xero's template: a row per line and charge, the credit note's negative; marked per format", async () => {
    const res = await exportOf(`format=xero&from=${FROM}&to=${TO}`, admin, { 'sec-fetch-site': 'same-origin' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await res.text()).split('\r\n').filter(Boolean);
    expect(lines[0]!.startsWith('*ContactName,EmailAddress,POAddressLine1,')).toBe(true);
    const mine = lines.filter((l) => l.startsWith('Müller Spedition GmbH,'));
    expect(mine).toHaveLength(7); // 2 lines and a charge, the same on the credit note, 1 USD line
    // Quantity x unit amount per row: the credit note's rows are the invoice's turned round (Xero books it as a credit note).
    const net = (l: string) => Number(l.split(',')[16]) * Number(l.split(',')[17]);
    expect(mine.filter((l) => l.includes(`,${invoice.number},`)).map(net)).toEqual([2800, -1500, 25]);
    expect(mine.filter((l) => l.includes(`,${creditNote.number},`)).map(net)).toEqual([-2800, 1500, -25]);
    expect(res.headers.get('x-export-documents')).toBe('invoices=2; credit_notes=1; payments=0; skipped=0');
    expect((await exportOf(`format=xero&from=${FROM}&to=${TO}`)).status).toBe(409);
  });

  it('writes QuickBooks Online invoices; credit notes are counted as skipped and stay unmarked', async () => {
    const res = await exportOf(`format=quickbooks&from=${FROM}&to=${TO}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-export-documents')).toBe('invoices=2; credit_notes=0; payments=0; skipped=1');
    const text = await res.text();
    expect(text.split('\r\n')[0]).toBe('Invoice no,Customer,Invoice Date,Due Date,Terms,Location,Memo,Item(Product/Service),Item Description,Item Quantity,Item Rate,Item Amount,Item Tax Code,Currency Code');
    expect(text).toContain(`${invoice.number},Müller Spedition GmbH,10/03/2025,`);
    expect(text).not.toContain(creditNote.number!);
    const marks = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from accounting_export_marks where format = 'quickbooks' and document_id = ${creditNote.id}`);
    expect(marks.rows[0]!.n).toBe(0);
  });
});

describe('accounting settings', () => {
  it('are read and replaced whole by administrators, account lengths checked', async () => {
    const got = await t.request('/api/settings/accounting', { cookie: admin });
    expect(await got.json()).toEqual(SETTINGS);
    const bad = await t.request('/api/settings/accounting', { method: 'PUT', cookie: admin, body: { ...SETTINGS, debtor_account: '1000', revenue_accounts: { 'S 19': '44000', Q: '1' } } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toMatchObject({
      debtor_account: 'A debtor account has one digit more than the G/L account length (10000 with length 4)',
      'revenue_accounts.Q': 'A VAT key is a category (Z, E, AE, K, G, O) or S with its rate, such as "S 19"',
    });
    expect(await (await t.request('/api/settings/accounting', { cookie: admin })).json()).toEqual(SETTINGS);
  });
});
