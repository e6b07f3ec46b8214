/**
 * An invoice's state as people read it (issue 38): draft, issued, partly paid, paid, overdue, credited. Derived, never
 * stored: the stored status is draft or issued, payments and credit notes do the rest. Pure.
 */
import { dec } from '@domain/money/decimal';
import { msg } from '@domain/common/i18n';

export const INVOICE_STATES = ['draft', 'issued', 'partly_paid', 'paid', 'overdue', 'credited'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  draft: msg('Draft'), issued: msg('Issued'), partly_paid: msg('Partly paid'), paid: msg('Paid'), overdue: msg('Overdue'), credited: msg('Credited'),
};
export const PAYMENT_METHODS = ['bank_transfer', 'card', 'cash', 'cheque', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: msg('Bank transfer'), card: msg('Card'), cash: msg('Cash'), cheque: msg('Cheque'), other: msg('Other'),
};

export type StateInput = {
  kind: 'invoice' | 'credit_note';
  status: 'draft' | 'issued';
  payable: string;
  /** Sum of the payments applied to it. */
  paid: string;
  /** Sum of the issued credit notes that refer to it. */
  credited: string;
  due_date: string | null;
};

/** What is still owed on an issued invoice: payable - paid - credited, never below 0 (the excess is account credit). */
export function openAmount(i: Pick<StateInput, 'payable' | 'paid' | 'credited'>): string {
  const open = dec(i.payable).minus(dec(i.paid)).minus(dec(i.credited));
  return open.lt(0) ? '0' : open.toFixed();
}

/**
 * The state on a day (YYYY-MM-DD): credited when credit notes cover it all, paid when payments (and credits) do,
 * overdue when something is open after the due day, partly paid when some is paid, else issued. A credit note is
 * 'issued' once issued.
 */
export function invoiceState(i: StateInput, asOf: string): InvoiceState {
  if (i.status === 'draft') return 'draft';
  if (i.kind === 'credit_note') return 'issued';
  const payable = dec(i.payable);
  const credited = dec(i.credited);
  if (payable.gt(0) && credited.gte(payable)) return 'credited';
  if (dec(openAmount(i)).eq(0)) return 'paid';
  if (i.due_date !== null && asOf > i.due_date) return 'overdue';
  if (dec(i.paid).gt(0) || credited.gt(0)) return 'partly_paid';
  return 'issued';
}
