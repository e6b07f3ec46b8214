import { describe, expect, it } from 'vitest';
import { formatMoney, groupDigits, trimZeros } from './money';

describe('formatMoney', () => {
  it('shows each currency with its ISO 4217 minor unit, grouped by thousands', () => {
    expect(formatMoney('911.99', 'EUR')).toBe('911.99 EUR');
    expect(formatMoney('2841.5', 'EUR')).toBe('2,841.50 EUR');
    expect(formatMoney('1234567.891', 'BHD')).toBe('1,234,567.891 BHD');
    expect(formatMoney('148', 'JPY')).toBe('148 JPY');
    expect(formatMoney('-1622.84', 'EUR')).toBe('-1,622.84 EUR');
  });
  it('rounds half away from zero, never through a float (0.1 + 0.2 style errors cannot appear)', () => {
    expect(formatMoney('0.005', 'EUR')).toBe('0.01 EUR');
    expect(formatMoney('-0.005', 'EUR')).toBe('-0.01 EUR');
    expect(formatMoney('123456789012345.675', 'USD')).toBe('123,456,789,012,345.68 USD');
  });
  it('shows what it cannot read as it came', () => {
    expect(formatMoney(null, 'EUR')).toBe('N/A');
    expect(formatMoney('12', 'XXX1')).toBe('12 XXX1');
  });
  it('groups and trims', () => {
    expect(groupDigits('1000000')).toBe('1,000,000');
    expect(trimZeros('25.00')).toBe('25');
    expect(trimZeros('2.10')).toBe('2.1');
    expect(trimZeros('100')).toBe('100');
  });
});
