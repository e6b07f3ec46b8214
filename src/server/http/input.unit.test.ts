import { describe, expect, it } from 'vitest';
import { badTextPath, jsonTooDeep, MAX_JSON_DEPTH, NUL_MESSAGE, SURROGATE_MESSAGE, textProblem } from './input';

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

describe('JSON nesting (issue 37)', () => {
  const nest = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;
  it(`accepts ${MAX_JSON_DEPTH} levels and refuses one more, of arrays and objects alike`, () => {
    expect(MAX_JSON_DEPTH).toBe(64);
    expect(jsonTooDeep(nest(64))).toBe(false);
    expect(jsonTooDeep(nest(65))).toBe(true);
    const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    expect(jsonTooDeep(objects(64))).toBe(false);
    expect(jsonTooDeep(objects(65))).toBe(true);
    expect(jsonTooDeep(`{"a":[${nest(63)}]}`)).toBe(true);
    // Depth, not the count of brackets: many siblings are fine.
    expect(jsonTooDeep(`[${Array(10_000).fill('[[]]').join(',')}]`)).toBe(false);
  });
  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonTooDeep(JSON.stringify({ note: '['.repeat(1000) }))).toBe(false);
    expect(jsonTooDeep(JSON.stringify({ note: `"\\${'{'.repeat(1000)}` }))).toBe(false);
    // A string ending in an escaped backslash ends at its quote: the brackets after it count.
    expect(jsonTooDeep(`["a\\\\"${',['.repeat(64)}${']'.repeat(65)}`)).toBe(true);
    expect(jsonTooDeep(`["a\\\\"${',['.repeat(63)}${']'.repeat(64)}`)).toBe(false);
  });
  it('reads a million levels without recursion (no stack overflow)', () => {
    expect(jsonTooDeep(nest(1_000_000))).toBe(true);
  });
});
