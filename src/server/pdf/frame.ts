/**
 * The frame every generated paper shares: an A4 pdfkit document in DejaVu Sans, the forwarder's letterhead with the
 * paper's title, number and barcode on the first page, a short running header on the next ones, and a footer with
 * "Page X of Y" on every page. Layouts draw through a Sheet, which keeps the vertical position and starts a new page
 * when the next block does not fit, so nothing is cut off at the bottom and pdfkit never breaks a page on its own.
 */
import PDFDocument from 'pdfkit';
import type { Translator } from '@server/i18n';
import { printedIban } from '@domain/money/iban';
import type { PrintLetterhead } from './types';
import { drawBarcode } from './barcode';
import { fontName, registerFonts, startingFont } from './fonts';
import { formatDate, join, stamp } from './format';

import { CONTENT_BOTTOM, CONTINUED_TOP, FOOTER_RULE, INK, MARGIN, MUTED, PAGE_H, PAGE_W, RULE, type Align, type TextStyle } from './style';
import { drawTable, type TableSpec } from './table';

/** What the frame prints around a layout. */
export type FrameInput = {
  /** The paper's name: 'House Bill of Lading'. */
  title: string;
  /** 'HBL v2': the version's short name, in the footer. */
  versionLabel: string;
  reference: string;
  /** A paper without versions (the quote from a request) prints none. */
  version?: number;
  generatedAt: Date;
  /** The footer's word before the time: 'generated' (default), 'issued' for a quote as it was sent, 'draft printed'. */
  stampLabel?: 'generated' | 'issued' | 'draft printed';
  /** A paper not yet issued (a quote's draft): "DRAFT" across every page. */
  draft?: boolean;
  /** The number the barcode carries: the reference, or the HAWB number on an air waybill. */
  barcode: string;
  letterhead: PrintLetterhead;
  /** The language the paper is written in (issue 42). */
  tr: Translator;
};

/** A labelled box: a small grey caption above its value, inside a thin border. */
export type Cell = {
  label: string;
  value?: string;
  /** Share of the row's width (default 1). */
  w?: number;
  bold?: boolean;
  size?: number;
  align?: Align;
  /** Room to write or sign in, when the value is empty or short. */
  minHeight?: number;
  /** A line to sign on at the bottom of the box, with what goes on it ('Signature and stamp'). */
  sign?: string;
};

export type { Column, Row } from './table';

const BOX = { padX: 4, captionTop: 2.5, captionMax: 18, padBottom: 4, valueSize: 9, minHeight: 26, maxValue: 170, signRoom: 22 };
const CAPTION: TextStyle = { style: 'regular', size: 7, color: MUTED };

export class Sheet {
  readonly doc: PDFKit.PDFDocument;
  readonly left = MARGIN;
  readonly right = PAGE_W - MARGIN;
  readonly width = PAGE_W - 2 * MARGIN;
  readonly bottom = CONTENT_BOTTOM;
  /** Where the next block starts. */
  y = MARGIN;
  /** The paper's language: its messages and its formats. */
  readonly tr: Translator;
  private readonly frame: FrameInput;

  constructor(frame: FrameInput) {
    this.frame = frame;
    this.tr = frame.tr;
    this.doc = new PDFDocument({
      size: 'A4',
      // The bottom margin is small because the footer is written inside it; layouts stop at CONTENT_BOTTOM.
      margins: { top: MARGIN, bottom: 10, left: MARGIN, right: MARGIN },
      // Kept in memory until the end so the footers can say "of Y".
      bufferPages: true,
      font: startingFont(),
      lang: frame.tr.locale,
      displayTitle: true,
      info: {
        Title: join(' ', frame.title, frame.reference, frame.version === undefined ? null : `v${frame.version}`),
        Author: frame.letterhead.name,
        Subject: frame.title,
        Creator: 'Cargodesk',
        // The generation time, so the same version renders the same bytes.
        CreationDate: frame.generatedAt,
      },
    });
    registerFonts(this.doc);
    this.drawLetterhead();
  }

  // ---- text ---------------------------------------------------------------------------------------

  use(o: TextStyle = {}): this {
    this.doc
      .font(fontName(o.style ?? 'regular'))
      .fontSize(o.size ?? 9)
      .fillColor(o.color ?? INK);
    return this;
  }

  /** The height `value` takes wrapped to `width`, in the given style. */
  measure(value: string, width: number, o: TextStyle = {}): number {
    if (!value) return 0;
    this.use(o);
    return this.doc.heightOfString(value, { width, lineGap: 0 });
  }

  /**
   * Writes `value` wrapped to `width` at (x, y); at most `maxHeight` high (cut with an ellipsis), which also keeps
   * pdfkit from starting a page by itself. Answers the height written.
   */
  write(value: string, x: number, y: number, width: number, o: TextStyle & { align?: Align; maxHeight?: number } = {}): number {
    if (!value) return 0;
    const height = Math.min(this.measure(value, width, o), o.maxHeight ?? Infinity);
    // A hair of extra room: pdfkit compares rounded positions, and an exact fit could drop the last line.
    this.doc.text(value, x, y, { width, height: height + 0.5, align: o.align ?? 'left', ellipsis: true, lineGap: 0 });
    return height;
  }

  // ---- pages --------------------------------------------------------------------------------------

  /** Starts a new page when `height` more does not fit below the current position. */
  ensure(height: number): void {
    if (this.y + height > this.bottom) this.newPage();
  }

  newPage(): void {
    this.doc.addPage();
    this.drawRunningHeader();
  }

  gap(points: number): void {
    this.y += points;
  }

  /** A section's title: bold, with the next block kept on the same page. */
  heading(title: string, keepWith = 40): void {
    this.ensure(16 + keepWith);
    this.write(title, this.left, this.y, this.width, { style: 'bold', size: 10 });
    this.y += 15;
  }

  paragraph(value: string, o: TextStyle & { align?: Align } = {}): void {
    if (!value) return;
    const h = this.measure(value, this.width, o);
    this.ensure(h);
    this.write(value, this.left, this.y, this.width, o);
    this.y += h + 4;
  }

  // ---- boxes --------------------------------------------------------------------------------------

  /** Where a box's value starts: below its caption, which may wrap to a second line in a narrow box. */
  private valueTop(cell: Cell, width: number): number {
    const caption = Math.min(BOX.captionMax, this.measure(cell.label, width - 2 * BOX.padX, CAPTION));
    return BOX.captionTop + caption + 1.5;
  }

  /** The height a box needs for its caption and value at `width`. */
  boxHeight(cell: Cell, width: number): number {
    const value = this.measure(cell.value ?? '', width - 2 * BOX.padX, this.valueStyle(cell));
    const natural = this.valueTop(cell, width) + Math.min(value, BOX.maxValue) + BOX.padBottom + (cell.sign ? BOX.signRoom : 0);
    return Math.max(BOX.minHeight, cell.minHeight ?? 0, natural);
  }

  /** Draws one box at (x, y), `height` high. */
  drawBox(cell: Cell, x: number, y: number, width: number, height: number): void {
    const doc = this.doc;
    doc.lineWidth(0.6).strokeColor(RULE).rect(x, y, width, height).stroke();
    const inner = width - 2 * BOX.padX;
    const top = this.valueTop(cell, width);
    this.write(cell.label, x + BOX.padX, y + BOX.captionTop, inner, { ...CAPTION, maxHeight: BOX.captionMax });
    const signRoom = cell.sign ? BOX.signRoom : 0;
    if (cell.value) {
      this.write(cell.value, x + BOX.padX, y + top, inner, {
        ...this.valueStyle(cell),
        align: cell.align,
        maxHeight: Math.min(BOX.maxValue, height - top - BOX.padBottom - signRoom + 1),
      });
    }
    if (cell.sign) {
      const lineY = y + height - 13;
      doc.lineWidth(0.5).strokeColor(MUTED).dash(1.5, { space: 1.5 }).moveTo(x + BOX.padX, lineY).lineTo(x + width - BOX.padX, lineY).stroke().undash();
      this.write(cell.sign, x + BOX.padX, lineY + 2, inner, { ...CAPTION, maxHeight: 9 });
    }
  }

  private valueStyle(cell: Cell): TextStyle {
    return { style: cell.bold ? 'bold' : 'regular', size: cell.size ?? BOX.valueSize };
  }

  /** The x and width of each cell of a row spanning [x, x + width], by their shares. */
  private split(cells: readonly Cell[], x: number, width: number): { x: number; w: number }[] {
    const total = cells.reduce((sum, c) => sum + (c.w ?? 1), 0);
    let at = x;
    return cells.map((c) => {
      const w = (width * (c.w ?? 1)) / total;
      const slot = { x: at, w };
      at += w;
      return slot;
    });
  }

  /** The height of a row of boxes: its tallest box. */
  rowHeight(cells: readonly Cell[], x = this.left, width = this.width): number {
    const slots = this.split(cells, x, width);
    return Math.max(...cells.map((c, i) => this.boxHeight(c, slots[i]!.w)));
  }

  private drawRow(cells: readonly Cell[], x: number, y: number, width: number, height: number): void {
    const slots = this.split(cells, x, width);
    cells.forEach((c, i) => this.drawBox(c, slots[i]!.x, y, slots[i]!.w, height));
  }

  /** A full-width row of boxes sharing one height, at the current position. */
  boxes(...cells: Cell[]): void {
    this.boxesIn(this.left, this.width, ...cells);
  }

  /** A row of boxes spanning [x, x + width] only (a total under a table's amount column). */
  boxesIn(x: number, width: number, ...cells: Cell[]): void {
    const h = this.rowHeight(cells, x, width);
    this.ensure(h);
    this.drawRow(cells, x, this.y, width, h);
    this.y += h;
  }

  /**
   * Two columns of box rows side by side (a bill of lading's parties on the left, its numbers on the right). The
   * shorter column's last row is stretched so both end on one line.
   */
  columns(leftRows: Cell[][], rightRows: Cell[][], leftShare = 0.5): void {
    const lw = this.width * leftShare;
    const sides = [
      { x: this.left, w: lw, rows: leftRows },
      { x: this.left + lw, w: this.width - lw, rows: rightRows },
    ].map((side) => ({ ...side, heights: side.rows.map((r) => this.rowHeight(r, side.x, side.w)) }));
    const total = Math.max(...sides.map((s) => s.heights.reduce((a, b) => a + b, 0)));
    this.ensure(total);
    for (const side of sides) {
      let y = this.y;
      side.rows.forEach((row, i) => {
        const last = i === side.rows.length - 1;
        const h = last ? this.y + total - y : side.heights[i]!;
        this.drawRow(row, side.x, y, side.w, h);
        y += h;
      });
    }
    this.y += total;
  }

  // ---- tables -------------------------------------------------------------------------------------

  /** A table that continues on the next page with its title and header repeated (table.ts). */
  table(spec: TableSpec): void {
    drawTable(this, spec);
  }

  // ---- the frame ----------------------------------------------------------------------------------

  private drawLetterhead(): void {
    const { letterhead: lh, title, reference, version, generatedAt, barcode } = this.frame;
    const top = 30;
    const leftWidth = this.width * 0.56;
    let textX = this.left;
    let logoBottom = top;
    if (lh.logo) {
      try {
        this.doc.image(lh.logo, this.left, top, { fit: [96, 48], valign: 'center' });
        textX = this.left + 106;
        logoBottom = top + 48;
      } catch {
        // A logo pdfkit cannot read (not a PNG or JPEG after all) is left out rather than failing the paper.
      }
    }
    const textW = this.left + leftWidth - textX;
    let y = top;
    y += this.write(lh.name, textX, y, textW, { style: 'bold', size: 12, maxHeight: 30 }) + 2;
    y += this.write(lh.address, textX, y, textW, { size: 8, maxHeight: 30 }) + 1;
    // Phone and email share a line when they fit on one, else each gets its own (no separator left dangling).
    const tr = this.tr;
    const phone = lh.phone && tr.t('Tel {phone}', { phone: lh.phone });
    const oneLine = join('  ·  ', phone, lh.email);
    const contact = this.use({ size: 8 }).doc.widthOfString(oneLine) <= textW ? oneLine : join('\n', phone, lh.email);
    y += this.write(contact, textX, y, textW, { size: 8, maxHeight: 20 });
    // Tax ID (or the billing settings' VAT number), the registry number, and the bank the papers are paid to.
    const taxId = lh.tax_id || lh.vat_number;
    const ids = join('  ·  ', taxId && tr.t('Tax ID {taxId}', { taxId }), lh.registration_number && tr.t('Reg. No. {number}', { number: lh.registration_number }));
    y += this.write(ids, textX, y, textW, { size: 8, maxHeight: 20 });
    if (lh.bank) {
      // The bank's name and its account on one line when they fit; else the account (IBAN and BIC) on a line of its own.
      const account = join('  ·  ', `IBAN ${printedIban(lh.bank.iban)}`, lh.bank.bic && `BIC ${lh.bank.bic}`);
      const bankLine = join('  ·  ', lh.bank.name, account);
      const bank = this.use({ size: 8 }).doc.widthOfString(bankLine) <= textW ? bankLine : join('\n', lh.bank.name, account);
      y += this.write(bank, textX, y, textW, { size: 8, maxHeight: 20 });
    }

    const rx = this.left + leftWidth + 12;
    const rw = this.right - rx;
    let ry = top;
    ry += this.write(title, rx, ry, rw, { style: 'bold', size: 14, align: 'right', maxHeight: 36 }) + 3;
    const versionText = version === undefined ? null : tr.t('Version {version}', { version });
    ry += this.write(join('  ·  ', tr.t('Ref. {reference}', { reference }), versionText, formatDate(tr, generatedAt)), rx, ry, rw, { size: 8, align: 'right', maxHeight: 20 }) + 4;
    const barHeight = drawBarcode(this.doc, barcode, this.right, ry, rw, 26);
    if (barHeight) {
      ry += barHeight + 1.5;
      ry += this.write(barcode, rx, ry, rw, { size: 7, align: 'right', maxHeight: 10 });
    }
    const bottom = Math.max(y, ry, logoBottom) + 6;
    this.doc.lineWidth(1).strokeColor(INK).moveTo(this.left, bottom).lineTo(this.right, bottom).stroke();
    this.y = bottom + 10;
  }

  private drawRunningHeader(): void {
    const { letterhead, title, reference, version } = this.frame;
    const top = 26;
    this.write(letterhead.name, this.left, top, this.width * 0.36, { style: 'bold', size: 8, maxHeight: 10 });
    const versionText = version === undefined ? null : this.tr.t('Version {version}', { version });
    this.write(this.tr.t('{title} (continued)', { title: join(' · ', title, reference, versionText) }), this.left + this.width * 0.37, top, this.width * 0.63, {
      size: 8,
      align: 'right',
      maxHeight: 10,
    });
    this.doc.lineWidth(0.6).strokeColor(RULE).moveTo(this.left, top + 13).lineTo(this.right, top + 13).stroke();
    this.y = CONTINUED_TOP;
  }

  /** "DRAFT" in large pale letters across the page, drawn see-through so the text under it stays readable. */
  private drawDraftMark(): void {
    const doc = this.doc;
    const cx = PAGE_W / 2;
    const cy = PAGE_H / 2;
    doc.save();
    doc.rotate(-35, { origin: [cx, cy] });
    doc.font(fontName('bold')).fontSize(120).fillColor('#b00020', 0.1);
    const mark = this.tr.t('DRAFT');
    const w = doc.widthOfString(mark);
    // lineBreak false: one line at a fixed place, so pdfkit never wraps it or starts a page for it.
    doc.text(mark, cx - w / 2, cy - 60, { lineBreak: false });
    doc.restore();
  }

  /** Writes the footer on every page and ends the document: from here on it only streams its bytes. */
  finish(): PDFKit.PDFDocument {
    const { versionLabel, reference, generatedAt, stampLabel = 'generated', draft } = this.frame;
    const tr = this.tr;
    const range = this.doc.bufferedPageRange();
    const line = tr.t('{paper} · {reference} · {stamp, select, issued {issued} draft {draft printed} other {generated}} {time}', {
      paper: versionLabel,
      reference,
      stamp: stampLabel === 'draft printed' ? 'draft' : stampLabel,
      time: stamp(generatedAt),
    });
    for (let i = 0; i < range.count; i++) {
      this.doc.switchToPage(range.start + i);
      if (draft) this.drawDraftMark();
      this.doc.lineWidth(0.6).strokeColor(RULE).moveTo(this.left, FOOTER_RULE).lineTo(this.right, FOOTER_RULE).stroke();
      const y = FOOTER_RULE + 6;
      this.write(line, this.left, y, this.width * 0.7, { size: 7, color: MUTED, maxHeight: 9 });
      this.write(tr.t('Page {page} of {pages}', { page: i + 1, pages: range.count }), this.left + this.width * 0.7, y, this.width * 0.3, { size: 7, color: MUTED, align: 'right', maxHeight: 9 });
    }
    this.doc.end();
    return this.doc;
  }
}
