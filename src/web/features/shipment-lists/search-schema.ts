import { z } from 'zod';
import { SHIPMENT_SORTS } from '@domain/shipments/sorts';
import { SHIPMENT_STATUSES, SHIPMENT_TYPES, TRANSPORT_MODES } from '@domain/common/enums';

// Loaded with the routes' search schemas (route-search.ts), not with every page that shows shipment rows: the
// dashboard renders rows and reads no search, and so loads no zod (decision record 0247).
/** List state in the URL (filters, sort, page): back, forward, reload and shared links keep it. Bad values are dropped. */
export const shipmentSearchSchema = z.object({
  q: z.string().max(200).optional().catch(undefined),
  status: z.enum(SHIPMENT_STATUSES).optional().catch(undefined),
  type: z.enum(SHIPMENT_TYPES).optional().catch(undefined),
  transport_mode: z.enum(TRANSPORT_MODES).optional().catch(undefined),
  /** Staff: only shipments whose stored numbers fail today's checks (issue 14). */
  checks: z.enum(['failed']).optional().catch(undefined),
  /** Staff: only shipments without a handler (issue 21; the admin dashboard's Unassigned count links here). */
  handler: z.enum(['unassigned']).optional().catch(undefined),
  sort: z.enum(SHIPMENT_SORTS).optional().catch(undefined),
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type ShipmentSearch = z.infer<typeof shipmentSearchSchema>;
