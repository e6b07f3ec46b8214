/** A spreadsheet's rows, from CSV (RFC 4180; comma, semicolon or tab separated; UTF-8 with or without BOM) or XLSX. */
import { parse } from 'csv-parse';
import { Readable } from 'node:stream';
import { readSheet } from 'read-excel-file/node';
import type { ImportFormat } from '../../../domain/imports';

export type Cell = string | number | boolean | Date | null;

/** The separator of a CSV: the one of comma, semicolon and tab found most in its first line (a spreadsheet set to a comma decimal writes semicolons). */
export function delimiterOf(file: Buffer): string {
  const end = file.indexOf(0x0a);
  const first = file.subarray(0, end === -1 ? Math.min(file.length, 65536) : end).toString('utf8');
  const count = (c: string) => first.split(c).length - 1;
  return [',', ';', '\t'].reduce((best, c) => (count(c) > count(best) ? c : best), ',');
}

/**
 * Every row of the file's first sheet, the header row first, each with the cells it has (a short or long row stays
 * so: the check names it); throws when the file is not a readable spreadsheet. A CSV's lines may end in CRLF, LF or
 * CR, mixed in one file (a header saved on Windows, rows appended on a Mac).
 */
export async function readRows(file: Buffer, format: ImportFormat): Promise<Cell[][]> {
  if (format === 'xlsx') return (await readSheet(file)) as Cell[][];
  const rows: Cell[][] = [];
  const parser = Readable.from([file]).pipe(parse({ bom: true, delimiter: delimiterOf(file), record_delimiter: ['\r\n', '\n', '\r'], relax_column_count: true, skip_empty_lines: true }));
  for await (const row of parser) rows.push(row as string[]);
  return rows;
}
