import { describe, expect, it } from 'vitest';
import { formatMoney, groupDigits } from './money';

describe('money on the pages', () => {
  it('groups the digits of the decimal string as sent, never through a binary number', () => {
    expect(groupDigits('1234567.50')).toBe('1,234,567.50');
    expect(groupDigits('-1622.84')).toBe('-1,622.84');
    expect(groupDigits('999')).toBe('999');
    expect(groupDigits('12345678901234567.89')).toBe('12,345,678,901,234,567.89');
    expect(formatMoney('1656.25', 'EUR')).toBe('1,656.25 EUR');
  });
});
