import { describe, expect, it } from 'vitest';
import { isoOrNull, isoTime } from './times';

describe('times as the API answers them', () => {
  it('writes a Date or a time with an offset as ISO 8601 in UTC', () => {
    expect(isoTime(new Date(Date.UTC(2026, 10, 27, 10, 10, 0, 291)))).toBe('2026-11-27T10:10:00.291Z');
    expect(isoTime('2026-11-27T13:10:00.291+03:00')).toBe('2026-11-27T10:10:00.291Z');
    expect(isoTime('2026-11-27 10:10:00.291+00:00')).toBe('2026-11-27T10:10:00.291Z');
  });

  it('keeps a missing time missing, and fails loudly on one that is not a time', () => {
    expect(isoOrNull(null)).toBeNull();
    expect(isoOrNull(undefined)).toBeNull();
    expect(isoOrNull(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
    expect(() => isoTime('not a time')).toThrow(RangeError);
  });
});
