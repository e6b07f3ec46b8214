/**
 * VAT by EN 16931's categories (UNCL 5305 codes as Peppol BIS 3.0 uses them; issue 38) and an invoice's totals.
 * Tax is computed per category and rate on that group's taxable total and rounded half away from zero to the
 * currency's minor unit (EN 16931 BR-CO-17: a VAT category tax amount is its taxable amount times its rate, rounded
 * to two decimals), never by adding rounded line taxes.
 */
import { dec, fixed, sum, ZERO, type Decimal } from './decimal';
import { minorUnitOf, roundToCurrency } from './currencies';
import { msg } from '@domain/common/i18n';

/** The VAT categories an invoice line may carry, with what they mean on a forwarder's invoice. */
export const VAT_CATEGORIES = {
  S: msg('Standard rate'),
  Z: msg('Zero rated goods'),
  E: msg('Exempt from tax'),
  AE: msg('Reverse charge'),
  K: msg('Intra-community supply'),
  G: msg('Export outside the EU'),
  O: msg('Outside the scope of VAT'),
} as const;
export type VatCategory = keyof typeof VAT_CATEGORIES;
export const VAT_CATEGORY_CODES = Object.keys(VAT_CATEGORIES) as VatCategory[];
export const isVatCategory = (c: unknown): c is VatCategory => typeof c === 'string' && Object.hasOwn(VAT_CATEGORIES, c);

/** Categories whose tax is zero because of an exemption the invoice must name (EN 16931 BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10). */
export const NEEDS_EXEMPTION_REASON: ReadonlySet<VatCategory> = new Set(['E', 'AE', 'K', 'G', 'O']);

export const VAT_MESSAGES = {
  standardRate: msg('A standard-rated line needs a VAT rate above 0'),
  zeroRate: msg('This VAT category carries a rate of 0'),
  exemptionReason: msg('This VAT category needs an exemption reason'),
} as const;

/** What is wrong with a line's VAT category, rate and exemption reason, or null (BR-S-05, BR-Z-05, BR-E-05 ...). */
export function vatProblem(category: VatCategory, rate: string, exemptionReason?: string | null): string | null {
  const r = dec(rate);
  if (category === 'S') return r.gt(0) ? null : VAT_MESSAGES.standardRate;
  if (!r.eq(0)) return VAT_MESSAGES.zeroRate;
  if (NEEDS_EXEMPTION_REASON.has(category) && !exemptionReason?.trim()) return VAT_MESSAGES.exemptionReason;
  return null;
}

export type TaxedAmount = { amount: Decimal | string; vat_category: VatCategory; vat_rate: string };
export type TaxSubtotal = { category: VatCategory; rate: string; taxable: string; tax: string };

/** A line's net amount: quantity x unit price, rounded to the currency's minor unit (EN 16931 BT-131). */
export const lineNet = (quantity: string, unitPrice: string, currency: string): Decimal => roundToCurrency(dec(quantity).times(dec(unitPrice)), currency);

const rateKey = (rate: string) => dec(rate).toFixed(); // "25", "25.0" and "25.00" are one rate

/**
 * The tax of each (category, rate): the taxable total of its lines, document charges and allowances (negative), and
 * that total x rate / 100 rounded half away from zero to the currency's minor unit. In the order first seen.
 */
export function taxSubtotals(amounts: readonly TaxedAmount[], currency: string): TaxSubtotal[] {
  const groups = new Map<string, { category: VatCategory; rate: string; taxable: Decimal }>();
  for (const a of amounts) {
    const key = `${a.vat_category}|${rateKey(a.vat_rate)}`;
    const g = groups.get(key) ?? { category: a.vat_category, rate: rateKey(a.vat_rate), taxable: ZERO };
    g.taxable = g.taxable.plus(dec(a.amount));
    groups.set(key, g);
  }
  const places = minorUnitOf(currency);
  return [...groups.values()].map((g) => ({
    category: g.category,
    rate: dec(g.rate).toFixed(2),
    taxable: fixed(g.taxable, places),
    tax: fixed(roundToCurrency(g.taxable.times(dec(g.rate)).div(100), currency), places),
  }));
}

export type InvoiceTotals = {
  /** Sum of the lines' net amounts (BT-106). */
  lines: string;
  /** Document-level allowances (BT-107) and charges (BT-108). */
  allowances: string;
  charges: string;
  /** lines - allowances + charges (BT-109). */
  tax_exclusive: string;
  /** Sum of the subtotals' tax (BT-110). */
  tax: string;
  /** tax_exclusive + tax (BT-112). */
  tax_inclusive: string;
  /** Paid before this document (BT-113). */
  prepaid: string;
  /** tax_inclusive - prepaid (BT-115). */
  payable: string;
};

export type DocumentAdjustment = { amount: string; vat_category: VatCategory; vat_rate: string };

/**
 * An invoice's totals and tax breakdown from its lines' net amounts, its document-level allowances and charges (each
 * a positive amount with its own VAT category) and what was prepaid.
 */
export function invoiceTotals(
  input: { lines: readonly TaxedAmount[]; allowances?: readonly DocumentAdjustment[]; charges?: readonly DocumentAdjustment[]; prepaid?: string },
  currency: string,
): { totals: InvoiceTotals; tax_subtotals: TaxSubtotal[] } {
  const places = minorUnitOf(currency);
  const allowances = input.allowances ?? [];
  const charges = input.charges ?? [];
  const lineSum = sum(input.lines.map((l) => dec(l.amount)));
  const allowanceSum = sum(allowances.map((a) => dec(a.amount)));
  const chargeSum = sum(charges.map((c) => dec(c.amount)));
  const subtotals = taxSubtotals(
    [...input.lines, ...allowances.map((a) => ({ ...a, amount: dec(a.amount).times(-1) })), ...charges],
    currency,
  );
  const taxExclusive = lineSum.minus(allowanceSum).plus(chargeSum);
  const tax = sum(subtotals.map((s) => dec(s.tax)));
  const inclusive = taxExclusive.plus(tax);
  const prepaid = dec(input.prepaid ?? '0');
  return {
    totals: {
      lines: fixed(lineSum, places),
      allowances: fixed(allowanceSum, places),
      charges: fixed(chargeSum, places),
      tax_exclusive: fixed(taxExclusive, places),
      tax: fixed(tax, places),
      tax_inclusive: fixed(inclusive, places),
      prepaid: fixed(prepaid, places),
      payable: fixed(inclusive.minus(prepaid), places),
    },
    tax_subtotals: subtotals,
  };
}
