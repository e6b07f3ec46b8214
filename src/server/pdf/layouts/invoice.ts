/**
 * The invoice and the credit note (issue 38, decision record 0258), one layout: on the letterhead, the seller and the
 * buyer as they stood when it was issued, the number and the issue and due days (a credit note: the invoice it
 * credits and why), the lines, the VAT summary per category, the totals with what was paid and what is still due, the
 * payment terms and the seller's bank details. A draft is marked DRAFT on every page and has no number yet.
 */
import { msg } from '@domain/common/i18n';
import type { Translator } from '@server/i18n';
import type { Cell, Sheet } from '../frame';
import { exactMoney, formatDate, join, party } from '../format';
import { MUTED } from '../style';
import type { InvoicePdfView } from '../types';
import { bankDetails, linesTable, paymentsTable, taxTable, totalRows, totalsPanel } from './invoice-blocks';

const DAY_MS = 86_400_000;

/** The paper's name in English (its file name's); printed through the paper's translator. */
export const invoiceTitle = (v: Pick<InvoicePdfView, 'kind'>): string => (v.kind === 'credit_note' ? msg('Credit note') : msg('Invoice'));

/** 'INV-2026-000123.pdf'; a draft: 'Invoice-draft-<id>.pdf'. */
export function invoiceFileName(v: Pick<InvoicePdfView, 'kind' | 'number' | 'id'>): string {
  return v.number ? `${v.number}.pdf` : `${invoiceTitle(v).replace(' ', '-')}-draft-${v.id.slice(0, 8)}.pdf`;
}

/** The day the paper carries: its issue (the moment it was issued, else its issue day); a draft, the day it is printed. */
export function invoiceDate(v: Pick<InvoicePdfView, 'issued_at' | 'issue_date' | 'printedAt'>): Date {
  if (v.issued_at) return new Date(v.issued_at);
  if (v.issue_date) return new Date(`${v.issue_date}T00:00:00Z`);
  return v.printedAt ?? new Date();
}

/** 'Payment within 30 days of the invoice date' from the issue and due days; 'Due on receipt' for 0 days. */
export function paymentTerms(tr: Translator, v: Pick<InvoicePdfView, 'issue_date' | 'due_date'>): string {
  if (!v.issue_date || !v.due_date) return '';
  const days = Math.round((Date.parse(`${v.due_date}T00:00:00Z`) - Date.parse(`${v.issue_date}T00:00:00Z`)) / DAY_MS);
  if (days <= 0) return tr.t('Due on receipt');
  return tr.t('{days, plural, one {Payment within # day of the invoice date} other {Payment within # days of the invoice date}}', { days });
}

const field = (rec: Record<string, string> | null | undefined, ...keys: string[]): string => {
  for (const k of keys) {
    const value = rec?.[k]?.trim();
    if (value) return value;
  }
  return '';
};

const REGIONS = new Map<string, Intl.DisplayNames>();

/** 'TR' as 'Türkiye' (CLDR's name in the paper's language); anything that is not a two-letter code as written. */
function countryName(locale: string, code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    let regions = REGIONS.get(locale);
    if (!regions) REGIONS.set(locale, (regions = new Intl.DisplayNames([locale], { type: 'region' })));
    return regions.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** A party's box: name, address and country, then its VAT number and tax office on lines of their own. */
function partyBlock(tr: Translator, name: string, rec: Record<string, string> | null | undefined): string {
  return join(
    '\n',
    party(name, join('\n', field(rec, 'address'), countryName(tr.locale, field(rec, 'country')))),
    field(rec, 'vat_number') && tr.t('VAT No. {number}', { number: field(rec, 'vat_number') }),
    field(rec, 'tax_office') && tr.t('Tax office {office}', { office: field(rec, 'tax_office') }),
  );
}

/** The seller as copied onto the invoice; a draft has no copy yet and prints the letterhead. */
function sellerOf(v: InvoicePdfView): { name: string; record: Record<string, string> } {
  const s = v.seller ?? {};
  const name = field(s, 'legal_name', 'name') || v.letterhead.name;
  const record = { ...s };
  if (!field(s, 'address')) record.address = v.letterhead.address;
  if (!field(s, 'vat_number') && v.letterhead.tax_id) record.vat_number = v.letterhead.tax_id;
  return { name, record: { ...record, legal_name: name } };
}

/** Only the boxes with a value. */
const filled = (...cells: Cell[]) => cells.filter((c) => c.value);

export function drawInvoice(sheet: Sheet, v: InvoicePdfView): void {
  const tr = sheet.tr;
  const credit = v.kind === 'credit_note';
  const draft = v.status === 'draft';
  const seller = sellerOf(v);
  const buyerName = field(v.buyer, 'name', 'legal_name') || v.company_name;
  const reason = credit ? (v.reason ?? v.note) : null;

  if (draft) {
    const warning = credit
      ? tr.t('DRAFT — not issued. This credit note has no number yet and is not a tax document; amounts may still change.')
      : tr.t('DRAFT — not issued. This invoice has no number yet and is not a tax document; amounts may still change.');
    sheet.paragraph(warning, {
      style: 'bold',
      size: 9,
      color: '#b00020',
    });
    sheet.gap(2);
  }

  sheet.boxes(
    { label: tr.t('Seller'), value: partyBlock(tr, seller.name, seller.record), minHeight: 74 },
    { label: credit ? tr.t('Credited to') : tr.t('Bill to'), value: partyBlock(tr, buyerName, v.buyer), minHeight: 74 },
  );
  sheet.gap(6);
  sheet.boxes(
    ...filled(
      { label: credit ? tr.t('Credit note No.') : tr.t('Invoice No.'), value: v.number ?? tr.t('Draft (no number yet)'), bold: true, size: 11, w: 1.5 },
      // The invoice's date and the day payment falls due, as Turkish invoices print them (the catalog's plain 'Issue
      // date' and 'Due date' are the pages' words, 'Due date' a checklist item's too).
      { label: tr.t('{invoice, select, other {Issue date}}'), value: formatDate(tr, v.issue_date) || '—' },
      credit
        ? { label: tr.t('Credits invoice'), value: v.credited_invoice_number ?? '', bold: true, w: 1.3 }
        : { label: tr.t('{payment, select, other {Due date}}'), value: formatDate(tr, v.due_date) || '—', bold: true },
      { label: tr.t('Currency'), value: v.currency, w: 0.7 },
      { label: tr.t('Your reference'), value: v.buyer_reference ?? '', w: 1.2 },
    ),
  );
  if (credit) {
    sheet.gap(6);
    sheet.paragraph(
      v.credited_invoice_number
        ? tr.t('This credit note credits invoice {number}. The amount below reduces what is owed on it.', { number: v.credited_invoice_number })
        : tr.t('This credit note credits invoice. The amount below reduces what is owed on it.'),
      { size: 9 },
    );
    sheet.gap(2);
    if (reason) sheet.boxes({ label: tr.t('Reason'), value: reason });
  }

  sheet.gap(12);
  linesTable(sheet, v);

  sheet.gap(12);
  // The VAT summary and the totals stay on one page: a reader checks one against the other.
  const totals = totalRows(v);
  sheet.ensure(15 + 30 + v.tax_subtotals.length * 15 + 20 + totals.length * 15 + 8);
  taxTable(sheet, v);
  sheet.gap(8);
  totalsPanel(sheet, totals, sheet.left + sheet.width * 0.5, sheet.width * 0.5);

  if (v.payments?.length) {
    sheet.gap(12);
    paymentsTable(sheet, v);
  }

  sheet.gap(14);
  const bank = bankDetails(tr, seller.record);
  if (credit) {
    sheet.boxes({
      label: tr.t('Settlement'),
      value: tr.t(
        'The credited amount of {amount} is set against invoice {invoice}; any balance in your favour stays as a credit on your account or is refunded on request.',
        { amount: exactMoney(tr, v.totals.payable, v.currency), invoice: v.credited_invoice_number ?? '' },
      ),
    });
  } else {
    const due = exactMoney(tr, draft ? v.totals.payable : v.open, v.currency);
    const values = { amount: due, date: formatDate(tr, v.due_date), number: v.number ?? '' };
    const instruction = v.due_date
      ? v.number
        ? tr.t('Please pay {amount} by {date} to the account below, quoting {number}.', values)
        : tr.t('Please pay {amount} by {date} to the account below.', values)
      : v.number
        ? tr.t('Please pay to the account below, quoting {number}.', values)
        : tr.t('Please pay to the account below.');
    sheet.ensure(90);
    sheet.boxes(
      { label: tr.t('Payment terms'), value: join('\n', paymentTerms(tr, v), instruction), w: 1 },
      { label: tr.t('Bank details'), value: bank || tr.t('Ask us for our bank details.'), w: 1.15 },
    );
  }

  const notes = join('\n\n', credit ? null : v.note, field(v.seller, 'invoice_note'));
  if (notes) {
    sheet.gap(10);
    sheet.heading(tr.t('Notes'), 12);
    sheet.paragraph(notes, { size: 8.5 });
  }
  sheet.gap(8);
  sheet.paragraph(
    join(
      ' · ',
      seller.name,
      field(seller.record, 'vat_number') && tr.t('VAT No. {number}', { number: field(seller.record, 'vat_number') }),
      field(seller.record, 'tax_office') && tr.t('Tax office {office}', { office: field(seller.record, 'tax_office') }),
      v.letterhead.email,
      v.letterhead.phone,
    ),
    { size: 7.5, color: MUTED },
  );
}
