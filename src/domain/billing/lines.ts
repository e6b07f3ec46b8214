/**
 * Charge lines (issue 38, decision record 0258): a shipment's or a quote's money, one line per charge (sell) or cost
 * (buy). Pure: no zod. Amounts are decimal strings computed with src/domain/money, never binary floats.
 */
import { CHARGE_FIELDS, COST_FIELDS, CURRENCIES, type ChargeField, type CostField } from '@domain/common/enums';
import { type Decimal, dec, fixed, roundHalfAway, ZERO } from '@domain/money/decimal';
import { moneyString, roundToCurrency } from '@domain/money/currencies';
import { msg } from '@domain/common/i18n';

/** The seed's eight categories plus Freight. */
export const CHARGE_CATEGORIES = ['freight', 'service', 'customs', 'insurance', 'handling', 'documentation', 'storage', 'delivery', 'other'] as const;
export type ChargeCategory = (typeof CHARGE_CATEGORIES)[number];
export const CHARGE_SIDES = ['sell', 'buy'] as const;
export type ChargeSide = (typeof CHARGE_SIDES)[number];
/** Per shipment, per container, per kg (chargeable), per W/M (weight or measure, the greater). */
export const CHARGE_UNITS = ['shipment', 'container', 'kg', 'wm'] as const;
export type ChargeUnit = (typeof CHARGE_UNITS)[number];
export const SUPPLIER_KINDS = ['carrier', 'agent', 'service_provider'] as const;
export type SupplierKind = (typeof SUPPLIER_KINDS)[number];

export const CATEGORY_LABELS: Record<ChargeCategory, string> = {
  freight: msg('Freight'), service: msg('Service'), customs: msg('Customs'), insurance: msg('Insurance'), handling: msg('Handling'),
  documentation: msg('Documentation'), storage: msg('Storage'), delivery: msg('Delivery'), other: msg('Other'),
};
export const UNIT_LABELS: Record<ChargeUnit, string> = { shipment: msg('per shipment'), container: msg('per container'), kg: msg('per kg'), wm: msg('per W/M') };
export const SIDE_LABELS: Record<ChargeSide, string> = { sell: msg('Charge'), buy: msg('Cost') };

export type SeedField = ChargeField | CostField;
/** Each of the seed's sixteen fields stands for one line: its side, category and default charge code. */
export const FIELD_LINES: Record<SeedField, { side: ChargeSide; category: ChargeCategory; code: string }> = {
  service_charge: { side: 'sell', category: 'service', code: 'SRV' },
  customs_charge: { side: 'sell', category: 'customs', code: 'CUS' },
  insurance_charge: { side: 'sell', category: 'insurance', code: 'INS' },
  handling_charge: { side: 'sell', category: 'handling', code: 'HDL' },
  documentation_charge: { side: 'sell', category: 'documentation', code: 'DOC' },
  storage_charge: { side: 'sell', category: 'storage', code: 'STO' },
  delivery_charge: { side: 'sell', category: 'delivery', code: 'DEL' },
  other_charges: { side: 'sell', category: 'other', code: 'OTH' },
  freight_cost: { side: 'buy', category: 'freight', code: 'FRT' },
  customs_cost: { side: 'buy', category: 'customs', code: 'CUS' },
  insurance_cost: { side: 'buy', category: 'insurance', code: 'INS' },
  handling_cost: { side: 'buy', category: 'handling', code: 'HDL' },
  documentation_cost: { side: 'buy', category: 'documentation', code: 'DOC' },
  storage_cost: { side: 'buy', category: 'storage', code: 'STO' },
  delivery_cost: { side: 'buy', category: 'delivery', code: 'DEL' },
  other_costs: { side: 'buy', category: 'other', code: 'OTH' },
};
export const SEED_FIELDS: readonly SeedField[] = [...CHARGE_FIELDS, ...COST_FIELDS];

/** A line's amount: quantity x unit price, rounded half away from zero to the currency's minor unit. */
export const lineAmount = (quantity: string, unitPrice: string, currency: string): string =>
  moneyString(roundToCurrency(dec(quantity).times(dec(unitPrice)), currency), currency);

export const MARGIN_LIMIT = 9999;

/** Margin in percent of the revenue, clamped to ±9999, 2 decimals; revenue 0: 0 when the profit is 0, else ∓9999 (decision 0143). */
export function marginPercent(revenue: Decimal, profit: Decimal): string {
  if (revenue.eq(0)) return profit.eq(0) ? '0.00' : profit.gt(0) ? `${MARGIN_LIMIT}.00` : `-${MARGIN_LIMIT}.00`;
  let m = profit.div(revenue).times(100);
  if (m.gt(MARGIN_LIMIT)) m = dec(MARGIN_LIMIT);
  if (m.lt(-MARGIN_LIMIT)) m = dec(-MARGIN_LIMIT);
  return fixed(roundHalfAway(m, 2), 2);
}

export type LineMoney = { side: ChargeSide; amount: string; currency: string; invoice_id?: string | null };
export type CurrencyMoney = {
  currency: string;
  total_revenue: string;
  total_cost: string;
  profit: string;
  margin_percent: string;
  /** Sell lines on an invoice (a draft's included) and not. */
  billed: string;
  unbilled: string;
};

/**
 * Per-currency totals of a job's lines: revenue (sell), cost (buy), profit = revenue - cost, margin, billed and
 * unbilled revenue. A currency appears when some line is in it. Ordered like the create form's currencies, others after
 * them alphabetically.
 */
export function lineTotals(lines: readonly LineMoney[]): CurrencyMoney[] {
  const acc = new Map<string, { revenue: Decimal; cost: Decimal; billed: Decimal }>();
  for (const l of lines) {
    const e = acc.get(l.currency) ?? { revenue: ZERO, cost: ZERO, billed: ZERO };
    const a = dec(l.amount);
    if (l.side === 'sell') {
      e.revenue = e.revenue.plus(a);
      if (l.invoice_id) e.billed = e.billed.plus(a);
    } else e.cost = e.cost.plus(a);
    acc.set(l.currency, e);
  }
  const order = (c: string) => {
    const i = (CURRENCIES as readonly string[]).indexOf(c);
    return i === -1 ? CURRENCIES.length : i;
  };
  return [...acc.entries()]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([currency, e]) => ({
      currency,
      total_revenue: moneyString(e.revenue, currency),
      total_cost: moneyString(e.cost, currency),
      profit: moneyString(e.revenue.minus(e.cost), currency),
      margin_percent: marginPercent(e.revenue, e.revenue.minus(e.cost)),
      billed: moneyString(e.billed, currency),
      unbilled: moneyString(e.revenue.minus(e.billed), currency),
    }));
}
