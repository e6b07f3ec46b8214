import { describe, expect, it } from 'vitest';
import {
  accountingExportQuerySchema, accountingSettingsInputSchema, CHART_DEFAULTS, exportFileName, quickbooksTaxCode, vatKey, xeroTaxType,
  type AccountingSettings,
} from './books-schema';
import {
  BooksError, DATEV_COLUMNS, datevAmount, datevColumnsLine, datevDocumentLines, datevHeaderLine, datevPaymentLine, datevPeriodProblem,
  datevText, fiscalYearStart, QUICKBOOKS_COLUMNS, quickbooksHeaderLine, quickbooksRows, XERO_COLUMNS, xeroHeaderLine, xeroRows,
  type BookDocument,
} from './books';

const SETTINGS: AccountingSettings = {
  datev_chart: 'SKR03',
  datev_consultant_number: 29098,
  datev_client_number: 55003,
  fiscal_year_start_month: 1,
  account_length: 4,
  debtor_account: '10000',
  bank_account: '1200',
  revenue_accounts: { ...CHART_DEFAULTS.SKR03.revenue_accounts, 'S 25': '8401' },
  xero_account_code: '200',
  xero_tax_types: {},
  quickbooks_item: 'Services',
  quickbooks_tax_codes: {},
};

/** Peppol BIS 3.0's base-example.xml entered as an invoice: lines 7 x 400 and -3 x 500, a 25.00 insurance charge, S 25 %. */
const PEPPOL_EXAMPLE: BookDocument = {
  kind: 'invoice',
  number: 'INV-2026-000012',
  issue_date: '2026-11-03',
  due_date: '2026-12-03',
  currency: 'EUR',
  company_name: 'Buyercompany ltd',
  buyer: { address: 'Anystreet 8, Back door, Anytown', country: 'NO' },
  tax_subtotals: [{ category: 'S', rate: '25', taxable: '1325.00', tax: '331.25' }],
  lines: [
    { description: 'item name', quantity: '7', unit_price: '400', net: '2800.00', vat_category: 'S', vat_rate: '25' },
    { description: 'item name 2', quantity: '-3', unit_price: '500', net: '-1500.00', vat_category: 'S', vat_rate: '25' },
  ],
  adjustments: [{ kind: 'charge', reason: 'Insurance', amount: '25.00', vat_category: 'S', vat_rate: '25' }],
  rate: null,
};

/** DATEV's fields of a line, split at the semicolons (no field here holds one). */
const fields = (line: string) => line.replace(/\r\n$/, '').split(';');

describe('DATEV Buchungsstapel', () => {
  it('starts with the published header: EXTF, 700, category 21, Buchungsstapel, version 13, 31 fields', () => {
    const line = datevHeaderLine({ created: new Date('2026-11-28T07:05:09.123Z'), exportedBy: 'Ayşe Müller', from: '2026-11-01', to: '2026-11-30', label: 'Cargodesk 2026-11', settings: SETTINGS });
    expect(line.startsWith('"EXTF";700;21;"Buchungsstapel";13;20261128070509123;;"RE";"Ayşe Müller";"";29098;55003;20260101;4;20261101;20261130;"Cargodesk 2026-11";"";1;0;0;"EUR";')).toBe(true);
    expect(line.endsWith('\r\n')).toBe(true);
    const f = fields(line);
    expect(f).toHaveLength(31);
    expect(f[26]).toBe('"03"');
    expect(fields(datevHeaderLine({ created: new Date(), exportedBy: 'x', from: '2026-11-01', to: '2026-11-30', label: 'x', settings: { ...SETTINGS, datev_chart: 'SKR04', fiscal_year_start_month: 7 } }))[12]).toBe('20260701');
  });

  it('names the 125 columns of format version 13 on line 2, Umsatz first and Abw. Skontokonto last', () => {
    expect(DATEV_COLUMNS).toHaveLength(125);
    expect(new Set(DATEV_COLUMNS).size).toBe(125);
    const f = fields(datevColumnsLine());
    expect(f.slice(0, 14)).toEqual(['Umsatz (ohne Soll/Haben-Kz)', 'Soll/Haben-Kennzeichen', 'WKZ Umsatz', 'Kurs', 'Basis-Umsatz', 'WKZ Basis-Umsatz', 'Konto', 'Gegenkonto (ohne BU-Schlüssel)', 'BU-Schlüssel', 'Belegdatum', 'Belegfeld 1', 'Belegfeld 2', 'Skonto', 'Buchungstext']);
    expect(f[116]).toBe('Fälligkeit');
    expect(f[124]).toBe('Abw. Skontokonto');
  });

  it("books Peppol's example as one gross booking of 1656,25: debtor S against the group's revenue account, DDMM, due day", () => {
    const lines = datevDocumentLines(PEPPOL_EXAMPLE, SETTINGS);
    expect(lines.split('\r\n').filter(Boolean)).toHaveLength(1);
    const f = fields(lines);
    expect(f).toHaveLength(125);
    expect(f.slice(0, 14)).toEqual(['1656,25', '"S"', '"EUR"', '', '', '', '10000', '8401', '', '0311', '"INV-2026-000012"', '', '', '"Invoice INV-2026-000012 Buyercompany ltd"']);
    expect(f[116]).toBe('03122026');
  });

  it('credits the debtor (H) for a credit note, and turns a group below zero the other way', () => {
    const note = { ...PEPPOL_EXAMPLE, kind: 'credit_note' as const, number: 'CN-2026-000001' };
    expect(fields(datevDocumentLines(note, SETTINGS)).slice(0, 2)).toEqual(['1656,25', '"H"']);
    expect(fields(datevDocumentLines(note, SETTINGS))[116]).toBe('');
    const allowanceOnly = { ...PEPPOL_EXAMPLE, tax_subtotals: [{ category: 'S', rate: '25', taxable: '-100.00', tax: '-25.00' }] };
    expect(fields(datevDocumentLines(allowanceOnly, SETTINGS)).slice(0, 2)).toEqual(['125,00', '"H"']);
  });

  it('writes one booking per VAT group and none for a group of 0', () => {
    const doc = { ...PEPPOL_EXAMPLE, tax_subtotals: [{ category: 'S', rate: '19', taxable: '100.00', tax: '19.00' }, { category: 'G', rate: '0', taxable: '250.50', tax: '0.00' }, { category: 'E', rate: '0', taxable: '0.00', tax: '0.00' }] };
    const rows = datevDocumentLines(doc, SETTINGS).split('\r\n').filter(Boolean).map(fields);
    expect(rows.map((f) => [f[0], f[7]])).toEqual([['119,00', '8400'], ['250,50', '8120']]);
  });

  it('converts another currency at the stored rate: Kurs with six decimals, Basis-Umsatz in euro', () => {
    const usd = { ...PEPPOL_EXAMPLE, currency: 'USD', rate: '1.085', tax_subtotals: [{ category: 'S', rate: '25', taxable: '868.00', tax: '217.00' }] };
    expect(fields(datevDocumentLines(usd, SETTINGS)).slice(0, 6)).toEqual(['1085,00', '"S"', '"USD"', '1,085000', '1000,00', '"EUR"']);
    expect(() => datevDocumentLines({ ...usd, rate: null }, SETTINGS)).toThrow(new BooksError('No exchange rate for USD on 2026-11-03: import the ECB\'s rates or enter one under Exchange rates.'));
  });

  it('says which VAT has no revenue account', () => {
    const tr = { ...PEPPOL_EXAMPLE, tax_subtotals: [{ category: 'S', rate: '20.00', taxable: '100.00', tax: '20.00' }] };
    expect(() => datevDocumentLines(tr, SETTINGS)).toThrow('No revenue account for VAT S 20 %: add it under Settings, Accounting.');
    const outside = { ...PEPPOL_EXAMPLE, tax_subtotals: [{ category: 'O', rate: '0', taxable: '100.00', tax: '0.00' }] };
    expect(() => datevDocumentLines(outside, { ...SETTINGS, revenue_accounts: {} })).toThrow('No revenue account for VAT O: add it under Settings, Accounting.');
  });

  it('books a payment as bank against debtor, with the invoice number for the open item', () => {
    const f = fields(datevPaymentLine({ received_on: '2026-11-20', amount: '500.00', currency: 'EUR', company_name: 'Buyercompany ltd', invoice_number: 'INV-2026-000012', reference: 'SEPA 123', rate: null }, SETTINGS));
    expect(f.slice(0, 14)).toEqual(['500,00', '"S"', '"EUR"', '', '', '', '1200', '10000', '', '2011', '"INV-2026-000012"', '', '', '"Payment Buyercompany ltd SEPA 123"']);
  });

  it('writes amounts with a decimal comma and two decimals, no thousands separator; refuses three-decimal currencies', () => {
    expect(datevAmount('1234567.5', 'EUR')).toBe('1234567,50');
    expect(datevAmount('-0.01', 'EUR')).toBe('0,01');
    expect(datevAmount('5000', 'JPY')).toBe('5000,00');
    expect(() => datevAmount('1.234', 'BHD')).toThrow(BooksError);
  });

  it('quotes text, doubling quotes, without line breaks; Belegfeld 1 keeps only the characters DATEV allows', () => {
    expect(datevText('Say "hi"\r\nthere')).toBe('"Say ""hi"" there"');
    expect(datevText('x'.repeat(80))).toHaveLength(62);
    expect(fields(datevDocumentLines({ ...PEPPOL_EXAMPLE, number: 'INV 2026_000.012' }, SETTINGS))[10]).toBe('"INV2026000012"');
  });

  it('keeps a batch in one calendar year and one fiscal year', () => {
    expect(fiscalYearStart('2026-11-15', 1)).toBe('2026-01-01');
    expect(fiscalYearStart('2026-03-15', 7)).toBe('2025-07-01');
    expect(datevPeriodProblem('2026-11-01', '2026-11-30', 1)).toBeNull();
    expect(datevPeriodProblem('2026-12-01', '2027-01-31', 1)).toMatch(/one calendar year/);
    expect(datevPeriodProblem('2026-06-01', '2026-07-31', 7)).toMatch(/one fiscal year/);
    expect(datevPeriodProblem('2026-07-01', '2026-12-31', 7)).toBeNull();
  });
});

describe('Xero sales invoices CSV', () => {
  it("has Xero's template columns and one row per line, allowance or charge, amounts tax exclusive", () => {
    expect(xeroHeaderLine()).toBe(`${XERO_COLUMNS.join(',')}\r\n`);
    const rows = xeroRows(PEPPOL_EXAMPLE, SETTINGS).split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(3);
    const cell = (row: string, column: (typeof XERO_COLUMNS)[number]) => row.split(',')[XERO_COLUMNS.indexOf(column)];
    expect(rows.map((r) => [cell(r, '*Description'), cell(r, '*Quantity'), cell(r, '*UnitAmount'), cell(r, '*TaxType')])).toEqual([
      ['item name', '7', '400', '25% (VAT on Income)'],
      ['item name 2', '-3', '500', '25% (VAT on Income)'],
      ['Insurance', '1', '25', '25% (VAT on Income)'],
    ]);
    expect(cell(rows[0]!, '*InvoiceDate')).toBe('03/11/2026');
    expect(cell(rows[0]!, '*DueDate')).toBe('03/12/2026');
    expect(cell(rows[0]!, 'POCountry')).toBe('NO');
  });

  it('gives a credit note negative unit amounts, and neutralises a name that looks like a formula', () => {
    const rows = xeroRows({ ...PEPPOL_EXAMPLE, kind: 'credit_note', company_name: '=HYPERLINK("x")' }, SETTINGS).split('\r\n').filter(Boolean);
    expect(rows[0]).toMatch(/^"'=HYPERLINK\(""x""\)",/);
    expect(rows.map((r) => r.split(',').at(-10))).toEqual(['-400', '-500', '-25']);
  });

  it("takes the settings' tax type names before the defaults", () => {
    expect(xeroTaxType('S 20', {})).toBe('20% (VAT on Income)');
    expect(xeroTaxType('S 20', { 'S 20': 'KDV 20%' })).toBe('KDV 20%');
    expect(xeroTaxType('G', {})).toBe('Zero Rated Income');
  });
});

describe('QuickBooks Online invoices CSV', () => {
  it('has the columns its import maps by itself and one row per line with its amount', () => {
    expect(quickbooksHeaderLine()).toBe(`${QUICKBOOKS_COLUMNS.join(',')}\r\n`);
    const rows = quickbooksRows(PEPPOL_EXAMPLE, SETTINGS).split('\r\n').filter(Boolean);
    expect(rows[0]).toBe('INV-2026-000012,Buyercompany ltd,03/11/2026,03/12/2026,,,,Services,item name,7,400,2800.00,25.0% S,EUR');
    expect(rows[1]).toBe('INV-2026-000012,Buyercompany ltd,03/11/2026,03/12/2026,,,,Services,item name 2,-3,500,-1500.00,25.0% S,EUR');
    expect(rows[2]).toBe('INV-2026-000012,Buyercompany ltd,03/11/2026,03/12/2026,,,,Services,Insurance,1,25,25,25.0% S,EUR');
    expect(quickbooksTaxCode('Z', {})).toBe('0.0% Z');
  });

  it('refuses a credit note (its invoice import takes none)', () => {
    expect(() => quickbooksRows({ ...PEPPOL_EXAMPLE, kind: 'credit_note' }, SETTINGS)).toThrow(/invoices only/);
  });
});

describe('accounting settings and the export query', () => {
  it('checks account lengths against the G/L account length, and reads "S 19.00" as "S 19"', () => {
    const ok = accountingSettingsInputSchema.parse({ ...SETTINGS, revenue_accounts: { 'S 19.00': '8400', AE: '8336' } });
    expect(ok.revenue_accounts).toEqual({ 'S 19': '8400', AE: '8336' });
    const bad = accountingSettingsInputSchema.safeParse({ ...SETTINGS, debtor_account: '1000', bank_account: '12000', revenue_accounts: { 'S 19': '84000', X: '1' } });
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      'revenue_accounts.X': 'A VAT key is a category (Z, E, AE, K, G, O) or S with its rate, such as "S 19"',
    });
    const lengths = accountingSettingsInputSchema.safeParse({ ...SETTINGS, debtor_account: '1000', bank_account: '12000', revenue_accounts: { 'S 19': '84000' } });
    expect(Object.fromEntries(lengths.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      debtor_account: 'A debtor account has one digit more than the G/L account length (10000 with length 4)',
      bank_account: 'This account has more digits than the G/L account length allows (one more for debtors)',
      'revenue_accounts.S 19': 'This account has more digits than the G/L account length allows (one more for debtors)',
    });
    expect(accountingSettingsInputSchema.safeParse({ ...SETTINGS, datev_consultant_number: 1000 }).error?.issues[0]?.message).toBe('DATEV consultant number (Beraternummer) is 1001 to 9999999');
  });

  it('takes a format and a period of at most a year, in order', () => {
    expect(accountingExportQuerySchema.parse({ format: 'datev', from: '2026-11-01', to: '2026-11-30' })).toEqual({ format: 'datev', from: '2026-11-01', to: '2026-11-30', again: false });
    expect(accountingExportQuerySchema.parse({ format: 'xero', from: '2026-11-01', to: '2026-11-30', again: 'true' }).again).toBe(true);
    expect(accountingExportQuerySchema.safeParse({ format: 'sage', from: '2026-11-01', to: '2026-11-30' }).error?.issues[0]?.message).toBe('Format must be one of: datev, xero, quickbooks');
    expect(accountingExportQuerySchema.safeParse({ format: 'datev', from: '2026-11-30', to: '2026-11-01' }).error?.issues[0]?.message).toBe('The period ends before it starts');
    expect(accountingExportQuerySchema.safeParse({ format: 'datev', from: '2025-01-01', to: '2026-01-02' }).error?.issues[0]?.message).toBe('An export covers at most 366 days');
  });

  it('names files as the importers expect', () => {
    expect(exportFileName('datev', '2026-11-01', '2026-11-30')).toBe('EXTF_Buchungsstapel_2026-11-01_2026-11-30.csv');
    expect(vatKey('S', '19.00')).toBe('S 19');
    expect(vatKey('AE', '0')).toBe('AE');
  });
});
