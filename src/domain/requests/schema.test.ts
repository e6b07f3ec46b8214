import { describe, expect, it } from 'vitest';
import {
  REQUEST_MESSAGES, equipmentLabel, normalizeRequest, requestInputSchema, requestNumber, requestStatus, shipmentReferenceOf, validateRequest,
} from './schema';
import { QUOTE_FIT_MESSAGES, QUOTE_MESSAGES, quoteFitProblem, quoteInputSchema, quoteTotals, quotedMode, validateQuote } from './quote-schema';

const TODAY = '2026-11-25';
const air = (extra: Record<string, unknown> = {}) =>
  requestInputSchema.parse({
    mode: 'air', direction: 'export', origin_airport: 'IST', destination_airport: 'JFK', cargo_ready_date: '2026-11-28',
    cargo_description: 'Garments', weight_gross: 120, ...extra,
  });

describe('a request', () => {
  it('is numbered by its UTC month and its place in it', () => {
    expect(requestNumber(new Date('2026-11-03T10:00:00Z'), 42)).toBe('RQ-2611-0042');
    expect(requestNumber(new Date('2027-01-01T00:00:00Z'), 12345)).toBe('RQ-2701-12345');
    expect(shipmentReferenceOf('RQ-2611-0042')).toBe('CD-2611-0042');
  });

  it('is expired when its sent quote is past its validity day, not on that day', () => {
    expect(requestStatus('quoted', '2026-11-25', TODAY)).toBe('quoted');
    expect(requestStatus('quoted', '2026-11-24', TODAY)).toBe('expired');
    expect(requestStatus('accepted', '2026-11-01', TODAY)).toBe('accepted');
    expect(requestStatus('submitted', null, TODAY)).toBe('submitted');
  });

  it('answers the first problem in the form’s order', () => {
    expect(validateRequest(air(), TODAY)).toBeNull();
    expect(validateRequest(air({ origin_airport: null }), TODAY)).toEqual({ field: 'origin', message: REQUEST_MESSAGES.origin });
    expect(validateRequest(air({ origin_airport: null, origin_city: 'Bursa', origin_country: 'TR' }), TODAY)).toEqual({ field: 'origin', message: REQUEST_MESSAGES.airport('origin') });
    expect(validateRequest(air({ cargo_ready_date: '2026-11-24' }), TODAY)).toEqual({ field: 'cargo_ready_date', message: REQUEST_MESSAGES.readyDatePast });
    expect(validateRequest(air({ weight_gross: 0 }), TODAY)).toEqual({ field: 'weight_gross', message: REQUEST_MESSAGES.grossWeightPositive });
    expect(validateRequest(air({ incoterm: 'FCA' }), TODAY)).toEqual({ field: 'incoterm_place', message: REQUEST_MESSAGES.incotermPlace });
    expect(validateRequest(air({ dangerous_goods: true }), TODAY)).toEqual({ field: 'un_number', message: REQUEST_MESSAGES.unNumber });
    const sea = air({ mode: 'sea', origin_airport: null, destination_airport: null, origin_port: 'Istanbul', destination_port: 'Rotterdam' });
    expect(validateRequest(sea, TODAY)).toEqual({ field: 'sea_load', message: REQUEST_MESSAGES.seaLoad });
    expect(validateRequest({ ...sea, sea_load: 'fcl' }, TODAY)).toEqual({ field: 'equipment', message: REQUEST_MESSAGES.equipment });
  });

  it('refuses a date that is not a day of the calendar', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-11-01', 'tomorrow']) {
      expect(requestInputSchema.safeParse({ mode: 'air', direction: 'export', cargo_ready_date: bad }).success, bad).toBe(false);
    }
  });

  it('keeps containers only for full-container sea requests, and computes the chargeable weight of the mode', () => {
    // IATA's volumetric rule (6,000 cm³ per kg): 6 pieces of 60 x 40 x 40 cm = 0.576 m³ = 96 kg volumetric, above 90 kg gross.
    const n = normalizeRequest(air({ weight_gross: 90, pieces: [{ count: 6, length: 60, width: 40, height: 40 }], equipment: [{ type: '40HC', count: 2 }] }));
    expect(n.equipment).toEqual([]);
    expect(n.volume).toBe(0.576);
    expect(n.weight_chargeable).toBe(96);
    expect(equipmentLabel([{ type: '40HC', count: 2 }, { type: '20DC', count: 1 }])).toBe('2 × 40HC, 1 × 20DC');
  });
});

describe('a quote', () => {
  const quote = (extra: Record<string, unknown> = {}) =>
    quoteInputSchema.parse({ valid_until: '2026-12-05', lines: [{ category: 'service_charge', amount: 1000, currency: 'USD', cost: 800 }], ...extra });

  it('totals per currency in first-seen order, with cost and margin only where a cost is known', () => {
    expect(
      quoteTotals([
        { amount: 2400, currency: 'USD', cost: 1900 },
        { amount: 180, currency: 'EUR', cost: 120 },
        { amount: 0.1, currency: 'USD', cost: null },
        { amount: 0.2, currency: 'USD' },
      ]),
    ).toEqual([
      { currency: 'USD', total: 2400.3, cost: 1900, margin: 500.3 },
      { currency: 'EUR', total: 180, cost: 120, margin: 60 },
    ]);
  });

  it('needs a charge, one line per charge, a validity day not past, and a mode for a best offer', () => {
    expect(validateQuote(quote(), 'air', TODAY)).toBeNull();
    expect(validateQuote(quote({ lines: [] }), 'air', TODAY)).toEqual({ field: 'lines', message: QUOTE_MESSAGES.lines });
    const twice = quote({ lines: [{ category: 'customs_charge', amount: 1 }, { category: 'customs_charge', amount: 2 }] });
    expect(validateQuote(twice, 'air', TODAY)).toEqual({ field: 'lines.1.category', message: QUOTE_MESSAGES.duplicateCategory('Customs Charge') });
    expect(validateQuote(quote({ valid_until: '2026-11-24' }), 'air', TODAY)).toEqual({ field: 'valid_until', message: QUOTE_MESSAGES.validUntilPast });
    expect(validateQuote(quote(), 'best_offer', TODAY)).toEqual({ field: 'mode', message: QUOTE_MESSAGES.mode });
    expect(validateQuote(quote({ mode: 'partial' }), 'best_offer', TODAY)).toEqual({ field: 'transport_mode', message: QUOTE_MESSAGES.transportMode });
    expect(quotedMode({ mode: null }, 'sea')).toBe('sea');
    expect(quotedMode({ mode: 'land' }, 'best_offer')).toBe('land');
  });

  it('books only what the request’s ends allow: airports by air, ports by sea', () => {
    const ends = { origin_airport: null, destination_airport: null, origin_port: 'Istanbul', destination_port: 'Rotterdam' };
    expect(quoteFitProblem(ends, 'sea')).toBeNull();
    expect(quoteFitProblem(ends, 'land')).toBeNull();
    expect(quoteFitProblem(ends, 'air')).toEqual({ field: 'mode', message: QUOTE_FIT_MESSAGES.air });
    expect(quoteFitProblem({ ...ends, destination_port: null }, 'sea')).toEqual({ field: 'mode', message: QUOTE_FIT_MESSAGES.sea });
  });
});
