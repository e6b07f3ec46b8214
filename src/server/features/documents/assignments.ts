import { announceWebhook } from '@server/features/webhooks/index';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { isRecordId } from '@domain/common/ids';
import { companies, document_assignments, files, generated_documents, shipment_events, shipments, users } from '@server/db/schema';
import type { SessionUser } from '@server/http/context';
import { conflict, forbidden, isUniqueViolation, notFound } from '@server/http/errors';
import { contains, containsFolded } from '@server/http/list';
import { assertShipmentReadable, type ReadScope } from '@server/features/shipments/index';
import { SHIPMENT_MESSAGES } from '@domain/shipments/index';
import { msg } from '@domain/common/i18n';
import { DOCUMENT_MESSAGES, type AssignableShipment, type DocumentRow, type ShipmentDocument } from '@domain/documents/schema';
import { getDocument, removeAssignment } from './service';
import { notify, type NotifyDeps } from '@server/notifications/dispatch';
import { documentAddedMail } from '@server/mail/templates';
import { companyMailAudience, mailFacts, shipmentLink } from '@server/mail/audience';
import { can } from '@domain/access/permissions';

const ASSIGNABLE_LIMIT = 50;

/**
 * Assigns a document to a shipment (decision 0172): one shipment per document. Admins may pick any shipment,
 * export and import handlers only the ones they handle. The same shipment again changes nothing; another
 * shipment is a 409 (remove the assignment first). In one transaction: the assignment and a 'document_assigned'
 * event on the shipment.
 */
export async function assignDocument(db: Db, user: SessionUser, name: string, shipmentId: string, deps: NotifyDeps): Promise<DocumentRow> {
  await db.transaction(async (tx) => {
    const [file] = await tx.select({ original_name: files.original_name }).from(files).where(eq(files.name, name)).for('update');
    if (!file) throw notFound(DOCUMENT_MESSAGES.notFound);
    await assertMayAssignTo(tx, user, shipmentId);

    const [current] = await tx
      .select({ shipment_id: document_assignments.shipment_id, reference_number: shipments.reference_number })
      .from(document_assignments)
      .innerJoin(shipments, eq(shipments.id, document_assignments.shipment_id))
      .where(eq(document_assignments.document_name, name));
    if (current?.shipment_id === shipmentId) return;
    if (current) throw conflict(DOCUMENT_MESSAGES.alreadyAssigned(current.reference_number));

    try {
      await insertAssignment(tx, user, name, file.original_name, shipmentId, deps);
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(DOCUMENT_MESSAGES.assignedElsewhere);
      throw e;
    }
  });
  return getDocument(db, name);
}

/**
 * 404 unless the shipment exists, 403 unless `user` may put documents on it: admins any, export and import handlers
 * the shipments they handle. Checked before an upload aimed at a shipment streams anything (issue 21) and again when
 * the assignment is written.
 */
export async function assertMayAssignTo(db: Db | Tx, user: SessionUser, shipmentId: string): Promise<void> {
  if (!isRecordId(shipmentId)) throw notFound(SHIPMENT_MESSAGES.notFound);
  const [shipment] = await db.select({ handler_id: shipments.handler_id }).from(shipments).where(eq(shipments.id, shipmentId));
  if (!shipment) throw notFound(SHIPMENT_MESSAGES.notFound);
  if (!can(user.role, 'shipments:any_handler') && shipment.handler_id !== user.id) throw forbidden(DOCUMENT_MESSAGES.notYourShipment);
}

/**
 * Writes a document's assignment, its 'document_assigned' event and the notices to the shipment's company (by their
 * choices, issue 17: in the digest by default), in the caller's transaction (an upload's or an assignment's). A draft
 * (a generated paper that is not final, issue 16) is staff only: no notice until it is made final. `silent`: the company
 * is not told (a customer's own upload for a checklist item: their handler is told instead).
 */
export async function insertAssignment(
  tx: Tx, user: SessionUser, name: string, originalName: string, shipmentId: string, deps: NotifyDeps, o: { draft?: boolean; silent?: boolean } = {},
): Promise<void> {
  await tx.insert(document_assignments).values({ document_name: name, shipment_id: shipmentId, assigned_by: user.id, draft: o.draft ?? false });
  const [event] = await tx
    .insert(shipment_events)
    .values({ shipment_id: shipmentId, actor_id: user.id, kind: 'document_assigned', changes: { document: { from: null, to: originalName } } })
    .returning({ id: shipment_events.id });
  if (!o.draft && !o.silent) await noticeDocumentAdded(tx, originalName, shipmentId, `document-added:${event!.id}`, deps);
}

/** The "document added" notices to the shipment's company for a document customers may now read; `key` makes them once-only. */
export async function noticeDocumentAdded(tx: Tx, originalName: string, shipmentId: string, key: string, deps: NotifyDeps): Promise<void> {
  const facts = await mailFacts(tx, shipmentId);
  const audience = await companyMailAudience(tx, facts.company_id);
  const url = shipmentLink(deps.publicUrl, shipmentId);
  await notify(
    tx,
    deps,
    'document_added',
    audience.emails.map((to) => ({
      to,
      key: `${key}:${to}`,
      mail: (tr) => documentAddedMail(tr, to, facts, originalName, url),
      line: { title: '{reference}', detail: msg('document {file} added'), values: { reference: facts.reference_number, file: originalName }, url },
      shipmentId,
    })),
  );
  await announceWebhook(tx, { event: 'document_added', key, shipmentId, detail: { document: { original_name: originalName } } });
}

/** Removes a document's assignment and writes a 'document_removed' event, in one transaction; 404 when not assigned. */
export async function unassignDocument(db: Db, user: SessionUser, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [file] = await tx.select({ original_name: files.original_name }).from(files).where(eq(files.name, name)).for('update');
    if (!file) throw notFound(DOCUMENT_MESSAGES.notFound);
    // A generated paper belongs to the shipment it was made from (issue 16): it is deleted, not moved.
    const [generated] = await tx.select({ id: generated_documents.id }).from(generated_documents).where(eq(generated_documents.document_name, name));
    if (generated) throw conflict(DOCUMENT_MESSAGES.generatedStays);
    if (!(await removeAssignment(tx, user, name, file.original_name))) throw notFound(DOCUMENT_MESSAGES.notAssigned);
  });
}

/**
 * The assign dialog's choices (spec sections 2 and 6), newest first, at most 50: search on the reference number
 * or the company name; export and import handlers see only the shipments they handle.
 */
export async function listAssignableShipments(db: Db, user: SessionUser, q: string): Promise<AssignableShipment[]> {
  const where = and(
    q ? or(containsFolded(sql`${shipments}.reference_folded`, q), contains(companies.name, q)) : undefined,
    can(user.role, 'shipments:any_handler') ? undefined : eq(shipments.handler_id, user.id),
  );
  return db
    .select({
      id: shipments.id,
      reference_number: shipments.reference_number,
      type: shipments.type,
      status: shipments.status,
      company_id: shipments.company_id,
      company_name: companies.name,
    })
    .from(shipments)
    .innerJoin(companies, eq(companies.id, shipments.company_id))
    .where(where)
    .orderBy(desc(shipments.created_at), desc(shipments.id))
    .limit(ASSIGNABLE_LIMIT);
}

/** The documents assigned to a shipment, newest assignment first (customers: own company only, else 404). */
export async function listShipmentDocuments(db: Db, shipmentId: string, scope: ReadScope): Promise<ShipmentDocument[]> {
  await assertShipmentReadable(db, shipmentId, scope);
  const rows = await db
    .select({
      name: files.name,
      original_name: files.original_name,
      size: files.size,
      content_type: files.content_type,
      assigned_by_name: users.name,
      assigned_at: document_assignments.assigned_at,
      draft: document_assignments.draft,
    })
    .from(document_assignments)
    .innerJoin(files, eq(files.name, document_assignments.document_name))
    .leftJoin(users, eq(users.id, document_assignments.assigned_by))
    // A customer never sees a draft (a generated paper that is not final: issue 16).
    .where(and(eq(document_assignments.shipment_id, shipmentId), scope.companyId ? eq(document_assignments.draft, false) : undefined))
    .orderBy(desc(document_assignments.assigned_at), files.name);
  return rows.map((r) => ({ ...r, size: Number(r.size), assigned_at: r.assigned_at.toISOString() }));
}
