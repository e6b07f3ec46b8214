/**
 * The blocks of the invoice and credit note (issue 38): the lines (a converted line with its own amount, currency,
 * rate and rate day), the tax summary per VAT category, the totals panel, the payments received and the bank details.
 * Every amount is a decimal string printed with its currency's minor units; nothing is computed in floating point.
 */
import { printedIban } from '@domain/money/iban';
import { VAT_CATEGORIES, isVatCategory } from '@domain/money/vat';
import { PAYMENT_METHOD_LABELS } from '@domain/billing/state';
import { UNIT_LABELS, type ChargeUnit } from '@domain/billing/lines';
import { dec } from '@domain/money/decimal';
import { msg } from '@domain/common/i18n';
import type { Translator } from '@server/i18n';
import type { Sheet } from '../frame';
import { decimalMoney, english, exactMoney, formatDate, grouped, join, percent, quantity, unitPrice } from '../format';
import { INK, MUTED, RULE, TOTAL_FILL } from '../style';
import type { InvoicePdfView } from '../types';

type Line = NonNullable<InvoicePdfView['lines']>[number];

// The unit of a line as the quantity column's neighbour reads it: 'container', not 'per container'.
const UNIT_SHORT: Record<ChargeUnit, string> = { shipment: msg('shipment'), container: msg('container'), kg: 'kg', wm: 'W/M' };
const unitLabel = (tr: Translator, u: string) => {
  const label = UNIT_SHORT[u as ChargeUnit] ?? UNIT_LABELS[u as ChargeUnit];
  return label ? tr.t(label) : u;
};

/** '1,000.00 USD at 1 USD = 0.911992 EUR (ECB rate of 26 Apr 2023)': what a converted line was before conversion. */
export function conversionNote(tr: Translator, l: Line, currency: string): string {
  if (!l.source_amount || !l.source_currency || l.source_currency === currency) return '';
  const values = {
    amount: exactMoney(tr, l.source_amount, l.source_currency),
    source: l.source_currency,
    rate: !l.exchange_rate ? '' : english(tr) ? dec(l.exchange_rate).toFixed() : grouped(tr, dec(l.exchange_rate).toFixed()),
    currency,
    date: l.exchange_rate_date ? formatDate(tr, l.exchange_rate_date) : '',
  };
  if (l.exchange_rate && l.exchange_rate_date) return tr.t('Converted from {amount} at 1 {source} = {rate} {currency} (rate of {date})', values);
  if (l.exchange_rate) return tr.t('Converted from {amount} at 1 {source} = {rate} {currency}', values);
  if (l.exchange_rate_date) return tr.t('Converted from {amount} (rate of {date})', values);
  return tr.t('Converted from {amount}', values);
}

/** The lines: what was billed, for which shipment, how many of what at which price, the VAT rate and the net. */
export function linesTable(sheet: Sheet, v: InvoicePdfView): void {
  const tr = sheet.tr;
  const lines = v.lines ?? [];
  sheet.table({
    title: v.kind === 'credit_note' ? tr.t('Lines credited') : tr.t('Lines'),
    columns: [
      { header: tr.t('No.'), w: 0.45, align: 'right' },
      { header: tr.t('Description'), w: 4.6 },
      { header: tr.t('Quantity'), w: 0.95, align: 'right' },
      { header: tr.t('Unit'), w: 0.95 },
      { header: tr.t('Unit price ({currency})', { currency: v.currency }), w: 1.35, align: 'right' },
      { header: tr.t('VAT'), w: 0.75, align: 'right' },
      { header: tr.t('Net ({currency})', { currency: v.currency }), w: 1.45, align: 'right' },
    ],
    rows: lines.map((l) => ({
      cells: [
        String(l.position),
        join('\n', l.description, l.shipment_reference ? tr.t('Shipment {reference}', { reference: l.shipment_reference }) : null, conversionNote(tr, l, v.currency)),
        quantity(tr, l.quantity),
        unitLabel(tr, l.unit),
        unitPrice(tr, l.unit_price, v.currency),
        `${l.vat_category} ${percent(tr, l.vat_rate)}`,
        decimalMoney(tr, l.net, v.currency),
      ],
    })),
  });
  if (!lines.length) sheet.paragraph(tr.t('No lines.'), { color: MUTED });
}

const categoryName = (tr: Translator, c: string) => (isVatCategory(c) ? `${c} – ${tr.t(VAT_CATEGORIES[c])}` : c);

/** VAT per category and rate, on the category's taxable total (EN 16931's VAT breakdown). */
export function taxTable(sheet: Sheet, v: InvoicePdfView): void {
  const tr = sheet.tr;
  const withReason = v.tax_subtotals.some((t) => t.exemption_reason);
  sheet.table({
    title: tr.t('VAT summary'),
    columns: [
      { header: tr.t('VAT category'), w: 2.4 },
      { header: tr.t('Rate'), w: 0.8, align: 'right' },
      { header: tr.t('Taxable amount ({currency})', { currency: v.currency }), w: 1.6, align: 'right' },
      { header: tr.t('VAT ({currency})', { currency: v.currency }), w: 1.4, align: 'right' },
      ...(withReason ? [{ header: tr.t('Exemption reason'), w: 3 }] : []),
    ],
    rows: [
      ...v.tax_subtotals.map((t) => ({
        cells: [
          categoryName(tr, t.category),
          percent(tr, t.rate),
          decimalMoney(tr, t.taxable, v.currency),
          decimalMoney(tr, t.tax, v.currency),
          ...(withReason ? [t.exemption_reason ?? ''] : []),
        ],
      })),
      {
        cells: [tr.t('Total'), '', decimalMoney(tr, v.totals.tax_exclusive, v.currency), decimalMoney(tr, v.totals.tax, v.currency), ...(withReason ? [''] : [])],
        total: true,
      },
    ],
    keepTogether: true,
  });
}

/** A row of the totals panel: `bold` for the gross total, `strong` (bold on a fill) for what is due or credited. */
type TotalRow = { label: string; value: string; bold?: boolean; strong?: boolean };

/** The totals as a credit note or an invoice states them: net, VAT, total, then what was paid and what is still due. */
export function totalRows(v: InvoicePdfView): TotalRow[] {
  const tr = v.tr;
  const m = (x: string) => exactMoney(tr, x, v.currency);
  // Document-level allowances and charges (EN 16931 BG-20, BG-21) between the lines' total and the net.
  const adjustments: TotalRow[] = v.adjustments.length
    ? [
        { label: tr.t('Lines'), value: m(v.totals.lines) },
        ...v.adjustments.map((a) => ({
          label:
            a.vat_category === 'O'
              ? tr.t('{reason} (VAT {category})', { reason: a.reason, category: a.vat_category })
              : tr.t('{reason} (VAT {category} {rate})', { reason: a.reason, category: a.vat_category, rate: english(tr) ? `${dec(a.vat_rate).toFixed()}%` : percent(tr, a.vat_rate) }),
          value: m(a.kind === 'allowance' ? `-${a.amount}` : a.amount),
        })),
      ]
    : [];
  const rows: TotalRow[] = [
    ...adjustments,
    { label: tr.t('Total net'), value: m(v.totals.tax_exclusive) },
    { label: tr.t('Total VAT'), value: m(v.totals.tax) },
  ];
  if (v.kind === 'credit_note') return [...rows, { label: tr.t('Total credited'), value: m(v.totals.payable), strong: true }];
  rows.push({ label: tr.t('Total {currency}', { currency: v.currency }), value: m(v.totals.tax_inclusive), bold: true });
  if (!dec(v.totals.payable).eq(dec(v.totals.tax_inclusive))) {
    // The amount paid before the invoice (EN 16931 BT-113); the catalog's plain 'Prepaid' is a shipment's payment term.
    rows.push({ label: tr.t('{amount, select, other {Prepaid}}'), value: m(dec(v.totals.tax_inclusive).minus(dec(v.totals.payable)).toFixed()) });
  }
  rows.push({ label: tr.t('Paid'), value: m(v.paid) });
  if (!dec(v.credited).eq(0)) rows.push({ label: tr.t('Credited'), value: m(v.credited) });
  // A draft has no payments or credits yet: all of it is due.
  rows.push({ label: tr.t('Amount due'), value: m(v.status === 'draft' ? v.totals.payable : v.open), strong: true });
  return rows;
}

const ROW_H = 15;

/** The totals panel, right-aligned under the tables, kept whole on one page; the last strong row on a light fill. */
export function totalsPanel(sheet: Sheet, rows: TotalRow[], x: number, width: number): number {
  const doc = sheet.doc;
  const height = rows.length * ROW_H + 2;
  sheet.ensure(height);
  let y = sheet.y;
  rows.forEach((r, i) => {
    const last = i === rows.length - 1;
    if (r.strong) doc.rect(x, y, width, ROW_H + 2).fill(TOTAL_FILL);
    const size = r.strong ? 10 : 9;
    const style = r.strong || r.bold ? 'bold' : 'regular';
    sheet.write(r.label, x + 5, y + 3.5, width * 0.48, { style, size, color: INK });
    sheet.write(r.value, x + width * 0.4, y + 3.5, width * 0.6 - 5, { style, size, align: 'right' });
    y += r.strong ? ROW_H + 2 : ROW_H;
    if (!last) doc.lineWidth(0.4).strokeColor('#bbbbbb').moveTo(x, y).lineTo(x + width, y).stroke();
  });
  doc.lineWidth(0.8).strokeColor(RULE).rect(x, sheet.y, width, y - sheet.y).stroke();
  const drawn = y - sheet.y;
  sheet.y = y;
  return drawn;
}

/** The payments applied to the invoice, when there are any. */
export function paymentsTable(sheet: Sheet, v: InvoicePdfView): void {
  const tr = sheet.tr;
  const payments = v.payments ?? [];
  if (!payments.length) return;
  sheet.table({
    title: tr.t('Payments received'),
    columns: [
      { header: tr.t('Received'), w: 1.3 },
      { header: tr.t('Method'), w: 1.4 },
      { header: tr.t('Reference'), w: 3 },
      { header: tr.t('Amount'), w: 1.6, align: 'right' },
    ],
    rows: payments.map((p) => ({
      cells: [formatDate(tr, p.received_on), tr.t(PAYMENT_METHOD_LABELS[p.method]), p.reference ?? '', exactMoney(tr, p.amount, p.currency)],
    })),
    keepTogether: true,
  });
}

/** The seller's bank account as printed: holder, bank, IBAN in groups of four, BIC. */
export function bankDetails(tr: Translator, seller: Record<string, string>): string {
  return join(
    '\n',
    seller.legal_name ? tr.t('Account holder: {name}', { name: seller.legal_name }) : null,
    seller.bank_name ? tr.t('Bank: {name}', { name: seller.bank_name }) : null,
    seller.iban ? `IBAN: ${printedIban(seller.iban)}` : null,
    seller.bic ? `BIC: ${seller.bic.toUpperCase()}` : null,
  );
}
