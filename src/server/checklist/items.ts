/**
 * The checklist rows other features write (issue 16, decision record 0238), below the checklist feature and the
 * features that touch them: a new shipment gets its template's items, and a document that leaves its shipment frees
 * the items it satisfied. The checklist itself (features/checklist) reads, reviews and lists them.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { shipment_checklist_items } from '@server/db/schema';
import type { LoadingType, ShipmentType } from '@domain/common/enums';

/** Copies the template of the shipment's type and direction onto it (a new shipment, in its transaction); answers how many. */
export async function applyTemplate(tx: Db | Tx, shipmentId: string, type: ShipmentType, loadingType: LoadingType): Promise<number> {
  const r = await tx.execute(sql`
    INSERT INTO shipment_checklist_items (shipment_id, position, name, provider, required, anchor, offset_days)
    SELECT ${shipmentId}, position, name, provider, required, anchor, offset_days
    FROM checklist_template_items WHERE shipment_type = ${type} AND loading_type = ${loadingType}
    ORDER BY position`);
  return r.rowCount ?? 0;
}

/** A document leaves its shipment (unassigned or deleted): the items it satisfied are missing again. */
export async function releaseDocument(tx: Tx, documentName: string): Promise<void> {
  await tx
    .update(shipment_checklist_items)
    .set({ document_name: null, received_at: null, received_by: null, approved_at: null, approved_by: null })
    .where(eq(shipment_checklist_items.document_name, documentName));
}
