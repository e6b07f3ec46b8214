/**
 * The zod schemas of the signed-in routes' URL state (filters, sort, page), in one chunk that loads with the app
 * shell rather than with the sign-in page (see lib/lazy-search.ts). A route with search params adds its schema here.
 */
import { z } from 'zod';
import { airportListSearchSchema } from '../domain/airports';
import { auditSearchSchema } from '../domain/audit';
import { overdueSearchSchema } from '../domain/checklist';
import { LOADING_TYPES, SHIPMENT_TYPES } from '../domain/enums';
import { exceptionSearchSchema } from '../domain/exceptions';
import { companySearchSchema } from '../domain/companies';
import { carrierListSearchSchema, partnerListSearchSchema } from '../domain/partners';
import { seaportListSearchSchema } from '../domain/seaports';
import { staffSearchSchema } from '../domain/staff';
import { documentSearchSchema } from './features/documents/search';
import { messageSearchSchema } from './features/messages/search';
import { requestSearchSchema } from './features/requests/search';
import { shipmentSearchSchema } from './features/shipment-lists/search-schema';
import { registerRouteSearch } from './lib/lazy-search';

/** /settings/checklists: which template is open (a bad value falls back to the first, Air · Export). */
const checklistTemplateSearchSchema = z.object({
  type: z.enum(SHIPMENT_TYPES).optional().catch(undefined),
  direction: z.enum(LOADING_TYPES).optional().catch(undefined),
});

const ROUTE_SEARCH = {
  airports: airportListSearchSchema,
  audit: auditSearchSchema,
  exceptions: exceptionSearchSchema,
  checklistTemplates: checklistTemplateSearchSchema,
  overdue: overdueSearchSchema,
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
