/**
 * A spreadsheet's rows, from CSV (RFC 4180; comma, semicolon or tab separated; UTF-8 with or without BOM) or XLSX,
 * read with limits applied while reading, in a worker thread (issue 37, decision 0252): a file is never parsed on the
 * event loop, an XLSX's unpacked size, rows and cells are counted before its sheet is parsed, and the worker's heap
 * and time are capped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { parse } from 'csv-parse';
import { readSheet } from 'read-excel-file/node';
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES, IMPORT_XLSX_MAX_CELLS, IMPORT_XLSX_MAX_UNPACKED_BYTES, type ImportFormat } from '@domain/imports/schema';

export type Cell = string | number | boolean | Date | null;

/** A file the import refuses whole, with the message the page shows (too large, too many rows, unreadable). */
export class ImportFileError extends Error {}

/** The separator of a CSV: the one of comma, semicolon and tab found most in its first line (a spreadsheet set to a comma decimal writes semicolons). */
export function delimiterOf(file: Buffer): string {
  const end = file.indexOf(0x0a);
  const first = file.subarray(0, end === -1 ? Math.min(file.length, 65536) : end).toString('utf8');
  const count = (c: string) => first.split(c).length - 1;
  return [',', ';', '\t'].reduce((best, c) => (count(c) > count(best) ? c : best), ',');
}

/** The header and at most IMPORT_MAX_ROWS further records: reading stops at the first one past the limit. */
async function readCsv(file: Buffer): Promise<Cell[][]> {
  const rows: Cell[][] = [];
  const parser = Readable.from([file]).pipe(parse({ bom: true, delimiter: delimiterOf(file), record_delimiter: ['\r\n', '\n', '\r'], relax_column_count: true, skip_empty_lines: true }));
  for await (const row of parser) {
    if (rows.length > IMPORT_MAX_ROWS) {
      parser.destroy();
      throw new ImportFileError(IMPORT_MESSAGES.tooManyRows);
    }
    rows.push(row as string[]);
  }
  return rows;
}

const occurrences = (data: Buffer, needle: Buffer) => {
  let n = 0;
  for (let at = data.indexOf(needle); at !== -1; at = data.indexOf(needle, at + needle.length)) n += 1;
  return n;
};
const ROW = Buffer.from('<row');
const CELL = Buffer.from('<c ');
const CELL_BARE = Buffer.from('<c>');

/**
 * The limits of an XLSX (a zip of XML files), checked before its sheet is parsed: every entry is inflated with the
 * room left under IMPORT_XLSX_MAX_UNPACKED_BYTES (the sizes the zip declares are not trusted), and each worksheet's
 * rows and cells are counted. Throws ImportFileError past a limit or for a zip that cannot be read.
 */
export function checkXlsxLimits(file: Buffer): void {
  const unreadable = () => new ImportFileError(IMPORT_MESSAGES.unreadable);
  const eocd = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd === -1 || eocd + 22 > file.length) throw unreadable();
  const entries = file.readUInt16LE(eocd + 10);
  let at = file.readUInt32LE(eocd + 16);
  let unpacked = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== 0x02014b50) throw unreadable();
    const method = file.readUInt16LE(at + 10);
    const compressed = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const local = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    if (local + 30 > file.length || file.readUInt32LE(local) !== 0x04034b50) throw unreadable();
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    if (compressed === 0xffffffff || start + compressed > file.length) throw unreadable();
    const raw = file.subarray(start, start + compressed);
    const room = IMPORT_XLSX_MAX_UNPACKED_BYTES - unpacked;
    let data: Buffer;
    if (method === 0) data = raw;
    else if (method === 8) {
      try {
        data = zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, room) });
      } catch (e) {
        if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ImportFileError(IMPORT_MESSAGES.tooLargeUnpacked);
        throw unreadable();
      }
    } else throw unreadable();
    unpacked += data.length;
    if (unpacked > IMPORT_XLSX_MAX_UNPACKED_BYTES) throw new ImportFileError(IMPORT_MESSAGES.tooLargeUnpacked);
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(name)) {
      // The header row and IMPORT_MAX_ROWS rows; empty rows count (a sheet does not write rows with nothing in them).
      if (occurrences(data, ROW) > IMPORT_MAX_ROWS + 1) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows);
      if (occurrences(data, CELL) + occurrences(data, CELL_BARE) > IMPORT_XLSX_MAX_CELLS) throw new ImportFileError(IMPORT_MESSAGES.tooManyCells);
    }
  }
}

/**
 * Every row of the file's first sheet, the header row first, each with the cells it has (a short or long row stays
 * so: the check names it); throws ImportFileError when the file is refused whole. A CSV's lines may end in CRLF, LF
 * or CR, mixed in one file (a header saved on Windows, rows appended on a Mac). Runs on the calling thread: the
 * server calls readRowsInWorker.
 */
export async function readRows(file: Buffer, format: ImportFormat): Promise<Cell[][]> {
  if (format === 'csv') return readCsv(file);
  checkXlsxLimits(file);
  try {
    return (await readSheet(file)) as Cell[][];
  } catch {
    throw new ImportFileError(IMPORT_MESSAGES.unreadable);
  }
}

/** The worker's heap and time: a file within the limits above needs far less (decision 0252). */
export const READ_WORKER_LIMITS = { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 32, timeoutMs: 120_000 };

/** The worker's module: beside the bundle (dist/server/read-file.worker.mjs), or the source loaded through tsx's API. */
function workerEntry(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const built = path.join(here, 'read-file.worker.mjs');
  return fs.existsSync(built) ? built : path.join(here, 'read-file.worker.dev.mjs');
}

/** The worker's messages: the rows a slice at a time (each handled in its own turn of the event loop), then done; or the refusal. */
export type WorkerMessage = { rows: Cell[][] } | { done: true } | { refused: string };
export const WORKER_SLICE_ROWS = 1000;

/** readRows in a worker thread with a capped heap and a time limit: the event loop stays free for other requests. */
export function readRowsInWorker(file: Buffer, format: ImportFormat): Promise<Cell[][]> {
  const entry = workerEntry();
  const { timeoutMs, ...resourceLimits } = READ_WORKER_LIMITS;
  return new Promise<Cell[][]>((resolve, reject) => {
    const worker = new Worker(entry, { workerData: { file, format }, resourceLimits });
    const rows: Cell[][] = [];
    let answered = false;
    const finish = (fn: () => void) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(() => finish(() => reject(new ImportFileError(IMPORT_MESSAGES.tooLargeUnpacked))), timeoutMs);
    worker.on('message', (m: WorkerMessage) => {
      if ('rows' in m) rows.push(...m.rows);
      else if ('done' in m) finish(() => resolve(rows));
      else finish(() => reject(new ImportFileError(m.refused)));
    });
    worker.once('error', (e: Error & { code?: string }) =>
      finish(() => reject(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ImportFileError(IMPORT_MESSAGES.tooLargeUnpacked) : e)),
    );
    worker.once('exit', (code) => finish(() => reject(new Error(`the file reader stopped (exit code ${code})`))));
  });
}
