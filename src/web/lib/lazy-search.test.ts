import { describe, expect, it } from 'vitest';
import { ROUTE_SEARCH } from '@web/route-search';
import { lazySearch, loadRouteSearch, loadRouteSearchFor, loadSearchesAfterFirstScreen, onRouteSearchLate, routeSearchKeys, setRouteSearchTable } from './lazy-search';

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

  it('every route reads an empty search as empty, so a list opened without filters needs no schema (decision 0311)', async () => {
    const keys = Object.keys(ROUTE_SEARCH) as (keyof typeof ROUTE_SEARCH)[];
    expect(keys.length).toBeGreaterThan(15);
    for (const key of keys) expect((await ROUTE_SEARCH[key]()).parse({}), key).toEqual({});
  });

  it('an empty search read before its schema waits for nothing and asks for no new match; the schema loads after the first screen', async () => {
    const invoices = lazySearch('invoices');
    const ageing = lazySearch('ageing');
    const routes = [{ options: { validateSearch: invoices } }, { options: { validateSearch: ageing } }];
    let late = 0;
    onRouteSearchLate(() => late++);
    expect(invoices({})).toEqual({});
    // Time enough for a schema's import to arrive, had it been asked for.
    await new Promise((r) => setTimeout(r, 300));
    expect(routeSearchKeys(routes), 'loaded before the first screen').toEqual(['invoices', 'ageing']);

    loadSearchesAfterFirstScreen();
    await loadRouteSearch('invoices');
    expect(routeSearchKeys(routes)).toEqual(['ageing']);
    expect(invoices({ kind: 'nonsense', page: 3 })).toEqual({ page: 3 });
    // After the first screen an empty search starts its schema's loading at once, still with no new match.
    expect(ageing({})).toEqual({});
    await new Promise((r) => setTimeout(r, 300));
    expect(routeSearchKeys(routes)).toEqual([]);
    expect(late).toBe(0);
  });
});
