/**
 * Debit note: billed to the customer company, numbered by the shipment's reference and the version, with the
 * payment terms and due date and a table of the charges with a total per currency (currencies are never added
 * together). Costs, profit and internal notes are staff-internal and never printed here.
 */
import type { Sheet } from '../frame';
import { formatDate, party, text, words } from '../format';
import { moneyString } from '@domain/money/currencies';
import { formatAmount } from '@domain/requests/quote-lines';
import type { PdfInput } from '../types';
import { chargesTable } from './common';

/** 'CD-S2611-1096-2': the reference and the version, so each version of the note has its own number. */
export function debitNoteNumber(reference: string, version: number): string {
  return `${reference}-${version}`;
}

export function drawDebitNote(sheet: Sheet, input: PdfInput): void {
  const s = input.shipment;
  sheet.columns(
    [[{ label: 'Bill to', value: party(input.company.name, input.company.address), minHeight: 70 }]],
    [
      [{ label: 'Debit note No.', value: debitNoteNumber(s.reference_number, input.version), bold: true, size: 11 }],
      [
        { label: 'Date', value: formatDate(input.generatedAt) },
        { label: 'Our reference', value: s.reference_number },
      ],
      [{ label: 'Your reference (B/L No.)', value: text(s.customer_reference) }],
    ],
    0.55,
  );
  sheet.gap(8);
  sheet.boxes(
    { label: 'Payment terms', value: words(s.payment_terms) },
    { label: 'Due date', value: formatDate(s.payment_due_date), bold: true },
  );
  sheet.gap(12);
  const totals = chargesTable(sheet, input.charges, 'Charges');
  sheet.gap(8);
  // The amount due, one line per currency (never one sum of different currencies), right under the table.
  const due = totals.map((t) => formatAmount(t.total, t.currency));
  sheet.boxesIn(sheet.left + sheet.width * 0.55, sheet.width * 0.45, {
    label: 'Total due',
    value: due.length ? due.join('\n') : formatAmount(moneyString('0', s.currency), s.currency),
    bold: true,
    size: 11,
    align: 'right',
  });
  sheet.gap(12);
  sheet.paragraph(`Please quote debit note No. ${debitNoteNumber(s.reference_number, input.version)} with your payment.`, { size: 8.5 });
}
