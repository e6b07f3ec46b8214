import { describe, expect, it } from 'vitest';
import {
  REQUEST_MESSAGES, equipmentLabel, normalizeRequest, requestInputSchema, requestNumber, requestStatus, shipmentReferenceOf, validateRequest,
} from './schema';
import { QUOTE_FIT_MESSAGES, QUOTE_MESSAGES, quoteFitProblem, quoteInputSchema, quotedMode, validateQuote } from './quote-schema';
import { customerTotals, groupedDecimal, quoteTotals, trimDecimal } from './quote-lines';

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
  const sell = (extra: Record<string, unknown> = {}) => ({ side: 'sell', category: 'freight', code: 'FRT', unit_price: '1000', currency: 'USD', ...extra });
  const quote = (extra: Record<string, unknown> = {}) =>
    quoteInputSchema.parse({ valid_until: '2026-12-05', lines: [sell(), sell({ side: 'buy', unit_price: '800' })], ...extra });

  it('totals per currency in decimals, the sell lines against the buy lines; a customer gets the sell totals only', () => {
    const lines = [
      { side: 'sell' as const, amount: '2400.00', currency: 'USD' },
      { side: 'buy' as const, amount: '1900.00', currency: 'USD' },
      { side: 'sell' as const, amount: '180.00', currency: 'EUR' },
      { side: 'sell' as const, amount: '0.10', currency: 'USD' },
      { side: 'sell' as const, amount: '0.20', currency: 'USD' },
      { side: 'buy' as const, amount: '120.00', currency: 'EUR' },
    ];
    // 0.1 + 0.2 is exactly 0.3 here (no binary float); USD before EUR (the form's currency order).
    expect(quoteTotals(lines)).toEqual([
      { currency: 'USD', total: '2400.30', cost: '1900.00', margin: '500.30', margin_percent: '20.84' },
      { currency: 'EUR', total: '180.00', cost: '120.00', margin: '60.00', margin_percent: '33.33' },
    ]);
    expect(customerTotals(lines)).toEqual([{ currency: 'USD', total: '2400.30' }, { currency: 'EUR', total: '180.00' }]);
    expect(customerTotals([{ side: 'buy', amount: '5.00', currency: 'JPY' }])).toEqual([]);
  });

  it('formats decimal strings without a float', () => {
    expect(groupedDecimal('1234567.891')).toBe('1,234,567.891');
    expect(groupedDecimal('-1000.5')).toBe('-1,000.5');
    expect(groupedDecimal('999')).toBe('999');
    expect(trimDecimal('2.500000')).toBe('2.5');
    expect(trimDecimal('3.000000')).toBe('3');
    expect(trimDecimal('1200.000000', 2)).toBe('1200.00');
    expect(trimDecimal('7', 2)).toBe('7.00');
  });

  it('takes charge lines: several per category, decimal strings, a code, a unit and VAT; refuses what does not fit', () => {
    const q = quote({ lines: [sell(), sell({ code: 'BAF', unit_price: '150.5', quantity: '2', unit: 'container' }), sell({ side: 'buy', unit_price: '900' })] });
    expect(q.lines.map((l) => [l.side, l.category, l.code, l.quantity, l.unit, l.unit_price])).toEqual([
      ['sell', 'freight', 'FRT', '1', 'shipment', '1000'],
      ['sell', 'freight', 'BAF', '2', 'container', '150.5'],
      ['buy', 'freight', 'FRT', '1', 'shipment', '900'],
    ]);
    const refused = (line: Record<string, unknown>) => quoteInputSchema.safeParse({ lines: [sell(line)] }).error?.issues[0];
    expect(refused({ quantity: '1000000' })).toMatchObject({ path: ['lines', 0, 'quantity'], message: QUOTE_MESSAGES.quantityTooLarge });
    expect(refused({ unit_price: '10000000000' })).toMatchObject({ path: ['lines', 0, 'unit_price'], message: QUOTE_MESSAGES.unitPriceTooLarge });
    expect(refused({ unit_price: '1.0000001' })).toMatchObject({ path: ['lines', 0, 'unit_price'], message: QUOTE_MESSAGES.decimals });
    expect(refused({ side: 'buy', supplier_kind: 'carrier' })).toMatchObject({ path: ['lines', 0, 'supplier_kind'], message: QUOTE_MESSAGES.supplier });
    expect(refused({ vat_category: 'S', vat_rate: '0' })?.path).toEqual(['lines', 0, 'vat_rate']);
    expect(refused({ currency: 'XYZ' })?.path).toEqual(['lines', 0, 'currency']);
    expect(refused({ unit_price: '1e3' })?.path).toEqual(['lines', 0, 'unit_price']);
    expect(quoteInputSchema.safeParse({ lines: Array.from({ length: 101 }, () => sell()) }).error?.issues[0]?.message).toBe(QUOTE_MESSAGES.tooManyLines);
  });

  it('needs a charge (a sell line), a validity day not past, and a mode for a best offer', () => {
    expect(validateQuote(quote(), 'air', TODAY)).toBeNull();
    expect(validateQuote(quote({ lines: [] }), 'air', TODAY)).toEqual({ field: 'lines', message: QUOTE_MESSAGES.lines });
    expect(validateQuote(quote({ lines: [sell({ side: 'buy' })] }), 'air', TODAY)).toEqual({ field: 'lines', message: QUOTE_MESSAGES.lines });
    expect(validateQuote(quote({ lines: [sell(), sell()] }), 'air', TODAY)).toBeNull();
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
