import { describe, expect, it } from 'vitest';
import { requestLocale, translatorFor } from './index';

describe("a request's translator", () => {
  it('is made once per language in UTC and shared, read-only', () => {
    const first = translatorFor('tr');
    expect(translatorFor('tr')).toBe(first);
    expect(translatorFor('tr-TR')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first.t('Not found')).toBe(translatorFor('tr').t('Not found'));
    expect(translatorFor('en')).not.toBe(first);
    expect(translatorFor('en').locale).toBe('en');
    expect(translatorFor(null)).toBe(translatorFor('en'));
  });

  it('is made anew for a time zone or a missing-value text, each with its own formats', () => {
    const istanbul = translatorFor('tr', 'Europe/Istanbul');
    expect(istanbul).not.toBe(translatorFor('tr'));
    expect(translatorFor('tr', 'Europe/Istanbul')).not.toBe(istanbul);
    const instant = new Date('2026-12-06T22:30:00Z');
    // 22:30 UTC is already 7 December in Istanbul (UTC+3): each translator keeps its own zone.
    expect(istanbul.formats.dateTime(instant)).toBe('7.12.2026 01:30');
    expect(translatorFor('tr').formats.dateTime(instant)).toBe('6.12.2026 22:30');
    expect(translatorFor('en', undefined, '—').formats.missing).toBe('—');
    expect(translatorFor('en').formats.missing).toBe('N/A');
  });

  it('reads the language of each Accept-Language header, the same answer the second time', () => {
    const headers: [string | null | undefined, string][] = [
      ['tr-TR,tr;q=0.9,en;q=0.8', 'tr'],
      ['en-GB,en;q=0.9', 'en'],
      ['de-DE,fr;q=0.5', 'en'],
      ['de-DE,tr;q=0.5', 'tr'],
      ['', 'en'],
      [null, 'en'],
      [undefined, 'en'],
      ['*', 'en'],
      // Longer than a browser sends (not kept): read all the same.
      [`${'x-private;q=0.1,'.repeat(30)}tr;q=0.5`, 'tr'],
    ];
    for (const round of [1, 2]) {
      for (const [header, locale] of headers) expect(requestLocale(header), `${String(header)} (round ${round})`).toBe(locale);
    }
  });
});
