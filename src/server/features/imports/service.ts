/**
 * Bulk import (issue 18, decision record 0245): upload (kept, audited, then checked in the background: the dry run),
 * the import's state for the progress bar and the preview, and the all-or-nothing commit (in the background too).
 * The check and the commit are jobs on the queue (issue 44, decision 0285), sent in the transaction that records the
 * upload or claims the commit and run by a worker instance; their progress and results are in the database, so any
 * instance answers, and a run lost with its process shows as failed (nothing of it was written).
 */
import { msg } from '@domain/common/i18n';
import crypto from 'node:crypto';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '@server/db/client';
import { imports, users } from '@server/db/schema';
import {
  EMPTY_COUNTS, IMPORT_MAX_BYTES, IMPORT_TEMPLATES, IMPORT_MESSAGES, IMPORT_STALE_MS, formatOfName, isRunning,
  type Import, type ImportKind, type ImportList, type ImportMode,
} from '@domain/imports/schema';
import { cleanOriginalName } from '@domain/documents/rules';
import { isRecordId } from '@domain/common/ids';
import { csvLine } from '@domain/common/csv';
import writeExcelFile from 'write-excel-file/node';
import type { Actor, SessionUser } from '@server/http/context';
import { AppError, conflict, forbidden, invalid, isUniqueViolation, notFound } from '@server/http/errors';
import { assertCan, can } from '@server/policy';
import type { Logger } from '@server/logger';
import { recordAudit } from '@server/audit/audit-log';
import type { JobQueue } from '@server/jobs/queue';
import { runCheck } from './stage';
import {
  FIRST_STEP, RATE_CARD_CHUNK, SHIPMENT_CHUNK, assertUnchanged, commitCompanies, finishRateCards, rateCardsStep, shipmentStep, undoShipmentsStep,
  type Cursor, type StepContext,
} from './commit';
import { lockRateCards, removeImportedCards } from '@server/features/rates/index';

const { file: _file, ...listed } = getTableColumns(imports);
type Row = Omit<typeof imports.$inferSelect, 'file'> & { created_by_name: string | null };

/** The import runs this process works (tests wait for them). */
const running = new Set<Promise<void>>();
function tracked(job: Promise<void>): Promise<void> {
  const p = job.finally(() => running.delete(p));
  running.add(p);
  return p;
}
export const importJobsSettled = () => Promise.all([...running]);

/** What an import job carries: the import and who asked (their session's id left out). */
type ImportJob = { importId: string; actor: Actor };
const jobOf = (importId: string, actor: Actor): ImportJob => ({ importId, actor: { ip: actor.ip, user: { ...actor.user, session_id: '' } } });

function toImport(r: Row, now = Date.now()): Import {
  const stale = isRunning(r.status) && now - r.updated_at.getTime() > IMPORT_STALE_MS;
  return {
    id: r.id,
    kind: r.kind,
    mode: r.mode,
    file_name: r.file_name,
    file_size: r.file_size,
    status: stale ? 'failed' : r.status,
    processed_rows: r.processed_rows,
    total_rows: r.total_rows,
    counts: { ...EMPTY_COUNTS, ...r.counts },
    problems: r.problems,
    ignored_columns: r.ignored_columns,
    error: stale ? IMPORT_MESSAGES.interrupted : r.error,
    created_at: r.created_at.toISOString(),
    created_by_name: r.created_by_name,
    committed_at: r.committed_at ? r.committed_at.toISOString() : null,
  };
}

const select = (db: Db) => db.select({ ...listed, created_by_name: users.name }).from(imports).leftJoin(users, eq(users.id, imports.created_by));

export async function getImport(db: Db, id: string): Promise<Import> {
  if (!isRecordId(id)) throw notFound(IMPORT_MESSAGES.notFound);
  const [row] = await select(db).where(eq(imports.id, id));
  if (!row) throw notFound(IMPORT_MESSAGES.notFound);
  return toImport(row);
}

/** The latest imports, newest first (the page's history; 50 at most). */
export async function listImports(db: Db): Promise<ImportList> {
  const rows = await select(db).orderBy(desc(imports.created_at)).limit(50);
  return {
    rows: rows.map((r) => {
      const { problems: _problems, ...rest } = toImport(r);
      return rest;
    }),
  };
}

/** Updating existing shipments is an edit: administrators only (shipments:edit), as the edit form. */
function assertMayImport(user: SessionUser, kind: ImportKind, mode: ImportMode) {
  assertCan(user, kind === 'shipments' ? 'shipments:create' : kind === 'companies' ? 'companies:write' : 'rates:write');
  if (kind === 'shipments' && mode === 'update' && !can(user.role, 'shipments:edit')) throw forbidden(IMPORT_MESSAGES.updateNeedsAdmin);
}

export type Upload = { kind: ImportKind; mode: ImportMode; encodedName: string | undefined; file: Buffer };

/** The original file name from the X-File-Name header (URL-encoded), checked to be .csv or .xlsx. */
function fileNameOf(encoded: string | undefined): string {
  let name = '';
  try {
    name = cleanOriginalName(decodeURIComponent(encoded ?? ''));
  } catch {
    name = '';
  }
  if (!name || !formatOfName(name)) throw new AppError('unsupported_type', IMPORT_MESSAGES.fileType);
  return name;
}

/** Keeps the file, audits it, and starts its check; answers the import (status validating) at once. */
export async function startImport(db: Db, jobs: JobQueue, actor: Actor, u: Upload): Promise<Import> {
  assertMayImport(actor.user, u.kind, u.mode);
  const fileName = fileNameOf(u.encodedName);
  if (u.file.length === 0) throw invalid(IMPORT_MESSAGES.empty, { file: IMPORT_MESSAGES.empty });
  if (u.file.length > IMPORT_MAX_BYTES) throw new AppError('too_large', IMPORT_MESSAGES.tooLarge);
  const sha256 = crypto.createHash('sha256').update(u.file).digest('hex');
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(imports)
      .values({ kind: u.kind, mode: u.mode, file_name: fileName, file_size: u.file.length, file_sha256: sha256, file: u.file, status: 'validating', created_by: actor.user.id })
      .returning({ id: imports.id });
    await recordAudit(tx, {
      action: 'import.uploaded',
      actor: actor.user,
      target: fileName,
      details: { import_id: row!.id, kind: u.kind, mode: u.mode, bytes: u.file.length, sha256 },
      ip: actor.ip,
    });
    await jobs.sendIn(tx, 'import-check', jobOf(row!.id, actor));
    return row!.id;
  });
  jobs.wake('import-check');
  return getImport(db, id);
}

/** The check, as a worker runs it: the file as it was kept. */
export async function checkImportJob(db: Db, log: Logger, data: unknown): Promise<void> {
  const { importId, actor } = data as ImportJob;
  const [row] = await db.select({ kind: imports.kind, mode: imports.mode, file_name: imports.file_name, file: imports.file }).from(imports).where(eq(imports.id, importId));
  if (!row) return;
  await tracked(runCheck(db, log, actor.user, importId, row.kind, row.mode, row.file_name, Buffer.from(row.file)));
}

/** Starts the commit of a checked import (status ready → committing); 409 for any other state. */
export async function commitImport(db: Db, jobs: JobQueue, actor: Actor, id: string): Promise<Import> {
  const current = await getImport(db, id);
  assertMayImport(actor.user, current.kind, current.mode);
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(imports)
      .set({ status: 'committing', updated_at: sql`now()` })
      .where(and(eq(imports.id, id), eq(imports.status, 'ready')))
      .returning({ id: imports.id });
    if (!claimed) throw conflict(IMPORT_MESSAGES.notReady);
    await jobs.sendIn(tx, 'import-commit', jobOf(id, actor));
  });
  jobs.wake('import-commit');
  return getImport(db, id);
}

/** The commit, as a worker runs it. */
export async function commitImportJob(database: Database, log: Logger, data: unknown): Promise<void> {
  const { importId, actor } = data as ImportJob;
  await tracked(runCommit(database, log, actor, await getImport(database.db, importId)));
}

/** The next turn of the event loop: the requests that arrived meanwhile run before the commit's next chunk. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/**
 * Shipments a chunk on the embedded database, each chunk its own transaction. After a chunk, when someone else's
 * query waits for the database (or arrives in the next turn of the event loop), the commit pauses for as long as the
 * chunk took: a request waits for at most one chunk, and while others use the portal the import has at most half of
 * the database's time (decision 0252). When no one else waits, the next chunk follows at once (decision 0267).
 */
export const EMBEDDED_CHUNK = 10;
async function yieldAfter(database: Database, startedAt: number) {
  const othersWaiting = () => (database.busy?.() ?? 1) > 0;
  if (!othersWaiting()) await nextTurn();
  if (othersWaiting()) await new Promise<void>((resolve) => setTimeout(resolve, Math.max(1, performance.now() - startedAt)));
}

/** The import marked committed and audited, in the transaction that ends the commit. */
async function finish(tx: Tx, actor: Actor, i: Import) {
  await tx.update(imports).set({ status: 'committed', committed_at: sql`now()`, updated_at: sql`now()` }).where(eq(imports.id, i.id));
  await recordAudit(tx, {
    action: 'import.committed',
    actor: actor.user,
    target: i.file_name,
    details: { import_id: i.id, kind: i.kind, mode: i.mode, created: i.counts.create, updated: i.counts.update, skipped: i.counts.skip },
    ip: actor.ip,
  });
}

/**
 * What a failed commit on the embedded database wrote, undone a step a transaction (each answers how many records it
 * undid; none left ends it) with the same pauses as the commit. A failure of the undo itself is logged, not thrown:
 * the commit's own error is the one the import shows.
 */
async function undoInSteps(database: Database, log: Logger, importId: string, step: (tx: Tx) => Promise<number>) {
  try {
    for (let undone = 1; undone > 0; ) {
      const started = performance.now();
      undone = await database.db.transaction(step);
      await yieldAfter(database, started);
    }
  } catch (err) {
    log.error({ err, importId }, 'import commit not undone');
  }
}

/**
 * Shipments on the embedded database: a short transaction a chunk, a pause between; when one fails, what the earlier
 * ones wrote is undone the same way, and the error is thrown on.
 */
async function commitInSteps(database: Database, log: Logger, actor: Actor, i: Import) {
  const { db } = database;
  const ctx: StepContext = { importId: i.id, user: actor.user, size: EMBEDDED_CHUNK, undoable: true };
  await db.transaction((tx) => assertUnchanged(tx, i.id));
  try {
    for (let at: Cursor | null = FIRST_STEP; at; ) {
      const started = performance.now();
      const from: Cursor = at;
      at = await db.transaction((tx) => shipmentStep(tx, ctx, from));
      await yieldAfter(database, started);
    }
    await db.transaction((tx) => finish(tx, actor, i));
  } catch (e) {
    await undoInSteps(database, log, i.id, (tx) => undoShipmentsStep(tx, i.id, EMBEDDED_CHUNK));
    throw e;
  }
}

/**
 * A rate sheet on the embedded database: a chunk of new cards a transaction, a pause between; the updates, the
 * overlap check and the end in one last transaction; what a failure leaves is removed by the import's id.
 */
const EMBEDDED_RATE_CHUNK = 250;
async function commitRateCardsInSteps(database: Database, log: Logger, actor: Actor, i: Import) {
  const { db } = database;
  try {
    for (let after: number | null = 0; after !== null; ) {
      const started = performance.now();
      const from: number = after;
      after = await db.transaction(async (tx) => (await lockRateCards(tx), rateCardsStep(tx, i.id, actor.user.id, from, EMBEDDED_RATE_CHUNK)));
      await yieldAfter(database, started);
    }
    await db.transaction(async (tx) => {
      await lockRateCards(tx);
      await finishRateCards(tx, i.id);
      await finish(tx, actor, i);
    });
  } catch (e) {
    await undoInSteps(database, log, i.id, (tx) => removeImportedCards(tx, i.id, EMBEDDED_RATE_CHUNK));
    throw e;
  }
}

async function runCommit(database: Database, log: Logger, actor: Actor, i: Import): Promise<void> {
  const { db } = database;
  try {
    if (i.kind === 'shipments' && database.kind === 'pglite') await commitInSteps(database, log, actor, i);
    else if (i.kind === 'rate_cards' && database.kind === 'pglite') await commitRateCardsInSteps(database, log, actor, i);
    else {
      // PostgreSQL: one transaction, the event loop turning between chunks (other requests have other connections).
      await db.transaction(async (tx) => {
        if (i.kind === 'shipments') {
          await assertUnchanged(tx, i.id);
          const ctx: StepContext = { importId: i.id, user: actor.user, size: SHIPMENT_CHUNK, undoable: false };
          for (let at: Cursor | null = FIRST_STEP; at; await nextTurn()) at = await shipmentStep(tx, ctx, at);
        } else if (i.kind === 'rate_cards') {
          await lockRateCards(tx);
          for (let after: number | null = 0; after !== null; await nextTurn()) after = await rateCardsStep(tx, i.id, actor.user.id, after, RATE_CARD_CHUNK);
          await finishRateCards(tx, i.id);
        } else await commitCompanies(tx, i.id);
        await finish(tx, actor, i);
      });
    }
  } catch (e) {
    const message =
      e instanceof AppError
        ? e.message
        : isUniqueViolation(e)
          ? msg('A record with one of this file’s reference numbers or emails was created since the check; upload the file again. Nothing was imported.')
          : msg('The import failed because of an unexpected error; nothing was imported.');
    if (!(e instanceof AppError) && !isUniqueViolation(e)) log.error({ err: e, importId: i.id }, 'import commit failed');
    await db
      .update(imports)
      .set({ status: 'failed', error: message, updated_at: sql`now()` })
      .where(eq(imports.id, i.id))
      .catch((err: unknown) => log.error({ err, importId: i.id }, 'import state not saved'));
  }
}

/** A template (IMPORT_TEMPLATES: a kind's, or a rate sheet's of a mode): its header row and one example row, as CSV or XLSX. */
export async function importTemplate(name: string, format: 'csv' | 'xlsx'): Promise<{ body: Buffer; contentType: string; fileName: string }> {
  const template = IMPORT_TEMPLATES.find((t) => t.name === name);
  if (!template) throw notFound(msg('Template not found'));
  const { columns } = template;
  const fileName = `cargodesk-${name}-template.${format}`;
  if (format === 'csv') {
    const text = csvLine(columns.map((c) => c.header)) + csvLine(columns.map((c) => c.example));
    return { body: Buffer.from(`\uFEFF${text}`, 'utf8'), contentType: 'text/csv; charset=utf-8', fileName };
  }
  const header = columns.map((c) => ({ value: c.header, fontWeight: 'bold' as const }));
  const example = columns.map((c) => (c.example === '' ? null : { value: c.example, type: String }));
  const body = await writeExcelFile([header, example], { columns: columns.map((c) => ({ width: Math.max(12, c.header.length + 2) })), stickyRowsCount: 1 }).toBuffer();
  return { body, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName };
}
