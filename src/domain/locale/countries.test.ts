import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, no types
import { countryCodesModule, countryCodesOf, knownCodesOf, readReferenceData } from '../../../scripts/make-country-codes.mjs';
import { countryCodeOf, countryIn } from './countries';

describe('countries in the reader language', () => {
  it("writes the reference data's names in Turkish by CLDR, Turkey as Türkiye", () => {
    expect(countryIn('Turkey', 'tr')).toBe('Türkiye');
    expect(countryIn('Spain', 'tr')).toBe('İspanya');
    expect(countryIn('Germany', 'tr')).toBe('Almanya');
    expect(countryIn('Netherlands', 'tr')).toBe('Hollanda');
    expect(countryIn('United Kingdom', 'tr')).toBe('Birleşik Krallık');
    expect(countryIn("Côte d'Ivoire", 'tr')).toBe('Côte d’Ivoire');
    expect(countryIn('South Korea', 'tr')).toBe('Güney Kore');
    expect(countryIn("Korea, Democratic People's Republic of", 'tr')).toBe('Kuzey Kore');
  });

  it('writes a country typed as its ISO code in Turkish, by CLDR', () => {
    expect(countryIn('HU', 'tr')).toBe('Macaristan');
    expect(countryIn('TR', 'tr')).toBe('Türkiye');
    expect(countryIn(' DE ', 'tr')).toBe('Almanya');
    // No sea port, but airports: Switzerland and Czechia are codes the reference data uses.
    expect(countryIn('CH', 'tr')).toBe('İsviçre');
    expect(countryIn('CZ', 'tr')).toBe('Çekya');
    expect(countryCodeOf('GB')).toBe('GB');
  });

  it('leaves codes that are not countries, or typed otherwise, as stored', () => {
    // CLDR names these regions, but they are no country of the reference data: user-assigned, an alias, a union.
    expect(countryIn('ZZ', 'tr')).toBe('ZZ');
    expect(countryIn('QO', 'tr')).toBe('QO');
    expect(countryIn('UK', 'tr')).toBe('UK');
    expect(countryIn('EU', 'tr')).toBe('EU');
    expect(countryIn('hu', 'tr')).toBe('hu');
    expect(countryIn('HUN', 'tr')).toBe('HUN');
    expect(countryIn('HU', 'en')).toBe('HU');
  });

  it('leaves English readers, typed names and unknown text as stored', () => {
    expect(countryIn('Turkey', 'en')).toBe('Turkey');
    expect(countryIn('Russian Federation', 'en-GB')).toBe('Russian Federation');
    expect(countryIn('Almanya', 'tr')).toBe('Almanya');
    expect(countryIn('Bavaria', 'tr')).toBe('Bavaria');
    expect(countryIn('constructor', 'tr')).toBe('constructor');
    expect(countryIn(null, 'tr')).toBeNull();
    expect(countryIn(undefined, 'tr')).toBeUndefined();
    expect(countryIn('', 'tr')).toBe('');
    expect(countryCodeOf(' Turkey ')).toBe('TR');
    expect(countryCodeOf('toString')).toBeNull();
  });

  it('knows each country the sea ports name, as the script writes it from them (regenerate when stale)', () => {
    const root = path.resolve(__dirname, '../../..');
    const { seaports, airports } = readReferenceData(root) as { seaports: { country: string; un_code: string }[]; airports: { iso_country: string }[] };
    expect(fs.readFileSync(path.join(root, 'src/domain/locale/country-codes.ts'), 'utf8')).toBe(countryCodesModule(countryCodesOf(seaports), knownCodesOf(seaports, airports)));
    for (const port of seaports.filter((p) => p.country === 'Turkey')) expect(port.un_code.slice(0, 2)).toBe(countryCodeOf(port.country));
    expect(countryCodeOf('Netherlands')).toBe('NL');
  });
});
