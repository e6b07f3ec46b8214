import { describe, expect, it } from 'vitest';
import { QUOTE_FIT_MESSAGES, QUOTE_MESSAGES } from '@domain/requests/quote-schema';
import { firstQuoteIssue, linesFromRates, liveAmount, liveTotals, nextLine, quoteFormFrom, toQuoteBody, withCode, type QuoteFormState, type QuoteLineRow } from './quote-form-values';

const TODAY = '2026-03-10';
const seaRequest = { mode: 'sea' as const, origin_airport: null, destination_airport: null, origin_port: 'Istanbul', destination_port: 'Hamburg' };
const row = (over: Partial<QuoteLineRow>): QuoteLineRow => ({
  side: 'sell', category: 'freight', code: 'FRT', description: '', quantity: '1', unit: 'shipment', unit_price: '', currency: 'USD',
  vat_category: null, vat_rate: '', exemption_reason: '', ...over,
});

function quote(): QuoteFormState {
  return {
    ...quoteFormFrom(null),
    lines: [
      row({ description: 'Ocean freight', quantity: '2', unit: 'container', unit_price: '1200' }),
      row({ code: 'BAF', quantity: '2', unit: 'container', unit_price: '0.10' }),
      row({ category: 'handling', code: 'THC', unit_price: '180.50', currency: 'EUR', vat_category: 'S', vat_rate: '20' }),
      row({ side: 'buy', quantity: '2', unit: 'container', unit_price: '950' }),
    ],
    valid_until: '2026-03-31',
    transit_days: 18,
  };
}

describe('firstQuoteIssue', () => {
  it('accepts a complete quote, several lines of one category included', () => {
    expect(firstQuoteIssue(quote(), seaRequest, TODAY)).toBeNull();
  });
  it('refuses a quote without a charge (costs alone), and a missing or past validity day, in that order', () => {
    expect(firstQuoteIssue({ ...quote(), lines: [] }, seaRequest, TODAY)).toEqual({ field: 'lines', message: QUOTE_MESSAGES.lines });
    expect(firstQuoteIssue({ ...quote(), lines: [quote().lines[3]!] }, seaRequest, TODAY)).toEqual({ field: 'lines', message: QUOTE_MESSAGES.lines });
    expect(firstQuoteIssue({ ...quote(), valid_until: '' }, seaRequest, TODAY)).toEqual({ field: 'valid_until', message: QUOTE_MESSAGES.validUntil });
    expect(firstQuoteIssue({ ...quote(), valid_until: '2026-03-09' }, seaRequest, TODAY)).toEqual({ field: 'valid_until', message: QUOTE_MESSAGES.validUntilPast });
  });
  it('names a line without a unit price, or with a standard rate of 0, by its path', () => {
    const v = quote();
    v.lines[0]!.unit_price = '';
    expect(firstQuoteIssue(v, seaRequest, TODAY)).toEqual({ field: 'lines.0.unit_price', message: 'Unit price must be a decimal number such as 450 or 12.75' });
    const w = quote();
    w.lines[2]!.vat_rate = '';
    expect(firstQuoteIssue(w, seaRequest, TODAY)?.field).toBe('lines.2.vat_rate');
  });
  it('asks a best-offer quote for its mode, a partial one for its transport, and refuses air to a request without airports', () => {
    const best = { ...seaRequest, mode: 'best_offer' as const };
    expect(firstQuoteIssue(quote(), best, TODAY)).toEqual({ field: 'mode', message: QUOTE_MESSAGES.mode });
    expect(firstQuoteIssue({ ...quote(), mode: 'partial' }, best, TODAY)).toEqual({ field: 'transport_mode', message: QUOTE_MESSAGES.transportMode });
    expect(firstQuoteIssue({ ...quote(), mode: 'partial', transport_mode: 'sea' }, best, TODAY)).toBeNull();
    expect(firstQuoteIssue({ ...quote(), mode: 'air' }, best, TODAY)).toEqual({ field: 'mode', message: QUOTE_FIT_MESSAGES.air });
  });
});

describe('toQuoteBody', () => {
  it('sends a mode only for a best-offer request, and a transport mode only for a partial quote', () => {
    expect(toQuoteBody({ ...quote(), mode: 'air', transport_mode: 'sea' }, seaRequest)).toMatchObject({ mode: null, transport_mode: null });
    expect(toQuoteBody({ ...quote(), mode: 'partial', transport_mode: 'sea' }, { mode: 'best_offer' })).toMatchObject({ mode: 'partial', transport_mode: 'sea' });
    expect(toQuoteBody({ ...quote(), transport_mode: 'land' }, { mode: 'partial' })).toMatchObject({ mode: null, transport_mode: 'land' });
  });
  it('sends decimal strings as typed, VAT only with a category', () => {
    const lines = toQuoteBody(quote(), seaRequest).lines as Record<string, unknown>[];
    expect(lines[0]).toMatchObject({ side: 'sell', code: 'FRT', quantity: '2', unit: 'container', unit_price: '1200', vat_category: null, vat_rate: null });
    expect(lines[2]).toMatchObject({ unit_price: '180.50', currency: 'EUR', vat_category: 'S', vat_rate: '20' });
  });
});

describe('liveTotals, liveAmount, nextLine and withCode', () => {
  it('sums per currency as typed in decimals: charges against costs, incomplete lines count as nothing', () => {
    // 2 x 1200 + 2 x 0.10 = 2400.20 exactly; the cost 2 x 950.
    expect(liveTotals(quote().lines)).toEqual([
      { currency: 'USD', total: '2400.20', cost: '1900.00', margin: '500.20', margin_percent: '20.84' },
      { currency: 'EUR', total: '180.50', cost: '0.00', margin: '180.50', margin_percent: '100.00' },
    ]);
    expect(liveTotals([row({ unit_price: '' }), row({ unit_price: '1,5' }), row({ unit_price: '3', quantity: 'x' })])).toEqual([]);
    expect(liveAmount(row({ quantity: '3', unit_price: '0.333', currency: 'JPY' }))).toBe('1');
    expect(liveAmount(row({ quantity: '1', unit_price: '0.005', currency: 'EUR' }))).toBe('0.01');
  });
  it('starts with freight, continues a charge in the category and currency above, and a cost as the last charge', () => {
    expect(nextLine([])).toMatchObject({ side: 'sell', category: 'freight', code: 'FRT', currency: 'USD', unit: 'shipment' });
    const lines = quote().lines.slice(0, 3);
    expect(nextLine(lines)).toMatchObject({ side: 'sell', category: 'handling', code: null, currency: 'EUR', quantity: '1' });
    expect(nextLine(lines, 'buy')).toMatchObject({ side: 'buy', category: 'handling', code: 'THC', currency: 'EUR', unit_price: '' });
  });
  it('gives a line its code’s category', () => {
    const codes = [{ code: 'THC', category: 'handling' as const, name: 'Terminal handling charge', active: true }];
    expect(withCode(row({}), 'THC', codes)).toMatchObject({ code: 'THC', category: 'handling' });
    expect(withCode(row({ category: 'other' }), null, codes)).toMatchObject({ code: null, category: 'other' });
  });
});

describe('linesFromRates (issue 40, Price from rates)', () => {
  it('makes a charge of each sell line and a cost of each buy line, under the code\'s category; an unknown code keeps its name', () => {
    const codes = [{ code: 'FRT', category: 'freight', name: 'Freight', active: true }, { code: 'FSC', category: 'freight', name: 'Fuel surcharge', active: true }] as const;
    const lines = linesFromRates(
      [
        { side: 'sell', currency: 'EUR', lines: [{ code: 'FRT', amount: '1075.00' }, { code: 'XYZ', amount: '35.00' }] },
        { side: 'buy', currency: 'EUR', lines: [{ code: 'FSC', amount: '408.00' }] },
      ],
      codes,
    );
    expect(lines.map((l) => [l.side, l.category, l.code, l.description, l.quantity, l.unit, l.unit_price, l.currency])).toEqual([
      ['sell', 'freight', 'FRT', '', '1', 'shipment', '1075.00', 'EUR'],
      ['sell', 'other', null, 'XYZ', '1', 'shipment', '35.00', 'EUR'],
      ['buy', 'freight', 'FSC', '', '1', 'shipment', '408.00', 'EUR'],
    ]);
  });
});
