/**
 * A document uploaded for a checklist item (issue 16): by the customer for the items they provide, by staff for any item
 * of a shipment they may change. The document rules apply as on any upload (type, content, size, storage, audit:
 * documents/upload.ts); the item is checked before a byte is stored and again, locked, in the transaction that writes
 * the file, its assignment to the shipment and the item's new state. A customer's upload tells the handler.
 */
import type { Tx } from '@server/db/client';
import type { Actor } from '@server/http/context';
import { forbidden } from '@server/http/errors';
import { CHECKLIST_MESSAGES } from '@domain/checklist/schema';
import type { DocumentRow } from '@domain/documents/schema';
import { insertAssignment, uploadDocument, type UploadDeps, type UploadInput } from '@server/features/documents/index';
import { notify, type NotifyDeps } from '@server/notifications/dispatch';
import { msg } from '@domain/common/i18n';
import { checklistReceivedMail } from '@server/mail/templates';
import { directionStaff, emailOf } from '@server/mail/audience';
import { assertNotApproved, lockedItem, markReceived, type LockedItem } from './service';
import { recordAudit } from '@server/audit/audit-log';
import { companies, shipments } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { can, isCustomer } from '@domain/access/permissions';

type Upload = Omit<UploadInput, 'shipmentId' | 'attach'>;

/** Who may upload for the item: a customer the items they provide (their company's: lockedItem), staff the handler or an admin. */
function assertMayUpload(actor: Actor, item: LockedItem): void {
  const user = actor.user;
  if (isCustomer(user.role)) {
    if (item.provider !== 'customer') throw forbidden(CHECKLIST_MESSAGES.forwarderProvides);
  } else if (!can(user.role, 'shipments:any_handler') && item.handler_id !== user.id) {
    throw forbidden(CHECKLIST_MESSAGES.notYourShipment);
  }
}

const staffShipmentLink = (publicUrl: string, id: string) => `${publicUrl.replace(/\/$/, '')}/shipment/${id}`;

/** The handler hears of a customer's upload (their direction's staff while nobody handles the shipment). */
async function tellHandler(tx: Tx, deps: NotifyDeps, actor: Actor, item: LockedItem, fileName: string, eventKey: string): Promise<void> {
  const [s] = await tx
    .select({ loading_type: shipments.loading_type, company_name: companies.name })
    .from(shipments)
    .innerJoin(companies, eq(companies.id, shipments.company_id))
    .where(eq(shipments.id, item.shipment_id));
  const to = item.handler_id ? await emailOf(tx, item.handler_id) : await directionStaff(tx, s!.loading_type);
  const url = staffShipmentLink(deps.publicUrl, item.shipment_id);
  const by = actor.user.full_name;
  await notify(
    tx,
    deps,
    'checklist_received',
    to.map((email) => ({
      to: email,
      key: `${eventKey}:${email}`,
      mail: (tr) => checklistReceivedMail(tr, email, item.reference_number, item.name, fileName, by, s!.company_name, url),
      line: {
        title: '{reference}',
        detail: msg('{item_label} received from {company}: {file}'),
        values: { reference: item.reference_number, item_label: item.name, company: s!.company_name, file: fileName },
        url,
      },
      shipmentId: item.shipment_id,
    })),
  );
}

/** Uploads the file as a document of the item's shipment and marks the item received. */
export async function uploadForItem(deps: UploadDeps, actor: Actor, itemId: string, upload: Upload): Promise<DocumentRow> {
  const check = async (db: Parameters<typeof lockedItem>[0], lock: boolean) => {
    const item = await lockedItem(db, actor.user, itemId, lock);
    assertMayUpload(actor, item);
    assertNotApproved(item);
    return item;
  };
  return uploadDocument(deps, actor, {
    ...upload,
    attach: {
      check: async (db) => void (await check(db, false)),
      record: async (tx, file) => {
        const item = await check(tx, true);
        const customer = isCustomer(actor.user.role);
        await insertAssignment(tx, actor.user, file.name, file.original_name, item.shipment_id, deps.notices, { silent: customer });
        await markReceived(tx, item.id, file.name, actor.user.id);
        await recordAudit(tx, {
          action: 'document.checklist_received',
          actor: actor.user,
          target: `${item.reference_number}: ${item.name}`,
          details: { item_id: item.id, shipment_id: item.shipment_id, document: file.name },
          ip: actor.ip,
        });
        if (customer) await tellHandler(tx, deps.notices, actor, item, file.original_name, `checklist-received:${item.id}:${file.name}`);
      },
    },
  });
}
