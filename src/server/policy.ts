import type { MiddlewareHandler } from 'hono';
import type { Role } from '@domain/common/enums';
import type { AppEnv, SessionUser } from './http/context';
import { AppError, forbidden } from './http/errors';
import { API_KEY_MESSAGES } from '@domain/api-keys/schema';

/** Role x action: the one place that says who may do what (design.md section 4). */
const RULES = {
  'reference:read': ['admin', 'export', 'import'],
  /** Search the airport and sea port lists (public reference data): a customer's request form picks from them (issue 15). */
  'reference:search': ['admin', 'export', 'import', 'customer'],
  'reference:write': ['admin'],
  'staff:manage': ['admin'],
  'companies:read': ['admin', 'export', 'import', 'customer'],
  'companies:write': ['admin', 'export', 'import'],
  'shipments:read': ['admin', 'export', 'import', 'customer'],
  'shipments:create': ['admin', 'export', 'import'],
  'shipments:edit': ['admin'],
  'shipments:status': ['admin', 'export', 'import'],
  /** Set a shipment's handler: admins anyone, handlers only themselves on unassigned shipments of their direction (domain/handlers). */
  'shipments:take': ['admin', 'export', 'import'],
  /** Assign others, in bulk, and list who can handle. */
  'shipments:assign': ['admin'],
  /** Create, list and revoke share-tracking links on a shipment the user may read (issue 17). */
  'shipments:share': ['admin', 'export', 'import', 'customer'],
  'documents:read': ['admin', 'export', 'import', 'customer'],
  'documents:manage': ['admin', 'export', 'import'],
  'dashboard:finance': ['admin'],
  /** The Exceptions page and its counts (issue 17): a handler's own shipments, an admin's all. */
  'exceptions:read': ['admin', 'export', 'import'],
  'analytics:read': ['admin', 'export', 'import'],
  'audit:read': ['admin'],
  'settings:manage': ['admin'],
  /** One's own notification choices (issue 17); an admin sets a contact's for them. */
  'notifications:own': ['admin', 'export', 'import', 'customer'],
  'notifications:manage': ['admin'],
  /** Booking requests (issue 15): a customer reads their company's, staff the queue. */
  'requests:read': ['admin', 'export', 'import', 'customer'],
  /** Ask for a quote, cancel it, accept it: the customer's company only. */
  'requests:create': ['customer'],
  'requests:cancel': ['customer'],
  'requests:accept': ['customer'],
  /** Take or assign, quote, send, decline. */
  'requests:quote': ['admin', 'export', 'import'],
  /** Add a file to a request: the customer's company while it is open, staff at any time (the service checks). */
  'requests:attach': ['admin', 'export', 'import', 'customer'],
  /** The conversation on shipments and requests (issue 15): read and write where one may read the subject. */
  'messages:read': ['admin', 'export', 'import', 'customer'],
  'messages:write': ['admin', 'export', 'import', 'customer'],
  /** Papers generated from a shipment (issue 16): staff read the versions; handlers generate on the shipments they handle. */
  'generated:read': ['admin', 'export', 'import'],
  'generated:write': ['admin', 'export', 'import'],
  /** A shipment's document checklist (issue 16): read where one may read the shipment; staff attach, review and apply. */
  'checklist:read': ['admin', 'export', 'import', 'customer'],
  'checklist:manage': ['admin', 'export', 'import'],
  /** Upload for an item: a customer the items they provide on their company's shipments, staff as they manage (the service checks). */
  'checklist:upload': ['admin', 'export', 'import', 'customer'],
  /** The overdue items page and count: a handler's own shipments, an admin's all (a customer's count is on their dashboard). */
  'checklist:overdue': ['admin', 'export', 'import'],
  /** Service keys (issue 18): an administrator's staff keys and every key; a customer contact their company's. */
  'api_keys:manage': ['admin', 'customer'],
  /** Webhook subscriptions (issue 18): admins every one, a customer their company's (the service scopes). */
  'webhooks:manage': ['admin', 'customer'],
  /** Carrier events (issue 18): send DCSA events (staff, and service keys of a staff role); work the inbox of unmatched ones. */
  'carrier_events:write': ['admin', 'export', 'import'],
  'carrier_events:inbox': ['admin', 'export', 'import'],
  /** Read a shipment's carrier events and the DCSA read side: staff all, a customer their company's shipments. */
  'carrier_events:read': ['admin', 'export', 'import', 'customer'],
  /** Bulk import of companies and shipments from CSV or XLSX (issue 18); updating existing shipments needs shipments:edit. */
  'imports:run': ['admin', 'export', 'import'],
  /** Exchange rates (issue 38): staff read and convert; administrators import the ECB's file and enter rates. */
  'exchange_rates:read': ['admin', 'export', 'import'],
  'exchange_rates:write': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof RULES;

export function can(role: Role, action: Action): boolean {
  return (RULES[action] as readonly Role[]).includes(role);
}

/** What a person must do themselves: a service key never manages keys, staff or settings (decision 0242). */
const NOT_WITH_A_KEY: ReadonlySet<Action> = new Set(['api_keys:manage', 'staff:manage', 'settings:manage', 'notifications:manage']);

export function assertCan(user: SessionUser, action: Action, message?: string): void {
  if (!can(user.role, action)) throw forbidden(message);
  if (user.api_key && NOT_WITH_A_KEY.has(action)) throw forbidden(API_KEY_MESSAGES.notWithKey);
}

/** Route guard: 403 unless the signed-in user's role may do `action`. */
export function requirePermission(action: Action, message?: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    assertCan(c.get('user'), action, message);
    await next();
  };
}

/** A customer's queries are scoped to their company; a customer without one gets the spec's message. */
export function customerCompanyId(user: SessionUser): string {
  if (!user.company_id) throw new AppError('not_found', 'Customer company not found');
  return user.company_id;
}
