import { collated } from '@server/db/fold';
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '@server/db/client';
import { companies, document_assignments, files, shipment_events, shipments, users } from '@server/db/schema';
import type { Actor, SessionUser } from '@server/http/context';
import { notFound } from '@server/http/errors';
import { contains, offsetOf, toPage } from '@server/http/list';
import type { Logger } from '@server/logger';
import type { Storage } from '@server/storage/storage';
import { recordAudit } from '@server/audit/audit-log';
import { notABookExport } from './access';
import { releaseDocument } from '@server/checklist/items';
import type { Page } from '@domain/common/list-schema';
import { FILE_TYPE_FILTERS } from '@domain/documents/rules';
import { DOCUMENT_MESSAGES, type DocumentListQuery, type DocumentRow } from '@domain/documents/schema';

/** The audit row of a document action, in the caller's transaction when there is one (decision 0008). */
export async function auditDocument(
  db: Db | Tx,
  actor: Actor,
  action: 'document.upload' | 'document.delete' | 'document.download',
  name: string,
  details: Record<string, unknown>,
): Promise<void> {
  await recordAudit(db, { action, actor: actor.user, target: name, details, ip: actor.ip });
}

const uploader = alias(users, 'uploader');
const assigner = alias(users, 'assigner');

/** A document with its uploader and its assignment (shipment reference, type, company, assigner). */
function documentRows(db: Db | Tx) {
  return db
    .select({
      name: files.name,
      original_name: files.original_name,
      size: files.size,
      content_type: files.content_type,
      created_at: files.created_at,
      uploaded_by_name: uploader.name,
      shipment_id: document_assignments.shipment_id,
      assigned_at: document_assignments.assigned_at,
      reference_number: shipments.reference_number,
      shipment_type: shipments.type,
      company_name: companies.name,
      assigned_by_name: assigner.name,
    })
    .from(files)
    .leftJoin(uploader, eq(uploader.id, files.uploaded_by))
    .leftJoin(document_assignments, eq(document_assignments.document_name, files.name))
    .leftJoin(shipments, eq(shipments.id, document_assignments.shipment_id))
    .leftJoin(companies, eq(companies.id, shipments.company_id))
    .leftJoin(assigner, eq(assigner.id, document_assignments.assigned_by));
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof documentRows>['execute']>>[number];

function toDocument(r: JoinedRow): DocumentRow {
  return {
    name: r.name,
    original_name: r.original_name,
    size: Number(r.size),
    content_type: r.content_type,
    created_at: r.created_at.toISOString(),
    uploaded_by_name: r.uploaded_by_name,
    assignment:
      r.shipment_id && r.assigned_at
        ? {
            shipment_id: r.shipment_id,
            reference_number: r.reference_number,
            shipment_type: r.shipment_type,
            company_name: r.company_name,
            assigned_by_name: r.assigned_by_name,
            assigned_at: r.assigned_at.toISOString(),
          }
        : null,
  };
}

/** The type filter: the original name ends in one of the option's extensions (served by the trigram index). */
function typeFilter(type: DocumentListQuery['type']): SQL | undefined {
  const option = FILE_TYPE_FILTERS.find((f) => f.value === type);
  if (!option || option.extensions.length === 0) return undefined;
  return or(...option.extensions.map((ext) => sql`${files.original_name} ilike ${`%.${ext}`}`));
}

const SORT_COLUMNS = { created_at: files.created_at, name: collated(files.original_name), size: files.size } as const;

/** The documents library (staff): search on the original name, type filter, sort with the unique name as tie-break, exact total. */
export async function listDocuments(db: Db, query: DocumentListQuery): Promise<Page<DocumentRow>> {
  const where = and(query.q ? contains(files.original_name, query.q) : undefined, typeFilter(query.type), notABookExport);
  const dir = query.dir ?? (query.sort === 'created_at' ? 'desc' : 'asc');
  const order = dir === 'asc' ? asc : desc;
  const [rows, totals] = await Promise.all([
    documentRows(db)
      .where(where)
      .orderBy(order(SORT_COLUMNS[query.sort]), order(files.name))
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize)),
    db.select({ total: count() }).from(files).where(where),
  ]);
  return toPage(rows.map(toDocument), Number(totals[0]?.total ?? 0), query.page, query.pageSize);
}

/** One document as the library shows it; 404 when there is none. */
export async function getDocument(db: Db | Tx, name: string): Promise<DocumentRow> {
  const [row] = await documentRows(db).where(and(eq(files.name, name), notABookExport));
  if (!row) throw notFound(DOCUMENT_MESSAGES.notFound);
  return toDocument(row);
}

/**
 * Deletes a document (spec section 4: its assignment first, then the file). In one transaction: the assignment
 * with a 'document_removed' event on its shipment, the record and the audit row. The object goes after the
 * commit; if that fails it is logged and the orphan sweep removes it later.
 */
export async function deleteDocument(db: Db, storage: Storage, log: Logger, actor: Actor, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [file] = await tx.select({ original_name: files.original_name }).from(files).where(eq(files.name, name)).for('update');
    if (!file) throw notFound(DOCUMENT_MESSAGES.notFound);
    await removeAssignment(tx, actor.user, name, file.original_name);
    await tx.delete(files).where(eq(files.name, name));
    await auditDocument(tx, actor, 'document.delete', name, { original_name: file.original_name });
  });
  try {
    await storage.delete(name);
  } catch (err) {
    log.warn({ err: { message: (err as Error).message }, name }, 'document object not deleted; the orphan sweep will remove it');
  }
}

/**
 * Deletes the document's assignment, if any, and writes a 'document_removed' event on its shipment; a checklist item it
 * satisfied is missing again.
 * Answers the shipment id, or null when the document was not assigned.
 */
export async function removeAssignment(tx: Tx, user: SessionUser, name: string, originalName: string): Promise<string | null> {
  const [removed] = await tx
    .delete(document_assignments)
    .where(eq(document_assignments.document_name, name))
    .returning({ shipment_id: document_assignments.shipment_id });
  if (!removed) return null;
  // The checklist items it satisfied are missing again (issue 16).
  await releaseDocument(tx, name);
  await tx.insert(shipment_events).values({
    shipment_id: removed.shipment_id,
    actor_id: user.id,
    kind: 'document_removed',
    changes: { document: { from: originalName, to: null } },
  });
  return removed.shipment_id;
}
