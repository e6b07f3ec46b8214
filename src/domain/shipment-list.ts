import { z } from 'zod';
import { listQuerySchema, sortable } from './list';
import { LOADING_TYPES, SHIPMENT_STATUSES, SHIPMENT_TYPES, TRANSPORT_MODES } from './enums';

/** Sortable columns of the shipment lists (whitelisted; the server maps each to one SQL expression). */
export const SHIPMENT_SORTS = ['created_at', 'type', 'status', 'reference_number', 'company', 'estimated_departure', 'handler', 'transport_mode'] as const;
export type ShipmentSort = (typeof SHIPMENT_SORTS)[number];
export type SortDir = 'asc' | 'desc';

export const shipmentListQuerySchema = listQuerySchema.extend({
  sort: sortable(SHIPMENT_SORTS, 'created_at'),
  status: z.enum(SHIPMENT_STATUSES, { message: 'Unknown status' }).optional(),
  type: z.enum(SHIPMENT_TYPES, { message: 'Unknown shipment type' }).optional(),
  transport_mode: z.enum(TRANSPORT_MODES, { message: 'Unknown transport mode' }).optional(),
  /** Only shipments whose handler is the signed-in user (/my-shipments; /all-shipments for handlers). */
  mine: z.enum(['true', 'false'], { message: "mine must be 'true' or 'false'" }).optional(),
  /** 'failed': only shipments whose stored numbers fail today's checks (container check digits, air waybill). */
  checks: z.enum(['failed'], { message: "checks must be 'failed'" }).optional(),
  /** 'unassigned': only shipments without a handler (the admin dashboard's Unassigned count links here). */
  handler: z.enum(['unassigned'], { message: "handler must be 'unassigned'" }).optional(),
});
export type ShipmentListQuery = z.infer<typeof shipmentListQuerySchema>;

/** The default order: newest first. */
export const DEFAULT_SORT: { sort: ShipmentSort; dir: SortDir } = { sort: 'created_at', dir: 'desc' };

/** Spec section 2: clicking the current sort column toggles its direction; another column sorts ascending. */
export function nextSort(current: { sort: ShipmentSort; dir: SortDir }, clicked: ShipmentSort): { sort: ShipmentSort; dir: SortDir } {
  if (current.sort === clicked) return { sort: clicked, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { sort: clicked, dir: 'asc' };
}

/** The direction a list query means: explicit dir, else the default for the column (created_at newest first). */
export function effectiveDir(sort: ShipmentSort, dir: SortDir | undefined): SortDir {
  return dir ?? (sort === 'created_at' ? 'desc' : 'asc');
}

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
export { routeLabel } from './shipments';
