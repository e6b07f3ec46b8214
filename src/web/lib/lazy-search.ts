/**
 * URL search validation for the signed-in routes without zod in the first page's JavaScript (decision records 0196
 * and 0246). The routes' zod schemas live in route-search.ts, a chunk that registers itself here when it loads:
 *  - before the first render only when the address opened has a route that validates its search (a list page:
 *    main.tsx asks `needsRouteSearch`); a dashboard or a shipment page renders without them;
 *  - otherwise as soon as the router reads a list route's search: a link hovered, focused or touched (the router
 *    preloads on intent) or followed. A search read before they arrive is read as empty (every list page's
 *    defaults), and the router matches again once they are here (`onRouteSearchLate`), so the page shows the
 *    search its address has.
 */
import type { z } from 'zod';
import type { RouteSearchSchemas } from '../route-search';

let schemas: RouteSearchSchemas | undefined;
let loading: Promise<unknown> | undefined;
let readEarly = false;
let late: (() => void) | undefined;
const validators = new WeakSet<object>();

export function registerRouteSearch(s: RouteSearchSchemas): void {
  schemas = s;
  if (readEarly) {
    readEarly = false;
    late?.();
  }
}

/** Loads the schemas (a no-op once they have loaded). */
export function loadRouteSearch(): Promise<unknown> {
  if (schemas) return Promise.resolve();
  loading ??= import('../route-search').catch((e: unknown) => {
    loading = undefined;
    throw e;
  });
  return loading;
}

/** What to do when a search was read before the schemas had loaded: match the current address again. */
export function onRouteSearchLate(fn: () => void): void {
  late = fn;
}

/** Whether one of these routes (the ones an address matches) validates its search with a lazily loaded schema. */
export function needsRouteSearch(routes: ReadonlyArray<{ options: { validateSearch?: unknown } }>): boolean {
  return !schemas && routes.some((r) => typeof r.options.validateSearch === 'function' && validators.has(r.options.validateSearch));
}

/**
 * The route's validateSearch: the zod schema's parse once loaded. Before that the search is read as empty, which
 * every list page reads as its defaults, and the schemas start loading.
 */
export function lazySearch<K extends keyof RouteSearchSchemas>(key: K) {
  const validate = (search: Record<string, unknown>): z.output<RouteSearchSchemas[K]> => {
    if (schemas) return schemas[key].parse(search) as z.output<RouteSearchSchemas[K]>;
    readEarly = true;
    void loadRouteSearch().catch(() => undefined);
    return {} as z.output<RouteSearchSchemas[K]>;
  };
  validators.add(validate);
  return validate;
}
