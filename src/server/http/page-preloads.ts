/**
 * The HTML of a page names what that page will load (issue 17, decision record 0232): the build's
 * route-preloads.json (scripts/vite-route-preloads.ts) lists, per route of the web app, its JavaScript and CSS beyond
 * the entry's; the server puts them in the <head> of the HTML for that address as modulepreload and stylesheet links,
 * and for a signed-in page a preload of /api/me, so the browser fetches them in parallel with the entry instead of
 * in a chain (entry, session, shell, page). Without the file (a development build), the HTML is sent as it is.
 * A page whose first screen waits for its data also gets that data's preload (FIRST_READS, decision record 0247), and
 * a signed-in page the shell's first screen in its body (boot-shell.ts, decision record 0248), with the page's own
 * heading where the server can draw it for that viewer (DRAWN_HEADINGS, decision record 0306).
 */
import fs from 'node:fs';
import path from 'node:path';
import { isStaffRole, type Role } from '@domain/common/enums';
import { isRecordId } from '@domain/common/ids';
import { BOOT_SHELL_HTML, bootPageHtml, type DrawnHeading } from './boot-shell';

type Files = { js: string[]; css: string[] };
type RoutePreloads = { shell: Files; routes: (Files & { path: string; signedIn: boolean; search?: string[]; messages?: Record<string, string> })[] };

/** The file the build writes beside index.html. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** A router path ('/all-shipments/$id') as a matcher of a request path; the static segments win over a parameter. */
function matcher(routePath: string): RegExp {
  const pattern = routePath
    .split('/')
    .map((seg) => (seg.startsWith('$') ? '([^/]+)' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}/?$`);
}

/**
 * The API reads a page waits for before its first screen, by route (its path parameters in order): preloaded with the
 * HTML, they travel alongside the JavaScript instead of after it has run, one round trip and a render sooner on a
 * phone (issue 17, decision record 0247). Each must be the exact URL the page's query fetches, or the browser fetches
 * it twice (e2e/first-load.spec.ts checks that each is fetched once). A parameter that is not a record id gets none,
 * so nothing from the address is written into the HTML unchecked.
 *
 * Only for a viewer the server has found signed in, with the role that page is for, and with nothing to do first
 * (a staff user who must enrol in two-factor is sent to their profile): the browser keeps a preloaded answer that the
 * page did not read and gives it to the next request for that URL in the same document. A 401 preloaded while signed
 * out would be read after signing in, and the shipment would send them back to sign in again.
 */
export const FIRST_READS: Record<string, { staffOnly?: boolean; customerOnly?: boolean; plainOnly?: boolean; reads: (...ids: string[]) => string[] }> = {
  '/dashboard': { reads: () => ['/api/dashboard'] },
  // Issue 45: the carrier's latest event is on the first screen too (WhereItIs).
  '/all-shipments/$id': { reads: (id) => [`/api/shipments/${id}`, `/api/shipments/${id}/checklist`, `/api/shipments/${id}/carrier-events`] },
  '/shipment/$id': { staffOnly: true, reads: (id) => [`/api/shipments/${id}`] },
  // A customer's list as it opens (no filter, sort or page in the address: web/features/shipment-lists/api.ts); a
  // handler's list reads their own shipments, another address.
  '/all-shipments': { customerOnly: true, plainOnly: true, reads: () => ['/api/shipments?sort=created_at&dir=desc&page=1&pageSize=10'] },
};

/**
 * The pages whose heading the server draws with the HTML, and where it sits (decision record 0306): the shipment page's
 * reference in its header card, a customer's shipment list's title; each the page's largest text on a phone as it
 * opens (Lighthouse's largest paint). Only for a viewer who gets the page's first reads, and only a record id from the
 * address is looked up.
 */
export const DRAWN_HEADINGS: Readonly<Record<string, DrawnHeading['place']>> = { '/all-shipments/$id': 'card', '/all-shipments': 'title' };

/**
 * Who asks for a page, as far as its preloads care: null when not signed in. `language` is their own choice on My
 * Profile (null: their browser's); `setupFirst` when something must come first (a staff user who must enrol in
 * two-factor is sent to their profile). `heading` reads a drawn heading's text for this viewer (a route of
 * DRAWN_HEADINGS, its ids, the page's language): null when the record is not theirs to see.
 */
export type PageViewer = { role: Role; language: string | null; setupFirst: boolean; heading?: (route: string, ids: string[], locale: string) => Promise<string | null> } | null;

const fetchTag = (href: string) => `<link rel="preload" as="fetch" crossorigin href="${href}">`;
/** The route's messages in the reader's language (decision 0294): web/lib/i18n.ts finds them by `data-messages`. */
const messagesTag = (locale: string, href: string) => `<link rel="preload" as="fetch" crossorigin href="${href}" data-messages="${locale}">`;
const cssTags = (files: Files) => files.css.map((f) => `<link rel="stylesheet" crossorigin href="${f}">`);
const jsTags = (files: Pick<Files, 'js'>) => files.js.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`);
const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/g;

/**
 * index.html with `first` put before its entry script (the small reads the first screen waits for: with six connections
 * to a server, they would otherwise wait behind the scripts), `head` added to its <head> and `css` after its own
 * stylesheets. A signed-in page also gets the shell's first screen (boot-shell.ts) at the top of its <body>, and its
 * stylesheets after it, in the body: a stylesheet blocks the painting of what follows it only, so that screen (styled
 * by its own few rules) is painted as soon as the HTML is here, and the app, below the stylesheets, still waits for
 * them (decision record 0248).
 */
function composer(indexHtml: string): (first: string[], head: string[], css: string[], boot: boolean, heading?: DrawnHeading | null) => string {
  const own = indexHtml.match(STYLESHEET)?.map((t) => t.trim()) ?? [];
  const withoutCss = indexHtml.replace(STYLESHEET, '');
  const lines = (tags: string[]) => tags.filter(Boolean).join('\n    ');
  const ENTRY = '<script type="module"';
  // (An index.html without an entry script, as in a unit test, gets them at the end of its <head>.)
  const before = (html: string, first: string[]) =>
    !first.length ? html : html.includes(ENTRY) ? html.replace(ENTRY, () => `${lines(first)}\n    ${ENTRY}`) : html.replace('</head>', () => `  ${lines(first)}\n</head>`);
  return (first, head, css, boot, heading) =>
    boot
      ? before(withoutCss, first)
          .replace('</head>', () => `  ${lines(head)}\n  </head>`)
          .replace('<div id="root">', () => `${lines([BOOT_SHELL_HTML, heading ? bootPageHtml(heading) : ''])}\n    ${lines([...own, ...css])}\n    <div id="root">`)
      : before(indexHtml, first).replace('</head>', () => `  ${lines([...head, ...css])}\n  </head>`);
}

/**
 * Answers the HTML for a request's path and query (`address`): index.html with that route's links. Routes are tried
 * with static paths first ('/companies/new' before '/companies/$id'), as the web router decides. `viewer` is asked
 * only for a signed-in page (its first reads, and the reader's own language); `browserLocale` is the language the
 * request's Accept-Language asks for among those Cargodesk speaks.
 */
export function pageHtml(webRoot: string, indexHtml: string): (address: string, viewer: () => Promise<PageViewer>, browserLocale: string) => Promise<string> {
  const file = path.join(webRoot, ROUTE_PRELOADS_FILE);
  if (!fs.existsSync(file)) return () => Promise.resolve(indexHtml);
  const preloads = JSON.parse(fs.readFileSync(file, 'utf8')) as RoutePreloads;
  const me = fetchTag('/api/me');
  const specificity = (p: string) => p.split('/').filter((s) => s.startsWith('$')).length;
  const compose = composer(indexHtml);
  const pages = [...preloads.routes]
    .sort((a, b) => specificity(a.path) - specificity(b.path))
    .map((r) => {
      const css = r.signedIn ? [...cssTags(preloads.shell), ...cssTags(r)] : cssTags(r);
      const first = r.signedIn ? FIRST_READS[r.path] : undefined;
      // The session (signed in), the route's messages and its first reads before the entry (small, and the first screen
      // waits for them), then the scripts.
      const place = Object.hasOwn(DRAWN_HEADINGS, r.path) ? DRAWN_HEADINGS[r.path] : undefined;
      // A list's search schema (zod) is named only for an address with a search: an empty search needs no schema, which
      // then loads after the first screen (web/lib/lazy-search.ts, decision 0311).
      const html = (locale: string, plain: boolean, reads: string[], heading?: DrawnHeading | null) => {
        const messages = r.messages && Object.hasOwn(r.messages, locale) ? r.messages[locale] : undefined;
        const small = [...(messages ? [messagesTag(locale, messages)] : []), ...reads.map(fetchTag)];
        const js = [...jsTags(r), ...(plain ? [] : jsTags({ js: r.search ?? [] }))];
        return r.signedIn ? compose([me, ...small], [...jsTags(preloads.shell), ...js], css, true, heading) : compose(small, js, css, false);
      };
      return {
        match: matcher(r.path),
        html: async (ids: string[], plain: boolean, viewer: () => Promise<PageViewer>, browserLocale: string) => {
          if (!r.signedIn || (!first && !r.messages)) return html(browserLocale, plain, []);
          const who = await viewer();
          const locale = who?.language ?? browserLocale;
          const forViewer = !!who && !who.setupFirst && !(first?.staffOnly && !isStaffRole(who.role)) && !(first?.customerOnly && isStaffRole(who.role));
          const reads = first && forViewer && ids.every(isRecordId) && (plain || !first.plainOnly) ? first.reads(...ids) : [];
          const text = place && reads.length && who?.heading ? await who.heading(r.path, ids, locale) : null;
          return html(locale, plain, reads, place && text ? { text, place } : null);
        },
      };
    });
  return (address, viewer, browserLocale) => {
    const [pathname = '', query] = address.split('?', 2);
    for (const p of pages) {
      const m = p.match.exec(pathname);
      if (m) return p.html(m.slice(1), !query, viewer, browserLocale);
    }
    return Promise.resolve(indexHtml);
  };
}
