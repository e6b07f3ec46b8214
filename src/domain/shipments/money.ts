/**
 * Shipment money (spec section 9): totals per currency of the charges (revenue) and of the costs,
 * profit = revenue - cost and margin = profit / revenue * 100 clamped to ±9999 %, all rounded to 2 decimals.
 * A revenue of 0 (decision 0143): margin 0 when the profit is 0 too, else -9999 (costs with no charge,
 * the limit of the formula, clamped).
 */
import { CHARGE_FIELDS, COST_FIELDS, CURRENCIES, DEFAULT_CURRENCY } from '@domain/common/enums';

export const MARGIN_LIMIT = 9999;

export type CurrencyTotals = {
  currency: string;
  /** Sum of the charges in this currency. */
  total_revenue: number;
  /** Sum of the costs in this currency. */
  total_cost: number;
  /** total_revenue - total_cost (the spec's per-currency "margin figure"). */
  profit: number;
  /** profit / total_revenue * 100, clamped to ±9999, 2 decimals. */
  margin_percent: number;
};

/** Margin in percent with the clamp and the revenue-0 rule. */
export function marginPercent(revenue: number, profit: number): number {
  if (revenue === 0) return profit === 0 ? 0 : profit > 0 ? MARGIN_LIMIT : -MARGIN_LIMIT;
  const m = (profit / revenue) * 100;
  const clamped = Math.max(-MARGIN_LIMIT, Math.min(MARGIN_LIMIT, m));
  return Math.round(clamped * 100) / 100;
}

type MoneyRow = Record<string, unknown>;

const cents = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v * 100) : 0);

/**
 * Per-currency totals of one shipment. A currency appears when some charge or cost is set (non-null) in it;
 * null amounts count as 0. Ordered like CURRENCIES, unknown codes after them alphabetically.
 */
export function shipmentTotals(row: MoneyRow): CurrencyTotals[] {
  const acc = new Map<string, { revenue: number; cost: number }>();
  const add = (field: string, kind: 'revenue' | 'cost') => {
    const amount = row[field];
    if (amount === null || amount === undefined) return;
    const code = typeof row[`${field}_currency`] === 'string' && row[`${field}_currency`] !== '' ? (row[`${field}_currency`] as string) : DEFAULT_CURRENCY;
    const entry = acc.get(code) ?? { revenue: 0, cost: 0 };
    entry[kind] += cents(amount);
    acc.set(code, entry);
  };
  for (const f of CHARGE_FIELDS) add(f, 'revenue');
  for (const f of COST_FIELDS) add(f, 'cost');

  const order = (c: string) => {
    const i = (CURRENCIES as readonly string[]).indexOf(c);
    return i === -1 ? CURRENCIES.length : i;
  };
  return [...acc.entries()]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([currency, { revenue, cost }]) => ({
      currency,
      total_revenue: revenue / 100,
      total_cost: cost / 100,
      profit: (revenue - cost) / 100,
      margin_percent: marginPercent(revenue, revenue - cost),
    }));
}

/** '1,234.50 USD': an amount with 2 decimals and its currency. */
export function formatMoney(amount: number | null | undefined, currency: string | null | undefined): string {
  const n = typeof amount === 'number' && Number.isFinite(amount) ? amount : 0;
  return `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency || DEFAULT_CURRENCY}`;
}
