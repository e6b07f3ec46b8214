import { describe, expect, it } from 'vitest';
import { QUOTE_FIT_MESSAGES, QUOTE_MESSAGES } from '@domain/requests/quote-schema';
import { firstQuoteIssue, liveTotals, nextLine, quoteFormFrom, toQuoteBody, type QuoteFormState } from './quote-form-values';

const TODAY = '2026-03-10';
const seaRequest = { mode: 'sea' as const, origin_airport: null, destination_airport: null, origin_port: 'Istanbul', destination_port: 'Hamburg' };

function quote(): QuoteFormState {
  return {
    ...quoteFormFrom(null),
    lines: [
      { category: 'service_charge', description: 'Ocean freight', amount: 2400, currency: 'USD', cost: 1900 },
      { category: 'handling_charge', description: '', amount: '180.50', currency: 'EUR', cost: '' },
    ],
    valid_until: '2026-03-31',
    transit_days: 18,
  };
}

describe('firstQuoteIssue', () => {
  it('accepts a complete quote', () => {
    expect(firstQuoteIssue(quote(), seaRequest, TODAY)).toBeNull();
  });
  it('refuses a quote without lines, a charge twice, and a missing or past validity day, in that order', () => {
    expect(firstQuoteIssue({ ...quote(), lines: [] }, seaRequest, TODAY)).toEqual({ field: 'lines', message: QUOTE_MESSAGES.lines });
    const twice = quote();
    twice.lines[1]!.category = 'service_charge';
    expect(firstQuoteIssue(twice, seaRequest, TODAY)).toEqual({ field: 'lines.1.category', message: QUOTE_MESSAGES.duplicateCategory('Service Charge') });
    expect(firstQuoteIssue({ ...quote(), valid_until: '' }, seaRequest, TODAY)).toEqual({ field: 'valid_until', message: QUOTE_MESSAGES.validUntil });
    expect(firstQuoteIssue({ ...quote(), valid_until: '2026-03-09' }, seaRequest, TODAY)).toEqual({ field: 'valid_until', message: QUOTE_MESSAGES.validUntilPast });
  });
  it('names a line without an amount by its path', () => {
    const v = quote();
    v.lines[0]!.amount = '';
    expect(firstQuoteIssue(v, seaRequest, TODAY)).toEqual({ field: 'lines.0.amount', message: 'Amount is required' });
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
});

describe('liveTotals and nextLine', () => {
  it('sums per currency as typed, cost and margin from the lines with a cost', () => {
    expect(liveTotals(quote().lines)).toEqual([
      { currency: 'USD', total: 2400, cost: 1900, margin: 500 },
      { currency: 'EUR', total: 180.5, cost: 0, margin: 180.5 },
    ]);
    expect(liveTotals([{ category: 'service_charge', description: '', amount: '', currency: 'USD', cost: 10 }])).toEqual([]);
  });
  it('offers the first charge not on the quote yet, in the currency above', () => {
    expect(nextLine(quote().lines)).toMatchObject({ category: 'customs_charge', currency: 'EUR' });
    expect(nextLine([])).toMatchObject({ category: 'service_charge', currency: 'USD' });
  });
});
