import { describe, expect, it } from 'vitest';
import { groupDigits, localeFormats } from './format';

describe('formats by language (issue 42: the published figures)', () => {
  const tr = localeFormats('tr-TR', 'Europe/Istanbul');
  const en = localeFormats('en', 'Europe/Istanbul');

  it('writes Turkish money, percentages, dates and times as CLDR does', () => {
    expect(tr.money('1234.5', 'TRY')).toBe('₺1.234,50');
    expect(tr.percent(0.2)).toBe('%20');
    expect(tr.dateTime('2026-01-05T14:30:00Z')).toBe('5.01.2026 17:30');
    expect(tr.date('2026-01-05T14:30:00Z')).toBe('5 Ocak 2026');
    expect(tr.day('2026-01-05')).toBe('5 Ocak 2026');
    expect(tr.number('1234.5')).toBe('1.234,5');
    // CLDR's Turkish abbreviated months (Ocak, Eylül, Aralık): the monthly charts' axis.
    expect([tr.month('2026-01'), tr.month('2026-09'), tr.month('2026-12')]).toEqual(['Oca 2026', 'Eyl 2026', 'Ara 2026']);
  });

  it('keeps English as it was', () => {
    expect(en.money('1234.5', 'TRY')).toBe('1,234.50 TRY');
    expect(en.money('148', 'JPY')).toBe('148 JPY');
    expect(en.money('1.25', 'BHD')).toBe('1.250 BHD');
    expect(en.percent(0.2)).toBe('20%');
    expect(en.date('2026-01-05T14:30:00Z')).toBe('05 Jan 2026');
    expect(en.dateTime('2026-01-05T14:30:00Z')).toBe('05 Jan 2026, 17:30');
    expect(en.day('2026-03-01')).toBe('01 Mar 2026');
    expect([en.month('2026-01'), en.month('2026-09')]).toEqual(['Jan 2026', 'Sept 2026']);
  });

  it('rounds money to the minor unit without a float and says N/A for what is missing', () => {
    expect(tr.money('0.005', 'EUR')).toBe('€0,01');
    expect(tr.money('12345678901234567.89', 'TRY')).toBe('₺12.345.678.901.234.567,89');
    expect(tr.money('1000', 'JPY')).toBe('¥1.000');
    expect(en.money(null, 'EUR')).toBe('N/A');
    expect(localeFormats('tr', undefined, '').date(null)).toBe('');
    expect(groupDigits('-1234567.50')).toBe('-1,234,567.50');
  });
});
