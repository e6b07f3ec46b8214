import { describe, expect, it } from 'vitest';
import {
  CONTAINER_FORMAT_MESSAGE, MAWB_FORMAT_MESSAGE, containerCheckDigit, containerIsoCode, containerNumberProblem, containerTypeLabel, formatHsCode,
  formatMawb, hazardClassProblem, hsCodeProblem, incotermLabel, isIataCode, isIataPrefix, isScac, mawbPrefix, mawbProblem,
  normalizeContainerNumber, normalizeHsCode, normalizeUnNumber, unNumberProblem,
} from './trade-numbers';
import { CONTAINER_TYPES } from '@domain/common/enums';

describe('ISO 6346 container numbers', () => {
  it('computes the check digits of published numbers', () => {
    // ISO 6346's own example (Lobster's documentation of it: CSQU305438 -> 3).
    expect(containerCheckDigit('CSQU305438')).toBe(3);
    // prefixlist.com's worked example (sum 7858 -> 4) and a validator app's example (ABCU123456 -> 0).
    expect(containerCheckDigit('MWCU605978')).toBe(4);
    expect(containerCheckDigit('ABCU123456')).toBe(0);
    for (const valid of ['CSQU3054383', 'MWCU6059784', 'ABCU1234560']) expect(containerNumberProblem(valid)).toBeNull();
  });

  it('counts a remainder of 10 as check digit 0', () => {
    // Found by search: the weighted sum of these ten characters is 10 modulo 11.
    const first10 = Array.from({ length: 1000 }, (_, i) => `CSQU${String(i).padStart(6, '0')}`).find((s) => {
      let sum = 0;
      for (let k = 0; k < 10; k++) {
        const ch = s[k]!;
        const v = /\d/.test(ch) ? Number(ch) : ({ C: 13, S: 30, Q: 28, U: 32 } as Record<string, number>)[ch]!;
        sum += v * 2 ** k;
      }
      return sum % 11 === 10;
    })!;
    expect(first10).toBeDefined();
    expect(containerCheckDigit(first10)).toBe(0);
  });

  it('refuses a wrong check digit with the number and the expected digit', () => {
    expect(containerNumberProblem('CSQU3054384')).toBe('Container number CSQU3054384 has an invalid check digit (expected 3)');
    expect(containerNumberProblem('MWCU6059780')).toBe('Container number MWCU6059780 has an invalid check digit (expected 4)');
  });

  it('normalises case, spaces and dashes before checking', () => {
    expect(normalizeContainerNumber(' csqu 305438-3 ')).toBe('CSQU3054383');
    expect(containerNumberProblem('csqu 305438-3')).toBeNull();
    expect(containerNumberProblem('csqu 305438-4')).toBe('Container number CSQU3054384 has an invalid check digit (expected 3)');
  });

  it('refuses what is not 3 letters, a category U, J or Z and 7 digits', () => {
    for (const bad of ['CSQ3054383', 'CSQA3054383', 'CSQU305438', 'CSQU30543833', '1SQU3054383', 'CSQU30543X3', '', 'X']) {
      expect(containerNumberProblem(bad), bad).toBe(CONTAINER_FORMAT_MESSAGE);
    }
    expect(CONTAINER_FORMAT_MESSAGE).toBe('Container number must be 4 letters and 7 digits, like CSQU3054383');
  });

  it('knows the ISO size-type code of every container type of the seed', () => {
    for (const type of CONTAINER_TYPES) expect(containerIsoCode(type), type).toMatch(/^[24L][25][GURPT][0-9]$/);
    // Published codes (Hofstra's table of ISO container codes): 22G1, 42G1, 45G1, 22U1, 45R1.
    expect([containerIsoCode('20DC'), containerIsoCode('40DC'), containerIsoCode('40HC'), containerIsoCode('20OT'), containerIsoCode('40HRF')]).toEqual(['22G1', '42G1', '45G1', '22U1', '45R1']);
    expect(containerTypeLabel('40HC')).toBe('40HC (45G1)');
    expect(containerTypeLabel('99XX')).toBe('99XX');
    expect(containerIsoCode('99XX')).toBeNull();
  });
});

describe('IATA air waybill numbers', () => {
  it('accepts published air waybill numbers (check digit = serial mod 7)', () => {
    // Australian Border Force: serial 1234567 -> 5; jetcurrent.com: 176-12345675, 020-81140743;
    // airwaybilltracker.com: 020-58717481; searates: 020-17363006, 057-06399886.
    for (const awb of ['020-12345675', '176-12345675', '020-81140743', '020-58717481', '020-17363006', '057-06399886']) {
      expect(mawbProblem(awb), awb).toBeNull();
    }
  });

  it('refuses a wrong check digit with exactly the message of the issue', () => {
    expect(mawbProblem('020-12345678')).toBe('MAWB number 020-12345678 has an invalid check digit (expected 5)');
    expect(mawbProblem('02012345678')).toBe('MAWB number 020-12345678 has an invalid check digit (expected 5)');
  });

  it('refuses what is not 11 digits', () => {
    for (const bad of ['020-1234567', '020-123456755', 'ABC-12345675', '', '020 1234 567X']) expect(mawbProblem(bad), bad).toBe(MAWB_FORMAT_MESSAGE);
    expect(MAWB_FORMAT_MESSAGE).toBe('MAWB number must be 11 digits, like 020-12345675');
  });

  it('stores and shows 020-12345675, whatever the spacing typed', () => {
    expect(formatMawb('020 1234 5675')).toBe('020-12345675');
    expect(formatMawb('02012345675')).toBe('020-12345675');
    expect(formatMawb(' junk ')).toBe('junk');
    expect(mawbPrefix('235-12345675')).toBe('235');
    expect(mawbPrefix('nope')).toBeNull();
  });
});

describe('carrier codes, HS codes, UN numbers, hazard classes, incoterms', () => {
  it('checks IATA prefixes and designators and SCACs', () => {
    expect(['235', '020', '176'].every(isIataPrefix)).toBe(true);
    expect(['23', '2355', 'TK1'].some(isIataPrefix)).toBe(false);
    expect(['TK', 'LH', '5X', 'U2'].every(isIataCode)).toBe(true);
    expect(['12', 'T', 'TKX', 'tk'].some(isIataCode)).toBe(false);
    expect(['MAEU', 'MSCU', 'HLCU', 'CMDU', 'AB'].every(isScac)).toBe(true);
    expect(['A', 'MAEUX', 'MAE1'].some(isScac)).toBe(false);
  });

  it('takes HS codes with dots and shows them as tariffs print them', () => {
    expect(normalizeHsCode('6204.62.00')).toBe('62046200');
    expect(hsCodeProblem('6204.62')).toBeNull();
    expect(hsCodeProblem('6204620010')).toBeNull();
    for (const bad of ['62046', '62046200101', '6204.6A']) expect(hsCodeProblem(bad), bad).toBe('HS Code must be 6 to 10 digits, like 6204.62');
    expect([formatHsCode('620462'), formatHsCode('62046200'), formatHsCode('6204620010')]).toEqual(['6204.62', '6204.62.00', '6204.62.00.10']);
  });

  it('writes UN numbers as UN and 4 digits and knows the hazard classes with their divisions', () => {
    expect(['1263', 'un 1263', 'UN-1263', 'UN1263'].map(normalizeUnNumber)).toEqual(['UN1263', 'UN1263', 'UN1263', 'UN1263']);
    expect(unNumberProblem('UN 2074')).toBeNull();
    for (const bad of ['UN12', 'UN12634', 'AB1263', 'UN0000']) expect(unNumberProblem(bad), bad).toBe('UN Number must be UN and 4 digits, like UN1263');
    for (const ok of ['1.1', '1.6', '2.1', '2.3', '3', '4.3', '5.2', '6.2', '7', '8', '9']) expect(hazardClassProblem(ok), ok).toBeNull();
    // Classes with divisions need the division; class 3's old split (3.1 to 3.3) is no longer in the UN rules.
    for (const bad of ['1', '2', '3.1', '10', '1.7', '']) expect(hazardClassProblem(bad), bad).toMatch(/^Hazard Class must be/);
  });

  it('labels an incoterm with its place and version', () => {
    expect(incotermLabel({ incoterm: 'FCA', incoterm_place: 'Istanbul', incoterm_version: '2020' })).toBe('FCA Istanbul, Incoterms 2020');
    expect(incotermLabel({ incoterm: 'FOB', incoterm_place: null, incoterm_version: '2010' })).toBe('FOB, Incoterms 2010');
    expect(incotermLabel({ incoterm: null })).toBeNull();
  });
});
