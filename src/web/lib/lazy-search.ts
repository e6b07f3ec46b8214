/**
 * URL search validation for the signed-in routes without zod in the first page's JavaScript (decision record 0196).
 * The routes' zod schemas live in route-search.ts, a chunk that registers itself here when it loads: with the app
 * shell (AppLayout imports it) and, for a signed-in address opened directly, before the first render (main.tsx).
 * Search validation only runs for the routes of the address being opened, so the sign-in page never needs them.
 */
import type { z } from 'zod';
import type { RouteSearchSchemas } from '../route-search';

let schemas: RouteSearchSchemas | undefined;

export function registerRouteSearch(s: RouteSearchSchemas): void {
  schemas = s;
}

/** Loads the schemas (a no-op once the app shell has loaded them). */
export function loadRouteSearch(): Promise<unknown> {
  return schemas ? Promise.resolve() : import('../route-search');
}

/**
 * The route's validateSearch: the zod schema's parse once loaded. Before that (no signed-in page can render yet)
 * the search is empty, which every list page reads as its defaults.
 */
export function lazySearch<K extends keyof RouteSearchSchemas>(key: K) {
  return (search: Record<string, unknown>): z.output<RouteSearchSchemas[K]> =>
    (schemas ? schemas[key].parse(search) : {}) as z.output<RouteSearchSchemas[K]>;
}
