import type { Role } from '@domain/common/enums';
import { can, type Action } from './permissions';
import { msg } from '@domain/common/i18n';

/** A menu entry names the action its page needs (docs/decisions/0255): a role sees the entries it `can` do. */
export type NavItem = { label: string; to: string };
/** A group of entries; `key` names it for the sidebar (its icon) and for other features adding to it. */
export type NavGroup = { key?: string; label: string; items: NavItem[] };
export type NavEntry = NavItem | NavGroup;
/** An entry of a group may need its own action beside the group's (Billing settings: administrators only). */
type MenuItem = NavItem & { action?: Action };
type MenuEntry = (NavItem | { key?: string; label: string; items: MenuItem[] }) & { action?: Action };

const SHIPMENT_LISTS: NavItem[] = [
  { label: msg('All Shipments'), to: '/all-shipments' },
  { label: msg('Air Shipments'), to: '/air-shipments' },
  { label: msg('Sea Shipments'), to: '/sea-shipments' },
  { label: msg('Land Shipments'), to: '/land-shipments' },
  { label: msg('Partial Shipments'), to: '/partial-shipments' },
];
const PORTS_AND_PARTNERS: NavItem[] = [
  { label: msg('Service Providers'), to: '/service-providers' },
  { label: msg('Carriers'), to: '/carriers' },
  { label: msg('Airports'), to: '/airports' },
  { label: msg('Sea Ports'), to: '/seaports' },
  { label: msg('Consolidation Agents'), to: '/consolidation-agents' },
  // Issue 38: the charge codes of shipments' charge lines (reference data; administrators, as the group).
  { label: msg('Charge Codes'), to: '/charge-codes' },
];
/** Billing (issue 38): staff's invoices, what is ready to invoice, the exchange rates and the seller's settings. */
const BILLING: MenuItem[] = [
  { label: msg('Invoices'), to: '/invoices', action: 'invoices:read' },
  { label: msg('Ready to invoice'), to: '/invoices/ready', action: 'invoices:draft' },
  { label: msg('Statement'), to: '/billing/statement', action: 'statements:read' },
  { label: msg('Ageing report'), to: '/billing/ageing', action: 'ageing:read' },
  // Issue 39: the accountant's files (DATEV, Xero, QuickBooks Online) and the accounts they book to.
  { label: msg('Accounting exports'), to: '/billing/exports', action: 'accounting:export' },
  // Issue 39: the suppliers' bills against the jobs' costs, and what is owed to them.
  { label: msg('Supplier bills'), to: '/supplier-bills', action: 'supplier_bills:read' },
  { label: msg('Payables ageing'), to: '/billing/payables', action: 'payables:read' },
  { label: msg('Exchange rates'), to: '/exchange-rates', action: 'exchange_rates:read' },
  // Issue 40: buy and sell tariffs by lane, and a lane priced for a cargo.
  { label: msg('Rate cards'), to: '/rates', action: 'rates:read' },
  { label: msg('Billing settings'), to: '/settings/billing', action: 'billing_settings:manage' },
  { label: msg('Accounting settings'), to: '/settings/accounting', action: 'accounting_settings:manage' },
];

/**
 * The sidebar menus of spec section 2 (with Messages, issue 15, for everyone, and the overdue checklist documents,
 * issue 16, for staff), as one list: an entry without an action is everyone's.
 */
const MENU: readonly MenuEntry[] = [
  { label: msg('Dashboard'), to: '/dashboard' },
  { label: msg('Companies'), to: '/companies', action: 'companies:browse' },
  { label: msg('Company Profiles'), to: '/company', action: 'companies:profile' },
  { label: msg('Shipments'), items: SHIPMENT_LISTS, action: 'shipments:browse_all' },
  { label: msg('My Shipments'), to: '/my-shipments', action: 'shipments:browse_mine' },
  { label: msg('All Shipments'), to: '/all-shipments', action: 'shipments:browse_company' },
  // Issue 45: every paper the customer's company owes, with an upload on each.
  { label: msg('Papers to send'), to: '/checklist/owed', action: 'checklist:owed' },
  { label: msg('Requests'), to: '/requests', action: 'requests:read' },
  { label: msg('Messages'), to: '/messages', action: 'messages:read' },
  { key: 'billing', label: msg('Billing'), items: BILLING, action: 'invoices:draft' },
  { label: msg('Invoices'), to: '/invoices', action: 'invoices:browse_company' },
  { label: msg('Statement'), to: '/billing/statement', action: 'invoices:browse_company' },
  { label: msg('Ports & Partners'), items: PORTS_AND_PARTNERS, action: 'reference:write' },
  { label: msg('Documents'), to: '/documents', action: 'documents:manage' },
  { label: msg('Overdue documents'), to: '/checklist/overdue', action: 'checklist:overdue' },
  { label: msg('Carrier events'), to: '/carrier-events', action: 'carrier_events:inbox' },
  { label: msg('{menu, select, other {Import}}'), to: '/import', action: 'imports:run' },
  { label: msg('Staff'), to: '/staff', action: 'staff:manage' },
];

/** The sidebar menu of a role: the entries of MENU whose action the role may do. */
export function menuFor(role: Role): NavEntry[] {
  return MENU.filter((e) => !e.action || can(role, e.action)).map((e) =>
    'items' in e
      ? {
          ...(e.key ? { key: e.key } : {}),
          label: e.label,
          items: e.items.filter((i) => !i.action || can(role, i.action)).map((i) => ({ label: i.label, to: i.to })),
        }
      : { label: e.label, to: e.to },
  );
}

export const isNavGroup = (entry: NavEntry): entry is NavGroup => 'items' in entry;

/**
 * A page pattern, the action it needs, and where a role that may not do it is sent (a function of the path when
 * the target keeps part of it).
 */
export type PageRule = { pattern: RegExp; action: Action; refused: string | ((pathname: string) => string) };

/**
 * Page access (spec section 2 and decision records 0004 and 0255), read by the router's guard: the first pattern
 * that matches decides; a page no pattern matches is open to everyone signed in.
 */
export const PAGE_RULES: readonly PageRule[] = [
  { pattern: /^\/documents$/, action: 'documents:manage', refused: '/dashboard' },
  { pattern: /^\/exceptions$/, action: 'exceptions:read', refused: '/dashboard' },
  { pattern: /^\/checklist\/overdue$/, action: 'checklist:overdue', refused: '/dashboard' },
  // Issue 45: a customer's papers owed; staff have the overdue documents instead.
  { pattern: /^\/checklist\/owed$/, action: 'checklist:owed', refused: '/checklist/overdue' },
  { pattern: /^\/carrier-events$/, action: 'carrier_events:inbox', refused: '/dashboard' },
  { pattern: /^\/import$/, action: 'imports:run', refused: '/dashboard' },
  { pattern: /^\/shipments\/new$/, action: 'shipments:create', refused: '/all-shipments' },
  // Webhooks (issue 18): admins and customers; other staff have none to manage.
  { pattern: /^\/webhooks$/, action: 'webhooks:manage', refused: '/dashboard' },
  // Booking requests (issue 15): customers ask for a price; staff answer from the queue at /requests.
  { pattern: /^\/requests\/(new|[^/]+\/again)$/, action: 'requests:create', refused: '/requests' },
  { pattern: /^\/shipment\/[^/]+\/edit$/, action: 'shipments:edit', refused: '/dashboard' },
  // A customer opening a shipment's staff page gets their own view of it.
  { pattern: /^\/shipment\/[^/]+$/, action: 'shipments:work', refused: (pathname) => pathname.replace('/shipment/', '/all-shipments/') },
  { pattern: /^\/(seaports|airports|carriers|service-providers|consolidation-agents)(\/|$)/, action: 'reference:write', refused: '/dashboard' },
  { pattern: /^\/charge-codes(\/|$)/, action: 'charge_codes:write', refused: '/dashboard' },
  { pattern: /^\/staff(\/|$)/, action: 'staff:manage', refused: '/dashboard' },
  { pattern: /^\/audit(\/|$)/, action: 'audit:read', refused: '/dashboard' },
  { pattern: /^\/jobs$/, action: 'jobs:manage', refused: '/dashboard' },
  // Billing (issue 38): staff draft and read invoices (a customer reads their company's issued ones, the server
  // scopes); rates are staff's; the seller's billing settings are administrators'.
  { pattern: /^\/invoices\/(new|ready)$/, action: 'invoices:draft', refused: '/invoices' },
  { pattern: /^\/invoices\/[^/]+\/edit$/, action: 'invoices:draft', refused: (pathname) => pathname.replace(/\/edit$/, '') },
  { pattern: /^\/invoices(\/|$)/, action: 'invoices:read', refused: '/dashboard' },
  { pattern: /^\/exchange-rates$/, action: 'exchange_rates:read', refused: '/dashboard' },
  { pattern: /^\/rates$/, action: 'rates:read', refused: '/dashboard' },
  { pattern: /^\/settings\/billing$/, action: 'billing_settings:manage', refused: '/dashboard' },
  { pattern: /^\/settings\/accounting$/, action: 'accounting_settings:manage', refused: '/dashboard' },
  { pattern: /^\/billing\/exports$/, action: 'accounting:export', refused: '/dashboard' },
  { pattern: /^\/settings(\/|$)/, action: 'settings:manage', refused: '/dashboard' },
  { pattern: /^\/companies(\/|$)/, action: 'companies:browse', refused: '/dashboard' },
  // Billing (issue 38): the ageing report is the administrators'; a statement everyone's who may read one.
  { pattern: /^\/billing\/ageing$/, action: 'ageing:read', refused: '/billing/statement' },
  { pattern: /^\/billing\/statement$/, action: 'statements:read', refused: '/dashboard' },
  // Supplier bills (issue 39): staff's; entering one as invoices are drafted; the payables ageing the administrators'.
  { pattern: /^\/billing\/payables$/, action: 'payables:read', refused: '/supplier-bills' },
  { pattern: /^\/supplier-bills\/new$/, action: 'supplier_bills:write', refused: '/supplier-bills' },
  { pattern: /^\/supplier-bills(\/|$)/, action: 'supplier_bills:read', refused: '/dashboard' },
  { pattern: /^\/(my-shipments|air-shipments|sea-shipments|land-shipments|partial-shipments)(\/|$)/, action: 'shipments:work', refused: '/dashboard' },
];

/** Where a role that may not open `pathname` is sent; null means the page is allowed. */
export function pageRedirect(pathname: string, role: Role): string | null {
  const rule = PAGE_RULES.find((r) => r.pattern.test(pathname));
  if (!rule || can(role, rule.action)) return null;
  return typeof rule.refused === 'string' ? rule.refused : rule.refused(pathname);
}
