import { describe, expect, it } from 'vitest';
import { documentSearchSchema, documentSortOf, hasDocumentFilter, toggledSort } from './search';

describe('the /documents URL state', () => {
  it('keeps valid values and drops bad ones', () => {
    expect(documentSearchSchema.parse({ q: 'inv', type: 'pdf', sort: 'size', dir: 'asc', page: '3' })).toEqual({ q: 'inv', type: 'pdf', sort: 'size', dir: 'asc', page: 3 });
    expect(documentSearchSchema.parse({ type: 'exe', sort: 'owner', dir: 'up', page: '0' })).toEqual({});
  });

  it('sorts newest first by default; a new column starts ascending and a second click flips it', () => {
    expect(documentSortOf({})).toEqual({ sort: 'created_at', dir: 'desc' });
    expect(toggledSort({}, 'created_at')).toEqual({ sort: 'created_at', dir: 'asc' });
    expect(toggledSort({}, 'name')).toEqual({ sort: 'name', dir: 'asc' });
    expect(toggledSort({ sort: 'name', dir: 'asc' }, 'name')).toEqual({ sort: 'name', dir: 'desc' });
    expect(toggledSort({ sort: 'name', dir: 'desc' }, 'size')).toEqual({ sort: 'size', dir: 'asc' });
    expect(toggledSort({ sort: 'size' }, 'created_at')).toEqual({ sort: 'created_at', dir: 'desc' });
  });

  it("shows 'Clear Filters' for a search or a type other than All Types", () => {
    expect(hasDocumentFilter({})).toBe(false);
    expect(hasDocumentFilter({ type: 'all' })).toBe(false);
    expect(hasDocumentFilter({ sort: 'name', page: 2 })).toBe(false);
    expect(hasDocumentFilter({ q: 'x' })).toBe(true);
    expect(hasDocumentFilter({ type: 'image' })).toBe(true);
  });
});
