/**
 * An invoice's lines as stored (decision record 0261): typed lines in the invoice's currency, and lines billed from
 * charge lines, converted at the stored rates of the invoice's rate day when in another currency. A converted line
 * keeps its own amount, currency, the rate (1 unit of it in the invoice's currency, 6 decimals) and the rate's day;
 * its unit price is the charge's price x that rate (6 decimals) and its net quantity x unit price, so every line
 * reads as quantity x price = net.
 */
import { CATEGORY_LABELS, type ChargeCategory } from '@domain/billing/lines';
import type { InvoiceAdjustment, InvoiceLineInput } from '@domain/billing/schema';
import type { BillingSettings } from '@domain/billing/settings-schema';
import { ENGLISH, msg } from '@domain/common/i18n';
import { minorUnitOf, moneyString } from '@domain/money/currencies';
import { dec, fixed, roundHalfAway } from '@domain/money/decimal';
import { convert, CROSS_RATE_PLACES, NoRateError, type RateLookup } from '@domain/money/exchange';
import { invoiceTotals, lineNet, type VatCategory } from '@domain/money/vat';
import type { invoice_lines, StoredAdjustment } from '@server/db/schema';
import { invalid } from '@server/http/errors';

export type LineRow = Omit<typeof invoice_lines.$inferInsert, 'invoice_id'>;

/** A charge line as read for billing. */
export type BillableCharge = {
  id: string;
  shipment_id: string;
  category: string;
  code: string | null;
  description: string | null;
  quantity: string;
  unit: string;
  unit_price: string;
  amount: string;
  currency: string;
  vat_category: string | null;
  vat_rate: string | null;
  exemption_reason: string | null;
};

const plain = (x: string) => dec(x).toFixed();

export function typedLine(l: InvoiceLineInput, currency: string, position: number): LineRow {
  return {
    position,
    description: l.description,
    quantity: plain(l.quantity),
    unit: l.unit,
    unit_price: plain(l.unit_price),
    net: fixed(lineNet(l.quantity, l.unit_price, currency), minorUnitOf(currency)),
    vat_category: l.vat_category,
    vat_rate: plain(l.vat_rate),
    exemption_reason: l.vat_category === 'S' || l.vat_category === 'Z' ? null : l.exemption_reason,
    shipment_id: l.shipment_id ?? null,
  };
}

/** Why a charge line cannot be billed in the invoice's currency: the conversion's problem, whole, and what to do. */
const noRateMessage = (e: NoRateError) =>
  e.on === null
    ? ENGLISH.t(msg('Unknown currency: {currency}: enter the rate or choose another rate day. Nothing was saved.'), { currency: e.currency })
    : ENGLISH.t(msg('No exchange rate for {currency} on or before {day}: enter the rate or choose another rate day. Nothing was saved.'), { currency: e.currency, day: e.on });

/** A charge line billed on an invoice in `currency`, its VAT from the line or the settings' default. */
export function chargeLine(c: BillableCharge, currency: string, rateDate: string, lookup: RateLookup, settings: BillingSettings, position: number): LineRow {
  const vat = c.vat_category
    ? { vat_category: c.vat_category, vat_rate: c.vat_rate ?? '0', exemption_reason: c.exemption_reason }
    : { vat_category: settings.default_vat_category, vat_rate: settings.default_vat_rate, exemption_reason: settings.default_exemption_reason || null };
  const description = c.description ?? `${CATEGORY_LABELS[c.category as ChargeCategory] ?? c.category}${c.code ? ` (${c.code})` : ''}`;
  const common = { position, description, quantity: plain(c.quantity), unit: c.unit, ...vat, vat_rate: plain(vat.vat_rate), shipment_id: c.shipment_id, charge_line_id: c.id };
  if (c.currency === currency) return { ...common, unit_price: plain(c.unit_price), net: fixed(dec(c.amount), minorUnitOf(currency)) };
  let rate: string;
  let day: string;
  try {
    const conversion = convert(c.amount, c.currency, currency, rateDate, lookup);
    rate = conversion.rate;
    day = conversion.rate_date;
  } catch (e) {
    if (e instanceof NoRateError) throw invalid(noRateMessage(e), { rate_date: e.message });
    throw e;
  }
  const price = roundHalfAway(dec(c.unit_price).times(dec(rate)), CROSS_RATE_PLACES).toFixed();
  return {
    ...common,
    unit_price: price,
    net: fixed(lineNet(c.quantity, price, currency), minorUnitOf(currency)),
    source_amount: plain(c.amount),
    source_currency: c.currency,
    exchange_rate: rate,
    exchange_rate_date: day,
  };
}

/** Document-level allowances and charges as stored: the amount in the currency's minor unit, the rate plain. */
export function storedAdjustments(adjustments: readonly InvoiceAdjustment[], currency: string): StoredAdjustment[] {
  return adjustments.map((a) => ({
    kind: a.kind, reason: a.reason, amount: moneyString(a.amount, currency), vat_category: a.vat_category, vat_rate: plain(a.vat_rate),
    exemption_reason: a.vat_category === 'S' || a.vat_category === 'Z' ? null : (a.exemption_reason ?? null),
  }));
}

/**
 * The invoice's stored totals and tax breakdown from its lines and document-level allowances and charges (EN 16931:
 * tax per category and rate, rounded once).
 */
export function totalsOf(lines: readonly Pick<LineRow, 'net' | 'vat_category' | 'vat_rate' | 'exemption_reason'>[], currency: string, adjustments: readonly StoredAdjustment[] = []) {
  const taxed = (a: StoredAdjustment) => ({ amount: a.amount, vat_category: a.vat_category as VatCategory, vat_rate: a.vat_rate });
  const { totals, tax_subtotals } = invoiceTotals(
    {
      lines: lines.map((l) => ({ amount: l.net, vat_category: l.vat_category as VatCategory, vat_rate: l.vat_rate })),
      allowances: adjustments.filter((a) => a.kind === 'allowance').map(taxed),
      charges: adjustments.filter((a) => a.kind === 'charge').map(taxed),
    },
    currency,
  );
  const reasons = new Map<string, string>();
  for (const l of [...lines, ...adjustments]) if (l.exemption_reason) reasons.set(l.vat_category, reasons.get(l.vat_category) ?? l.exemption_reason);
  return {
    lines_total: totals.lines,
    tax_exclusive: totals.tax_exclusive,
    tax_total: totals.tax,
    tax_inclusive: totals.tax_inclusive,
    payable: totals.payable,
    tax_subtotals: tax_subtotals.map((s) => ({ ...s, exemption_reason: reasons.get(s.category) ?? null })),
  };
}
