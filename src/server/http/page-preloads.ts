/**
 * The HTML of a page names what that page will load (issue 17, decision record 0232): the build's
 * route-preloads.json (scripts/vite-route-preloads.ts) lists, per route of the web app, its JavaScript and CSS beyond
 * the entry's; the server puts them in the <head> of the HTML for that address as modulepreload and stylesheet links,
 * and for a signed-in page a preload of /api/me, so the browser fetches them in parallel with the entry instead of
 * in a chain (entry, session, shell, page). Without the file (a development build), the HTML is sent as it is.
 */
import fs from 'node:fs';
import path from 'node:path';

type Files = { js: string[]; css: string[] };
type RoutePreloads = { shell: Files; routes: (Files & { path: string; signedIn: boolean })[] };

/** The file the build writes beside index.html. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** A router path ('/all-shipments/$id') as a matcher of a request path; the static segments win over a parameter. */
function matcher(routePath: string): RegExp {
  const pattern = routePath
    .split('/')
    .map((seg) => (seg.startsWith('$') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}/?$`);
}

const tags = (files: Files): string =>
  [...files.css.map((f) => `<link rel="stylesheet" crossorigin href="${f}">`), ...files.js.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`)].join('\n    ');

/**
 * Answers the HTML for a request path: index.html with that route's links. Routes are tried with static paths first
 * ('/companies/new' before '/companies/$id'), as the web router decides.
 */
export function pageHtml(webRoot: string, indexHtml: string): (pathname: string) => string {
  const file = path.join(webRoot, ROUTE_PRELOADS_FILE);
  if (!fs.existsSync(file)) return () => indexHtml;
  const preloads = JSON.parse(fs.readFileSync(file, 'utf8')) as RoutePreloads;
  const me = '<link rel="preload" as="fetch" crossorigin href="/api/me">';
  const specificity = (p: string) => p.split('/').filter((s) => s.startsWith('$')).length;
  const pages = [...preloads.routes]
    .sort((a, b) => specificity(a.path) - specificity(b.path))
    .map((r) => {
      const head = r.signedIn ? [me, tags(preloads.shell), tags(r)] : [tags(r)];
      return { match: matcher(r.path), html: indexHtml.replace('</head>', () => `  ${head.filter(Boolean).join('\n    ')}\n  </head>`) };
    });
  return (pathname) => pages.find((p) => p.match.test(pathname))?.html ?? indexHtml;
}
