import { describe, expect, it } from 'vitest';
import { ISO_4217_MINOR_UNITS } from './iso-4217';
import { isCurrency, minorUnitOf, moneyString } from './currencies';
import { dec, fixed, isDecimalString } from './decimal';
import { ageingBucket, daysPastDue, dueDateOf } from './ageing';
import { compactIban, ibanChecksumOk, ibanProblem, IBAN_MESSAGES, isValidBic, printedIban } from './iban';
import { documentNumber, parseDocumentNumber } from './numbering';

describe('currencies: ISO 4217 minor units (issue 38)', () => {
  it('follows ISO 4217 list one as the currency-codes package ships it', async () => {
    // @ts-expect-error: the package's data file has no types
    const { default: iso } = (await import('currency-codes/data')) as { default: { code: string; digits: number }[] };
    for (const [code, digits] of Object.entries(ISO_4217_MINOR_UNITS)) expect(iso.find((c) => c.code === code)?.digits, code).toBe(digits);
    expect(Object.keys(ISO_4217_MINOR_UNITS).length).toBeGreaterThan(150);
  });

  it('JPY has no decimals, BHD three, EUR and TRY two; gold and test codes are not currencies', () => {
    expect([minorUnitOf('JPY'), minorUnitOf('BHD'), minorUnitOf('EUR'), minorUnitOf('TRY')]).toEqual([0, 3, 2, 2]);
    expect([isCurrency('XAU'), isCurrency('XTS'), isCurrency('usd'), isCurrency('ZZZ')]).toEqual([false, false, false, false]);
    expect([moneyString('147.5', 'JPY'), moneyString('1.25', 'BHD'), moneyString('-0.004', 'EUR')]).toEqual(['148', '1.250', '0.00']);
  });
});

describe('decimals', () => {
  it('take only plain decimal strings and integers, and round half away from zero', () => {
    expect(['1', '-0.5', '0.87980', '123456789012345678.123456789012'].every(isDecimalString)).toBe(true);
    expect(['1e3', '+1', '1,5', ' 1', '0x10', '', '.5'].some(isDecimalString)).toBe(false);
    expect(() => dec(0.1)).toThrow();
    expect([fixed(dec('2.345'), 2), fixed(dec('-2.345'), 2), fixed(dec('2.3449'), 2)]).toEqual(['2.35', '-2.35', '2.34']);
    expect(dec('0.1').plus(dec('0.2')).eq(dec('0.3'))).toBe(true);
  });
});

describe('ageing (issue 38)', () => {
  it('due 2026-01-15, as of 2026-03-31: 75 days past due, bucket 61-90', () => {
    expect(daysPastDue('2026-01-15', '2026-03-31')).toBe(75);
    expect(ageingBucket(75)).toBe('61-90');
  });

  it('puts each day count in its bucket', () => {
    expect([-3, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(ageingBucket)).toEqual(['current', 'current', '1-30', '1-30', '31-60', '31-60', '61-90', '61-90', '91+', '91+']);
  });

  it('counts the due day from the payment terms across months and a leap day', () => {
    expect(dueDateOf('2026-01-31', 30)).toBe('2026-03-02');
    expect(dueDateOf('2028-02-14', 15)).toBe('2028-02-29');
  });
});

describe('bank details', () => {
  it("accepts the registry's example IBANs and refuses one digit changed", () => {
    for (const iban of ['GB82 WEST 1234 5698 7654 32', 'DE89 3704 0044 0532 0130 00', 'TR33 0006 1005 1978 6457 8413 26', 'NL91 ABNA 0417 1643 00']) {
      expect(ibanProblem(iban), iban).toBeNull();
    }
    expect(ibanChecksumOk('GB82 WEST 1234 5698 7654 33')).toBe(false);
    expect(ibanProblem('GB82WEST1234569876543')).toBe(IBAN_MESSAGES.ibanLength('GB', 22));
    expect(ibanProblem('XX00 1234')).toBe(IBAN_MESSAGES.iban);
    expect(printedIban(compactIban('tr330006100519786457841326'))).toBe('TR33 0006 1005 1978 6457 8413 26');
  });

  it('checks a BIC by its shape: 8 or 11 characters', () => {
    expect(['DEUTDEFF', 'TCZBTR2AXXX', 'NWBKGB2L'].every(isValidBic)).toBe(true);
    expect(['DEUTDEF', 'DEUT1EFF', 'TCZBTR2AXX'].some(isValidBic)).toBe(false);
  });
});

describe('document numbers', () => {
  it('are the series, the year and six digits', () => {
    expect(documentNumber('INV', 2026, 1)).toBe('INV-2026-000001');
    expect(documentNumber('CN', 2026, 42)).toBe('CN-2026-000042');
    expect(parseDocumentNumber('INV-2026-000001')).toEqual({ prefix: 'INV', year: 2026, sequence: 1 });
    expect(() => documentNumber('INV', 2026, 0)).toThrow();
  });
});
