/**
 * Who may do what: the role x action table of design.md section 4, read by the server (src/server/policy.ts: route
 * guards and service checks), the web (menus, page guards, controls) and the authorization matrix test
 * (docs/decisions/0255). Pure: no zod, no server code.
 */
import type { Role } from '@domain/common/enums';

/** Role x action: the one place that says who may do what (design.md section 4). */
export const RULES = {
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
  /** Act on a shipment whoever handles it (status, documents, generated papers, checklist); a handler acts on their own. */
  'shipments:any_handler': ['admin'],
  /** Choose a new shipment's loading type (Export or Import); a handler's shipments take their own direction. */
  'shipments:choose_direction': ['admin'],
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
  /** The sidebar's quick stats: a customer's own company's counts. */
  'dashboard:quick_stats': ['customer'],
  /** The server's metrics (the scraper reads them with its own token). */
  'metrics:read': ['admin'],
  /** The Exceptions page and its counts (issue 17): a handler's own shipments, an admin's all. */
  'exceptions:read': ['admin', 'export', 'import'],
  'analytics:read': ['admin', 'export', 'import'],
  'audit:read': ['admin'],
  /** The background jobs' queues (issue 44): read, run now, retry a failure. */
  'jobs:manage': ['admin'],
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
  /** Take, assign and quote a request of either direction; a handler works the requests of their own direction. */
  'requests:any_direction': ['admin'],
  /** Add a file to a request: the customer's company while it is open, staff at any time (the service checks). */
  'requests:attach': ['admin', 'export', 'import', 'customer'],
  /** The conversation on shipments and requests (issue 15): read and write where one may read the subject. */
  'messages:read': ['admin', 'export', 'import', 'customer'],
  'messages:write': ['admin', 'export', 'import', 'customer'],
  /** Write an internal note, which the customer never sees: staff only. */
  'messages:internal': ['admin', 'export', 'import'],
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
  /** The papers a customer's company owes across its shipments (issue 45): staff have the overdue page instead. */
  'checklist:owed': ['customer'],
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
  /** Charge lines (issue 38): staff read a job's charges and costs; a customer their company's shipments' charges, never a cost. */
  'charges:read': ['admin', 'export', 'import', 'customer'],
  /** Add, change and remove a shipment's charge lines: admins any shipment, a handler those they handle (the service checks). */
  'charges:write': ['admin', 'export', 'import'],
  /** Extend the list of charge codes. */
  'charge_codes:write': ['admin'],
  /** Invoices and credit notes: staff every one (drafts included), a customer their company's issued ones. */
  'invoices:read': ['admin', 'export', 'import', 'customer'],
  /** Draft an invoice: admins for any company, a handler from the shipments they handle. */
  'invoices:draft': ['admin', 'export', 'import'],
  /** Issue invoices and credit notes (a number, then never changed). */
  'invoices:issue': ['admin'],
  /** Record payments; read them (a customer their company's). */
  'payments:write': ['admin'],
  'payments:read': ['admin', 'export', 'import', 'customer'],
  /** A company's statement: staff any company's, a customer their own. */
  'statements:read': ['admin', 'export', 'import', 'customer'],
  /** The ageing report of all companies. */
  'ageing:read': ['admin'],
  /** Supplier bills (issue 39): staff read them and the job's actual costs; they enter, upload and match them as they draft invoices. */
  'supplier_bills:read': ['admin', 'export', 'import'],
  // Issue 40: rate cards and the lookup that prices from them; customers never reach them.
  'rates:read': ['admin', 'export', 'import'],
  'rates:write': ['admin', 'export', 'import'],
  'supplier_bills:write': ['admin', 'export', 'import'],
  /** Record a payment made to a supplier: administrators, as they record payments received. */
  'supplier_bills:pay': ['admin'],
  /** The payables ageing of all suppliers: administrators, as the receivables ageing. */
  'payables:read': ['admin'],
  /** The seller's billing identity, bank details and VAT defaults. */
  'billing_settings:manage': ['admin'],
  /** The books (issue 39): export invoices, credit notes and payments for DATEV, Xero or QuickBooks; download kept exports. */
  'accounting:export': ['admin'],
  /** DATEV's numbers, the chart and accounts per VAT, Xero's and QuickBooks' codes. */
  'accounting_settings:manage': ['admin'],
  // The web's pages and menu entries that no action above names (docs/decisions/0255).
  /** The Companies page: every customer company (a customer has their own on Company Profiles). */
  'companies:browse': ['admin', 'export', 'import'],
  /** Company Profiles: a customer's own company and its contacts. */
  'companies:profile': ['customer'],
  /** The staff pages of shipments: a shipment's staff page (a customer is sent to theirs) and the lists by mode and handler. */
  'shipments:work': ['admin', 'export', 'import'],
  /** The menu's Shipments group: every shipment, and the lists by mode. */
  'shipments:browse_all': ['admin'],
  /** My Shipments: the shipments one handles, of one's own direction. */
  'shipments:browse_mine': ['export', 'import'],
  /** All Shipments of a customer's company. */
  'shipments:browse_company': ['customer'],
  /** The customer's Invoices menu entry: their company's issued invoices and credit notes (staff have the Billing group). */
  'invoices:browse_company': ['customer'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof RULES;

export function can(role: Role, action: Action): boolean {
  return (RULES[action] as readonly Role[]).includes(role);
}

/** What a person must do themselves: a service key never manages keys, staff or settings (decision 0242). */
export const NOT_WITH_A_KEY: ReadonlySet<Action> = new Set(['api_keys:manage', 'staff:manage', 'settings:manage', 'notifications:manage', 'billing_settings:manage', 'accounting_settings:manage']);


/** A customer contact (company-scoped data, the customer's pages) rather than staff: a view and a data scope, not a permission. */
export const isCustomer = (role: Role): role is 'customer' => role === 'customer';
/** Staff: an administrator or a handler (export or import). */
export const isStaff = (role: Role): role is Exclude<Role, 'customer'> => role !== 'customer';
