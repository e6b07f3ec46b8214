import { describe, expect, it } from 'vitest';
import { badTextPath, NUL_MESSAGE, SURROGATE_MESSAGE, textProblem } from './input';

describe('text PostgreSQL would refuse', () => {
  it('finds a NUL and a lone surrogate, and accepts whole pairs and ordinary text', () => {
    expect(textProblem('a\u0000b')).toBe(NUL_MESSAGE);
    expect(textProblem('\ud800')).toBe(SURROGATE_MESSAGE);
    expect(textProblem('x\udc00y')).toBe(SURROGATE_MESSAGE);
    expect(textProblem('\udc00\ud800')).toBe(SURROGATE_MESSAGE);
    expect(textProblem('cargo 📦 İstanbul')).toBeNull();
    expect(textProblem('')).toBeNull();
  });

  it('names the path of the first bad key or value in a JSON body', () => {
    expect(badTextPath({ full_name: '\ud800', role: 'import' })).toEqual(['full_name', SURROGATE_MESSAGE]);
    expect(badTextPath({ containers: [{ number: 'ok' }, { number: 'a\u0000' }] })).toEqual(['containers.1.number', NUL_MESSAGE]);
    expect(badTextPath({ ['k\ud800']: 1 })).toEqual(['k\ud800', SURROGATE_MESSAGE]);
    expect(badTextPath({ name: 'Anatolia 📦', n: 3, list: ['a', null] })).toBeUndefined();
  });
});
