/**
 * The zod schemas of the signed-in routes' URL state (filters, sort, page), in one chunk that loads with the app
 * shell rather than with the sign-in page (see lib/lazy-search.ts). A route with search params adds its schema here.
 */
import { airportListSearchSchema } from '../domain/airports';
import { auditSearchSchema } from '../domain/audit';
import { exceptionSearchSchema } from '../domain/exceptions';
import { companySearchSchema } from '../domain/companies';
import { carrierListSearchSchema, partnerListSearchSchema } from '../domain/partners';
import { seaportListSearchSchema } from '../domain/seaports';
import { staffSearchSchema } from '../domain/staff';
import { documentSearchSchema } from './features/documents/search';
import { messageSearchSchema } from './features/messages/search';
import { requestSearchSchema } from './features/requests/search';
import { shipmentSearchSchema } from './features/shipment-lists/search';
import { registerRouteSearch } from './lib/lazy-search';

const ROUTE_SEARCH = {
  airports: airportListSearchSchema,
  audit: auditSearchSchema,
  exceptions: exceptionSearchSchema,
  companies: companySearchSchema,
  carriers: carrierListSearchSchema,
  partners: partnerListSearchSchema,
  seaports: seaportListSearchSchema,
  staff: staffSearchSchema,
  documents: documentSearchSchema,
  shipments: shipmentSearchSchema,
  requests: requestSearchSchema,
  messages: messageSearchSchema,
};
export type RouteSearchSchemas = typeof ROUTE_SEARCH;

registerRouteSearch(ROUTE_SEARCH);
