import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@server/db/client';
import { companies, document_assignments, files, generated_document_counters, generated_documents, paper_series, shipment_checklist_items, shipments, users } from '@server/db/schema';
import type { Actor } from '@server/http/context';
import { AppError, conflict, notFound } from '@server/http/errors';
import type { Logger } from '@server/logger';
import type { Storage } from '@server/storage/storage';
import { recordAudit } from '@server/audit/audit-log';
import { translatorFor } from '@server/i18n';
import { assertMayAssignTo, insertAssignment, noticeDocumentAdded, randomPrefix } from '@server/features/documents/index';
import type { NotifyDeps } from '@server/notifications/dispatch';
import { getShipment } from '@server/features/shipments/index';
import { paperCharges, type PaperChargeLine } from '@server/features/charges/index';
import { isRecordId } from '@domain/common/ids';
import { MAX_UPLOAD_BYTES, storedFileName } from '@domain/documents/rules';
import {
  GENERATED_KIND_INFO, GENERATED_MESSAGES, blPeriod, changedSincePrinted, generatedFileName, houseBlNumber, kindsFor, printedValues,
  type GeneratedKind, type GeneratedVersion,
} from '@domain/generated-documents/schema';
import type { ShipmentDetail } from '@domain/shipments/views-schema';
import { letterheadForPrint } from './letterhead';

export type GenerateDeps = { db: Db; storage: Storage; log: Logger; notices: NotifyDeps; trackingEmbedUrl: string | undefined };

const creator = alias(users, 'creator');
const finalizer = alias(users, 'finalizer');

function versionRows(db: Db) {
  return db
    .select({
      id: generated_documents.id,
      shipment_id: generated_documents.shipment_id,
      kind: generated_documents.kind,
      version: generated_documents.version,
      document_name: generated_documents.document_name,
      original_name: files.original_name,
      size: files.size,
      printed: generated_documents.printed,
      final: generated_documents.final,
      finalized_at: generated_documents.finalized_at,
      finalized_by_name: finalizer.name,
      created_at: generated_documents.created_at,
      created_by_name: creator.name,
    })
    .from(generated_documents)
    .innerJoin(files, eq(files.name, generated_documents.document_name))
    .leftJoin(creator, eq(creator.id, generated_documents.created_by))
    .leftJoin(finalizer, eq(finalizer.id, generated_documents.finalized_by));
}

type VersionRow = Awaited<ReturnType<ReturnType<typeof versionRows>['execute']>>[number];

function toVersion(r: VersionRow, shipment: Record<string, unknown>): GeneratedVersion {
  const kind = r.kind as GeneratedKind;
  return {
    id: r.id,
    kind,
    label: GENERATED_KIND_INFO[kind].label,
    version: r.version,
    document_name: r.document_name,
    original_name: r.original_name,
    size: Number(r.size),
    final: r.final,
    finalized_at: r.finalized_at?.toISOString() ?? null,
    finalized_by_name: r.finalized_by_name,
    created_at: r.created_at.toISOString(),
    created_by_name: r.created_by_name,
    changed_fields: changedSincePrinted(r.printed, shipment),
  };
}

/** The staff detail and the charges its papers print (`charges`: compared like any printed field). */
async function staffDetail(db: Db, shipmentId: string, tracking: string | undefined): Promise<ShipmentDetail & { charges: PaperChargeLine[] }> {
  const shipment = (await getShipment(db, shipmentId, { companyId: null }, tracking)) as ShipmentDetail;
  return { ...shipment, charges: await paperCharges(db, shipmentId) };
}

/** The papers that fit a shipment and every version generated of them, newest first (staff). */
export async function listGenerated(db: Db, shipmentId: string, tracking: string | undefined): Promise<{ kinds: GeneratedKind[]; rows: GeneratedVersion[] }> {
  const shipment = await staffDetail(db, shipmentId, tracking);
  const rows = await versionRows(db)
    .where(eq(generated_documents.shipment_id, shipmentId))
    .orderBy(generated_documents.kind, desc(generated_documents.version));
  return { kinds: kindsFor(shipment), rows: rows.map((r) => toVersion(r, shipment)) };
}

async function oneVersion(db: Db, id: string, shipment: Record<string, unknown>): Promise<GeneratedVersion> {
  const [row] = await versionRows(db).where(eq(generated_documents.id, id));
  if (!row) throw notFound(GENERATED_MESSAGES.notFound);
  return toVersion(row, shipment);
}

/**
 * Generates the next version of a paper from the shipment as it is now (issue 16): rendered by pdfkit straight into
 * storage (the one document of this request is the only one in memory), then in one transaction the file record,
 * its assignment to the shipment as a draft (staff only until made final), the version row with the printed values,
 * the history event and the audit entry. The version number is taken first (generations at once get one each).
 */
export async function generateDocument(deps: GenerateDeps, actor: Actor, shipmentId: string, kind: GeneratedKind): Promise<GeneratedVersion> {
  const { db, storage } = deps;
  await assertMayAssignTo(db, actor.user, shipmentId);
  const shipment = await staffDetail(db, shipmentId, deps.trackingEmbedUrl);
  if (!GENERATED_KIND_INFO[kind].fits(shipment)) throw new AppError('invalid_input', GENERATED_MESSAGES.notFit, { kind: GENERATED_MESSAGES.notFit });
  const [company] = await db
    .select({ name: companies.name, address: companies.address, language: companies.language })
    .from(companies)
    .where(eq(companies.id, shipment.company_id));
  const letterhead = await letterheadForPrint(db);
  const attached =
    kind === 'cmr'
      ? (
          await db
            .select({ name: shipment_checklist_items.name })
            .from(shipment_checklist_items)
            .where(and(eq(shipment_checklist_items.shipment_id, shipmentId), isNotNull(shipment_checklist_items.received_at)))
            .orderBy(shipment_checklist_items.position)
        ).map((r) => r.name)
      : [];
  if (kind === 'hbl' && !shipment.house_bl_number) shipment.house_bl_number = await takeHouseBlNumber(db, shipmentId, letterhead.bl_prefix ?? 'CDK');

  // pdfkit, fontkit and the fonts load with the first paper, not at start-up (decision 0236).
  const { renderGeneratedDocument } = await import('@server/pdf/index');
  const version = await nextVersion(db, shipmentId, kind);
  const originalName = generatedFileName(kind, shipment.reference_number, version);
  const key = storedFileName(originalName, randomPrefix());
  const pdf = renderGeneratedDocument({
    kind, shipment, charges: shipment.charges, company: company ?? { name: shipment.company_name, address: null }, letterhead, attached, version, generatedAt: new Date(),
    // In the shipment's company's language (issue 42), whoever generates it.
    tr: translatorFor(company?.language, 'UTC', ''),
  });
  const { size } = await storage.put(key, pdf, { contentType: 'application/pdf', maxBytes: MAX_UPLOAD_BYTES - 1 });
  try {
    const id = await db.transaction(async (tx) => {
      await tx.insert(files).values({ name: key, original_name: originalName, size, content_type: 'application/pdf', uploaded_by: actor.user.id });
      await insertAssignment(tx, actor.user, key, originalName, shipmentId, deps.notices, { draft: true });
      const [row] = await tx
        .insert(generated_documents)
        .values({ shipment_id: shipmentId, kind, version, document_name: key, printed: printedValues(kind, shipment), created_by: actor.user.id })
        .returning({ id: generated_documents.id });
      await recordAudit(tx, {
        action: 'document.generated', actor: actor.user, target: key, ip: actor.ip,
        details: { original_name: originalName, size, shipment: shipment.reference_number, kind, version },
      });
      return row!.id;
    });
    return await oneVersion(db, id, shipment);
  } catch (e) {
    await storage.delete(key).catch((err: unknown) => deps.log.warn({ err, key }, 'generated document cleanup failed'));
    throw e;
  }
}

/**
 * Gives the shipment its house B/L number at the first bill printed (issue 41): the series' next number of this month,
 * taken in one statement, kept only if the shipment still has none (two prints at once keep the first; the other
 * number is skipped, as a numbering series allows).
 */
async function takeHouseBlNumber(db: Db, shipmentId: string, prefix: string): Promise<string> {
  const now = new Date();
  const period = blPeriod(now);
  const [taken] = await db
    .insert(paper_series)
    .values({ prefix, period, last: 1 })
    .onConflictDoUpdate({ target: [paper_series.prefix, paper_series.period], set: { last: sql`${paper_series.last} + 1` } })
    .returning({ last: paper_series.last });
  const number = houseBlNumber(prefix, now, taken!.last);
  const [set] = await db
    .update(shipments)
    .set({ house_bl_number: number })
    .where(and(eq(shipments.id, shipmentId), isNull(shipments.house_bl_number)))
    .returning({ number: shipments.house_bl_number });
  if (set?.number) return set.number;
  const [kept] = await db.select({ number: shipments.house_bl_number }).from(shipments).where(eq(shipments.id, shipmentId));
  return kept!.number!;
}

/** Takes the paper's next version number for the shipment in one statement (the counter row is locked only for it). */
async function nextVersion(db: Db, shipmentId: string, kind: GeneratedKind): Promise<number> {
  const [row] = await db
    .insert(generated_document_counters)
    .values({ shipment_id: shipmentId, kind, last_version: 1 })
    .onConflictDoUpdate({ target: [generated_document_counters.shipment_id, generated_document_counters.kind], set: { last_version: sql`${generated_document_counters.last_version} + 1` } })
    .returning({ version: generated_document_counters.last_version });
  return row!.version;
}

/**
 * Marks a version final: its assignment stops being a draft, so the shipment's company sees it (and is told, by their
 * choices), and the fields it printed show a note when edited. Final is for good: 409 when it already is.
 */
export async function finalizeGenerated(db: Db, actor: Actor, id: string, deps: NotifyDeps, tracking: string | undefined): Promise<GeneratedVersion> {
  if (!isRecordId(id)) throw notFound(GENERATED_MESSAGES.notFound);
  const shipmentId = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        shipment_id: generated_documents.shipment_id, final: generated_documents.final, document_name: generated_documents.document_name,
        original_name: files.original_name,
      })
      .from(generated_documents)
      .innerJoin(files, eq(files.name, generated_documents.document_name))
      .where(eq(generated_documents.id, id))
      .for('update');
    if (!row) throw notFound(GENERATED_MESSAGES.notFound);
    await assertMayAssignTo(tx, actor.user, row.shipment_id);
    if (row.final) throw conflict(GENERATED_MESSAGES.alreadyFinal);
    await tx
      .update(generated_documents)
      .set({ final: true, finalized_at: new Date(), finalized_by: actor.user.id })
      .where(eq(generated_documents.id, id));
    await tx.update(document_assignments).set({ draft: false }).where(eq(document_assignments.document_name, row.document_name));
    await recordAudit(tx, { action: 'document.finalized', actor: actor.user, target: row.document_name, details: { original_name: row.original_name }, ip: actor.ip });
    await noticeDocumentAdded(tx, row.original_name, row.shipment_id, `document-final:${id}`, deps);
    return row.shipment_id;
  });
  return oneVersion(db, id, await staffDetail(db, shipmentId, tracking));
}
