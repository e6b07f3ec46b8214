import { z } from 'zod';
import { listQuerySchema, sortable } from '@domain/common/list-schema';
import { LOADING_TYPES, SHIPMENT_STATUSES, SHIPMENT_TYPES, TRANSPORT_MODES } from '@domain/common/enums';
import { SHIPMENT_SORTS } from './sorts';
import { msg } from '@domain/common/i18n';

export * from './sorts';

export const shipmentListQuerySchema = listQuerySchema.extend({
  sort: sortable(SHIPMENT_SORTS, 'created_at'),
  status: z.enum(SHIPMENT_STATUSES, { message: msg('Unknown status') }).optional(),
  type: z.enum(SHIPMENT_TYPES, { message: msg('Unknown shipment type') }).optional(),
  transport_mode: z.enum(TRANSPORT_MODES, { message: msg('Unknown transport mode') }).optional(),
  /** Only shipments whose handler is the signed-in user (/my-shipments; /all-shipments for handlers). */
  mine: z.enum(['true', 'false'], { message: msg("mine must be 'true' or 'false'") }).optional(),
  /** 'failed': only shipments whose stored numbers fail today's checks (container check digits, air waybill). */
  checks: z.enum(['failed'], { message: msg("checks must be 'failed'") }).optional(),
  /** 'unassigned': only shipments without a handler (the admin dashboard's Unassigned count links here). */
  handler: z.enum(['unassigned'], { message: msg("handler must be 'unassigned'") }).optional(),
});
export type ShipmentListQuery = z.infer<typeof shipmentListQuerySchema>;

/** Where a listed shipment goes and when: the fields every shipment list row shows (lists, exceptions). */
export const shipmentRouteShape = {
  origin_city: z.string().nullable(),
  origin_country: z.string().nullable(),
  destination_city: z.string().nullable(),
  destination_country: z.string().nullable(),
  estimated_departure: z.string().nullable(),
  estimated_arrival: z.string().nullable(),
};

export const shipmentListRowSchema = z.object({
  id: z.string(),
  reference_number: z.string(),
  type: z.enum(SHIPMENT_TYPES),
  transport_mode: z.enum(TRANSPORT_MODES).nullable(),
  loading_type: z.enum(LOADING_TYPES),
  status: z.string(),
  priority: z.boolean(),
  company_id: z.string(),
  company_name: z.string(),
  handler_id: z.string().nullable(),
  handler_name: z.string().nullable(),
  cargo_description: z.string(),
  ...shipmentRouteShape,
  created_at: z.string(),
  /** With a search: what the row was found by ({ field: 'Container', value: 'MSKU 123456-5' }), for the results to show. */
  search_match: z.object({ field: z.string(), value: z.string() }).nullable().optional(),
});
export type ShipmentListRow = z.infer<typeof shipmentListRowSchema>;

/**
 * A number as the search compares it: letters and digits only, upper case ('msku 123456-5' and 'MSKU1234565' are the
 * same container; '020-1234 5675' the same air waybill). The database's cargodesk_compact (migration 0017) is its twin.
 */
export const compactNumber = (value: string): string => value.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

/** Lists show the route as the detail pages do. */
export { routeLabel } from './labels';
