import { describe, expect, it } from 'vitest';
import {
  SEAPORT_MESSAGES, exactUnCodeOf, normalizeUnCode, portCity, seaportInputSchema, seaportListSearchSchema, unCodeCharacters,
} from './schema';

const firstMessage = (input: unknown) => seaportInputSchema.safeParse(input).error?.issues[0]?.message;

describe('UN Code input', () => {
  it('is uppercased as typed, letters and digits only, at most 5 characters', () => {
    expect(normalizeUnCode('trist')).toBe('TRIST');
    expect(normalizeUnCode('tr ist')).toBe('TRIST');
    expect(normalizeUnCode('us-ar5')).toBe('USAR5');
    expect(normalizeUnCode('nlrtm123')).toBe('NLRTM');
    expect(normalizeUnCode('%_\'"')).toBe('');
    expect(unCodeCharacters('ñlrtm')).toBe('LRTM');
  });
});

describe('seaportInputSchema', () => {
  const valid = { name: ' Istanbul, Turkey ', country: ' Turkey ', un_code: 'trist' };

  it('trims text and uppercases the UN code; an empty UN code becomes null', () => {
    expect(seaportInputSchema.parse(valid)).toEqual({ name: 'Istanbul, Turkey', country: 'Turkey', un_code: 'TRIST' });
    expect(seaportInputSchema.parse({ ...valid, un_code: '' }).un_code).toBeNull();
    expect(seaportInputSchema.parse({ ...valid, un_code: ' ' }).un_code).toBeNull();
    expect(seaportInputSchema.parse({ ...valid, un_code: null }).un_code).toBeNull();
    expect(seaportInputSchema.parse({ name: 'X', country: 'Y' }).un_code).toBeNull();
    expect(seaportInputSchema.parse({ ...valid, un_code: 'usar5' }).un_code).toBe('USAR5');
  });

  it("says 'Please fill in all required fields' for a missing or blank Port Name or Country", () => {
    for (const field of ['name', 'country'] as const) {
      expect(firstMessage({ ...valid, [field]: '' })).toBe(SEAPORT_MESSAGES.required);
      expect(firstMessage({ ...valid, [field]: '  ' })).toBe(SEAPORT_MESSAGES.required);
      const { [field]: _omit, ...rest } = valid;
      expect(firstMessage(rest)).toBe(SEAPORT_MESSAGES.required);
    }
    expect(firstMessage({ ...valid, name: '', un_code: 'X' })).toBe(SEAPORT_MESSAGES.required);
  });

  it('accepts only a whole UN/LOCODE, refusing longer codes instead of cutting them', () => {
    for (const bad of ['TRIS', 'TRISTA', '12IST', 'TRIS1', 'TR0ST']) expect(firstMessage({ ...valid, un_code: bad })).toBe(SEAPORT_MESSAGES.unCodeFormat);
    expect(SEAPORT_MESSAGES.unCodeFormat).toContain('UN Code must be 5 characters');
  });

  it('limits the length of Port Name and Country', () => {
    expect(firstMessage({ ...valid, name: 'x'.repeat(201) })).toBe('Port Name must be at most 200 characters');
    expect(firstMessage({ ...valid, country: 'x'.repeat(101) })).toBe('Country must be at most 100 characters');
  });
});

describe('messages and helpers', () => {
  it('word the duplicate and delete texts', () => {
    expect(SEAPORT_MESSAGES.duplicate('TRIST')).toBe('A port with UN code TRIST already exists');
    expect(SEAPORT_MESSAGES.deleteConfirm('Istanbul', 'TRIST')).toBe('Are you sure you want to delete Istanbul (TRIST)? This action cannot be undone.');
    expect(SEAPORT_MESSAGES.deleteConfirm('Istanbul', null)).toBe('Are you sure you want to delete Istanbul? This action cannot be undone.');
  });
  it('takes the city from the port name before the first comma', () => {
    expect(portCity('Basseterre, Saint Kitts')).toBe('Basseterre');
    expect(portCity('Rotterdam')).toBe('Rotterdam');
  });
  it('recognises a search that is a whole UN code', () => {
    expect(exactUnCodeOf(' nlrtm ')).toBe('NLRTM');
    expect(exactUnCodeOf('usar5')).toBe('USAR5');
    expect(exactUnCodeOf('nlrt')).toBeNull();
    expect(exactUnCodeOf('rotterdam')).toBeNull();
  });
  it('keeps good URL state and drops bad values', () => {
    expect(seaportListSearchSchema.parse({ q: 'rot', page: '2' })).toEqual({ q: 'rot', page: 2 });
    expect(seaportListSearchSchema.parse({ page: '0' })).toEqual({ page: undefined });
  });
});
