import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvNumber } from './csv';

describe('csv', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
  });
  it('neutralises formulas', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-5')).toBe("'-5");
  });
  it('writes an amount as it is, a negative one too, and only a plain decimal', () => {
    expect(csvCell(csvNumber('-12.50'))).toBe('-12.50');
    expect(csvLine([csvNumber('3'), '-3'])).toBe("3,'-3\r\n");
    expect(() => csvNumber('=1+1')).toThrow(/not a plain decimal/);
    expect(() => csvNumber('1e5')).toThrow(/not a plain decimal/);
  });
  it('ends lines with CRLF', () => {
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});
