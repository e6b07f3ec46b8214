/**
 * The air waybill's charges as IATA's form sets them out (issue 41): the rating line of the weight charge with its
 * rate class, the other charges due agent or due carrier, and the totals prepaid or collect, in the waybill's currency
 * (its freight line's). Pure and exact (decimal strings); the house air waybill's layout prints what this returns.
 *
 * Rate classes as the IATA rules name them: M the minimum charge, N the normal (general cargo) rate under 45 kg,
 * Q a quantity rate from 45 kg, C a specific commodity rate. A freight line priced per kg is N or Q by the chargeable
 * weight; a flat freight line is the minimum charge M. A forwarder's own charges on its house waybill are due agent;
 * freight charges beyond the weight charge (a carrier's fuel or security surcharge) are due carrier.
 */
import { dec, fixed, sum, ZERO } from '@domain/money/decimal';
import { minorUnitOf } from '@domain/money/currencies';

export const AIR_RATE_CLASSES = ['M', 'N', 'Q', 'C'] as const;
export type AirRateClass = (typeof AIR_RATE_CLASSES)[number];
/** The weight from which IATA's quantity rates (Q) apply. */
export const QUANTITY_RATE_FROM_KG = 45;

/** A sell line as the waybill reads it (decimal strings). */
export type WaybillCharge = { category: string; code: string | null; unit: string; unit_price: string; amount: string; currency: string };

export type AirWaybillCharges = {
  currency: string;
  rating: { rate_class: AirRateClass | null; rate: string | null; total: string } | null;
  other: { code: string; amount: string; currency: string; due: 'agent' | 'carrier' }[];
  totals: { weight_charge: string; due_agent: string; due_carrier: string; total: string };
  /** 'PP' all prepaid, 'CC' all collect (the CHGS code box); null when the shipment does not say. */
  chgs: 'PP' | 'CC' | null;
};

/**
 * The rate class of a weight charge: by its unit and the chargeable weight; a rate per kg for goods of a specific
 * commodity item (IATA's four-digit item numbers) is a specific commodity rate, class C, whatever the weight.
 */
export function airRateClass(chargeableKg: number | null, unit: string, commodityItem: string | null = null): AirRateClass | null {
  if (unit === 'shipment') return 'M';
  if (unit !== 'kg' || chargeableKg === null) return null;
  if (commodityItem) return 'C';
  return chargeableKg < QUANTITY_RATE_FROM_KG ? 'N' : 'Q';
}

/**
 * The waybill's charges from the shipment's sell lines: the first freight line is the weight charge and sets the
 * currency (else the shipment's currency); lines in another currency are listed but not added to the totals.
 */
export function airWaybillCharges(
  lines: readonly WaybillCharge[],
  chargeableKg: number | null,
  freightTerms: string | null,
  fallbackCurrency: string,
  commodityItem: string | null = null,
): AirWaybillCharges {
  const weight = lines.find((l) => l.category === 'freight') ?? null;
  const currency = weight?.currency ?? fallbackCurrency;
  const places = minorUnitOf(currency);
  const other = lines
    .filter((l) => l !== weight)
    .map((l) => ({ code: l.code ?? l.category.slice(0, 3).toUpperCase(), amount: l.amount, currency: l.currency, due: l.category === 'freight' ? ('carrier' as const) : ('agent' as const) }));
  const total = (due: 'agent' | 'carrier') => sum(other.filter((o) => o.due === due && o.currency === currency).map((o) => dec(o.amount)));
  const weightCharge = weight ? dec(weight.amount) : ZERO;
  const dueAgent = total('agent');
  const dueCarrier = total('carrier');
  return {
    currency,
    rating: weight ? { rate_class: airRateClass(chargeableKg, weight.unit, commodityItem), rate: weight.unit === 'kg' ? weight.unit_price : null, total: fixed(weightCharge, places) } : null,
    other,
    totals: {
      weight_charge: fixed(weightCharge, places),
      due_agent: fixed(dueAgent, places),
      due_carrier: fixed(dueCarrier, places),
      total: fixed(weightCharge.plus(dueAgent).plus(dueCarrier), places),
    },
    chgs: freightTerms === 'prepaid' ? 'PP' : freightTerms === 'collect' ? 'CC' : null,
  };
}
