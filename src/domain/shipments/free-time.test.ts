import { describe, expect, it } from 'vitest';
import { freeDaysOf, lastFreeDay } from './free-time';

describe('free time and the last free day', () => {
  it('counts the day of arrival as the first free day', () => {
    expect(lastFreeDay('2026-12-01T06:00:00.000Z', 7)).toBe('2026-12-07');
    expect(lastFreeDay('2026-12-01T23:30:00.000Z', 1)).toBe('2026-12-01');
    // Over a month's and a year's end.
    expect(lastFreeDay('2026-12-28T10:00:00.000Z', 5)).toBe('2027-01-01');
    expect(lastFreeDay(new Date('2028-02-27T00:00:00Z'), 3)).toBe('2028-02-29');
  });

  it('has no last free day without an arrival, without free days or with none free', () => {
    expect(lastFreeDay(null, 7)).toBeNull();
    expect(lastFreeDay('2026-12-01T06:00:00.000Z', null)).toBeNull();
    expect(lastFreeDay('2026-12-01T06:00:00.000Z', 0)).toBeNull();
    expect(lastFreeDay('not a date', 7)).toBeNull();
  });

  it("takes a container's own free days over the shipment's", () => {
    expect(freeDaysOf(4, 14)).toBe(4);
    expect(freeDaysOf(0, 14)).toBe(0);
    expect(freeDaysOf(null, 14)).toBe(14);
    expect(freeDaysOf(undefined, null)).toBeNull();
  });
});
