import type { Role } from '@domain/common/enums';

export type NavItem = { label: string; to: string };
export type NavGroup = { label: string; items: NavItem[] };
export type NavEntry = NavItem | NavGroup;

/**
 * The sidebar menus of spec section 2, per role (with Messages, issue 15, for everyone, and the overdue checklist
 * documents, issue 16, for staff).
 */
export function menuFor(role: Role): NavEntry[] {
  switch (role) {
    case 'admin':
      return [
        { label: 'Dashboard', to: '/dashboard' },
        { label: 'Companies', to: '/companies' },
        {
          label: 'Shipments',
          items: [
            { label: 'All Shipments', to: '/all-shipments' },
            { label: 'Air Shipments', to: '/air-shipments' },
            { label: 'Sea Shipments', to: '/sea-shipments' },
            { label: 'Land Shipments', to: '/land-shipments' },
            { label: 'Partial Shipments', to: '/partial-shipments' },
          ],
        },
        { label: 'Requests', to: '/requests' },
        { label: 'Messages', to: '/messages' },
        {
          label: 'Ports & Partners',
          items: [
            { label: 'Service Providers', to: '/service-providers' },
            { label: 'Carriers', to: '/carriers' },
            { label: 'Airports', to: '/airports' },
            { label: 'Sea Ports', to: '/seaports' },
            { label: 'Consolidation Agents', to: '/consolidation-agents' },
          ],
        },
        { label: 'Documents', to: '/documents' },
        { label: 'Overdue documents', to: '/checklist/overdue' },
        { label: 'Carrier events', to: '/carrier-events' },
        { label: 'Import', to: '/import' },
        { label: 'Staff', to: '/staff' },
      ];
    case 'export':
    case 'import':
      return [
        { label: 'Dashboard', to: '/dashboard' },
        { label: 'Companies', to: '/companies' },
        { label: 'My Shipments', to: '/my-shipments' },
        { label: 'Requests', to: '/requests' },
        { label: 'Messages', to: '/messages' },
        { label: 'Documents', to: '/documents' },
        { label: 'Overdue documents', to: '/checklist/overdue' },
        { label: 'Carrier events', to: '/carrier-events' },
        { label: 'Import', to: '/import' },
      ];
    case 'customer':
      return [
        { label: 'Dashboard', to: '/dashboard' },
        { label: 'Company Profiles', to: '/company' },
        { label: 'All Shipments', to: '/all-shipments' },
        { label: 'Requests', to: '/requests' },
        { label: 'Messages', to: '/messages' },
      ];
  }
}

export const isNavGroup = (entry: NavEntry): entry is NavGroup => 'items' in entry;

/**
 * Page access (spec section 2 and decision record 0004): where a role that may not open a page is sent.
 * null means the page is allowed.
 */
export function pageRedirect(pathname: string, role: Role): string | null {
  const staff = role !== 'customer';
  const admin = role === 'admin';
  if (pathname === '/documents' || pathname === '/exceptions' || pathname === '/checklist/overdue' || pathname === '/carrier-events' || pathname === '/import') return staff ? null : '/dashboard';
  if (pathname === '/shipments/new') return staff ? null : '/all-shipments';
  // Webhooks (issue 18): admins and customers; other staff have none to manage.
  if (pathname === '/webhooks') return staff && !admin ? '/dashboard' : null;
  // Booking requests (issue 15): customers ask for a price; staff answer from the queue at /requests.
  if (pathname === '/requests/new') return staff ? '/requests' : null;
  if (/^\/shipment\/[^/]+\/edit$/.test(pathname)) return admin ? null : '/dashboard';
  if (/^\/shipment\/[^/]+$/.test(pathname)) return staff ? null : pathname.replace('/shipment/', '/all-shipments/');
  if (/^\/(seaports|airports|carriers|service-providers|consolidation-agents|staff|audit|settings)(\/|$)/.test(pathname)) return admin ? null : '/dashboard';
  if (/^\/(companies|my-shipments|air-shipments|sea-shipments|land-shipments|partial-shipments)(\/|$)/.test(pathname)) {
    return staff ? null : '/dashboard';
  }
  return null;
}

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
