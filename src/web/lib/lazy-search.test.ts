import { describe, expect, it } from 'vitest';
import { lazySearch, loadRouteSearch, needsRouteSearch, onRouteSearchLate } from './lazy-search';

describe('lazily loaded route search schemas (decisions 0196, 0246)', () => {
  it('a search read before the schemas arrive is read as empty, starts their loading, and asks for a new match once they are here', async () => {
    const validate = lazySearch('shipments');
    const plain = (search: Record<string, unknown>) => search;
    expect(needsRouteSearch([{ options: {} }, { options: { validateSearch: plain } }])).toBe(false);
    expect(needsRouteSearch([{ options: {} }, { options: { validateSearch: validate } }])).toBe(true);

    let late = 0;
    onRouteSearchLate(() => late++);
    expect(validate({ page: 2 })).toEqual({});
    await loadRouteSearch();
    expect(late).toBe(1);
    expect(validate({ page: 2 })).toMatchObject({ page: 2 });
    expect(needsRouteSearch([{ options: { validateSearch: validate } }])).toBe(false);
    // Loaded: nothing is read early any more.
    await loadRouteSearch();
    expect(late).toBe(1);
  });
});
