/**
 * URL search validation for the signed-in routes without zod in the first page's JavaScript (decision records 0196,
 * 0246 and 0247). Each route's zod schema loads on its own (route-search.ts says from where):
 *  - before the first render only for the schemas of the routes the address opened matches, when it has a search (a
 *    list page with filters: main.tsx asks `loadRouteSearchFor`); a dashboard, a shipment page or a list opened
 *    without filters renders without any, the list's schema loading once the first screen is shown;
 *  - otherwise as soon as the router reads a route's search: a link hovered, focused or touched (the router preloads
 *    on intent) or followed. A search read before its schema arrives is read as empty (every list page's defaults),
 *    and the router matches again once it is here (`onRouteSearchLate`), so the page shows the search its address has.
 */
import type { z } from 'zod';

/**
 * The routes' schemas by search key. The table that loads them (route-search.ts) sits above the features, which sit
 * above this module, so it fills this in (module augmentation, as the router's Register) and the entry hands its
 * loader over at start (`setRouteSearchTable`, main.tsx).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RouteSearchRegister {}
type Registered = RouteSearchRegister extends { schemas: infer S } ? S : Record<string, z.ZodType>;
export type RouteSearchSchemas = { [K in keyof Registered]: Registered[K] extends z.ZodType ? Registered[K] : never };
export type RouteSearchKey = Extract<keyof RouteSearchSchemas, string>;
type RouteSearchTable = { [K in RouteSearchKey]: () => Promise<RouteSearchSchemas[K]> };

let table: (() => Promise<RouteSearchTable>) | undefined;
/** The entry says where the table of loaders is (a small chunk of its own, route-search.ts). */
export function setRouteSearchTable(load: () => Promise<RouteSearchTable>): void {
  table = load;
}

const schemas: Partial<RouteSearchSchemas> = {};
const loading = new Map<RouteSearchKey, Promise<unknown>>();
/** Schemas whose search was read before they had loaded: their arrival asks the router to match again. */
const readEarly = new Set<RouteSearchKey>();
let late: (() => void) | undefined;
const keyOf = new WeakMap<object, RouteSearchKey>();

/** Loads one route's schema (a no-op once it has loaded). The table of loaders is a small chunk of its own. */
export function loadRouteSearch(key: RouteSearchKey): Promise<unknown> {
  if (schemas[key]) return Promise.resolve();
  let pending = loading.get(key);
  if (!pending) {
    if (!table) return Promise.reject(new Error('lazy-search: no route search table (setRouteSearchTable)'));
    pending = table()
      .then((t): Promise<unknown> => t[key]())
      .then(
        (schema) => {
          (schemas as Record<RouteSearchKey, unknown>)[key] = schema;
          if (readEarly.delete(key)) late?.();
        },
        (e: unknown) => {
          loading.delete(key);
          throw e;
        },
      );
    loading.set(key, pending);
  }
  return pending;
}

/** What to do when a search was read before its schema had loaded: match the current address again. */
export function onRouteSearchLate(fn: () => void): void {
  late = fn;
}

type MatchedRoutes = ReadonlyArray<{ options: { validateSearch?: unknown } }>;

/** The schemas these routes (the ones an address matches) validate their search with that have not loaded yet. */
export function routeSearchKeys(routes: MatchedRoutes): RouteSearchKey[] {
  const keys = routes.map((r) => (typeof r.options.validateSearch === 'function' ? keyOf.get(r.options.validateSearch) : undefined));
  return [...new Set(keys.filter((k): k is RouteSearchKey => k !== undefined && !schemas[k]))];
}

/** Loads the schemas an address's routes read: before its first render, and before a redirect to it. */
export function loadRouteSearchFor(routes: MatchedRoutes): Promise<unknown> {
  return Promise.all(routeSearchKeys(routes).map(loadRouteSearch));
}

/** Loads the schemas of the page at `href` (a redirect's target), as the router matches its path. */
export function loadRouteSearchForHref(router: { getMatchedRoutes: (pathname: string) => readonly [MatchedRoutes, ...unknown[]] }, href: string): Promise<unknown> {
  return loadRouteSearchFor(router.getMatchedRoutes(new URL(href, window.location.origin).pathname)[0]);
}

/** Schemas whose route was read with an empty search before the first screen was shown: they load after it. */
let afterFirstScreen: Set<RouteSearchKey> | undefined = new Set();

/**
 * Once the first screen is shown (main.tsx): the schemas of the routes read with an empty search so far, so the page's
 * first filter or sort finds its schema here. Later reads of an empty search load theirs at once.
 */
export function loadSearchesAfterFirstScreen(): void {
  const keys = afterFirstScreen ?? [];
  afterFirstScreen = undefined;
  for (const key of keys) void loadRouteSearch(key).catch(() => undefined);
}

/**
 * The route's validateSearch: the zod schema's parse once loaded. Before that the search is read as empty, which
 * every list page reads as its defaults, and the schema starts loading. An empty search is read as empty by every
 * schema (lazy-search.test.ts holds each to it), so it waits for nothing and asks for no new match: a list opened
 * without filters draws its first screen without zod (decision 0311).
 */
export function lazySearch<K extends RouteSearchKey>(key: K) {
  const validate = (search: Record<string, unknown>): z.output<RouteSearchSchemas[K]> => {
    const schema = schemas[key];
    if (schema) return schema.parse(search) as z.output<RouteSearchSchemas[K]>;
    if (Object.keys(search).length === 0) {
      if (afterFirstScreen) afterFirstScreen.add(key);
      else void loadRouteSearch(key).catch(() => undefined);
      return {} as z.output<RouteSearchSchemas[K]>;
    }
    readEarly.add(key);
    void loadRouteSearch(key).catch(() => undefined);
    return {} as z.output<RouteSearchSchemas[K]>;
  };
  keyOf.set(validate, key);
  return validate;
}
