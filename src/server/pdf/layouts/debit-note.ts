/**
 * Debit note: billed to the customer company, numbered by the shipment's reference and the version, with the
 * payment terms and due date and a table of the charges with a total per currency (currencies are never added
 * together). Costs, profit and internal notes are staff-internal and never printed here.
 */
import type { Sheet } from '../frame';
import { exactMoney, formatDate, party, paymentTermsWords, text } from '../format';
import { moneyString } from '@domain/money/currencies';
import type { PdfInput } from '../types';
import { chargesTable } from './common';

/** 'CD-S2611-1096-2': the reference and the version, so each version of the note has its own number. */
export function debitNoteNumber(reference: string, version: number): string {
  return `${reference}-${version}`;
}

export function drawDebitNote(sheet: Sheet, input: PdfInput): void {
  const s = input.shipment;
  const tr = sheet.tr;
  sheet.columns(
    [[{ label: tr.t('Bill to'), value: party(input.company.name, input.company.address), minHeight: 70 }]],
    [
      [{ label: tr.t('Debit note No.'), value: debitNoteNumber(s.reference_number, input.version), bold: true, size: 11 }],
      [
        { label: tr.t('Date'), value: formatDate(tr, input.generatedAt) },
        { label: tr.t('Our reference'), value: s.reference_number },
      ],
      [{ label: tr.t('Your reference (B/L No.)'), value: text(s.customer_reference) }],
    ],
    0.55,
  );
  sheet.gap(8);
  sheet.boxes(
    { label: tr.t('Payment terms'), value: paymentTermsWords(tr, s.payment_terms) },
    // The day payment falls due, as invoices print it (the catalog's plain 'Due date' is also a checklist item's).
    { label: tr.t('{payment, select, other {Due date}}'), value: formatDate(tr, s.payment_due_date), bold: true },
  );
  sheet.gap(12);
  const totals = chargesTable(sheet, input.charges, tr.t('Charges'));
  sheet.gap(8);
  // The amount due, one line per currency (never one sum of different currencies), right under the table.
  const due = totals.map((t) => exactMoney(tr, t.total, t.currency));
  sheet.boxesIn(sheet.left + sheet.width * 0.55, sheet.width * 0.45, {
    label: tr.t('Total due'),
    value: due.length ? due.join('\n') : exactMoney(tr, moneyString('0', s.currency), s.currency),
    bold: true,
    size: 11,
    align: 'right',
  });
  sheet.gap(12);
  sheet.paragraph(tr.t('Please quote debit note No. {number} with your payment.', { number: debitNoteNumber(s.reference_number, input.version) }), { size: 8.5 });
}
