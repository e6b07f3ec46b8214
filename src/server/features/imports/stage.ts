/**
 * The check of an uploaded file (the dry run): read, match the header, check the rows in batches with the kind's
 * checker, and keep each checked row as it will be written (import_rows), the problems and the counts on the import.
 * Progress is written after each batch, so any instance answers the progress bar. Nothing outside the import's own
 * rows is written.
 */
import { msg } from '@domain/common/i18n';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { import_rows, imports } from '@server/db/schema';
import {
  EMPTY_COUNTS, IMPORT_MAX_ROWS, IMPORT_MESSAGES, IMPORT_PROBLEMS_SHOWN, formatOfName, isEmptyRow, readHeader, rowCells,
  type ImportCounts, type ImportKind, type ImportMode, type ImportProblem,
} from '@domain/imports/schema';
import type { SessionUser } from '@server/http/context';
import { textProblem } from '@server/http/input';
import type { Logger } from '@server/logger';
import { ImportFileError, readRowsInWorker } from './read-file';
import { shipmentChecker } from './check-shipments';
import { companyChecker } from './check-companies';
import { rateCardChecker } from './check-rate-cards';
import type { Checker, CheckedRow, Header, SourceRow, StagedRow } from './checker';

/** A data row with a different number of cells than the header: its cells cannot be matched to columns, so it is not checked further. */
type MalformedRow = { row: number; malformed: ImportProblem };

export const CHECK_BATCH = 500;
const STAGE_CHUNK = 500;

async function stage(db: Db, importId: string, rows: StagedRow[]) {
  for (let i = 0; i < rows.length; i += STAGE_CHUNK) {
    await db.insert(import_rows).values(rows.slice(i, i + STAGE_CHUNK).map((r) => ({ import_id: importId, row_no: r.row, action: r.action, key: r.key, target_id: r.target_id, base_updated_at: r.base_updated_at, payload: r.payload })));
  }
}

function tally(checker: Checker, counts: ImportCounts, rows: StagedRow[]) {
  if (checker.count) {
    const c = checker.count(rows);
    counts.create += c.create;
    counts.update += c.update;
    counts.skip += c.skip;
  } else for (const r of rows) counts[r.action] += 1;
}

/** The file's header and data rows, or the reason the file cannot be imported at all. */
async function sourceRows(
  kind: ImportKind,
  fileName: string,
  file: Buffer,
): Promise<{ rows: (SourceRow | MalformedRow)[]; ignored: string[]; header: Header } | { error: string }> {
  const format = formatOfName(fileName);
  if (!format) return { error: IMPORT_MESSAGES.fileType };
  let all: unknown[][];
  try {
    all = await readRowsInWorker(file, format);
  } catch (e) {
    return { error: e instanceof ImportFileError ? e.message : IMPORT_MESSAGES.unreadable };
  }
  const [header, ...data] = all;
  if (!header) return { error: IMPORT_MESSAGES.empty };
  const { positions, missing, ignored, labels } = readHeader(kind, header);
  if (missing.length) return { error: IMPORT_MESSAGES.missingColumn(missing[0]!) };
  const rows: (SourceRow | MalformedRow)[] = [];
  for (const [i, raw] of data.entries()) {
    if (isEmptyRow(raw)) continue;
    if (rows.length >= IMPORT_MAX_ROWS) return { error: IMPORT_MESSAGES.tooManyRows };
    const row = i + 2;
    if (raw.length !== header.length) {
      rows.push({ row, malformed: { row, column: null, message: IMPORT_MESSAGES.cellCount(raw.length, header.length) } });
      continue;
    }
    const cells = rowCells(positions, raw);
    const problems: ImportProblem[] = [];
    for (const [field, v] of Object.entries(cells)) {
      const problem = typeof v === 'string' ? textProblem(v) : null;
      if (problem) {
        problems.push({ row, column: labels.get(field) ?? field, message: problem });
        cells[field] = null;
      }
    }
    rows.push({ row, cells, problems });
  }
  if (rows.length === 0) return { error: IMPORT_MESSAGES.noRows };
  return { rows, ignored, header: { positions, labels } };
}

/**
 * Runs the check of an import to its end: status ready (every row passed) or invalid (problems, or an unreadable
 * file; its staged rows are dropped). An unexpected failure marks it failed. Never throws.
 */
export async function runCheck(db: Db, log: Logger, user: SessionUser, importId: string, kind: ImportKind, mode: ImportMode, fileName: string, file: Buffer): Promise<void> {
  try {
    const source = await sourceRows(kind, fileName, file);
    if ('error' in source) {
      await db.update(imports).set({ status: 'invalid', error: source.error, updated_at: sql`now()` }).where(eq(imports.id, importId));
      return;
    }
    const total = source.rows.length;
    await db.update(imports).set({ total_rows: total, ignored_columns: source.ignored, updated_at: sql`now()` }).where(eq(imports.id, importId));
    const checker =
      kind === 'shipments' ? await shipmentChecker(db, user, mode) : kind === 'companies' ? await companyChecker(db, mode) : await rateCardChecker(db, mode, source.header);
    const counts: ImportCounts = { ...EMPTY_COUNTS, rows: total };
    const problems: ImportProblem[] = [];
    for (let i = 0; i < total; i += CHECK_BATCH) {
      const batch = source.rows.slice(i, i + CHECK_BATCH);
      const wellFormed = batch.filter((r): r is SourceRow => !('malformed' in r));
      const malformed = batch.filter((r): r is MalformedRow => 'malformed' in r).map((r): CheckedRow => ({ row: r.row, problems: [r.malformed] }));
      const checked = [...(wellFormed.length ? await checker.check(wellFormed) : []), ...malformed].sort((a, b) => a.row - b.row);
      const staged = checked.flatMap((c) => c.staged ?? []);
      for (const c of checked) {
        if (c.problems.length) counts.rows_with_problems += 1;
        counts.problems += c.problems.length;
        for (const p of c.problems) if (problems.length < IMPORT_PROBLEMS_SHOWN) problems.push(p);
      }
      tally(checker, counts, staged);
      if (counts.problems === 0) await stage(db, importId, staged);
      await db.update(imports).set({ processed_rows: Math.min(total, i + CHECK_BATCH), updated_at: sql`now()` }).where(eq(imports.id, importId));
    }
    if (counts.problems === 0) {
      const last = await checker.finish();
      await stage(db, importId, last);
      tally(checker, counts, last);
    }
    const invalid = counts.problems > 0;
    if (invalid) await db.delete(import_rows).where(eq(import_rows.import_id, importId));
    await db
      .update(imports)
      .set({ status: invalid ? 'invalid' : 'ready', counts, problems: problems.sort((a, b) => a.row - b.row), processed_rows: total, updated_at: sql`now()` })
      .where(eq(imports.id, importId));
  } catch (e) {
    log.error({ err: e, importId }, 'import check failed');
    await db
      .update(imports)
      .set({ status: 'failed', error: msg('The file could not be checked because of an unexpected error; nothing was imported.'), updated_at: sql`now()` })
      .where(eq(imports.id, importId))
      .catch((err: unknown) => log.error({ err, importId }, 'import state not saved'));
  }
}
