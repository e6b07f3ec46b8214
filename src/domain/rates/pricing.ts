/**
 * Pricing from a rate card (issue 40): the freight by its basis, with the minimum and the weight breaks, and the
 * surcharges, each line exact (decimal) and rounded once to the card currency's minor unit, half away from zero.
 *
 * - Weight breaks (air's N/-45, +45, +100, ...): the rate of the highest break at or below the chargeable weight
 *   applies to the whole weight; when `nextBreak` is on (the default), a higher break's rate on that break's own
 *   weight is taken instead where it costs less (IATA TACT's "higher weight break" rule: 480 kg at +300 2.10 = 1,008.00,
 *   but 500 kg at +500 1.85 = 925.00). The minimum (M) applies when the result is below it.
 * - LCL: per revenue ton (W/M: the greater of tonnes and cubic metres). FCL: per container of the card's equipment.
 *   Land: per load, or per kg with breaks as air.
 * - Surcharges: a fixed amount per shipment, per kg (of the chargeable weight, not the break's), per container, or a
 *   percentage of the freight line.
 * - A card is valid on its days from and to, both included.
 */
import { dec, fixed, ZERO, type Decimal } from '@domain/money/decimal';
import { minorUnitOf, roundToCurrency } from '@domain/money/currencies';

export const RATE_SIDES = ['buy', 'sell'] as const;
export type RateSide = (typeof RATE_SIDES)[number];
export const RATE_MODES = ['air', 'sea_fcl', 'sea_lcl', 'land'] as const;
export type RateMode = (typeof RATE_MODES)[number];
export const FREIGHT_BASES = ['per_kg', 'per_wm', 'per_container', 'per_load'] as const;
export type FreightBasis = (typeof FREIGHT_BASES)[number];
export const SURCHARGE_BASES = ['per_shipment', 'per_kg', 'per_container', 'percent_of_freight'] as const;
export type SurchargeBasis = (typeof SURCHARGE_BASES)[number];
/** The freight bases each mode prices on. */
export const MODE_BASES: Record<RateMode, readonly FreightBasis[]> = {
  air: ['per_kg'],
  sea_fcl: ['per_container'],
  sea_lcl: ['per_wm'],
  land: ['per_load', 'per_kg'],
};
/** The code of the freight line a lookup answers (the charge code the quote editor uses for freight). */
export const FREIGHT_CODE = 'FRT';

export type WeightBreak = { from: string; rate: string };
export type Freight = { basis: FreightBasis; minimum?: string | null | undefined; breaks: WeightBreak[] };
export type Surcharge = { code: string; basis: SurchargeBasis; amount: string };
export type RateCardTerms = { currency: string; freight: Freight; surcharges: Surcharge[] };

/** What is shipped: the chargeable weight (kg), the revenue tons (W/M) and the containers of the card's equipment. */
export type Cargo = { chargeable_weight?: string | null | undefined; revenue_tons?: string | null | undefined; containers?: number | null | undefined };

export type PricedLine = { code: string; amount: string };
export type Priced = { lines: PricedLine[]; total: string };

/** Why a card cannot price a cargo (the lookup's "unmatched" reasons name the same). */
export class NotPriceable extends Error {
  constructor(readonly reason: 'weight' | 'volume' | 'equipment') {
    super(reason === 'weight' ? 'The card prices by weight and no chargeable weight was given' : reason === 'volume' ? 'The card prices by W/M and no revenue tons were given' : 'The card prices per container and no container of its equipment was given');
  }
}

const positive = (s: string | null | undefined): Decimal | null => (s === null || s === undefined || s === '' ? null : dec(s));

/** The breaks in ascending order of their weight. */
const sortedBreaks = (breaks: readonly WeightBreak[]) => [...breaks].sort((a, b) => dec(a.from).cmp(dec(b.from)));

/**
 * The freight of `quantity` units (kg or revenue tons) on weight breaks: the applicable break's rate, or a higher
 * break's on its own weight where cheaper (`nextBreak`), then the minimum. Exact (not rounded).
 */
export function breakFreight(quantity: Decimal, breaks: readonly WeightBreak[], minimum: Decimal | null, nextBreak = true): Decimal {
  const sorted = sortedBreaks(breaks);
  const applicable = sorted.filter((b) => dec(b.from).lte(quantity)).at(-1) ?? sorted[0];
  if (!applicable) return minimum ?? ZERO;
  let amount = quantity.times(dec(applicable.rate));
  if (nextBreak) {
    for (const b of sorted) {
      const from = dec(b.from);
      if (from.lte(quantity)) continue;
      const atBreak = from.times(dec(b.rate));
      if (atBreak.lt(amount)) amount = atBreak;
    }
  }
  return minimum && amount.lt(minimum) ? minimum : amount;
}

/** The freight line's exact amount for the cargo; throws NotPriceable when the cargo lacks what the basis needs. */
export function freightAmount(freight: Freight, cargo: Cargo, nextBreak = true): Decimal {
  const minimum = positive(freight.minimum);
  switch (freight.basis) {
    case 'per_kg': {
      const kg = positive(cargo.chargeable_weight);
      if (!kg || kg.lte(0)) throw new NotPriceable('weight');
      return breakFreight(kg, freight.breaks, minimum, nextBreak);
    }
    case 'per_wm': {
      const wm = positive(cargo.revenue_tons);
      if (!wm || wm.lte(0)) throw new NotPriceable('volume');
      return breakFreight(wm, freight.breaks, minimum, nextBreak);
    }
    case 'per_container': {
      const n = cargo.containers ?? 0;
      if (n <= 0) throw new NotPriceable('equipment');
      const amount = dec(sortedBreaks(freight.breaks)[0]?.rate ?? '0').times(n);
      return minimum && amount.lt(minimum) ? minimum : amount;
    }
    case 'per_load': {
      const amount = dec(sortedBreaks(freight.breaks)[0]?.rate ?? '0');
      return minimum && amount.lt(minimum) ? minimum : amount;
    }
  }
}

function surchargeAmount(s: Surcharge, cargo: Cargo, freight: Decimal): Decimal {
  const amount = dec(s.amount);
  switch (s.basis) {
    case 'per_shipment':
      return amount;
    case 'per_kg': {
      const kg = positive(cargo.chargeable_weight);
      if (!kg) throw new NotPriceable('weight');
      return amount.times(kg);
    }
    case 'per_container': {
      const n = cargo.containers ?? 0;
      if (n <= 0) throw new NotPriceable('equipment');
      return amount.times(n);
    }
    case 'percent_of_freight':
      return freight.times(amount).div(100);
  }
}

/**
 * The lines of a card for a cargo: the freight (FRT) first, then each surcharge in the card's order, each rounded to
 * the currency's minor unit; the total is the sum of the rounded lines. A percentage surcharge is taken of the exact
 * freight (the same as of the rounded one whenever the freight has no more decimals than the currency).
 */
export function priceCard(card: RateCardTerms, cargo: Cargo, options: { nextBreak?: boolean } = {}): Priced {
  const places = minorUnitOf(card.currency);
  const freight = freightAmount(card.freight, cargo, options.nextBreak ?? true);
  const exact = [{ code: FREIGHT_CODE, amount: freight }, ...card.surcharges.map((s) => ({ code: s.code, amount: surchargeAmount(s, cargo, freight) }))];
  const rounded = exact.map((l) => ({ code: l.code, amount: roundToCurrency(l.amount, card.currency) }));
  return {
    lines: rounded.map((l) => ({ code: l.code, amount: fixed(l.amount, places) })),
    total: fixed(rounded.reduce((a, l) => a.plus(l.amount), ZERO), places),
  };
}

/** A sell price from a buy price and a margin in percent, rounded to the currency: 1,405.00 at 15% = 1,615.75. */
export function withMargin(amount: string, percent: string, currency: string): string {
  return fixed(roundToCurrency(dec(amount).times(dec('100').plus(dec(percent))).div(100), currency), minorUnitOf(currency));
}

/** Whether a card valid from `from` to `to` (both days included; either open) applies on `day`. */
export const validOn = (day: string, from: string | null, to: string | null): boolean => (from === null || from <= day) && (to === null || day <= to);
