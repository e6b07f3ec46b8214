import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatPercent } from './format';

describe('format (one Intl formatter per format, decision 0247)', () => {
  it('writes dates as before, when toLocaleDateString made a formatter per call', () => {
    const at = new Date('2026-03-01T14:05:00Z');
    expect(formatDate(at)).toBe(at.toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' }));
    expect(formatDateTime('2026-03-01T14:05:00Z')).toBe(at.toLocaleString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }));
    // A calendar day is the same day in every time zone.
    expect(formatDay('2026-03-01')).toBe('01 Mar 2026');
    expect(formatDay('2026-12-31T23:59:00+14:00')).toBe('31 Dec 2026');
  });

  it("writes a KPI card's percent change exactly, as it read before ('13.3%', '100%', '-40%')", () => {
    expect(['13.3e-2', '100e-2', '-40e-2', '0.1e-2'].map(formatPercent)).toEqual(['13.3%', '100%', '-40%', '0.1%']);
  });

  it('says N/A for nothing and for what is not a date, on every call', () => {
    for (const f of [formatDate, formatDateTime, formatDay]) {
      expect(f(null)).toBe('N/A');
      expect(f(undefined)).toBe('N/A');
      expect(f('not a date')).toBe('N/A');
    }
    expect(formatDate(new Date(Number.NaN))).toBe('N/A');
  });
});
