import { describe, expect, it } from 'vitest';
import {
  AIRPORT_MESSAGES, airportInputSchema, airportListSearchSchema, exactIataOf, lettersUpper, normalizeCountryCode, normalizeIata,
} from './schema';

const firstMessage = (input: unknown) => airportInputSchema.safeParse(input).error?.issues[0]?.message;

describe('airport code inputs', () => {
  it('keep letters only, uppercased, cut to 3 (IATA) and 2 (country)', () => {
    expect(normalizeIata('ist')).toBe('IST');
    expect(normalizeIata('j f-k1')).toBe('JFK');
    expect(normalizeIata('abcd')).toBe('ABC');
    expect(normalizeIata('12 %_')).toBe('');
    expect(normalizeCountryCode('tr')).toBe('TR');
    expect(normalizeCountryCode('d.e.u')).toBe('DE');
    expect(normalizeCountryCode('9')).toBe('');
  });
  it('drop non-ASCII letters, which no IATA or ISO code has', () => {
    expect(lettersUpper('İst')).toBe('ST');
    expect(normalizeIata('ñaño')).toBe('AO');
  });
});

describe('airportInputSchema', () => {
  const valid = { iata_code: 'ist', name: ' İstanbul Airport ', iso_country: 'tr', municipality: ' Istanbul ' };

  it('normalises codes and trims text; an empty city becomes null', () => {
    expect(airportInputSchema.parse(valid)).toEqual({ iata_code: 'IST', name: 'İstanbul Airport', iso_country: 'TR', municipality: 'Istanbul' });
    expect(airportInputSchema.parse({ ...valid, municipality: '  ' }).municipality).toBeNull();
    expect(airportInputSchema.parse({ ...valid, municipality: undefined }).municipality).toBeNull();
    expect(airportInputSchema.parse({ ...valid, municipality: null }).municipality).toBeNull();
  });

  it("says 'Please fill in all required fields' for a missing or blank IATA code, name or country", () => {
    for (const field of ['iata_code', 'name', 'iso_country'] as const) {
      expect(firstMessage({ ...valid, [field]: '' })).toBe(AIRPORT_MESSAGES.required);
      expect(firstMessage({ ...valid, [field]: '   ' })).toBe(AIRPORT_MESSAGES.required);
      const { [field]: _omit, ...rest } = valid;
      expect(firstMessage(rest)).toBe(AIRPORT_MESSAGES.required);
    }
    expect(firstMessage({ ...valid, iata_code: '1-2' })).toBe(AIRPORT_MESSAGES.required);
  });

  it('puts the required message before any format message', () => {
    expect(firstMessage({ ...valid, iata_code: 'AB', name: '' })).toBe(AIRPORT_MESSAGES.required);
    const fields = airportInputSchema.safeParse({ iata_code: 'AB', name: '', iso_country: 'T' }).error!.issues;
    expect(fields.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', AIRPORT_MESSAGES.required],
      ['iata_code', AIRPORT_MESSAGES.iataLength],
      ['iso_country', AIRPORT_MESSAGES.countryLength],
    ]);
  });

  it('refuses codes of the wrong length instead of cutting them', () => {
    expect(firstMessage({ ...valid, iata_code: 'IS' })).toBe('IATA code must be 3 letters');
    expect(firstMessage({ ...valid, iata_code: 'ISTA' })).toBe('IATA code must be 3 letters');
    expect(firstMessage({ ...valid, iso_country: 'TUR' })).toBe('Country code must be 2 letters');
  });

  it('limits the length of name and city', () => {
    expect(firstMessage({ ...valid, name: 'x'.repeat(201) })).toBe('Name must be at most 200 characters');
    expect(firstMessage({ ...valid, municipality: 'x'.repeat(121) })).toBe('City must be at most 120 characters');
    expect(airportInputSchema.safeParse({ ...valid, name: 'x'.repeat(200) }).success).toBe(true);
  });

  it('refuses wrong types with the required message', () => {
    expect(firstMessage({ ...valid, iata_code: 123 })).toBe(AIRPORT_MESSAGES.required);
    expect(airportInputSchema.safeParse(null).success).toBe(false);
  });
});

describe('messages', () => {
  it('word the duplicate and delete texts as the spec does', () => {
    expect(AIRPORT_MESSAGES.duplicate('IST')).toBe('An airport with IATA code IST already exists');
    expect(AIRPORT_MESSAGES.deleteConfirm('İstanbul Airport', 'IST')).toBe(
      'Are you sure you want to delete İstanbul Airport (IST)? This action cannot be undone.',
    );
  });
});

describe('exactIataOf', () => {
  it('recognises a search that is a whole IATA code', () => {
    expect(exactIataOf(' ist ')).toBe('IST');
    expect(exactIataOf('is')).toBeNull();
    expect(exactIataOf('ista')).toBeNull();
    expect(exactIataOf('i%t')).toBeNull();
  });
});

describe('airportListSearchSchema', () => {
  it('keeps good URL state and drops bad values', () => {
    expect(airportListSearchSchema.parse({ q: 'ist', page: '3' })).toEqual({ q: 'ist', page: 3 });
    expect(airportListSearchSchema.parse({ page: '-1' })).toEqual({ page: undefined });
    expect(airportListSearchSchema.parse({ page: 'abc', q: 5 })).toEqual({ q: undefined, page: undefined });
  });
});
