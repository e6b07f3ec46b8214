/**
 * Whether checklist template row `t` fits shipment `s` (issue 41, decision record 0272): a row for every shipment, or
 * one for dangerous goods or temperature control only where the shipment has them. Beside the schema, since both the
 * checklist's writes (server/checklist/items.ts) and the demo seed copy template rows; the pages' twin is the
 * domain's `conditionFits`.
 */
import { sql } from 'drizzle-orm';

export const TEMPLATE_ROW_FITS = sql`(t.applies_when = 'always' OR (t.applies_when = 'dangerous_goods' AND s.dangerous_goods) OR (t.applies_when = 'temperature_controlled' AND s.temperature_controlled))`;
