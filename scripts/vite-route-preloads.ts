/**
 * The first screen in one round trip (issue 17, decision record 0232). A signed-in page opened directly loads in a
 * chain: the entry, then the app shell, then the page's chunk, then its data. This build step writes
 * `route-preloads.json` beside index.html: for each route of src/web/router.tsx, the JavaScript and CSS its page needs
 * beyond what index.html already loads, so the server can name them in the HTML it sends for that address and the
 * browser fetches them alongside the entry instead of one after the other.
 *
 * The routes are read from router.tsx itself (one source of truth): each path literal (`path: '/x'`, `page('/x'`,
 * `listPage('/x'`) is paired with the next `import('./...')` before another path, and the route's parent
 * (`getParentRoute: () => appRoute`, or the page helpers, which are all under the app) says whether the shell loads.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { parsePo, type PoEntry } from '../src/domain/common/po';
import { precompiled } from './vite-po';

/** `search`: the key of the lazily loaded schema the route validates its URL search with (lazySearch('key'), lib/lazy-search.ts). */
export type RouteModule = { path: string; module: string | null; signedIn: boolean; search: string | null };
export type RoutePreloads = {
  /** The app shell's files (every signed-in page). */
  shell: { js: string[]; css: string[] };
  /** `messages`: for each language with a catalog, the file of the translations the route can show before it is left. */
  // `search`: the route's search schema's files, which its HTML names only for an address with a search (decision 0311).
  routes: { path: string; signedIn: boolean; js: string[]; search?: string[]; css: string[]; messages?: Record<string, string> }[];
};

/** The shell's module, as router.tsx imports it. */
export const SHELL_MODULE = './shell/AppLayout';
/** The table of the routes' search schemas (lib/lazy-search.ts): a route that reads its search loads it, then its own schema. */
export const ROUTE_SEARCH_MODULE = './route-search';

/** Each search key of route-search.ts with the module its schema loads from (`key: () => import('module')`). */
export function searchModules(source: string): Map<string, string> {
  return new Map([...source.matchAll(/^\s*(\w+): \(\) => import\('([^']+)'\)/gm)].map((m) => [m[1]!, m[2]!]));
}

/** Each route of the router source: its path, the module its page loads from (or none: a redirect), and whether it is under the signed-in shell. */
export function routeModules(source: string): RouteModule[] {
  const routes: RouteModule[] = [];
  let parent = '';
  let open: RouteModule | null = null;
  const tokens = /getParentRoute: \(\) => (\w+)|(page|listPage)\('([^']+)'|path: '([^']+)'|import\('(\.\/[^']+)'\)|lazySearch\('(\w+)'\)|(function \w+<)/g;
  // Comments are not code (router.tsx's comments show an example import).
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
  // listPage's routes read the search schema that listPage's own definition names.
  const listKey = /function listPage<[^{]*\{[^}]*lazySearch\('(\w+)'\)/.exec(code)?.[1] ?? null;
  for (const m of code.matchAll(tokens)) {
    if (m[1]) parent = m[1];
    else if (m[3] !== undefined) routes.push((open = { path: m[3], module: null, signedIn: true, search: m[2] === 'listPage' ? listKey : null }));
    else if (m[4] !== undefined) routes.push((open = { path: m[4], module: null, signedIn: parent === 'appRoute', search: null }));
    else if (m[6]) {
      if (open) open.search = m[6];
    } else if (m[7]) open = null; // a route helper (page, listPage): its lazySearch is listPage's own
    else if (m[5]) {
      if (open && open.module === null && m[5] !== SHELL_MODULE) open.module = m[5];
      open = null;
    }
  }
  return routes;
}

type Chunk = { type: 'chunk'; fileName: string; isEntry: boolean; facadeModuleId: string | null; moduleIds: string[]; imports: string[]; dynamicImports: string[]; viteMetadata?: { importedCss: Set<string> } };
type Output = Chunk | { type: 'asset'; fileName: string };

/**
 * A route's share of a catalog (issue 42, decision 0294): the translations of the messages whose `#:` references name a
 * module of `modules` (paths from the project's root, as the catalog writes them). The catalog is the one list of which
 * file uses which message: `npm run i18n -- --check` fails in lint on references that no longer name the files using
 * a message.
 */
export function messagesOf(entries: readonly PoEntry[], modules: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of entries) if (e.translation !== '' && e.references.some((r) => modules.has(r))) out[e.id] = e.translation;
  return out;
}

/**
 * The chunks a page can run while it stays on its address: `start` (the entry's, the shell's and the page's files) and
 * everything they import, statically or on demand, except another route's page (reached by navigating, when the
 * router waits for the whole catalog: web/lib/i18n.ts).
 */
export function reachable(start: readonly string[], importsOf: (file: string) => readonly string[], otherPages: ReadonlySet<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f) || (otherPages.has(f) && !start.includes(f))) continue;
    seen.add(f);
    stack.push(...importsOf(f));
  }
  return seen;
}

/** The Vite plugin: reads router.tsx at build time and emits route-preloads.json (and each route's messages, from `localesDir`). */
export function routePreloads(routerFile: string, localesDir?: string): Plugin {
  return {
    name: 'cargodesk-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle as Record<string, Output>).filter((o): o is Chunk => o.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: string[], into = new Set<string>()): Set<string> => {
        for (const f of start) {
          if (into.has(f)) continue;
          into.add(f);
          closure(byFile.get(f)?.imports ?? [], into);
        }
        return into;
      };
      const loaded = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
      const base = path.dirname(routerFile);
      const chunkOf = (module: string) => {
        // A module named by an import alias (@domain/..., @web/...: tsconfig.json's paths) or relative to router.tsx.
        const alias = /^@(domain|server|web)\/(.*)$/.exec(module);
        const wanted = alias ? path.resolve(base, '..', alias[1]!, alias[2]!) : path.resolve(base, module);
        const is = (id: string | null) => !!id && id.replace(/\.tsx?$/, '') === wanted;
        // The page's own chunk, or the shared chunk the bundler put the page's module in.
        return chunks.find((c) => is(c.facadeModuleId)) ?? chunks.find((c) => c.moduleIds.some(is));
      };
      const filesOf = (module: string, skip: Set<string>) => {
        const chunk = chunkOf(module);
        if (!chunk) throw new Error(`route-preloads: no chunk for ${module} (router.tsx)`);
        const files = [...closure([chunk.fileName])].filter((f) => !skip.has(f));
        const css = [...new Set(files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]))];
        return { js: files.map((f) => `/${f}`), css: css.map((f) => `/${f}`), all: new Set(files) };
      };
      const shellFiles = filesOf(SHELL_MODULE, loaded);
      // What the entry imports on demand on every signed-in page (the ICU compiler, the navigation rules) may be held by
      // a chunk the shell loads; the entry then reaches it through a facade, a chunk with no module of its own that only
      // re-exports. It is named with the shell, or the browser would fetch it once the entry has run (decision 0299).
      const facades = [...loaded]
        .flatMap((f) => byFile.get(f)?.dynamicImports ?? [])
        .filter((f) => {
          const c = byFile.get(f);
          return !!c && c.moduleIds.length === 0 && c.imports.length > 0 && c.imports.every((i) => loaded.has(i) || shellFiles.all.has(i));
        });
      const shell = { js: [...shellFiles.js, ...facades.map((f) => `/${f}`)], css: shellFiles.css, all: new Set([...shellFiles.all, ...facades]) };
      const afterShell = new Set([...loaded, ...shell.all]);
      const table = filesOf(ROUTE_SEARCH_MODULE, afterShell);
      const schemaModules = searchModules(fs.readFileSync(path.join(base, `${ROUTE_SEARCH_MODULE}.ts`), 'utf8'));
      const searchFiles = (key: string, skip: Set<string>) => {
        const module = schemaModules.get(key);
        if (!module) throw new Error(`route-preloads: lazySearch('${key}') has no loader in route-search.ts`);
        return [...table.js, ...filesOf(module, skip).js];
      };
      // A signed-out route without a module of its own (the sign-in page is in the entry; '/' only redirects) is listed
      // for its messages.
      const pageRoutes = routeModules(fs.readFileSync(routerFile, 'utf8')).filter((r) => r.module !== null || !r.signedIn);
      // Each language's catalog, cut by route: what a page can show before it is left, in one small file its HTML
      // names (decision 0294); the whole catalog loads after the first screen.
      const catalogs = localesDir ? fs.readdirSync(localesDir).filter((f) => f.endsWith('.po')).map((f) => ({ locale: f.slice(0, -3), entries: parsePo(fs.readFileSync(path.join(localesDir, f), 'utf8')) })) : [];
      const project = path.resolve(base, '../..');
      // Another route's page, and another list's search schema (route-search.ts loads each on demand), are reached by navigating.
      const pageChunks = new Set([...pageRoutes.map((r) => r.module), ...schemaModules.values()].map((m) => m && chunkOf(m)?.fileName).filter((f): f is string => !!f));
      const shellChunk = chunkOf(SHELL_MODULE)!.fileName;
      const emitted = new Map<string, string>();
      const messagesFiles = (files: string[], signedIn: boolean): Record<string, string> | undefined => {
        if (!catalogs.length) return undefined;
        const others = new Set([...pageChunks, ...(signedIn ? [] : [shellChunk])]);
        const chunksRun = reachable([...loaded, ...(signedIn ? shell.all : []), ...files], (f) => [...(byFile.get(f)?.imports ?? []), ...(byFile.get(f)?.dynamicImports ?? [])], others);
        const modules = new Set([...chunksRun].flatMap((f) => byFile.get(f)?.moduleIds ?? []).map((id) => path.relative(project, id).split(path.sep).join('/')));
        return Object.fromEntries(
          catalogs.map(({ locale, entries }) => {
            // Plurals and selects compiled, as the whole catalog is (vite-po.ts, decision 0309).
            const source = JSON.stringify(precompiled(messagesOf(entries, modules)));
            const fileName = `assets/messages-${locale}-${crypto.createHash('sha256').update(source).digest('base64url').slice(0, 10)}.json`;
            if (!emitted.has(fileName)) {
              emitted.set(fileName, source);
              this.emitFile({ type: 'asset', fileName, source });
            }
            return [locale, `/${fileName}`];
          }),
        );
      };
      const out: RoutePreloads = {
        shell: { js: shell.js, css: shell.css },
        routes: pageRoutes.map((r) => {
          const page = r.module ? filesOf(r.module, r.signedIn ? afterShell : loaded) : { js: [] as string[], css: [] as string[] };
          const search = r.search ? [...new Set(searchFiles(r.search, afterShell))].filter((f) => !page.js.includes(f)) : [];
          const messages = messagesFiles([...search, ...page.js].map((f) => f.slice(1)), r.signedIn);
          return { path: r.path, signedIn: r.signedIn, js: page.js, ...(search.length ? { search } : {}), css: page.css.filter((c) => !r.signedIn || !shell.css.includes(c)), ...(messages ? { messages } : {}) };
        }),
      };
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(out, null, 1) });
    },
  };
}
