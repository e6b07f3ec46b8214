// Where to send a person after signing in, and which addresses may be followed back: part of the sign-in page's
// JavaScript (budget 150 KB gzip, `npm run bench:web`), so apart from the menu and the page rules in navigation.ts,
// which load with the signed-in shell.

/** Where a signed-in person lands when nothing else is asked for. */
export const HOME_PAGE = '/dashboard';

/** The public pages; a redirect back to one of them would only show the form again. */
const PUBLIC_PAGES = new Set(['/signin', '/signup']);

/**
 * A `redirect` target for after sign-in (a route guard's or a mail link's address), or undefined when it is not one
 * to follow. Only a same-site relative path is honoured: it starts with one `/`; `//host` (protocol-relative),
 * `http:`/`javascript:` and anything with a backslash or a control character (browsers read `/\host` and `/\t/host`
 * as `//host`) are refused, as are the sign-in and sign-up pages themselves. No open redirect.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  const base = 'https://cargodesk.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  if (PUBLIC_PAGES.has(url.pathname.toLowerCase().replace(/\/+$/, ''))) return undefined;
  return value;
}

/**
 * The `redirect` to put on /signin for someone sent there from `href` (path, search and hash): the address itself
 * when it is one to return to, nothing for the home page (where sign-in lands anyway) or an address not to follow.
 */
export function returnTarget(href: string): string | undefined {
  const target = safeRedirect(href);
  if (!target) return undefined;
  const path = target.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  return path === HOME_PAGE || path === '/' ? undefined : target;
}
