/**
 * Issue 8, bad input: property tests (fast-check, 1,000 runs per property) over the query parameters of every GET
 * route the app has (read from `app.routes`), and over hostile path parameters of every route: never a 5xx, a 4xx
 * always in our error shape with a clear message, and every row a list returns matches the filters and the search
 * (a '%', '_' or '\' in `q` is searched literally). The number of inputs tried is printed.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import {
  anyNumberText, anyText, answerProblems, apiRoutes, fillPath, loadPathIds, queryParamsOf, type OpenApiDoc, type PathIds, type Route,
} from './bad-input.cases';
import { LIST_ROWS, containsText, listProblems, useUnaccentRules } from './bad-input-lists.cases';

const RUNS = 1000;
/** Rows whose searchable text holds LIKE metacharacters, so a wildcard bug shows as rows that do not contain q. */
const LITERAL_NAMES = ['100% Cotton_Works \\ Ltd', 'Percent%Only Co', 'Under_Score Trading', 'Back\\Slash Freight'];

let t: TestApp;
let admin: string;
let customer: string;
let adminId: string;
let ids: PathIds;
let doc: OpenApiDoc;
let routes: Route[];
let tried = 0;
const triedByRoute: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@cargodesk.test');
  customer = await t.signIn('customer@cargodesk.test');
  adminId = String((await t.db.execute<{ id: string }>(sql`select id from users where email = 'admin@cargodesk.test'`)).rows[0]!.id);
  ids = await loadPathIds(t);
  // The searches fold with cargodesk_fold (unaccent's rules, migration 0014); the check of their rows folds with the
  // same rules, read from this database for every character of the blocks they cover.
  const rules = await t.db.execute<{ c: string; r: string }>(sql`
    select chr(cp) as c, public.unaccent('public.unaccent'::regdictionary, chr(cp)) as r
    from (select generate_series(160, 12287) as cp union all select generate_series(64256, 65519)) as s
    where cp not between 55296 and 57343 and public.unaccent('public.unaccent'::regdictionary, chr(cp)) <> chr(cp)`);
  useUnaccentRules(new Map(rules.rows.map((x) => [x.c, x.r])));
  expect(rules.rows.find((x) => x.c === 'ƀ')?.r, "unaccent's rules were read").toBe('b');
  // The counterexample a run found (seed 1639174400): the database folds "ƀ" to "b", NFKD leaves it.
  expect(containsText('Ambarli Container Depot', 'ƀ')).toBe(true);
  expect(containsText('Ambarli Container Depot', 'ƃx')).toBe(false);
  doc = (await (await t.request('/api/openapi.json', { cookie: admin })).json()) as OpenApiDoc;
  routes = apiRoutes(t);
  for (const name of LITERAL_NAMES) {
    expect((await t.request('/api/companies', { body: { name }, cookie: admin })).status).toBe(201);
    const carrier = await t.request('/api/carriers', { body: { name, country: 'Türkiye', carrier_type: 'airline' }, cookie: admin });
    expect(carrier.status).toBe(201);
  }
});
afterAll(async () => {
  console.log(`bad input, query strings and path parameters: ${tried} inputs tried\n${Object.entries(triedByRoute).map(([r, n]) => `  ${r}: ${n}`).join('\n')}`);
  await t?.close();
});

/** A likely value: enum members, small pages, short searches over an alphabet with LIKE metacharacters. */
function likely(name: string, values: readonly string[]): fc.Arbitrary<string> {
  if (values.length > 0) return fc.constantFrom(...values);
  if (name === 'page') return fc.integer({ min: 1, max: 4 }).map(String);
  if (name === 'pageSize') return fc.integer({ min: 1, max: 100 }).map(String);
  if (name === 'q') return fc.oneof(fc.stringMatching(/^[aeiorstn%_\\' ]{1,2}$/), fc.constantFrom('%', '_', '\\', '0%', 'r_S', 'k\\S', 'ist', 'AN'));
  return anyText;
}

/** A query string: the route's own parameters (likely or hostile values), sometimes repeated, plus strangers. */
function queryArbitrary(route: Route): fc.Arbitrary<[string, string][]> {
  const params = queryParamsOf(doc, route);
  const names = new Set(params.map((p) => p.name));
  const all = [...params, ...['q', 'page', 'pageSize', 'sort', 'dir'].filter((n) => !names.has(n)).map((name) => ({ name, values: [] as string[] }))];
  const pair = ({ name, values }: { name: string; values: readonly string[] }) => {
    const hostile = name === 'page' || name === 'pageSize' ? anyNumberText : anyText;
    const value = names.has(name) ? fc.oneof({ weight: 4, arbitrary: likely(name, values) }, { weight: 1, arbitrary: hostile }) : hostile;
    // Present about a third of the time (a hostile value is then mostly the only odd one in the query).
    return fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.tuple(fc.constant(name), value) });
  };
  const strangers = fc.array(fc.tuple(fc.oneof(anyText, fc.constantFrom('__proto__', 'constructor', 'company_id', 'role', 'sort[]')), anyText), { maxLength: 1 });
  return fc.tuple(fc.tuple(...all.map(pair)), strangers, fc.nat(9)).map(([pairs, extra, roll]) => {
    const list = (pairs.filter(Boolean) as [string, string][]).concat(roll < 3 ? extra : []);
    // Now and then a parameter twice (?q=a&q=b).
    return roll === 9 && list.length > 0 ? [...list, list[0]!] : list;
  });
}

const isListRoute = (route: Route) => `${route.method} ${route.path}` in LIST_ROWS;

async function send(route: Route, path: string, cookie: string): Promise<Response> {
  tried++;
  const key = `${route.method} ${route.path}`;
  triedByRoute[key] = (triedByRoute[key] ?? 0) + 1;
  return t.request(path, { method: route.method, cookie, ...(route.method === 'GET' ? {} : { body: {} }) });
}

describe('route inventory', () => {
  it('every GET route answering rows has a rule for its rows (a new list route fails here until it has one)', async () => {
    const gets = routes.filter((r) => r.method === 'GET');
    const unknown: string[] = [];
    for (const route of gets) {
      const res = await t.request(fillPath(route.path, ids), { cookie: admin });
      const body = (res.headers.get('content-type') ?? '').includes('json') ? ((await res.json()) as Record<string, unknown>) : {};
      if (res.status === 200 && (Array.isArray(body.rows) || Array.isArray(body.active)) && !isListRoute(route)) unknown.push(`${route.method} ${route.path}`);
    }
    expect(unknown, 'list routes without an entry in LIST_ROWS (bad-input-lists.cases.ts)').toEqual([]);
    const stale = Object.keys(LIST_ROWS).filter((k) => !gets.some((r) => `${r.method} ${r.path}` === k));
    expect(stale, 'LIST_ROWS entries for routes the app does not have').toEqual([]);
  });

  it('a % in q is a character, not a wildcard (example)', async () => {
    for (const [path, field] of [['/api/companies', 'name'], ['/api/carriers', 'name']] as const) {
      for (const q of ['%', '_', '\\', '0% C', 'r_S']) {
        const res = await t.request(`${path}?q=${encodeURIComponent(q)}&pageSize=100`, { cookie: admin });
        expect(res.status).toBe(200);
        const rows = ((await res.json()) as { rows: Record<string, string>[] }).rows;
        expect(rows.length, `${path}?q=${q}`).toBeGreaterThan(0);
        expect(rows.length, `${path}?q=${q}`).toBeLessThanOrEqual(LITERAL_NAMES.length);
        for (const row of rows) expect(containsText(row[field], q), `${row[field]} for q=${q}`).toBe(true);
      }
    }
  });
});

describe('query strings (property, 1,000 runs per list route)', () => {
  const listKeys = Object.keys(LIST_ROWS);
  it.each(listKeys)('%s: no 5xx, clear 4xx, rows match the query', { timeout: 600_000 }, async (key) => {
    const route = routes.find((r) => `${r.method} ${r.path}` === key)!;
    expect(route, key).toBeDefined();
    const cookie = (await t.request(fillPath(route.path, ids), { cookie: admin })).status === 403 ? customer : admin;
    let listed = 0;
    await fc.assert(
      fc.asyncProperty(queryArbitrary(route), async (pairs) => {
        const qs = new URLSearchParams(pairs).toString();
        const path = `${fillPath(route.path, ids)}${qs ? `?${qs}` : ''}`;
        const res = await send(route, path, cookie);
        const problems = await answerProblems(res.clone(), path);
        if (res.status === 200) {
          listed++;
          const query = new Map<string, string>();
          for (const [k, v] of pairs) if (!query.has(k)) query.set(k, v);
          problems.push(...listProblems(LIST_ROWS[key]!, (await res.json()) as Record<string, unknown>, query, { userId: adminId, ids }));
        }
        expect(problems).toEqual([]);
      }),
      { numRuns: RUNS },
    );
    // The property must also reach answers with rows, not only refusals.
    expect(listed, `${key}: answers with rows`).toBeGreaterThan(RUNS / 20);
  });

  it(`every other GET route with random query strings (property, ${RUNS} runs)`, { timeout: 600_000 }, async () => {
    const others = routes.filter((r) => r.method === 'GET' && !isListRoute(r));
    expect(others.length).toBeGreaterThan(5);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...others).chain((r) => fc.tuple(fc.constant(r), queryArbitrary(r), fc.boolean())), async ([route, pairs, asCustomer]) => {
        const qs = new URLSearchParams(pairs).toString();
        const path = `${fillPath(route.path, ids)}${qs ? `?${qs}` : ''}`;
        expect(await answerProblems(await send(route, path, asCustomer ? customer : admin), path)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});

describe(`hostile path parameters on every route (property, ${RUNS} runs)`, () => {
  it('never a 5xx, and a clear 4xx', { timeout: 600_000 }, async () => {
    const withParams = routes.filter((r) => r.path.includes(':'));
    expect(withParams.length).toBeGreaterThan(10);
    const before = await t.db.execute<{ n: string }>(sql`select (select count(*) from shipments) + (select count(*) from companies) + (select count(*) from files) as n`);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withParams), fc.oneof(anyText, fc.uuid().map(String)).filter((s) => s.length > 0), async (route, id) => {
        const path = fillPath(route.path, ids, id);
        expect(await answerProblems(await send(route, path, admin), `${route.method} ${path}`)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
    // Made-up ids name nothing: nothing was deleted.
    const after = await t.db.execute<{ n: string }>(sql`select (select count(*) from shipments) + (select count(*) from companies) + (select count(*) from files) as n`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});
