/**
 * Reading an import's file (issue 37, decision 0252): limits applied while reading (an XLSX's unpacked size, rows
 * and cells are counted before its sheet is parsed; the sizes a zip declares are not trusted), in a worker thread,
 * so the event loop keeps turning; a CSV's mixed line endings.
 */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES, IMPORT_XLSX_MAX_CELLS, IMPORT_XLSX_MAX_UNPACKED_BYTES } from '@domain/imports/schema';
import { ImportFileError, checkXlsxLimits, readRows, readRowsInWorker } from './read-file';
import { bigShipmentFile } from './test-fixtures';

/** A zip of deflated entries; `declare` overrides the uncompressed size written in its headers (a lying zip). */
function zip(entries: { name: string; data: Buffer; declare?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const packed = zlib.deflateRawSync(e.data);
    const crc = zlib.crc32(e.data);
    const size = e.declare ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A worksheet of `rows` rows of `cols` numeric cells, as a spreadsheet writes it. */
function sheetXml(rows: number, cols: number): Buffer {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'];
  const cells = Array.from({ length: cols }, () => '<c t="n"><v>1</v></c>').join('');
  for (let r = 1; r <= rows; r++) parts.push(`<row r="${r}">${cells}</row>`);
  parts.push('</sheetData></worksheet>');
  return Buffer.from(parts.join(''));
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof ImportFileError ? e.message : `not an ImportFileError: ${String(e)}`;
  }
  return null;
};

/** How many times a 5 ms timer fired while `work` ran: it fires only while the event loop is free. */
async function ticksDuring<T>(work: () => Promise<T>): Promise<{ result: T | Error; ticks: number; ms: number }> {
  let ticks = 0;
  const timer = setInterval(() => (ticks += 1), 5);
  const started = Date.now();
  const result = await work().catch((e: Error) => e);
  clearInterval(timer);
  return { result, ticks, ms: Date.now() - started };
}

describe('an XLSX’s limits, counted before its sheet is parsed', () => {
  it('refuses a sheet past the row limit, and one past the cell limit; takes one at the limits', { timeout: 60_000 }, () => {
    const name = 'xl/worksheets/sheet1.xml';
    expect(refusal(() => checkXlsxLimits(zip([{ name, data: sheetXml(IMPORT_MAX_ROWS + 1, 3) }])))).toBeNull();
    expect(refusal(() => checkXlsxLimits(zip([{ name, data: sheetXml(IMPORT_MAX_ROWS + 2, 3) }])))).toBe(IMPORT_MESSAGES.tooManyRows);
    const cols = Math.ceil(IMPORT_XLSX_MAX_CELLS / 10_000);
    expect(refusal(() => checkXlsxLimits(zip([{ name, data: sheetXml(10_000, cols) }])))).toBeNull();
    expect(refusal(() => checkXlsxLimits(zip([{ name, data: sheetXml(10_000, cols + 1) }])))).toBe(IMPORT_MESSAGES.tooManyCells);
  });

  it('stops inflating at the unpacked limit, whatever size the zip declares', { timeout: 60_000 }, () => {
    const bomb = zip([{ name: 'xl/sharedStrings.xml', data: Buffer.alloc(IMPORT_XLSX_MAX_UNPACKED_BYTES + 1, 0x20), declare: 1000 }]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(refusal(() => checkXlsxLimits(bomb))).toBe(IMPORT_MESSAGES.tooLargeUnpacked);
    const split = zip([
      { name: 'xl/a.xml', data: Buffer.alloc(IMPORT_XLSX_MAX_UNPACKED_BYTES / 2, 0x20) },
      { name: 'xl/b.xml', data: Buffer.alloc(IMPORT_XLSX_MAX_UNPACKED_BYTES / 2 + 1, 0x20) },
    ]);
    expect(refusal(() => checkXlsxLimits(split))).toBe(IMPORT_MESSAGES.tooLargeUnpacked);
    expect(refusal(() => checkXlsxLimits(Buffer.from('PK\u0003\u0004 not really a workbook')))).toBe(IMPORT_MESSAGES.unreadable);
  });
});

describe('the file is read in a worker thread', () => {
  it('refuses a million-row workbook quickly while the event loop keeps turning', { timeout: 60_000 }, async () => {
    const million = zip([{ name: 'xl/worksheets/sheet1.xml', data: sheetXml(1_000_000, 1) }]);
    const { result, ticks, ms } = await ticksDuring(() => readRowsInWorker(million, 'xlsx'));
    expect(result).toBeInstanceOf(ImportFileError);
    expect((result as Error).message).toBe(IMPORT_MESSAGES.tooManyRows);
    // Reading happened off the event loop: the 5 ms timer kept firing (on the calling thread it could not fire at all).
    expect(ticks).toBeGreaterThanOrEqual(Math.min(10, Math.floor(ms / 50)));
  });

  it('reads a workbook’s rows with their dates and numbers, and a CSV of 20,000 rows, while the event loop keeps turning', { timeout: 60_000 }, async () => {
    const xlsx = await writeExcelFile([
      ['Reference Number', 'Packages', 'Departure'],
      ['W-1', 3, { value: new Date('2026-12-24T00:00:00Z'), type: Date, format: 'yyyy-mm-dd' }],
    ]).toBuffer();
    expect(await readRowsInWorker(xlsx, 'xlsx')).toEqual([
      ['Reference Number', 'Packages', 'Departure'],
      ['W-1', 3, new Date('2026-12-24T00:00:00Z')],
    ]);
    const csv = Buffer.from(bigShipmentFile('W', IMPORT_MAX_ROWS));
    const { result, ticks, ms } = await ticksDuring(() => readRowsInWorker(csv, 'csv'));
    expect(Array.isArray(result) ? result.length : result).toBe(IMPORT_MAX_ROWS + 1);
    expect(ticks).toBeGreaterThanOrEqual(Math.min(10, Math.floor(ms / 50)));
    await expect(readRowsInWorker(Buffer.from(bigShipmentFile('W', IMPORT_MAX_ROWS + 1)), 'csv')).rejects.toThrow(IMPORT_MESSAGES.tooManyRows);
  });
});

describe('CSV line endings', () => {
  it('reads CRLF, LF and CR rows in one file as separate rows, short and long rows as they are', async () => {
    const rows = await readRows(Buffer.from('\uFEFFa,b,c\r\n1,2,3\n4,5\r6,7,8,9\r\n"x\ny",z,w\n'), 'csv');
    expect(rows).toEqual([['a', 'b', 'c'], ['1', '2', '3'], ['4', '5'], ['6', '7', '8', '9'], ['x\ny', 'z', 'w']]);
  });
});
