/**
 * The papers' tables: columns sharing the width, cells that wrap, a row never split across pages, and the title and
 * header repeated on each page the table continues on (a bill of lading holds up to 50 containers).
 */
import type { Translator } from '@server/i18n';
import { CONTINUED_TOP, HEADER_FILL, RULE, TOTAL_FILL, type Align, type TextStyle } from './style';

export type Column = { header: string; w: number; align?: Align };
export type Row = {
  cells: string[];
  /** A totals row: bold on a light fill. */
  total?: boolean;
  /** A continuation line of the row above (no rule between them): dimension lines under their goods. */
  joined?: boolean;
};
export type TableSpec = { title?: string; columns: Column[]; rows: Row[]; keepTogether?: boolean };

/** What a table needs of the sheet it is drawn on: frame.ts's Sheet, which draws its tables here. */
export type TableSheet = {
  readonly doc: PDFKit.PDFDocument;
  readonly left: number;
  readonly right: number;
  readonly width: number;
  readonly bottom: number;
  /** The paper's language: a continued table's title says so in it. */
  readonly tr: Translator;
  y: number;
  measure(value: string, width: number, o?: TextStyle): number;
  write(value: string, x: number, y: number, width: number, o?: TextStyle & { align?: Align; maxHeight?: number }): number;
  ensure(height: number): void;
  newPage(): void;
};

const CELL = { pad: 3, size: 8, headerSize: 7.5, maxHeight: 240 };

/** Draws the table at the sheet's position, starting new pages as it goes. */
export function drawTable(sheet: TableSheet, spec: TableSpec): void {
  const { columns, rows } = spec;
  const total = columns.reduce((s, c) => s + c.w, 0);
  let at = sheet.left;
  const slots = columns.map((c) => {
    const w = (sheet.width * c.w) / total;
    const slot = { x: at, w, align: c.align ?? 'left' };
    at += w;
    return slot;
  });
  const headerStyle: TextStyle = { style: 'bold', size: CELL.headerSize };
  const headerHeight = Math.max(...columns.map((c, i) => sheet.measure(c.header, slots[i]!.w - 2 * CELL.pad, headerStyle))) + 2 * CELL.pad;
  const styleOf = (r: Row): TextStyle => ({ style: r.total ? 'bold' : 'regular', size: CELL.size });
  // A continuation line sits close under the row it continues.
  const padTop = (r: Row) => (r.joined ? 0.5 : CELL.pad);
  const heightOf = (r: Row) =>
    Math.max(
      CELL.size + padTop(r) + CELL.pad + 2,
      ...r.cells.map((v, i) => Math.min(CELL.maxHeight, sheet.measure(v, slots[i]!.w - 2 * CELL.pad, styleOf(r))) + padTop(r) + CELL.pad),
    );
  const doc = sheet.doc;
  const vertical = (y0: number, y1: number) => {
    doc.lineWidth(0.5).strokeColor(RULE);
    for (const s of slots) doc.moveTo(s.x, y0).lineTo(s.x, y1);
    doc.moveTo(sheet.right, y0).lineTo(sheet.right, y1).stroke();
  };
  const startPart = (continued: boolean) => {
    if (spec.title) {
      sheet.write(continued ? sheet.tr.t('{title} (continued)', { title: spec.title }) : spec.title, sheet.left, sheet.y, sheet.width, { style: 'bold', size: 10 });
      sheet.y += 15;
    }
    doc.rect(sheet.left, sheet.y, sheet.width, headerHeight).fill(HEADER_FILL);
    columns.forEach((c, i) => {
      const s = slots[i]!;
      sheet.write(c.header, s.x + CELL.pad, sheet.y + CELL.pad, s.w - 2 * CELL.pad, { ...headerStyle, align: s.align });
    });
    doc.lineWidth(0.5).strokeColor(RULE).rect(sheet.left, sheet.y, sheet.width, headerHeight).stroke();
    vertical(sheet.y, sheet.y + headerHeight);
    sheet.y += headerHeight;
  };

  const titleHeight = spec.title ? 15 : 0;
  const whole = titleHeight + headerHeight + rows.reduce((sum, r) => sum + heightOf(r), 0);
  // A short table (charges and their totals) moves whole to the next page rather than split; any other keeps its
  // title and header with at least the first row.
  const fresh = sheet.bottom - CONTINUED_TOP;
  sheet.ensure(spec.keepTogether && whole < fresh * 0.6 ? whole : titleHeight + headerHeight + (rows[0] ? heightOf(rows[0]) : 0));
  startPart(false);
  rows.forEach((original, index) => {
    let row = original;
    let h = heightOf(row);
    const broke = sheet.y + h > sheet.bottom;
    if (broke) {
      sheet.newPage();
      startPart(true);
      // A continuation line that starts a page is spaced like a row of its own, clear of the header.
      row = { ...row, joined: false };
      h = heightOf(row);
    }
    if (row.total) doc.rect(sheet.left, sheet.y, sheet.width, h).fill(TOTAL_FILL);
    if (!broke && index > 0 && !row.joined) {
      doc.lineWidth(0.5).strokeColor(RULE).moveTo(sheet.left, sheet.y).lineTo(sheet.right, sheet.y).stroke();
    }
    row.cells.forEach((v, i) => {
      const s = slots[i]!;
      sheet.write(v, s.x + CELL.pad, sheet.y + padTop(row), s.w - 2 * CELL.pad, { ...styleOf(row), align: s.align, maxHeight: CELL.maxHeight });
    });
    vertical(sheet.y, sheet.y + h);
    sheet.y += h;
    // Close the table at the bottom of each page part and at its end.
    const next = rows[index + 1];
    if (!next || sheet.y + heightOf(next) > sheet.bottom) {
      doc.lineWidth(0.5).strokeColor(RULE).moveTo(sheet.left, sheet.y).lineTo(sheet.right, sheet.y).stroke();
    }
  });
  if (!rows.length) {
    doc.lineWidth(0.5).strokeColor(RULE).moveTo(sheet.left, sheet.y).lineTo(sheet.right, sheet.y).stroke();
  }
}
