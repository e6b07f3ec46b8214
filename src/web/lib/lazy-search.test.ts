import { describe, expect, it } from 'vitest';
import { lazySearch, loadRouteSearch, loadRouteSearchFor, onRouteSearchLate, routeSearchKeys, setRouteSearchTable } from './lazy-search';

// The app's entry hands the table over at start (main.tsx).
setRouteSearchTable(() => import('@web/route-search').then((m) => m.ROUTE_SEARCH));

describe('lazily loaded route search schemas, one per route (decisions 0196, 0246, 0247)', () => {
  it('a search read before its schema arrives is read as empty, starts its loading, and asks for a new match once it is here', async () => {
    const validate = lazySearch('shipments');
    const companies = lazySearch('companies');
    const plain = (search: Record<string, unknown>) => search;
    expect(routeSearchKeys([{ options: {} }, { options: { validateSearch: plain } }])).toEqual([]);
    expect(routeSearchKeys([{ options: {} }, { options: { validateSearch: validate } }, { options: { validateSearch: companies } }])).toEqual(['shipments', 'companies']);

    let late = 0;
    onRouteSearchLate(() => late++);
    expect(validate({ page: 2 })).toEqual({});
    await loadRouteSearch('shipments');
    expect(late).toBe(1);
    expect(validate({ page: 2, status: 'nonsense' })).toEqual({ page: 2 });
    // Only the shipments' schema loaded: the companies' is still to come.
    expect(routeSearchKeys([{ options: { validateSearch: validate } }, { options: { validateSearch: companies } }])).toEqual(['companies']);
    // Loaded: nothing is read early any more.
    await loadRouteSearch('shipments');
    expect(late).toBe(1);

    await loadRouteSearchFor([{ options: { validateSearch: companies } }]);
    expect(companies({ q: ' acme ', page: 1 })).toEqual({ q: 'acme', page: 1 });
    expect(routeSearchKeys([{ options: { validateSearch: companies } }])).toEqual([]);
  });
});
