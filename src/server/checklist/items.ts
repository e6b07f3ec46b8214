/**
 * The checklist rows other features write (issue 16, decision record 0238), below the checklist feature and the
 * features that touch them: a new shipment gets its template's items, and a document that leaves its shipment frees
 * the items it satisfied. The checklist itself (features/checklist) reads, reviews and lists them.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { shipment_checklist_items } from '@server/db/schema';
import { TEMPLATE_ROW_FITS } from '@server/db/checklist-fit';

/**
 * Copies onto each new shipment the rows of the template of its type and direction that fit it (a new shipment or an
 * import's, in its transaction); answers how many.
 */
export async function applyTemplate(tx: Db | Tx, shipmentIds: readonly string[]): Promise<number> {
  if (!shipmentIds.length) return 0;
  const r = await tx.execute(sql`
    INSERT INTO shipment_checklist_items (shipment_id, position, name, provider, required, anchor, offset_days, applies_when)
    SELECT s.id, t.position, t.name, t.provider, t.required, t.anchor, t.offset_days, t.applies_when
    FROM shipments s JOIN checklist_template_items t ON t.shipment_type = s.type AND t.loading_type = s.loading_type
    WHERE s.id IN (${sql.join(shipmentIds.map((id) => sql`${id}`), sql`, `)}) AND ${TEMPLATE_ROW_FITS}
    ORDER BY s.id, t.position`);
  return r.rowCount ?? 0;
}

/**
 * After an edit, the shipment's checklist follows its goods (issue 41): a conditional row that no longer fits goes
 * unless a document was given for it; a conditional template row that now fits is added at the end (once, by name).
 * A shipment without a checklist keeps none (applying one is its own action).
 */
export async function followConditions(tx: Tx, shipmentId: string): Promise<void> {
  await tx.execute(sql`
    DELETE FROM shipment_checklist_items t USING shipments s
    WHERE t.shipment_id = ${shipmentId} AND s.id = t.shipment_id AND t.applies_when <> 'always' AND NOT ${TEMPLATE_ROW_FITS}
      AND t.document_name IS NULL AND t.received_at IS NULL`);
  await tx.execute(sql`
    INSERT INTO shipment_checklist_items (shipment_id, position, name, provider, required, anchor, offset_days, applies_when)
    SELECT s.id, last.position + row_number() OVER (ORDER BY t.position), t.name, t.provider, t.required, t.anchor, t.offset_days, t.applies_when
    FROM shipments s
    JOIN checklist_template_items t ON t.shipment_type = s.type AND t.loading_type = s.loading_type
    CROSS JOIN LATERAL (SELECT max(position) AS position FROM shipment_checklist_items WHERE shipment_id = s.id) last
    WHERE s.id = ${shipmentId} AND last.position IS NOT NULL AND t.applies_when <> 'always' AND ${TEMPLATE_ROW_FITS}
      AND NOT EXISTS (SELECT 1 FROM shipment_checklist_items x WHERE x.shipment_id = s.id AND lower(x.name) = lower(t.name))`);
}

/** A document leaves its shipment (unassigned or deleted): the items it satisfied are missing again. */
export async function releaseDocument(tx: Tx, documentName: string): Promise<void> {
  await tx
    .update(shipment_checklist_items)
    .set({ document_name: null, received_at: null, received_by: null, approved_at: null, approved_by: null })
    .where(eq(shipment_checklist_items.document_name, documentName));
}
