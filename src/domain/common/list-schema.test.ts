import { describe, expect, it } from 'vitest';
import { likePattern, listQuerySchema, pageCount, showingRange, sortable, websiteHref } from './list-schema';

describe('listQuerySchema', () => {
  it('defaults to page 1 of 10 with an empty search', () => {
    expect(listQuerySchema.parse({})).toEqual({ q: '', page: 1, pageSize: 10 });
  });
  it('coerces query strings and refuses bad pages with a message', () => {
    expect(listQuerySchema.parse({ page: '3', pageSize: '25', q: '  ist ' })).toMatchObject({ page: 3, pageSize: 25, q: 'ist' });
    expect(listQuerySchema.safeParse({ page: '0' }).error?.issues[0]?.message).toBe('page must be 1 or more');
    expect(listQuerySchema.safeParse({ page: '-5' }).success).toBe(false);
    expect(listQuerySchema.safeParse({ pageSize: '1000' }).error?.issues[0]?.message).toBe('pageSize must be at most 100');
    expect(listQuerySchema.safeParse({ page: 'abc' }).success).toBe(false);
  });
  it('whitelists sort columns', () => {
    const s = listQuerySchema.extend({ sort: sortable(['name', 'created_at'], 'name') });
    expect(s.parse({}).sort).toBe('name');
    expect(s.safeParse({ sort: 'password' }).error?.issues[0]?.message).toBe('sort must be one of: name, created_at');
  });
});

describe('showingRange', () => {
  it('gives the 1-based range of the page', () => {
    expect(showingRange(1, 10, 25)).toEqual({ from: 1, to: 10 });
    expect(showingRange(3, 10, 25)).toEqual({ from: 21, to: 25 });
    expect(showingRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
  it('counts pages', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});

describe('likePattern', () => {
  it('escapes %, _ and backslash', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(likePattern("O'Brien")).toBe("%O'Brien%");
  });
});

describe('websiteHref', () => {
  it('prefixes https:// only when no scheme is given', () => {
    expect(websiteHref('maersk.com')).toBe('https://maersk.com');
    expect(websiteHref('http://a.example')).toBe('http://a.example');
    expect(websiteHref('HTTPS://b.example')).toBe('HTTPS://b.example');
  });
});
