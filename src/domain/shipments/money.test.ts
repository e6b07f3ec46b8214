import { describe, expect, it } from 'vitest';
import { formatMoney, marginPercent, shipmentTotals } from './money';

describe('shipmentTotals', () => {
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
      { currency: 'USD', total_revenue: 1200.3, total_cost: 700.3, profit: 500, margin_percent: 41.66 },
      { currency: 'EUR', total_revenue: 50, total_cost: 80, profit: -30, margin_percent: -60 },
      { currency: 'TRY', total_revenue: 0, total_cost: 10, profit: -10, margin_percent: -9999 },
    ]);
  });

  it('avoids floating point drift and defaults a missing currency to USD', () => {
    const totals = shipmentTotals({ service_charge: 0.1, customs_charge: 0.2, service_charge_currency: 'USD' });
    expect(totals).toEqual([{ currency: 'USD', total_revenue: 0.3, total_cost: 0, profit: 0.3, margin_percent: 100 }]);
  });

  it('shows zero totals when every amount is 0 and nothing when none is set', () => {
    expect(shipmentTotals({ service_charge: 0, service_charge_currency: 'USD', freight_cost: 0, freight_cost_currency: 'USD' })).toEqual([
      { currency: 'USD', total_revenue: 0, total_cost: 0, profit: 0, margin_percent: 0 },
    ]);
    expect(shipmentTotals({})).toEqual([]);
  });
});

describe('marginPercent', () => {
  it('rounds to 2 decimals and clamps to ±9999', () => {
    expect(marginPercent(300, 100)).toBe(33.33);
    expect(marginPercent(1, -500)).toBe(-9999);
    expect(marginPercent(0.01, 5000)).toBe(9999);
  });

  it('gives 0 for no revenue and no profit, the clamp for costs without revenue (decision 0143)', () => {
    expect(marginPercent(0, 0)).toBe(0);
    expect(marginPercent(0, -250)).toBe(-9999);
  });
});

describe('formatMoney', () => {
  it('shows 2 decimals and the currency', () => {
    expect(formatMoney(1234.5, 'EUR')).toBe('1,234.50 EUR');
    expect(formatMoney(null, null)).toBe('0.00 USD');
  });
});
