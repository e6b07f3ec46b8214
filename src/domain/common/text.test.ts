import { describe, expect, it } from 'vitest';
import { compareText, lowerCase, upperCase } from './text';
import { acceptedLanguages, languageName, pickLocale } from './i18n';

describe('Turkish casing and order (issue 42)', () => {
  it('upper- and lower-cases by the locale', () => {
    expect(upperCase('istanbul', 'tr')).toBe('İSTANBUL');
    expect(lowerCase('IĞDIR', 'tr')).toBe('ığdır');
    expect(upperCase('istanbul', 'en')).toBe('ISTANBUL');
    expect(lowerCase('IĞDIR', 'en')).toBe('iğdir');
  });

  it('sorts names in Turkish order for a Turkish reader', () => {
    const names = ['İzmir', 'ikitelli', 'Istanbul', 'ılıca'];
    expect([...names].sort(compareText('tr-TR'))).toEqual(['ılıca', 'Istanbul', 'ikitelli', 'İzmir']);
    expect(['Çorum', 'cz', 'çay', 'd'].sort(compareText('tr'))).toEqual(['cz', 'çay', 'Çorum', 'd']);
  });
});

describe('choosing a language', () => {
  const available = ['en', 'tr'];
  it('takes the first wanted language Cargodesk speaks, a region matching its language', () => {
    expect(pickLocale(['tr-TR', 'en-US'], available)).toBe('tr');
    expect(pickLocale(['de-DE', 'en-GB'], available)).toBe('en');
    expect(pickLocale(['de'], available)).toBe('en');
    expect(pickLocale([], available)).toBe('en');
  });
  it('reads an Accept-Language header by weight, then order', () => {
    expect(acceptedLanguages('en-US;q=0.5, tr-TR, tr;q=0.9, *;q=0.1')).toEqual(['tr-TR', 'tr', 'en-US']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(pickLocale(acceptedLanguages('de;q=1, tr;q=0.8'), available)).toBe('tr');
  });
  it("names each language in that language", () => {
    expect(languageName('tr')).toBe('Türkçe');
    expect(languageName('en')).toBe('English');
  });
});
