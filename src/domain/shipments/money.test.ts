import { describe, expect, it } from 'vitest';
import { marginPercent } from '@domain/billing/lines';
import { dec } from '@domain/money/decimal';
import { fieldDecimal, fieldLines, fieldNumber, formatMoney, shipmentTotals } from './money';

const t = (currency: string, total_revenue: string, total_cost: string, profit: string, margin_percent: string) => ({
  currency, total_revenue, total_cost, profit, margin_percent, billed: currency === 'JPY' ? '0' : '0.00', unbilled: total_revenue,
});

describe('shipmentTotals (the sixteen fields as lines, lineTotals)', () => {
  it('sums charges and costs per currency with profit and margin', () => {
    const totals = shipmentTotals({
      service_charge: 1000.1,
      service_charge_currency: 'USD',
      customs_charge: 200.2,
      customs_charge_currency: 'USD',
      handling_charge: 50,
      handling_charge_currency: 'EUR',
      freight_cost: 700.3,
      freight_cost_currency: 'USD',
      storage_cost: 80,
      storage_cost_currency: 'EUR',
      other_costs: 10,
      other_costs_currency: 'TRY',
      delivery_charge: null,
      delivery_charge_currency: 'GBP',
    });
    expect(totals).toEqual([
      t('USD', '1200.30', '700.30', '500.00', '41.66'),
      t('EUR', '50.00', '80.00', '-30.00', '-60.00'),
      t('TRY', '0.00', '10.00', '-10.00', '-9999.00'),
    ]);
  });

  it('avoids floating point drift and defaults a missing currency to USD', () => {
    const totals = shipmentTotals({ service_charge: 0.1, customs_charge: 0.2, service_charge_currency: 'USD' });
    expect(totals).toEqual([t('USD', '0.30', '0.00', '0.30', '100.00')]);
  });

  it('shows zero totals when every amount is 0 and nothing when none is set', () => {
    expect(shipmentTotals({ service_charge: 0, service_charge_currency: 'USD', freight_cost: 0, freight_cost_currency: 'USD' })).toEqual([
      t('USD', '0.00', '0.00', '0.00', '0.00'),
    ]);
    expect(shipmentTotals({})).toEqual([]);
  });

  it("prints a currency's own minor units (JPY has none) and reads typed decimal strings", () => {
    expect(shipmentTotals({ service_charge: '1500', service_charge_currency: 'JPY', freight_cost: 'x', freight_cost_currency: 'JPY' })).toEqual([
      t('JPY', '1500', '0', '1500', '100.00'),
    ]);
  });
});

describe('fieldLines, fieldDecimal, fieldNumber', () => {
  it('makes one line per set field, with its side', () => {
    expect(fieldLines({ service_charge: 12.5, service_charge_currency: 'EUR', freight_cost: 3, freight_cost_currency: '' })).toEqual([
      { side: 'sell', amount: '12.50', currency: 'EUR' },
      { side: 'buy', amount: '3.00', currency: 'USD' },
    ]);
  });

  it('round-trips a 2-decimal field exactly', () => {
    expect(fieldDecimal(800.25)).toBe('800.25');
    expect(fieldDecimal(999_999_999_999.99)).toBe('999999999999.99');
    expect(fieldNumber('800.2500')).toBe(800.25);
    expect(fieldNumber('999999999999.9900')).toBe(999_999_999_999.99);
  });
});

describe('marginPercent (billing/lines)', () => {
  it('rounds to 2 decimals and clamps to ±9999', () => {
    expect(marginPercent(dec(300), dec(100))).toBe('33.33');
    expect(marginPercent(dec(1), dec(-500))).toBe('-9999.00');
    expect(marginPercent(dec('0.01'), dec(5000))).toBe('9999.00');
  });

  it('gives 0 for no revenue and no profit, the clamp for costs without revenue (decision 0143)', () => {
    expect(marginPercent(dec(0), dec(0))).toBe('0.00');
    expect(marginPercent(dec(0), dec(-250))).toBe('-9999.00');
  });
});

describe('formatMoney', () => {
  it('shows 2 decimals for a number, the decimals of a decimal string, and the currency', () => {
    expect(formatMoney(1234.5, 'EUR')).toBe('1,234.50 EUR');
    expect(formatMoney(null, null)).toBe('0.00 USD');
    expect(formatMoney('1234567.50', 'USD')).toBe('1,234,567.50 USD');
    expect(formatMoney('-1500', 'JPY')).toBe('-1,500 JPY');
    expect(formatMoney(null, 'JPY')).toBe('0 JPY');
  });
});
