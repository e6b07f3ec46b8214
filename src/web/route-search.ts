/**
 * Where each signed-in route's URL-state schema (filters, sort, page) lives, loaded one at a time when a route reads
 * its search (lib/lazy-search.ts; decisions 0196, 0246, 0247). A list page loads its own schema's module, which it
 * mostly imports anyway, instead of every list's schemas and the domain modules that hold them (on a phone that cost
 * /all-shipments 250-350 ms of module evaluation before its first paint). A route with search params adds its loader
 * here, as `key: () => import('module').then((m) => m.schema)`: the build reads this form (scripts/vite-route-preloads.ts).
 */
export const ROUTE_SEARCH = {
  airports: () => import('@domain/airports/schema').then((m) => m.airportListSearchSchema),
  audit: () => import('@domain/audit/schema').then((m) => m.auditSearchSchema),
  exceptions: () => import('@domain/exceptions/schema').then((m) => m.exceptionSearchSchema),
  checklistTemplates: () => import('./features/checklist/template-search').then((m) => m.checklistTemplateSearchSchema),
  overdue: () => import('@domain/checklist/schema').then((m) => m.overdueSearchSchema),
  owed: () => import('@domain/checklist/owed').then((m) => m.owedSearchSchema),
  companies: () => import('@domain/companies/schema').then((m) => m.companySearchSchema),
  carriers: () => import('@domain/partners/schema').then((m) => m.carrierListSearchSchema),
  partners: () => import('@domain/partners/schema').then((m) => m.partnerListSearchSchema),
  seaports: () => import('@domain/seaports/schema').then((m) => m.seaportListSearchSchema),
  chargeCodes: () => import('@domain/billing/charges-schema').then((m) => m.chargeCodeSearchSchema),
  staff: () => import('@domain/staff/schema').then((m) => m.staffSearchSchema),
  documents: () => import('./features/documents/search').then((m) => m.documentSearchSchema),
  shipments: () => import('./features/shipment-lists/search-schema').then((m) => m.shipmentSearchSchema),
  requests: () => import('./features/requests/search').then((m) => m.requestSearchSchema),
  messages: () => import('./features/messages/search').then((m) => m.messageSearchSchema),
  statement: () => import('./features/payments/search').then((m) => m.statementSearchSchema),
  ageing: () => import('./features/payments/search').then((m) => m.ageingSearchSchema),
  invoices: () => import('./features/invoices/search').then((m) => m.invoiceSearchSchema),
};
export type RouteSearchKey = keyof typeof ROUTE_SEARCH;
export type RouteSearchSchemas = { [K in RouteSearchKey]: Awaited<ReturnType<(typeof ROUTE_SEARCH)[K]>> };

// lib/lazy-search.ts reads the schemas' types from here (it sits below the features, so it cannot import this table).
type TableSchemas = RouteSearchSchemas;
declare module '@web/lib/lazy-search' {
  interface RouteSearchRegister {
    schemas: TableSchemas;
  }
}
