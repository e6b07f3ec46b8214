import { describe, expect, it } from 'vitest';
import { cargoMeasures } from '@domain/cargo/measures';
import { convert, rateLookupOf } from '@domain/money/exchange';
import { breakFreight, NotPriceable, priceCard, validOn, withMargin, type RateCardTerms } from './pricing';
import { dec } from '@domain/money/decimal';

// Issue 40's worked examples, held to their published figures.
const AIR_TARIFF: RateCardTerms = {
  currency: 'EUR',
  freight: {
    basis: 'per_kg',
    minimum: '75.00',
    breaks: [
      { from: '0', rate: '4.10' },
      { from: '45', rate: '3.20' },
      { from: '100', rate: '2.60' },
      { from: '300', rate: '2.10' },
      { from: '500', rate: '1.85' },
      { from: '1000', rate: '1.60' },
    ],
  },
  surcharges: [
    { code: 'FSC', basis: 'per_kg', amount: '0.85' },
    { code: 'SSC', basis: 'per_kg', amount: '0.15' },
  ],
};

describe('air: weight breaks, the next higher break, the minimum', () => {
  it('3 pieces of 120 x 80 x 100 cm and 450 kg are 480 kg chargeable (the cargo data computation)', () => {
    const m = cargoMeasures({ transport: 'air', weight_gross: 450, volume: null, pieces: [{ count: 3, length: 120, width: 80, height: 100, unit: 'cm', weight: null }] });
    expect(m.weight_chargeable).toBe(480);
  });

  it('prices 480 kg at the +500 break (925.00, not 480 x 2.10 = 1,008.00), fuel 408.00 and security 72.00: 1,405.00 EUR', () => {
    const priced = priceCard(AIR_TARIFF, { chargeable_weight: '480' });
    expect(priced).toEqual({
      lines: [
        { code: 'FRT', amount: '925.00' },
        { code: 'FSC', amount: '408.00' },
        { code: 'SSC', amount: '72.00' },
      ],
      total: '1405.00',
    });
    expect(withMargin(priced.total, '15', 'EUR')).toBe('1615.75');
  });

  it('takes the applicable break when the next is not cheaper, or when the setting is off', () => {
    expect(priceCard(AIR_TARIFF, { chargeable_weight: '480' }, { nextBreak: false }).lines[0]).toEqual({ code: 'FRT', amount: '1008.00' });
    // 44 kg: 45 x 3.20 = 144.00 is cheaper than 44 x 4.10 = 180.40.
    expect(priceCard(AIR_TARIFF, { chargeable_weight: '44' }).lines[0]!.amount).toBe('144.00');
    expect(priceCard(AIR_TARIFF, { chargeable_weight: '44' }, { nextBreak: false }).lines[0]!.amount).toBe('180.40');
    // 20 kg: 20 x 4.10 = 82.00, above the minimum of 75.00.
    expect(priceCard(AIR_TARIFF, { chargeable_weight: '20' }).lines[0]!.amount).toBe('82.00');
    // 15 kg: 61.50 is below the minimum: 75.00.
    expect(priceCard(AIR_TARIFF, { chargeable_weight: '15' }).lines[0]!.amount).toBe('75.00');
    // Exactly on a break: 1,000 kg at 1.60.
    expect(breakFreight(dec('1000'), AIR_TARIFF.freight.breaks, null).toFixed(2)).toBe('1600.00');
  });

  it('names what a card needs when the cargo lacks it', () => {
    expect(() => priceCard(AIR_TARIFF, {})).toThrow(NotPriceable);
    try {
      priceCard(AIR_TARIFF, { chargeable_weight: '0' });
    } catch (e) {
      expect((e as NotPriceable).reason).toBe('weight');
    }
  });
});

describe('sea', () => {
  const FCL: RateCardTerms = {
    currency: 'USD',
    freight: { basis: 'per_container', breaks: [{ from: '0', rate: '1850' }] },
    surcharges: [
      { code: 'BAF', basis: 'per_container', amount: '420' },
      { code: 'CAF', basis: 'percent_of_freight', amount: '3' },
    ],
  };

  it('FCL 40HC: base 1,850, BAF 420, CAF 3% = 55.50: 2,325.50 USD, 2,120.84 EUR at the ECB rate of 26 April 2023 (1.0965)', () => {
    const priced = priceCard(FCL, { containers: 1 });
    expect(priced).toEqual({ lines: [{ code: 'FRT', amount: '1850.00' }, { code: 'BAF', amount: '420.00' }, { code: 'CAF', amount: '55.50' }], total: '2325.50' });
    const ecb = rateLookupOf([{ date: '2023-04-26', rates: [{ currency: 'USD', rate: '1.0965' }] }]);
    expect(convert(priced.total, 'USD', 'EUR', '2023-04-26', ecb).amount).toBe('2120.84');
  });

  it('FCL: per container of the equipment, two containers twice', () => {
    expect(priceCard(FCL, { containers: 2 }).total).toBe('4651.00');
    expect(() => priceCard(FCL, { containers: 0 })).toThrow(NotPriceable);
  });

  it('LCL: per revenue ton with a minimum', () => {
    const lcl: RateCardTerms = { currency: 'EUR', freight: { basis: 'per_wm', minimum: '45.00', breaks: [{ from: '0', rate: '38.50' }] }, surcharges: [{ code: 'DOC', basis: 'per_shipment', amount: '35' }] };
    expect(priceCard(lcl, { revenue_tons: '2.4' }).lines).toEqual([{ code: 'FRT', amount: '92.40' }, { code: 'DOC', amount: '35.00' }]);
    expect(priceCard(lcl, { revenue_tons: '0.5' }).lines[0]!.amount).toBe('45.00');
  });
});

describe('currencies and validity', () => {
  it('rounds each line to the currency minor unit (JPY has none, KWD three)', () => {
    const card = (currency: string): RateCardTerms => ({ currency, freight: { basis: 'per_kg', breaks: [{ from: '0', rate: '1.2345' }] }, surcharges: [] });
    expect(priceCard(card('JPY'), { chargeable_weight: '10.5' }).total).toBe('13');
    expect(priceCard(card('KWD'), { chargeable_weight: '10.5' }).total).toBe('12.962');
  });

  it('a card valid 2026-01-01 to 2026-01-31 prices a quote of 2026-01-31 and not one of 2026-02-01', () => {
    expect(validOn('2026-01-31', '2026-01-01', '2026-01-31')).toBe(true);
    expect(validOn('2026-01-01', '2026-01-01', '2026-01-31')).toBe(true);
    expect(validOn('2026-02-01', '2026-01-01', '2026-01-31')).toBe(false);
    expect(validOn('2025-12-31', '2026-01-01', '2026-01-31')).toBe(false);
  });
});

describe('the card schema', () => {
  it('refuses a date that is no date with its message, never an exception', async () => {
    const { rateCardInputSchema, rateLookupInputSchema, RATE_MESSAGES } = await import('./schema');
    const card = { side: 'buy', mode: 'air', origin: 'IST', destination: 'FRA', currency: 'EUR', valid_from: '%', valid_to: '2026-02-30', freight: { basis: 'per_kg', breaks: [{ from: 'x', rate: '1' }, { from: '45', rate: '1' }] } };
    const r = rateCardInputSchema.safeParse(card);
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({ valid_from: RATE_MESSAGES.date, valid_to: RATE_MESSAGES.date, 'freight.breaks.0.from': RATE_MESSAGES.amount });
    expect(rateLookupInputSchema.safeParse({ mode: 'air', origin: 'IST', destination: 'FRA', date: '' }).success).toBe(false);
  });
});
