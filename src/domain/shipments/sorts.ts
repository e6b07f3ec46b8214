/**
 * The shipment lists' sort columns and their order rules, apart from the list's query schema (shipments/list-schema.ts), so a
 * page that shows shipment rows loads no zod for them (issue 17, decision record 0247).
 */
/** Sortable columns of the shipment lists (whitelisted; the server maps each to one SQL expression). */
export const SHIPMENT_SORTS = ['created_at', 'type', 'status', 'reference_number', 'company', 'estimated_departure', 'handler', 'transport_mode'] as const;
export type ShipmentSort = (typeof SHIPMENT_SORTS)[number];
export type SortDir = 'asc' | 'desc';

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
