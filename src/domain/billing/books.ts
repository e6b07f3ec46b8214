/**
 * The accountant's files (issue 39, decision record 0263), written from issued invoices, credit notes and payments:
 *
 * - **DATEV Buchungsstapel** (DATEV-Format EXTF, header version 700, format category 21, format version 13): a header
 *   line, the 125 column names of the format, then one booking per VAT group of a document (gross amount, debtor
 *   against the group's revenue account; DATEV's automatic accounts book the tax) and one per payment (bank against
 *   debtor). Semicolons, decimal comma, S/H, day and month as DDMM, text in quotes; the server encodes it as
 *   Windows-1252 with CRLF line ends.
 * - **Xero** sales invoices (Xero's import template) and **QuickBooks Online** invoices (its import's column names):
 *   CSV, one row per line, amounts with a decimal point, dates as DD/MM/YYYY.
 *
 * Pure: amounts are decimal strings computed with big.js, never binary floating point.
 */
import { csvLine, csvNumber } from '@domain/common/csv';
import { minorUnitOf } from '@domain/money/currencies';
import { dec, fixed, roundHalfAway } from '@domain/money/decimal';
import { quickbooksTaxCode, vatKey, xeroTaxType, type AccountingSettings } from './books-schema';
import { ENGLISH, msg } from '@domain/common/i18n';

/** An issued invoice or credit note as the exports read it. */
export type BookDocument = {
  kind: 'invoice' | 'credit_note';
  number: string;
  issue_date: string;
  due_date: string | null;
  currency: string;
  company_name: string;
  buyer: { address?: string; country?: string };
  tax_subtotals: { category: string; rate: string; taxable: string; tax: string }[];
  lines: { description: string; quantity: string; unit_price: string; net: string; vat_category: string; vat_rate: string }[];
  adjustments: { kind: 'allowance' | 'charge'; reason: string; amount: string; vat_category: string; vat_rate: string }[];
  /** The euro's rate to the document's currency on its day (ECB convention: 1 EUR = rate units), for DATEV; null for EUR. */
  rate: string | null;
};

/** A payment received, as DATEV books it (bank against the debtor). */
export type BookPayment = {
  received_on: string;
  amount: string;
  currency: string;
  company_name: string;
  invoice_number: string | null;
  reference: string | null;
  rate: string | null;
};

/** Something the chosen format cannot hold; the export stops and says what (HTTP 409). */
export class BooksError extends Error {}

// ---------------------------------------------------------------- DATEV

/**
 * The 125 columns of the Buchungsstapel, format version 13, as line 2 of DATEV's own sample files names them
 * (DATEV-Format Formatbeschreibung, developer.datev.de). DATEV reads the columns by position.
 */
export const DATEV_COLUMNS: readonly string[] = [
  'Umsatz (ohne Soll/Haben-Kz)', 'Soll/Haben-Kennzeichen', 'WKZ Umsatz', 'Kurs', 'Basis-Umsatz', 'WKZ Basis-Umsatz', 'Konto',
  'Gegenkonto (ohne BU-Schlüssel)', 'BU-Schlüssel', 'Belegdatum', 'Belegfeld 1', 'Belegfeld 2', 'Skonto', 'Buchungstext',
  'Postensperre', 'Diverse Adressnummer', 'Geschäftspartnerbank', 'Sachverhalt', 'Zinssperre', 'Beleglink',
  ...Array.from({ length: 8 }, (_, i) => [`Beleginfo - Art ${i + 1}`, `Beleginfo - Inhalt ${i + 1}`]).flat(),
  'KOST1 - Kostenstelle', 'KOST2 - Kostenstelle', 'Kost-Menge', 'EU-Land u. UStID (Bestimmung)', 'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart', 'Sachverhalt L+L', 'Funktionsergänzung L+L', 'BU 49 Hauptfunktionstyp', 'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  ...Array.from({ length: 20 }, (_, i) => [`Zusatzinformation - Art ${i + 1}`, `Zusatzinformation- Inhalt ${i + 1}`]).flat(),
  'Stück', 'Gewicht', 'Zahlweise', 'Forderungsart', 'Veranlagungsjahr', 'Zugeordnete Fälligkeit', 'Skontotyp', 'Auftragsnummer',
  'Buchungstyp', 'USt-Schlüssel (Anzahlungen)', 'EU-Land (Anzahlungen)', 'Sachverhalt L+L (Anzahlungen)',
  'EU-Steuersatz (Anzahlungen)', 'Erlöskonto (Anzahlungen)', 'Herkunft-Kz', 'Buchungs GUID', 'KOST-Datum',
  'SEPA-Mandatsreferenz', 'Skontosperre', 'Gesellschaftername', 'Beteiligtennummer', 'Identifikationsnummer', 'Zeichnernummer',
  'Postensperre bis', 'Bezeichnung SoBil-Sachverhalt', 'Kennzeichen SoBil-Buchung', 'Festschreibung', 'Leistungsdatum',
  'Datum Zuord. Steuerperiode', 'Fälligkeit', 'Generalumkehr (GU)', 'Steuersatz', 'Land', 'Abrechnungsreferenz', 'BVV-Position',
  'EU-Land u. UStID (Ursprung)', 'EU-Steuersatz (Ursprung)', 'Abw. Skontokonto',
];

const COL = (name: string) => {
  const i = DATEV_COLUMNS.indexOf(name);
  if (i < 0) throw new Error(`no DATEV column ${name}`);
  return i;
};
/* eslint-disable no-restricted-syntax -- DATEV's own column names, which its import reads: not text to translate */
const C = {
  amount: COL('Umsatz (ohne Soll/Haben-Kz)'),
  side: COL('Soll/Haben-Kennzeichen'),
  currency: COL('WKZ Umsatz'),
  rate: COL('Kurs'),
  baseAmount: COL('Basis-Umsatz'),
  baseCurrency: COL('WKZ Basis-Umsatz'),
  account: COL('Konto'),
  contra: COL('Gegenkonto (ohne BU-Schlüssel)'),
  date: COL('Belegdatum'),
  document: COL('Belegfeld 1'),
  text: COL('Buchungstext'),
  due: COL('Fälligkeit'),
};
/* eslint-enable no-restricted-syntax */

/** A text field: in double quotes (doubled inside), without line breaks or tabs, at most `max` characters. */
export const datevText = (text: string, max = 60): string => `"${text.replace(/[\r\n\t]+/g, ' ').replace(/\p{Cc}/gu, '').trim().slice(0, max).replace(/"/g, '""')}"`;
/** Belegfeld 1 keeps the characters DATEV allows (letters, digits, $ & % * + - /), at most 36 (the last ones). */
export const datevDocumentField = (text: string): string => datevText(text.replace(/[^A-Za-z0-9$&%*+\-/]/g, '').slice(-36), 36);

/** An amount as DATEV takes it: positive, two decimals after a comma, no thousands separator ("1656,25"). */
export function datevAmount(amount: string, currency: string): string {
  if (minorUnitOf(currency) > 2) throw new BooksError(ENGLISH.t(msg('DATEV takes amounts with two decimals; {currency} has {places}.'), { currency, places: minorUnitOf(currency) }));
  return fixed(dec(amount).abs(), 2).replace('.', ',');
}
const ymd = (isoDay: string) => isoDay.replaceAll('-', '');
const ddmm = (isoDay: string) => `${isoDay.slice(8, 10)}${isoDay.slice(5, 7)}`;
const ddmmyyyy = (isoDay: string) => `${isoDay.slice(8, 10)}${isoDay.slice(5, 7)}${isoDay.slice(0, 4)}`;

/** The first day of the fiscal year that holds `day`, the year starting in `startMonth` (1 = January). */
export function fiscalYearStart(day: string, startMonth: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const startYear = month >= startMonth ? year : year - 1;
  return `${startYear}-${String(startMonth).padStart(2, '0')}-01`;
}

/**
 * Why a period cannot be one DATEV batch, or null: DATEV dates a booking by day and month only and takes the year
 * from the header, so a batch lies in one calendar year, and in one fiscal year.
 */
export function datevPeriodProblem(from: string, to: string, startMonth: number): string | null {
  if (from.slice(0, 4) !== to.slice(0, 4)) return msg('A DATEV batch lies in one calendar year: export each year on its own.');
  if (fiscalYearStart(from, startMonth) !== fiscalYearStart(to, startMonth)) return msg('A DATEV batch lies in one fiscal year: export each fiscal year on its own.');
  return null;
}

export type DatevHeader = { created: Date; exportedBy: string; from: string; to: string; label: string; settings: AccountingSettings };

/** Line 1: "EXTF";700;21;"Buchungsstapel";13;created;;"RE";by;"";consultant;client;fiscal year;length;from;to;label;... (31 fields). */
export function datevHeaderLine(h: DatevHeader): string {
  const c = h.created.toISOString(); // UTC: 2026-11-28T07:05:09.123Z
  const created = `${c.slice(0, 4)}${c.slice(5, 7)}${c.slice(8, 10)}${c.slice(11, 13)}${c.slice(14, 16)}${c.slice(17, 19)}${c.slice(20, 23)}`;
  const s = h.settings;
  const fields = [
    '"EXTF"', '700', '21', '"Buchungsstapel"', '13', created, '', '"RE"', datevText(h.exportedBy, 25), '""',
    String(s.datev_consultant_number), String(s.datev_client_number), ymd(fiscalYearStart(h.from, s.fiscal_year_start_month)),
    String(s.account_length), ymd(h.from), ymd(h.to), datevText(h.label, 30), '""',
    '1', // Buchungstyp: Finanzbuchführung
    '0', // Rechnungslegungszweck: unabhängig
    '0', // Festschreibung: not locked, so the accountant reviews before posting
    '"EUR"', '', '""', '', '', `"${s.datev_chart.slice(3)}"`, '', '', '""', '""',
  ];
  return `${fields.join(';')}\r\n`;
}

/** Line 2: the column names. */
export const datevColumnsLine = (): string => `${DATEV_COLUMNS.join(';')}\r\n`;

type Booking = { amount: string; side: 'S' | 'H'; currency: string; rate: string | null; account: string; contra: string; day: string; document: string; text: string; due: string | null };

function bookingLine(b: Booking): string {
  const f: string[] = new Array<string>(DATEV_COLUMNS.length).fill('');
  f[C.amount] = datevAmount(b.amount, b.currency);
  f[C.side] = `"${b.side}"`;
  f[C.currency] = `"${b.currency}"`;
  if (b.currency !== 'EUR') {
    if (!b.rate) throw new BooksError(ENGLISH.t(msg("No exchange rate for {currency} on {day}: import the ECB's rates or enter one under Exchange rates."), { currency: b.currency, day: b.day }));
    f[C.rate] = fixed(dec(b.rate), 6).replace('.', ',');
    f[C.baseAmount] = fixed(roundHalfAway(dec(b.amount).abs().div(dec(b.rate)), 2), 2).replace('.', ',');
    f[C.baseCurrency] = '"EUR"';
  }
  f[C.account] = b.account;
  f[C.contra] = b.contra;
  f[C.date] = ddmm(b.day);
  f[C.document] = datevDocumentField(b.document);
  f[C.text] = datevText(b.text);
  if (b.due) f[C.due] = ddmmyyyy(b.due);
  return `${f.join(';')}\r\n`;
}

/** The revenue account of a VAT group, or a BooksError naming the setting to fill in. */
function revenueAccount(settings: AccountingSettings, category: string, rate: string): string {
  const key = vatKey(category, rate);
  const account = settings.revenue_accounts[key];
  if (!account) {
    throw new BooksError(
      key === category
        ? ENGLISH.t(msg('No revenue account for VAT {category}: add it under Settings, Accounting.'), { category })
        : ENGLISH.t(msg('No revenue account for VAT {key} %: add it under Settings, Accounting.'), { key }),
    );
  }
  return account;
}

/**
 * A document's bookings: per VAT group its gross amount (taxable + tax), debtor against the group's revenue account;
 * an invoice debits the debtor (S), a credit note credits it (H), a group that comes to less than zero the other way.
 */
export function datevDocumentLines(doc: BookDocument, settings: AccountingSettings): string {
  let out = '';
  const what = doc.kind === 'invoice' ? 'Invoice' : 'Credit note';
  for (const g of doc.tax_subtotals) {
    const gross = dec(g.taxable).plus(dec(g.tax));
    if (gross.eq(0)) continue;
    const debit = (doc.kind === 'invoice') === gross.gt(0);
    out += bookingLine({
      amount: gross.toFixed(), side: debit ? 'S' : 'H', currency: doc.currency, rate: doc.rate, account: settings.debtor_account,
      contra: revenueAccount(settings, g.category, g.rate), day: doc.issue_date, document: doc.number,
      text: `${what} ${doc.number} ${doc.company_name}`, due: doc.kind === 'invoice' ? doc.due_date : null,
    });
  }
  return out;
}

/** A payment's booking: the bank account debited, the debtor credited (a negative amount the other way). */
export function datevPaymentLine(p: BookPayment, settings: AccountingSettings): string {
  const amount = dec(p.amount);
  if (amount.eq(0)) return '';
  return bookingLine({
    amount: amount.toFixed(), side: amount.gt(0) ? 'S' : 'H', currency: p.currency, rate: p.rate, account: settings.bank_account,
    contra: settings.debtor_account, day: p.received_on, document: p.invoice_number ?? p.reference ?? '',
    text: `Payment ${p.company_name}${p.reference ? ` ${p.reference}` : ''}`, due: null,
  });
}

// ---------------------------------------------------------------- Xero and QuickBooks Online

const dmy = (isoDay: string) => `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}/${isoDay.slice(0, 4)}`;
const addressLines = (address: string | undefined) => (address ?? '').split(/\r?\n|,\s*/).map((s) => s.trim()).filter(Boolean);

/** A document's lines and its allowances (negative) and charges, as the CSV formats list them. */
function csvItems(doc: BookDocument) {
  return [
    ...doc.lines.map((l) => ({ description: l.description, quantity: l.quantity, price: l.unit_price, net: l.net, key: vatKey(l.vat_category, l.vat_rate) })),
    ...doc.adjustments.map((a) => {
      const net = a.kind === 'charge' ? dec(a.amount) : dec(a.amount).neg();
      return { description: a.reason, quantity: '1', price: net.toFixed(), net: net.toFixed(), key: vatKey(a.vat_category, a.vat_rate) };
    }),
  ];
}

/** Xero's sales invoice import template (the starred columns are the ones Xero requires). */
export const XERO_COLUMNS = [
  '*ContactName', 'EmailAddress', 'POAddressLine1', 'POAddressLine2', 'POAddressLine3', 'POAddressLine4', 'POCity', 'PORegion',
  'POPostalCode', 'POCountry', '*InvoiceNumber', 'Reference', '*InvoiceDate', '*DueDate', 'InventoryItemCode', '*Description',
  '*Quantity', '*UnitAmount', 'Discount', '*AccountCode', '*TaxType', 'TrackingName1', 'TrackingOption1', 'TrackingName2',
  'TrackingOption2', 'Currency', 'BrandingTheme',
] as const;

/**
 * One row per line; amounts tax exclusive (choose "Tax exclusive" when importing). A credit note's lines carry
 * negative unit amounts, which Xero imports as a credit note.
 */
export function xeroRows(doc: BookDocument, settings: AccountingSettings): string {
  const address = addressLines(doc.buyer.address);
  const sign = doc.kind === 'credit_note' ? -1 : 1;
  return csvItems(doc)
    .map((item) => {
      const price = sign < 0 ? dec(item.price).neg() : dec(item.price);
      const row: Record<(typeof XERO_COLUMNS)[number], unknown> = {
        '*ContactName': doc.company_name, EmailAddress: '', POAddressLine1: address[0] ?? '', POAddressLine2: address[1] ?? '',
        POAddressLine3: address[2] ?? '', POAddressLine4: address.slice(3).join(', '), POCity: '', PORegion: '', POPostalCode: '',
        POCountry: doc.buyer.country ?? '', '*InvoiceNumber': doc.number, Reference: '', '*InvoiceDate': dmy(doc.issue_date),
        '*DueDate': dmy(doc.due_date ?? doc.issue_date), InventoryItemCode: '', '*Description': item.description,
        '*Quantity': csvNumber(dec(item.quantity).toFixed()), '*UnitAmount': csvNumber(price.toFixed()), Discount: '',
        '*AccountCode': settings.xero_account_code, '*TaxType': xeroTaxType(item.key, settings.xero_tax_types), TrackingName1: '',
        TrackingOption1: '', TrackingName2: '', TrackingOption2: '', Currency: doc.currency, BrandingTheme: '',
      };
      return csvLine(XERO_COLUMNS.map((c) => row[c]));
    })
    .join('');
}

/** QuickBooks Online's invoice import: the column names it maps by itself. */
export const QUICKBOOKS_COLUMNS = [
  'Invoice no', 'Customer', 'Invoice Date', 'Due Date', 'Terms', 'Location', 'Memo', 'Item(Product/Service)', 'Item Description',
  'Item Quantity', 'Item Rate', 'Item Amount', 'Item Tax Code', 'Currency Code',
] as const;

/** One row per line of an invoice (QuickBooks Online's invoice import takes no credit notes: the caller skips them). */
export function quickbooksRows(doc: BookDocument, settings: AccountingSettings): string {
  if (doc.kind !== 'invoice') throw new Error('QuickBooks Online imports invoices only');
  return csvItems(doc)
    .map((item) => {
      const row: Record<(typeof QUICKBOOKS_COLUMNS)[number], unknown> = {
        'Invoice no': doc.number, Customer: doc.company_name, 'Invoice Date': dmy(doc.issue_date), 'Due Date': dmy(doc.due_date ?? doc.issue_date),
        Terms: '', Location: '', Memo: '', 'Item(Product/Service)': settings.quickbooks_item, 'Item Description': item.description,
        'Item Quantity': csvNumber(dec(item.quantity).toFixed()), 'Item Rate': csvNumber(dec(item.price).toFixed()),
        'Item Amount': csvNumber(item.net), 'Item Tax Code': quickbooksTaxCode(item.key, settings.quickbooks_tax_codes), 'Currency Code': doc.currency,
      };
      return csvLine(QUICKBOOKS_COLUMNS.map((c) => row[c]));
    })
    .join('');
}

export const xeroHeaderLine = (): string => csvLine([...XERO_COLUMNS]);
export const quickbooksHeaderLine = (): string => csvLine([...QUICKBOOKS_COLUMNS]);
