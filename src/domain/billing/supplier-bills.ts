/**
 * Supplier bills against a job's costs (issue 39, decision record 0264). A carrier's, agent's or service provider's
 * bill has lines; a line may be assigned to a shipment and matched to one of its buy lines (the cost accrued when the
 * job was priced). The rules here are pure (no zod; the wire shapes are in supplier-bills-schema.ts): a bill's totals,
 * a match's difference, a bill's state, and the job's profit with actual costs. Amounts are decimal strings computed
 * with src/domain/money, never binary floats.
 */
import { CURRENCIES } from '@domain/common/enums';
import { dec, ZERO, type Decimal } from '@domain/money/decimal';
import { minorUnitOf, moneyString } from '@domain/money/currencies';
import { marginPercent, type CurrencyMoney, type LineMoney } from './lines';
import { ENGLISH, msg } from '@domain/common/i18n';

export const SUPPLIER_BILL_MESSAGES = {
  notFound: msg('Supplier bill not found'),
  supplier: msg('Choose the supplier: a carrier, a consolidation agent or a service provider'),
  supplierUnknown: msg('No such supplier: choose one from the list'),
  number: msg("Enter the supplier's bill number (at most 60 characters)"),
  numberTaken: (number: string) => ENGLISH.t(msg('This supplier already has a bill numbered {number}'), { number }),
  dueBeforeBill: msg('The due date cannot be before the bill date'),
  lineAmount: msg('Enter the line amount as a decimal number other than 0, such as 1250.50'),
  places: (currency: string, places: number) =>
    places === 0 ? ENGLISH.t(msg('{currency} amounts have no decimals'), { currency }) : ENGLISH.t(msg('{currency} amounts have at most {places} decimals'), { currency, places }),
  vat: msg('Enter the VAT as a decimal number of 0 or more, such as 250.10'),
  totalPositive: msg('The bill must come to more than 0'),
  lineDescription: msg('Describe the line (at most 300 characters)'),
  noLines: msg('Add at least one line'),
  tooManyLines: msg('A supplier bill has at most 200 lines'),
  shipmentUnknown: msg('No such shipment'),
  lineNotFound: msg('This bill has no such line'),
  buyLineUnknown: msg('No such cost line on this shipment'),
  buyLineNoShipment: msg('Choose the shipment before the cost line'),
  notABuyLine: msg('Only a cost (buy) line can be matched to a supplier bill'),
  currencyMismatch: (buy: string, bill: string) =>
    ENGLISH.t(msg('The cost line is in {costCurrency} and the bill in {billCurrency}: a line can only be matched to a cost in the same currency'), { costCurrency: buy, billCurrency: bill }),
  alreadyMatched: (number: string) => ENGLISH.t(msg('This cost line is already matched to supplier bill {number}; unmatch it there first'), { number }),
  /** The same refusal when a race is lost to a match this request did not read (the unique index): no bill number. */
  matchedElsewhere: msg('This cost line is already matched to another supplier bill; unmatch it there first'),
  matchedTwice: msg('Two lines of this bill match the same cost line'),
  currencyPaid: msg('A bill with payments keeps its currency'),
  totalBelowPaid: (paid: string) => ENGLISH.t(msg("The bill's total cannot be less than what was paid already ({paid})"), { paid }),
  paymentAmount: msg('Enter the amount paid as a decimal number above 0'),
  overpaid: (open: string) => ENGLISH.t(msg('More than is open on this bill: at most {open}'), { open }),
  paymentBeforeBill: msg('A payment cannot be dated before the bill'),
  deletePaid: msg('A bill with payments cannot be deleted: it is in the books. Correct it instead.'),
  documentKept: msg('This bill has a file already; the new one replaces it in the bill (the old file stays in Documents)'),
} as const;

export const MAX_BILL_LINES = 200;

/** How many decimals an amount in `currency` may have, and whether it has more. */
export const placesOf = (s: string) => (s.includes('.') ? s.split('.')[1]!.length : 0);
export function tooManyPlaces(amount: string, currency: string): string | null {
  let places: number;
  try {
    places = minorUnitOf(currency);
  } catch {
    return null; // the currency has its own message
  }
  if (typeof amount !== 'string') return null;
  const frac = amount.includes('.') ? amount.split('.')[1]!.replace(/0+$/, '') : '';
  return frac.length > places ? SUPPLIER_BILL_MESSAGES.places(currency, places) : null;
}

export type BillTotals = { net: string; vat: string; total: string };

/** A bill's net (the sum of its lines), VAT as billed and total = net + VAT, in the currency's minor unit. */
export function billTotals(lines: readonly { amount: string }[], vat: string, currency: string): BillTotals {
  const net = lines.reduce<Decimal>((a, l) => a.plus(dec(l.amount)), ZERO);
  return { net: moneyString(net, currency), vat: moneyString(vat, currency), total: moneyString(net.plus(dec(vat)), currency) };
}

export type MatchResult = { ok: true; difference: string } | { ok: false; message: string };

/**
 * The difference of a match: the bill line's amount minus the buy line's accrued amount (positive: the supplier billed
 * more than was accrued, the job earns less). Only within one currency; only against a buy line.
 */
export function matchDifference(billLine: { amount: string }, billCurrency: string, buyLine: { side: string; amount: string; currency: string }): MatchResult {
  if (buyLine.side !== 'buy') return { ok: false, message: SUPPLIER_BILL_MESSAGES.notABuyLine };
  if (buyLine.currency !== billCurrency) return { ok: false, message: SUPPLIER_BILL_MESSAGES.currencyMismatch(buyLine.currency, billCurrency) };
  return { ok: true, difference: moneyString(dec(billLine.amount).minus(dec(buyLine.amount)), billCurrency) };
}

export const SUPPLIER_BILL_STATES = ['open', 'partly_paid', 'paid', 'overdue'] as const;
export type SupplierBillState = (typeof SUPPLIER_BILL_STATES)[number];
export const SUPPLIER_BILL_STATE_LABELS: Record<SupplierBillState, string> = { open: msg('Open'), partly_paid: msg('Partly paid'), paid: msg('Paid'), overdue: msg('Overdue') };

/** What is left to pay (never below 0) and the bill's state on `today`: paid, overdue (past due with something open), partly paid or open. */
export function billState(b: { total: string; paid: string; due_date: string; currency: string }, today: string): { open: string; state: SupplierBillState } {
  const open = dec(b.total).minus(dec(b.paid));
  const openStr = moneyString(open.lt(0) ? ZERO : open, b.currency);
  if (open.lte(0)) return { open: openStr, state: 'paid' };
  if (b.due_date < today) return { open: openStr, state: 'overdue' };
  return { open: openStr, state: dec(b.paid).gt(0) ? 'partly_paid' : 'open' };
}

/** Where a job's cost comes from in a currency: the accrued buy lines only, supplier bills for all of it, or both. */
export const COST_BASES = ['accrued', 'actual', 'mixed'] as const;
export type CostBasis = (typeof COST_BASES)[number];
export const COST_BASIS_LABELS: Record<CostBasis, string> = { accrued: msg('Accrued'), actual: msg('Actual'), mixed: msg('Partly actual') };

/** A shipment's line with its id (buy lines are matched by id). */
export type JobLine = LineMoney & { id: string };
/** A supplier bill line assigned to the shipment: its amount in the bill's currency, and the buy line it matches, if any. */
export type JobBillLine = { amount: string; currency: string; charge_line_id: string | null };

export type JobMoney = CurrencyMoney & {
  /** The buy lines as accrued. */
  cost_accrued: string;
  /** Each buy line's matched bill amount where matched, else its accrued amount, plus bill lines on no buy line. */
  cost_actual: string;
  /** Revenue minus the accrued cost (profit itself is on the actual cost). */
  profit_accrued: string;
  cost_basis: CostBasis;
};

/**
 * The job's money per currency with actual costs: revenue, billed and unbilled as `lineTotals`; cost = for each buy
 * line its matched bill line's amount if matched, else its accrued amount, plus the bill lines assigned to the shipment
 * without a buy line; profit and margin on that cost. `cost_accrued` and `profit_accrued` keep the accrued view beside
 * it, and `cost_basis` says which it is: 'accrued' (no bill yet), 'actual' (every cost from a bill) or 'mixed'. A buy
 * line of 0 with no bill accrues nothing and does not make a currency 'mixed'. A match across currencies (the database
 * refuses one; a form field's currency changed later) counts the bill line in its own currency and the buy line as
 * accrued, so no amount is ever added across currencies.
 */
export function jobTotals(lines: readonly JobLine[], billLines: readonly JobBillLine[]): JobMoney[] {
  type Acc = { revenue: Decimal; billed: Decimal; accrued: Decimal; actual: Decimal; fromBills: number; accruedOnly: number };
  const acc = new Map<string, Acc>();
  const entry = (currency: string) => {
    let e = acc.get(currency);
    if (!e) acc.set(currency, (e = { revenue: ZERO, billed: ZERO, accrued: ZERO, actual: ZERO, fromBills: 0, accruedOnly: 0 }));
    return e;
  };
  const buyLines = new Map(lines.filter((l) => l.side === 'buy').map((l) => [l.id, l]));
  const matched = new Map<string, JobBillLine>();
  for (const b of billLines) {
    const buy = b.charge_line_id ? buyLines.get(b.charge_line_id) : undefined;
    if (buy && buy.currency === b.currency && !matched.has(buy.id)) matched.set(buy.id, b);
    else {
      const e = entry(b.currency);
      e.actual = e.actual.plus(dec(b.amount));
      e.fromBills += 1;
    }
  }
  for (const l of lines) {
    const e = entry(l.currency);
    const a = dec(l.amount);
    if (l.side === 'sell') {
      e.revenue = e.revenue.plus(a);
      if (l.invoice_id) e.billed = e.billed.plus(a);
      continue;
    }
    e.accrued = e.accrued.plus(a);
    const bill = matched.get(l.id);
    if (bill) {
      e.actual = e.actual.plus(dec(bill.amount));
      e.fromBills += 1;
    } else {
      e.actual = e.actual.plus(a);
      if (!a.eq(0)) e.accruedOnly += 1;
    }
  }
  const order = (c: string) => {
    const i = (CURRENCIES as readonly string[]).indexOf(c);
    return i === -1 ? CURRENCIES.length : i;
  };
  return [...acc.entries()]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([currency, e]) => {
      const m = (x: Decimal) => moneyString(x, currency);
      const profit = e.revenue.minus(e.actual);
      const basis: CostBasis = e.fromBills === 0 ? 'accrued' : e.accruedOnly === 0 ? 'actual' : 'mixed';
      return {
        currency,
        total_revenue: m(e.revenue),
        total_cost: m(e.actual),
        profit: m(profit),
        margin_percent: marginPercent(e.revenue, profit),
        billed: m(e.billed),
        unbilled: m(e.revenue.minus(e.billed)),
        cost_accrued: m(e.accrued),
        cost_actual: m(e.actual),
        profit_accrued: m(e.revenue.minus(e.accrued)),
        cost_basis: basis,
      };
    });
}
