/**
 * Receivables rules (issue 38): a statement's running balance, the ageing buckets' sums, and which reminder of an
 * overdue invoice is due. Pure; the server computes the open amounts in SQL and hands the rows here.
 */
import { dec } from '@domain/money/decimal';
import { moneyString } from '@domain/money/currencies';
import { AGEING_BUCKETS, ageingBucket, daysPastDue, type AgeingBucket } from '@domain/money/ageing';

/** The days overdue on which the customer's contacts are reminded of an invoice: once each, never twice a day. */
export const REMINDER_DAYS = [1, 7, 30] as const;

/**
 * The reminder due on a day for an invoice `daysOverdue` past due, given the reminder days already sent: the latest
 * reminder day reached and not sent yet (a job that missed a day catches up with one mail, not several), else null.
 */
export function reminderDue(daysOverdue: number, sent: readonly number[]): number | null {
  const reached = REMINDER_DAYS.filter((d) => d <= daysOverdue);
  const latest = reached[reached.length - 1];
  if (latest === undefined || sent.some((s) => s >= latest)) return null;
  return latest;
}

export type Buckets = Record<AgeingBucket, string>;
export const emptyBuckets = (): Buckets => Object.fromEntries(AGEING_BUCKETS.map((b) => [b, '0'])) as Buckets;

/** Open amounts summed by bucket as of a day (rows: each invoice's due day and open amount), in the currency's minor unit. */
export function ageingOf(currency: string, rows: readonly { due_date: string; open: string }[], asOf: string): Buckets {
  const out = emptyBuckets();
  for (const r of rows) {
    if (dec(r.open).lte(0)) continue;
    const b = ageingBucket(daysPastDue(r.due_date, asOf));
    out[b] = dec(out[b]).plus(dec(r.open)).toFixed();
  }
  return inMinorUnits(currency, out);
}

export function inMinorUnits(currency: string, b: Buckets): Buckets {
  const out = emptyBuckets();
  for (const k of AGEING_BUCKETS) out[k] = moneyString(b[k], currency);
  return out;
}

export const bucketsTotal = (currency: string, b: Buckets): string => moneyString(AGEING_BUCKETS.reduce((sum, k) => sum.plus(dec(b[k])), dec(0)), currency);

/** Adds one set of buckets to another (totals per currency). */
export function addBuckets(currency: string, a: Buckets, b: Buckets): Buckets {
  const out = emptyBuckets();
  for (const k of AGEING_BUCKETS) out[k] = dec(a[k]).plus(dec(b[k])).toFixed();
  return inMinorUnits(currency, out);
}

export type LedgerEntry = { date: string; kind: 'invoice' | 'credit_note' | 'payment'; id: string; number: string | null; reference: string | null; due_date: string | null; amount: string };

/**
 * A statement's entries in date order with the running balance: an invoice is a debit (what the customer owes
 * grows), a credit note and a payment a credit. Amounts are positive; the balance starts at `opening`.
 */
export function ledger(currency: string, opening: string, entries: readonly LedgerEntry[]) {
  const m = (x: Parameters<typeof moneyString>[0]) => moneyString(x, currency);
  let balance = dec(opening);
  const rows = entries.map((e) => {
    const debit = e.kind === 'invoice' ? dec(e.amount) : dec(0);
    const credit = e.kind === 'invoice' ? dec(0) : dec(e.amount);
    balance = balance.plus(debit).minus(credit);
    return { date: e.date, kind: e.kind, id: e.id, number: e.number, reference: e.reference, due_date: e.due_date, debit: m(debit), credit: m(credit), balance: m(balance) };
  });
  return { opening: m(opening), entries: rows, closing: m(balance) };
}
