import { Center, Loader } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, notFound, Outlet, redirect, useRouterState, type RouteComponent } from '@tanstack/react-router';
import { parseRecoveryLink, type Me } from '@domain/auth/rules';
import { HOME_PAGE, returnTarget, safeRedirect } from '@domain/access/redirects';
import { meQueryOptions } from './features/auth/api';
import { SignInPage } from './features/auth/SignInPage';
import { notifyPageDenied } from './features/shipments/form/denied-notice';
import { PageError } from './shell/PageError';
import { RemoveBootShell } from './ui/BootShell';
import { lazySearch, loadRouteSearchForHref } from './lib/lazy-search';
import { messagesFor } from './lib/i18n';

// This module is part of the sign-in page's JavaScript (budget: 150 KB gzipped, `npm run bench:web`): no zod and no
// page code here. Pages load with lazyRouteComponent; search schemas go through lazySearch (lib/lazy-search.ts).

type RouterContext = { queryClient: QueryClient };

/** An address no route has: signed-in people see a not-found page, others go to /signin. */
const rootRoute = createRootRouteWithContext<RouterContext>()({
  // A page opened in Turkish starts with its own messages only; another page waits for the whole catalog (decision 0294).
  beforeLoad: ({ location }) => messagesFor(location.pathname),
  component: function Root() {
    // The HTML's first screen stays until the shell has rendered (shell/AppLayout.tsx), unless this page is not under it.
    const app = useRouterState({ select: (s) => s.matches.find((m) => m.routeId === appRoute.id)?.status });
    return (
      <>
        <RemoveBootShell when={app === undefined || app === 'error' || app === 'notFound'} />
        <Outlet />
      </>
    );
  },
  notFoundComponent: lazyRouteComponent(() => import('./shell/NotFoundPage'), 'StandaloneNotFoundPage'),
});

/** The signed-in user, or null (also when the server cannot be reached: the public pages still show). */
async function currentUser(context: RouterContext): Promise<Me | null> {
  try {
    return await context.queryClient.ensureQueryData(meQueryOptions);
  } catch {
    return null;
  }
}

/**
 * The sign-in page's search: two flags (set by the sign-up and confirmation redirects; any value present means true)
 * and `redirect`, where to go after signing in, honoured only when it is a same-site path (domain/access/redirects).
 */
const flag = (v: unknown) => (v === undefined ? undefined : Boolean(v));
const signInSearch = (search: Record<string, unknown>): { registered?: boolean; verified?: boolean; redirect?: string; confirm?: string } => ({
  registered: flag(search.registered),
  // A confirmation mail's token (decision 0249): signing in with the sign-up password confirms the account.
  confirm: typeof search.confirm === 'string' && search.confirm ? search.confirm : undefined,
  verified: flag(search.verified),
  redirect: safeRedirect(search.redirect),
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signin',
  validateSearch: signInSearch,
  // Signed in already: on to the page asked for (or the dashboard) instead of the form. A password-reset link opened
  // while signed in still shows its set-new-password view.
  beforeLoad: async ({ context, search, location }) => {
    if (parseRecoveryLink(location.searchStr, location.hash)) return;
    if (!(await currentUser(context))) return;
    if (search.redirect && appRouter) await loadRouteSearchForHref(appRouter, search.redirect); // the target's search schema (lib/lazy-search.ts)
    throw redirect({ href: search.redirect ?? HOME_PAGE, replace: true });
  },
  component: function SignIn() {
    const search = signInRoute.useSearch();
    return <SignInPage registered={search.registered} verified={search.verified} redirect={search.redirect} confirm={search.confirm} />;
  },
});

const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
  beforeLoad: async ({ context }) => {
    if (await currentUser(context)) throw redirect({ to: '/dashboard', replace: true });
  },
  component: lazyRouteComponent(() => import('./features/auth/SignUpPage'), 'SignUpPage'),
});

/** A shared tracking link (issue 17): no session, outside the app shell. */
const publicTrackingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/t/$token',
  component: lazyRouteComponent(() => import('./features/share-links/PublicTrackingPage'), 'PublicTrackingPage'),
});

/** An unsubscribe link from a mail (issue 17, RFC 8058): no session, outside the app shell. */
const unsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/unsubscribe',
  validateSearch: (search: Record<string, unknown>): { token?: string } => (typeof search.token === 'string' ? { token: search.token } : {}),
  component: lazyRouteComponent(() => import('./features/notifications/UnsubscribePage'), 'UnsubscribePage'),
});

/** Everything else needs a signed-in user; each page also checks the role rules of domain/navigation. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  component: lazyRouteComponent(() => import('./shell/AppLayout'), 'AppLayout'),
  pendingComponent: () => (
    <Center h="100vh">
      <Loader />
    </Center>
  ),
  // An address under the app that no page has (/companies/x/y): the not-found page inside the shell.
  notFoundComponent: lazyRouteComponent(() => import('./shell/NotFoundPage'), 'NotFoundPage'),
  beforeLoad: async ({ context, location, preload }) => {
    const user = await context.queryClient.ensureQueryData(meQueryOptions);
    // Signed out: to /signin, which comes back here after signing in (a mail link to /shipment/{id}, a bookmark).
    if (!user) throw redirect({ to: '/signin', search: { redirect: returnTarget(location.href) } });
    // Staff who must turn on two-factor first see only their profile's enrolment (decision 0010).
    if (user.two_factor_setup_required && location.pathname !== '/profile') throw redirect({ to: '/profile', replace: true });
    // The page rules come with the signed-in shell (its menu reads the same module), not with the sign-in page.
    const { pageRedirect } = await import('@domain/access/navigation');
    const target = pageRedirect(location.pathname, user.role);
    if (target) {
      if (!preload) notifyPageDenied(location.pathname); // e.g. "You don't have permission to edit shipments."
      throw redirect({ to: target, replace: true });
    }
    return { user };
  },
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard' });
  },
});

/** A signed-in page; pass `lazyRouteComponent(() => import('./features/x/XPage'), 'XPage')` to load it on demand. */
function page<P extends string>(path: P, component: RouteComponent) {
  return createRoute({ getParentRoute: () => appRoute, path, component });
}
/** A shipment list page whose filters, sort and page live in the URL. */
function listPage<P extends string>(path: P, component: RouteComponent) {
  return createRoute({ getParentRoute: () => appRoute, path, validateSearch: lazySearch('shipments'), component });
}

// A route with validateSearch is declared as its own const: created inline in addChildren it degrades the route tree's types.
/** Bulk import (issue 18): the import shown is in the address (?id=), and what to import (?kind=rate_cards from the rate cards). */
const importRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/import',
  validateSearch: (search: Record<string, unknown>): { id?: string; kind?: string } => ({
    ...(typeof search.id === 'string' ? { id: search.id } : {}),
    ...(typeof search.kind === 'string' ? { kind: search.kind } : {}),
  }),
  component: lazyRouteComponent(() => import('./features/imports/ImportPage'), 'ImportPage'),
});
const staffRoute = createRoute({ getParentRoute: () => appRoute, path: '/staff', validateSearch: lazySearch('staff'), component: lazyRouteComponent(() => import('./features/staff/StaffPage'), 'StaffPage') });

const airportsRoute = createRoute({ getParentRoute: () => appRoute, path: '/airports', validateSearch: lazySearch('airports'), component: lazyRouteComponent(() => import('./features/airports/AirportsPage'), 'AirportsPage') });
/** The spec's other address for the airport edit form (section 2: "one note gives /airports/{id}"). */
const airportAliasRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/airports/$id',
  beforeLoad: ({ params }) => {
    if (params.id === 'edit') throw notFound();
    throw redirect({ to: '/airports/edit/$id', params: { id: params.id }, replace: true });
  },
});
const chargeCodesRoute = createRoute({ getParentRoute: () => appRoute, path: '/charge-codes', validateSearch: lazySearch('chargeCodes'), component: lazyRouteComponent(() => import('./features/charges/ChargeCodesPage'), 'ChargeCodesPage') });
const seaportsRoute = createRoute({ getParentRoute: () => appRoute, path: '/seaports', validateSearch: lazySearch('seaports'), component: lazyRouteComponent(() => import('./features/seaports/SeaportsPage'), 'SeaportsPage') });

// Routes with search params are declared as constants: an inline createRoute inside addChildren breaks the route types.
const companiesRoute = createRoute({ getParentRoute: () => appRoute, path: '/companies', validateSearch: lazySearch('companies'), component: lazyRouteComponent(() => import('./features/companies/CompaniesPage'), 'CompaniesPage') });
const companyProfilesRoute = createRoute({ getParentRoute: () => appRoute, path: '/company', validateSearch: lazySearch('companies'), component: lazyRouteComponent(() => import('./features/companies/CompanyProfilesPage'), 'CompanyProfilesPage') });

const carriersRoute = createRoute({ getParentRoute: () => appRoute, path: '/carriers', validateSearch: lazySearch('carriers'), component: lazyRouteComponent(() => import('./features/carriers/CarriersPage'), 'CarriersPage') });
const serviceProvidersRoute = createRoute({ getParentRoute: () => appRoute, path: '/service-providers', validateSearch: lazySearch('partners'), component: lazyRouteComponent(() => import('./features/service-providers/ServiceProvidersPage'), 'ServiceProvidersPage') });
const consolidationAgentsRoute = createRoute({ getParentRoute: () => appRoute, path: '/consolidation-agents', validateSearch: lazySearch('partners'), component: lazyRouteComponent(() => import('./features/consolidation-agents/ConsolidationAgentsPage'), 'ConsolidationAgentsPage') });

const auditRoute = createRoute({ getParentRoute: () => appRoute, path: '/audit', validateSearch: lazySearch('audit'), component: lazyRouteComponent(() => import('./features/audit/AuditPage'), 'AuditPage') });

/** The document checklist (issue 16): the admins' templates and the staff's overdue documents. */
const checklistTemplatesRoute = createRoute({ getParentRoute: () => appRoute, path: '/settings/checklists', validateSearch: lazySearch('checklistTemplates'), component: lazyRouteComponent(() => import('./features/checklist/ChecklistTemplatesPage'), 'ChecklistTemplatesPage') });
const overdueChecklistRoute = createRoute({ getParentRoute: () => appRoute, path: '/checklist/overdue', validateSearch: lazySearch('overdue'), component: lazyRouteComponent(() => import('./features/checklist/OverdueChecklistPage'), 'OverdueChecklistPage') });
/** Issue 45: the papers a customer's company owes, with an upload on each. */
const owedPapersRoute = createRoute({ getParentRoute: () => appRoute, path: '/checklist/owed', validateSearch: lazySearch('owed'), component: lazyRouteComponent(() => import('./features/checklist/OwedPapersPage'), 'OwedPapersPage') });

const exceptionsRoute = createRoute({ getParentRoute: () => appRoute, path: '/exceptions', validateSearch: lazySearch('exceptions'), component: lazyRouteComponent(() => import('./features/exceptions/ExceptionsPage'), 'ExceptionsPage') });

/** Booking requests (issue 15): one list route for both roles (a customer's requests, staff's queue). */
const requestsRoute = createRoute({ getParentRoute: () => appRoute, path: '/requests', validateSearch: lazySearch('requests'), component: lazyRouteComponent(() => import('./features/requests/RequestsPage'), 'RequestsPage') });

/** The conversations on shipments and requests (issue 15): every role's threads, latest first; "Unread only" in the URL. */
const messagesRoute = createRoute({ getParentRoute: () => appRoute, path: '/messages', validateSearch: lazySearch('messages'), component: lazyRouteComponent(() => import('./features/messages/MessagesPage'), 'MessagesPage') });

/** Billing (issue 38): a company's statement (staff choose the company; a customer sees theirs) and the ageing report. */
const statementRoute = createRoute({ getParentRoute: () => appRoute, path: '/billing/statement', validateSearch: lazySearch('statement'), component: lazyRouteComponent(() => import('./features/payments/StatementPage'), 'StatementPage') });
const ageingRoute = createRoute({ getParentRoute: () => appRoute, path: '/billing/ageing', validateSearch: lazySearch('ageing'), component: lazyRouteComponent(() => import('./features/payments/AgeingPage'), 'AgeingPage') });

const documentsRoute = createRoute({ getParentRoute: () => appRoute, path: '/documents', validateSearch: lazySearch('documents'), component: lazyRouteComponent(() => import('./features/documents/DocumentsPage'), 'DocumentsPage') });

/** Billing (issue 38): invoices and credit notes (staff's and a customer's), the draft editor, rates and settings. */
const invoicesRoute = createRoute({ getParentRoute: () => appRoute, path: '/invoices', validateSearch: lazySearch('invoices'), component: lazyRouteComponent(() => import('./features/invoices/InvoicesPage'), 'InvoicesPage') });
const newInvoiceRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/invoices/new',
  validateSearch: (search: Record<string, unknown>): { company_id?: string; company_name?: string; shipment_ids?: string } => ({
    company_id: typeof search.company_id === 'string' ? search.company_id : undefined,
    company_name: typeof search.company_name === 'string' ? search.company_name.slice(0, 200) : undefined,
    shipment_ids: typeof search.shipment_ids === 'string' ? search.shipment_ids : undefined,
  }),
  component: lazyRouteComponent(() => import('./features/invoices/InvoiceEditorPage'), 'NewInvoicePage'),
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  signInRoute,
  signUpRoute,
  publicTrackingRoute,
  unsubscribeRoute,
  appRoute.addChildren([
    page('/dashboard', lazyRouteComponent(() => import('./features/dashboard/DashboardPage'), 'DashboardPage')),
    companiesRoute,
    page('/companies/new', lazyRouteComponent(() => import('./features/companies/CompanyFormPages'), 'NewCompanyPage')),
    page('/companies/$id', lazyRouteComponent(() => import('./features/companies/CompanyProfilePage'), 'CompanyProfilePage')),
    page('/companies/$companyId/contacts/new', lazyRouteComponent(() => import('./features/companies/NewContactPage'), 'NewContactPage')),
    page('/companies/edit/$id', lazyRouteComponent(() => import('./features/companies/CompanyFormPages'), 'EditCompanyPage')),
    seaportsRoute,
    chargeCodesRoute,
    page('/seaports/new', lazyRouteComponent(() => import('./features/seaports/SeaportFormPage'), 'SeaportNewPage')),
    page('/seaports/edit/$id', lazyRouteComponent(() => import('./features/seaports/SeaportFormPage'), 'SeaportEditPage')),
    airportsRoute,
    page('/airports/new', lazyRouteComponent(() => import('./features/airports/AirportFormPage'), 'AirportNewPage')),
    page('/airports/edit/$id', lazyRouteComponent(() => import('./features/airports/AirportFormPage'), 'AirportEditPage')),
    airportAliasRoute,
    carriersRoute,
    page('/carriers/new', lazyRouteComponent(() => import('./features/carriers/CarrierFormPage'), 'NewCarrierPage')),
    page('/carriers/edit/$id', lazyRouteComponent(() => import('./features/carriers/CarrierFormPage'), 'EditCarrierPage')),
    serviceProvidersRoute,
    page('/service-providers/new', lazyRouteComponent(() => import('./features/service-providers/ServiceProviderFormPage'), 'NewServiceProviderPage')),
    page('/service-providers/edit/$id', lazyRouteComponent(() => import('./features/service-providers/ServiceProviderFormPage'), 'EditServiceProviderPage')),
    consolidationAgentsRoute,
    page('/consolidation-agents/new', lazyRouteComponent(() => import('./features/consolidation-agents/ConsolidationAgentFormPage'), 'NewConsolidationAgentPage')),
    page('/consolidation-agents/edit/$id', lazyRouteComponent(() => import('./features/consolidation-agents/ConsolidationAgentFormPage'), 'EditConsolidationAgentPage')),
    staffRoute,
    page('/staff/new', lazyRouteComponent(() => import('./features/staff/StaffNewPage'), 'StaffNewPage')),
    page('/staff/edit/$id', lazyRouteComponent(() => import('./features/staff/StaffEditPage'), 'StaffEditPage')),
    auditRoute,
    page('/jobs', lazyRouteComponent(() => import('./features/jobs/JobsPage'), 'JobsPage')),
    page('/settings/letterhead', lazyRouteComponent(() => import('./features/generated-documents/LetterheadPage'), 'LetterheadPage')),
    checklistTemplatesRoute,
    exceptionsRoute,
    overdueChecklistRoute,
    owedPapersRoute,
    page('/carrier-events', lazyRouteComponent(() => import('./features/carrier-events/CarrierEventInboxPage'), 'CarrierEventInboxPage')),
    importRoute,
    page('/profile', lazyRouteComponent(() => import('./features/profile/ProfilePage'), 'ProfilePage')),
    page('/webhooks', lazyRouteComponent(() => import('./features/webhooks/WebhooksPage'), 'WebhooksPage')),
    documentsRoute,
    listPage('/air-shipments', lazyRouteComponent(() => import('./features/shipment-lists/TypeShipmentsPage'), 'AirShipmentsPage')),
    listPage('/sea-shipments', lazyRouteComponent(() => import('./features/shipment-lists/TypeShipmentsPage'), 'SeaShipmentsPage')),
    listPage('/land-shipments', lazyRouteComponent(() => import('./features/shipment-lists/TypeShipmentsPage'), 'LandShipmentsPage')),
    listPage('/partial-shipments', lazyRouteComponent(() => import('./features/shipment-lists/TypeShipmentsPage'), 'PartialShipmentsPage')),
    listPage('/all-shipments', lazyRouteComponent(() => import('./features/shipment-lists/ShipmentListPages'), 'AllShipmentsPage')),
    listPage('/my-shipments', lazyRouteComponent(() => import('./features/shipment-lists/ShipmentListPages'), 'MyShipmentsPage')),
    companyProfilesRoute,
    page('/company/$id', lazyRouteComponent(() => import('./features/companies/CompanyViewPage'), 'CompanyViewPage')),
    page('/shipment/$id', lazyRouteComponent(() => import('./features/shipments/detail/StaffShipmentPage'), 'StaffShipmentPage')),
    page('/shipment/$id/edit', lazyRouteComponent(() => import('./features/shipments/form/ShipmentFormPages'), 'EditShipmentPage')),
    page('/all-shipments/$id', lazyRouteComponent(() => import('./features/shipments/detail/CustomerShipmentPage'), 'CustomerShipmentPage')),
    page('/shipments/new', lazyRouteComponent(() => import('./features/shipments/form/ShipmentFormPages'), 'NewShipmentPage')),
    requestsRoute,
    page('/requests/new', lazyRouteComponent(() => import('./features/requests/NewRequestPage'), 'NewRequestPage')),
    page('/requests/$id/again', lazyRouteComponent(() => import('./features/requests/NewRequestPage'), 'RequestAgainPage')),
    page('/requests/$id', lazyRouteComponent(() => import('./features/requests/RequestDetailPage'), 'RequestDetailPage')),
    messagesRoute,
    statementRoute,
    ageingRoute,
    invoicesRoute,
    newInvoiceRoute,
    page('/invoices/ready', lazyRouteComponent(() => import('./features/invoices/ReadyToInvoicePage'), 'ReadyToInvoicePage')),
    page('/invoices/$id', lazyRouteComponent(() => import('./features/invoices/InvoiceDetailPage'), 'InvoiceDetailPage')),
    page('/invoices/$id/edit', lazyRouteComponent(() => import('./features/invoices/InvoiceEditorPage'), 'EditInvoicePage')),
    page('/exchange-rates', lazyRouteComponent(() => import('./features/exchange-rates/ExchangeRatesPage'), 'ExchangeRatesPage')),
    page('/rates', lazyRouteComponent(() => import('./features/rates/RateCardsPage'), 'RateCardsPage')),
    page('/settings/billing', lazyRouteComponent(() => import('./features/billing-settings/BillingSettingsPage'), 'BillingSettingsPage')),
    // The books (issue 39): the accountant's exports and the accounts they book to.
    page('/billing/exports', lazyRouteComponent(() => import('./features/accounting/AccountingExportsPage'), 'AccountingExportsPage')),
    page('/settings/accounting', lazyRouteComponent(() => import('./features/accounting/AccountingSettingsPage'), 'AccountingSettingsPage')),
    // Supplier bills and the payables ageing (issue 39).
    page('/supplier-bills', lazyRouteComponent(() => import('./features/supplier-bills/SupplierBillsPage'), 'SupplierBillsPage')),
    page('/supplier-bills/new', lazyRouteComponent(() => import('./features/supplier-bills/SupplierBillFormPage'), 'NewSupplierBillPage')),
    page('/supplier-bills/$id', lazyRouteComponent(() => import('./features/supplier-bills/SupplierBillDetailPage'), 'SupplierBillDetailPage')),
    page('/supplier-bills/$id/edit', lazyRouteComponent(() => import('./features/supplier-bills/SupplierBillFormPage'), 'EditSupplierBillPage')),
    page('/billing/payables', lazyRouteComponent(() => import('./features/supplier-bills/PayablesAgeingPage'), 'PayablesAgeingPage')),
  ]),
]);

/** The router made by createAppRouter: the sign-in route matches a redirect's target with it, to load its search schema. */
let appRouter: Parameters<typeof loadRouteSearchForHref>[0] | undefined;

export function createAppRouter(queryClient: QueryClient) {
  // An error while a page renders shows PageError in that page's place (the shell stays), never a blank app.
  const router = createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true, defaultErrorComponent: PageError });
  appRouter = router;
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
