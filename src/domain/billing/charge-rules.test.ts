import { describe, expect, it } from 'vitest';
import { CHARGE_MESSAGES, chargeLineLimitProblems, formatAmount, isListedLine, lineLockReason, plainDecimal } from './charge-rules';

describe('charge line rules', () => {
  it('shows stored decimals as people write them', () => {
    expect(plainDecimal('2.000000')).toBe('2');
    expect(plainDecimal('12.500000', 2)).toBe('12.50');
    expect(plainDecimal('1200.505000', 2)).toBe('1200.505');
    expect(plainDecimal('1000.0000', 0)).toBe('1000');
    expect(plainDecimal('-3.100')).toBe('-3.1');
  });

  it('groups an amount by thousands without a float', () => {
    expect(formatAmount('2401.01', 'USD')).toBe('2,401.01 USD');
    expect(formatAmount('-1234567.891', 'BHD')).toBe('-1,234,567.891 BHD');
    expect(formatAmount('1000', 'JPY')).toBe('1,000 JPY');
    expect(formatAmount('0.10', 'EUR')).toBe('0.10 EUR');
  });

  it("refuses what the stored columns cannot hold exactly", () => {
    expect(chargeLineLimitProblems({ quantity: '2.5', unit_price: '1200.505' })).toBeNull();
    expect(chargeLineLimitProblems({ quantity: '1.0000001', unit_price: '1' })).toEqual({ quantity: CHARGE_MESSAGES.quantityLimit });
    expect(chargeLineLimitProblems({ quantity: '1000000000000', unit_price: '1' })).toEqual({ quantity: CHARGE_MESSAGES.quantityLimit });
    expect(chargeLineLimitProblems({ quantity: '1', unit_price: '-100000000000000' })).toEqual({ unit_price: CHARGE_MESSAGES.unitPriceLimit });
    expect(chargeLineLimitProblems({ quantity: '999999999999', unit_price: '99999999999999' })).toEqual({ unit_price: CHARGE_MESSAGES.amountLimit });
    expect(chargeLineLimitProblems({ quantity: '1', unit_price: '1', vat_rate: '2.125' })).toEqual({ vat_rate: CHARGE_MESSAGES.vatRateLimit });
  });

  it('locks a billed line (naming the invoice) and a form field line', () => {
    expect(lineLockReason({ invoice_id: 'x', invoice_number: 'INV-2026-000001', field: null })).toContain('INV-2026-000001');
    expect(lineLockReason({ invoice_id: 'x', invoice_number: null, field: null })).toBe(CHARGE_MESSAGES.billed(null));
    expect(lineLockReason({ invoice_id: null, field: 'freight_cost' })).toContain('Freight Cost');
    expect(lineLockReason({ invoice_id: null, field: null })).toBeNull();
  });

  it('lists every line but a form field left at 0', () => {
    expect(isListedLine({ field: 'service_charge', amount: '0.0000' })).toBe(false);
    expect(isListedLine({ field: 'service_charge', amount: '0' })).toBe(false);
    expect(isListedLine({ field: 'service_charge', amount: '0.0100' })).toBe(true);
    expect(isListedLine({ field: 'freight_cost', amount: '-5.0000' })).toBe(true);
    expect(isListedLine({ field: null, amount: '0.0000' })).toBe(true);
    expect(isListedLine({ amount: '120.0000' })).toBe(true);
  });
});
