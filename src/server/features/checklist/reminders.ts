/**
 * "Checklist item due" (issue 17's notification event, decision record 0238): a company's contacts hear, by their
 * choices (the daily digest by default), of the documents they provide for a shipment that are due within
 * DUE_SOON_DAYS and still missing: once per item and due day (a moved date reminds again). Any instance may run it:
 * the items are claimed with SKIP LOCKED and marked in the same transaction as the notices.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { msg } from '@domain/common/i18n';
import { checklistDueMail } from '@server/mail/templates';
import { notify, type NotifyDeps } from '@server/notifications/dispatch';
import { companyMailAudience, shipmentLink } from '@server/mail/audience';
import { DUE_ON } from '@server/db/checklist-fit';

export const DUE_SOON_DAYS = 2;
const BATCH = 500;

type DueRow = { id: string; name: string; due_on: string; shipment_id: string; reference_number: string; company_id: string };

/** Reminds of the customers' documents due from today to DUE_SOON_DAYS ahead (UTC days); answers how many items. */
export async function remindChecklistDue(db: Db, deps: NotifyDeps, now: Date = new Date()): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    const due = await tx.execute<DueRow>(sql`
      SELECT i.id, i.name, to_char(${DUE_ON}, 'YYYY-MM-DD') AS due_on, s.id AS shipment_id, s.reference_number, s.company_id
      FROM shipment_checklist_items i JOIN shipments s ON s.id = i.shipment_id
      WHERE i.document_name IS NULL AND i.required AND i.provider = 'customer' AND s.status NOT IN ('delivered', 'completed')
        AND ${DUE_ON} BETWEEN ${today}::date AND ${today}::date + ${DUE_SOON_DAYS}::int
        AND i.reminded_for IS DISTINCT FROM ${DUE_ON}
      ORDER BY s.id, i.position
      LIMIT ${BATCH}
      FOR UPDATE OF i SKIP LOCKED`);
    const byShipment = new Map<string, DueRow[]>();
    for (const row of due.rows) byShipment.set(row.shipment_id, [...(byShipment.get(row.shipment_id) ?? []), row]);
    for (const [shipmentId, items] of byShipment) {
      const first = items[0]!;
      const audience = await companyMailAudience(tx, first.company_id);
      const url = shipmentLink(deps.publicUrl, shipmentId);
      // One notice per shipment and set of items: a second run that finds the same items (it cannot: they are marked) sends nothing.
      const key = createHash('sha256').update(items.map((i) => `${i.id}@${i.due_on}`).join(',')).digest('base64url').slice(0, 22);
      await notify(
        tx,
        deps,
        'checklist_due',
        audience.emails.map((to) => ({
          to,
          key: `checklist-due:${shipmentId}:${key}:${to}`,
          mail: (tr) => checklistDueMail(tr, to, first.reference_number, items, url),
          line: { title: '{reference}', detail: msg('documents due: {items_label}'), values: { reference: first.reference_number, items_label: items.map((i) => i.name) }, url },
          shipmentId,
        })),
      );
      await tx.execute(sql`
        UPDATE shipment_checklist_items i SET reminded_for = ${DUE_ON}
        FROM shipments s WHERE s.id = i.shipment_id AND i.id IN (${sql.join(items.map((x) => sql`${x.id}::uuid`), sql`, `)})`);
    }
    return due.rows.length;
  });
}
