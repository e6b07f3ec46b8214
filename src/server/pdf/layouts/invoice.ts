/**
 * The invoice and the credit note (issue 38, decision record 0258), one layout: on the letterhead, the seller and the
 * buyer as they stood when it was issued, the number and the issue and due days (a credit note: the invoice it
 * credits and why), the lines, the VAT summary per category, the totals with what was paid and what is still due, the
 * payment terms and the seller's bank details. A draft is marked DRAFT on every page and has no number yet.
 */
import type { Cell, Sheet } from '../frame';
import { decimalMoney, formatDate, join, party } from '../format';
import { MUTED } from '../style';
import type { InvoicePdfView } from '../types';
import { bankDetails, linesTable, paymentsTable, taxTable, totalRows, totalsPanel } from './invoice-blocks';

const DAY_MS = 86_400_000;

export const invoiceTitle = (v: Pick<InvoicePdfView, 'kind'>): string => (v.kind === 'credit_note' ? 'Credit note' : 'Invoice');

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
export function paymentTerms(v: Pick<InvoicePdfView, 'issue_date' | 'due_date'>): string {
  if (!v.issue_date || !v.due_date) return '';
  const days = Math.round((Date.parse(`${v.due_date}T00:00:00Z`) - Date.parse(`${v.issue_date}T00:00:00Z`)) / DAY_MS);
  if (days <= 0) return 'Due on receipt';
  return `Payment within ${days} ${days === 1 ? 'day' : 'days'} of the invoice date`;
}

const field = (rec: Record<string, string> | null | undefined, ...keys: string[]): string => {
  for (const k of keys) {
    const value = rec?.[k]?.trim();
    if (value) return value;
  }
  return '';
};

const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });

/** 'TR' as 'Türkiye' (CLDR's English name); anything that is not a two-letter code as written. */
function countryName(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    return REGIONS.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** A party's box: name, address and country, then its VAT number and tax office on lines of their own. */
function partyBlock(name: string, rec: Record<string, string> | null | undefined): string {
  return join(
    '\n',
    party(name, join('\n', field(rec, 'address'), countryName(field(rec, 'country')))),
    field(rec, 'vat_number') && `VAT No. ${field(rec, 'vat_number')}`,
    field(rec, 'tax_office') && `Tax office ${field(rec, 'tax_office')}`,
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
  const credit = v.kind === 'credit_note';
  const draft = v.status === 'draft';
  const seller = sellerOf(v);
  const buyerName = field(v.buyer, 'name', 'legal_name') || v.company_name;
  const reason = credit ? (v.reason ?? v.note) : null;

  if (draft) {
    sheet.paragraph(`DRAFT — not issued. This ${credit ? 'credit note' : 'invoice'} has no number yet and is not a tax document; amounts may still change.`, {
      style: 'bold',
      size: 9,
      color: '#b00020',
    });
    sheet.gap(2);
  }

  sheet.boxes(
    { label: 'Seller', value: partyBlock(seller.name, seller.record), minHeight: 74 },
    { label: credit ? 'Credited to' : 'Bill to', value: partyBlock(buyerName, v.buyer), minHeight: 74 },
  );
  sheet.gap(6);
  sheet.boxes(
    ...filled(
      { label: credit ? 'Credit note No.' : 'Invoice No.', value: v.number ?? 'Draft (no number yet)', bold: true, size: 11, w: 1.5 },
      { label: 'Issue date', value: formatDate(v.issue_date) || '—' },
      credit ? { label: 'Credits invoice', value: v.credited_invoice_number ?? '', bold: true, w: 1.3 } : { label: 'Due date', value: formatDate(v.due_date) || '—', bold: true },
      { label: 'Currency', value: v.currency, w: 0.7 },
      { label: 'Your reference', value: v.buyer_reference ?? '', w: 1.2 },
    ),
  );
  if (credit) {
    sheet.gap(6);
    sheet.paragraph(
      join(' ', `This credit note credits invoice ${v.credited_invoice_number ?? ''}`.trim() + '.', `The amount below reduces what is owed on it.`),
      { size: 9 },
    );
    sheet.gap(2);
    if (reason) sheet.boxes({ label: 'Reason', value: reason });
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
  const bank = bankDetails(seller.record);
  if (credit) {
    sheet.boxes({
      label: 'Settlement',
      value: `The credited amount of ${decimalMoney(v.totals.payable, v.currency)} ${v.currency} is set against invoice ${v.credited_invoice_number ?? ''}; any balance in your favour stays as a credit on your account or is refunded on request.`,
    });
  } else {
    const due = draft ? v.totals.payable : v.open;
    const quoting = v.number ? `, quoting ${v.number}` : '';
    const instruction = v.due_date
      ? `Please pay ${decimalMoney(due, v.currency)} ${v.currency} by ${formatDate(v.due_date)} to the account below${quoting}.`
      : `Please pay to the account below${quoting}.`;
    sheet.ensure(90);
    sheet.boxes(
      { label: 'Payment terms', value: join('\n', paymentTerms(v), instruction), w: 1 },
      { label: 'Bank details', value: bank || 'Ask us for our bank details.', w: 1.15 },
    );
  }

  const notes = join('\n\n', credit ? null : v.note, field(v.seller, 'invoice_note'));
  if (notes) {
    sheet.gap(10);
    sheet.heading('Notes', 12);
    sheet.paragraph(notes, { size: 8.5 });
  }
  sheet.gap(8);
  sheet.paragraph(
    join(
      ' · ',
      seller.name,
      field(seller.record, 'vat_number') && `VAT No. ${field(seller.record, 'vat_number')}`,
      field(seller.record, 'tax_office') && `Tax office ${field(seller.record, 'tax_office')}`,
      v.letterhead.email,
      v.letterhead.phone,
    ),
    { size: 7.5, color: MUTED },
  );
}
