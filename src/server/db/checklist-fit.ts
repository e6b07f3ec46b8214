/**
 * Checklist SQL shared by the checklist's reads and writes and the demo seed.
 *
 * Whether checklist template row `t` fits shipment `s` (issue 41, decision record 0272): a row for every shipment, or
 * one for dangerous goods or temperature control only where the shipment has them. Beside the schema, since both the
 * checklist's writes (server/checklist/items.ts) and the demo seed copy template rows; the pages' twin is the
 * domain's `conditionFits`.
 */
import { sql } from 'drizzle-orm';

export const TEMPLATE_ROW_FITS = sql`(t.applies_when = 'always' OR (t.applies_when = 'dangerous_goods' AND s.dangerous_goods) OR (t.applies_when = 'temperature_controlled' AND s.temperature_controlled))`;

/**
 * A checklist item's due day (UTC), as a date: null while its anchor date is unknown. Needs `i` (item) and `s`
 * (shipment). In parentheses of its own, so `today - ${DUE_ON}` subtracts the whole sum (it once read today - day + offset).
 */
export const DUE_ON = sql`(((CASE i.anchor WHEN 'departure' THEN s.estimated_departure ELSE s.estimated_arrival END) AT TIME ZONE 'UTC')::date + i.offset_days)`;
