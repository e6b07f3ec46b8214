import { describe, expect, it } from 'vitest';
import { convert, EXCHANGE_MESSAGES, NoRateError, parseEcbRates, RateFileError, rateLookupOf } from './exchange';
import { ECB_DAILY_2023_04_26, ecbFile } from './test-fixtures';

const daily = (date: string, rows: string) =>
  ecbFile([{ date, rates: [] }]).replace(`<Cube time='${date}'>\n`, `<Cube time='${date}'>\n${rows}`);
const APRIL_26 = ECB_DAILY_2023_04_26;

describe('the ECB file (issue 38)', () => {
  it('reads each day and rate as published: 0.87980 keeps its zero', () => {
    expect(parseEcbRates(APRIL_26)).toEqual([
      { date: '2023-04-26', rates: [
        { currency: 'USD', rate: '1.0965' }, { currency: 'JPY', rate: '147.79' }, { currency: 'GBP', rate: '0.87980' }, { currency: 'CHF', rate: '0.9784' },
      ] },
    ]);
  });

  it('reads a history file, newest day first, with double quotes too', () => {
    const hist = APRIL_26.replace(/<Cube time='2023-04-26'>/, `<Cube time="2023-04-27"><Cube currency="USD" rate="1.1031"/></Cube><Cube time='2023-04-26'>`);
    expect(parseEcbRates(hist).map((d) => [d.date, d.rates.length])).toEqual([['2023-04-27', 1], ['2023-04-26', 4]]);
  });

  it('names what is wrong with a file that is not one', () => {
    expect(() => parseEcbRates('<html></html>')).toThrow(new RateFileError(EXCHANGE_MESSAGES.notEcb));
    expect(() => parseEcbRates(daily('2023-02-30x', ''))).toThrow(EXCHANGE_MESSAGES.badDate('2023-02-30x'));
    expect(() => parseEcbRates(daily('2023-04-26', `<Cube currency='USD' rate='1,0965'/>`))).toThrow(EXCHANGE_MESSAGES.badRate('USD', '1,0965'));
    expect(() => parseEcbRates(daily('2023-04-26', `<Cube currency='ZZZ' rate='1.5'/>`))).toThrow(EXCHANGE_MESSAGES.unknownCurrency('ZZZ'));
    expect(() => parseEcbRates(daily('2023-04-26', ''))).toThrow(EXCHANGE_MESSAGES.noDays);
  });
});

describe('conversion through the euro, rounded half away from zero (issue 38, ECB 26 April 2023)', () => {
  const lookup = rateLookupOf(parseEcbRates(APRIL_26));

  it('1,000 USD is 911.99 EUR; 2,500 GBP is 2,841.55 EUR; 1 GBP is 1.246306 USD', () => {
    expect(convert('1000', 'USD', 'EUR', '2023-04-26', lookup)).toEqual({ amount: '911.99', rate: '0.911993', rate_date: '2023-04-26' });
    expect(convert('2500', 'GBP', 'EUR', '2023-04-26', lookup)).toMatchObject({ amount: '2841.55' });
    expect(convert('1', 'GBP', 'USD', '2023-04-26', lookup)).toEqual({ amount: '1.25', rate: '1.246306', rate_date: '2023-04-26' });
  });

  it("uses the last publication on or before the day: Saturday 29 April takes Friday's, never a later one", () => {
    const days = [...parseEcbRates(APRIL_26), { date: '2023-04-28', rates: [{ currency: 'USD', rate: '1.1016' }] }, { date: '2023-05-02', rates: [{ currency: 'USD', rate: '1.1' }] }];
    const byDay = rateLookupOf(days);
    expect(convert('1000', 'USD', 'EUR', '2023-04-29', byDay)).toMatchObject({ amount: '907.77', rate_date: '2023-04-28' });
    expect(convert('1000', 'USD', 'EUR', '2023-04-27', byDay)).toMatchObject({ amount: '911.99', rate_date: '2023-04-26' });
  });

  it("rounds to the target's minor unit (JPY none) and converts a currency to itself 1:1", () => {
    expect(convert('100', 'EUR', 'JPY', '2023-04-26', lookup)).toMatchObject({ amount: '14779', rate: '147.790000' });
    expect(convert('12.345', 'EUR', 'EUR', '2023-04-26', lookup)).toEqual({ amount: '12.35', rate: '1.000000', rate_date: '2023-04-26' });
  });

  it('refuses a day before any rate, and a currency it does not know', () => {
    expect(() => convert('1', 'USD', 'EUR', '2023-04-25', lookup)).toThrow(new NoRateError(EXCHANGE_MESSAGES.noRate('USD', '2023-04-25')));
    expect(() => convert('1', 'XYZ', 'EUR', '2023-04-26', lookup)).toThrow(EXCHANGE_MESSAGES.unknownCurrency('XYZ'));
  });
});
