/**
 * The types of the part of pdfkit's API the generated papers use, in the global `PDFKit` namespace (the name
 * @types/pdfkit uses, so callers write `PDFKit.PDFDocument`). pdfkit.d.ts declares the module itself; see there why.
 */
import type { Readable } from 'node:stream';

declare global {
  namespace PDFKit {
    type Color = string | [number, number, number];

    /** A standard font's name, a font file's path, or the file's bytes. */
    type FontSource = string | Uint8Array;

    interface TextOptions {
      width?: number;
      height?: number;
      align?: 'left' | 'center' | 'right' | 'justify';
      lineBreak?: boolean;
      ellipsis?: boolean | string;
      lineGap?: number;
      characterSpacing?: number;
      continued?: boolean;
    }

    interface ImageOptions {
      width?: number;
      height?: number;
      fit?: [number, number];
      align?: 'center' | 'right';
      valign?: 'center' | 'bottom';
    }

    interface DocumentInfo {
      Title?: string;
      Author?: string;
      Subject?: string;
      Keywords?: string;
      Creator?: string;
      Producer?: string;
      CreationDate?: Date;
      ModDate?: Date;
    }

    interface Margins {
      top: number;
      bottom: number;
      left: number;
      right: number;
    }

    interface PDFDocumentOptions {
      size?: string | [number, number];
      layout?: 'portrait' | 'landscape';
      margins?: Margins;
      margin?: number;
      bufferPages?: boolean;
      autoFirstPage?: boolean;
      /** The starting font. */
      font?: FontSource;
      info?: DocumentInfo;
      lang?: string;
      displayTitle?: boolean;
      compress?: boolean;
    }

    interface PDFPage {
      width: number;
      height: number;
      margins: Margins;
    }

    interface PDFDocument extends Readable {
      page: PDFPage;
      x: number;
      y: number;
      info: DocumentInfo;

      addPage(options?: PDFDocumentOptions): this;
      bufferedPageRange(): { start: number; count: number };
      switchToPage(n: number): PDFPage;
      flushPages(): void;
      end(): void;

      registerFont(name: string, src: FontSource, family?: string): this;
      font(src: FontSource, size?: number): this;
      fontSize(size: number): this;
      currentLineHeight(includeGap?: boolean): number;
      text(text: string, x?: number, y?: number, options?: TextOptions): this;
      widthOfString(text: string, options?: TextOptions): number;
      heightOfString(text: string, options?: TextOptions): number;

      fillColor(color: Color, opacity?: number): this;
      strokeColor(color: Color, opacity?: number): this;
      lineWidth(width: number): this;
      dash(length: number, options?: { space?: number; phase?: number }): this;
      undash(): this;
      rect(x: number, y: number, w: number, h: number): this;
      moveTo(x: number, y: number): this;
      lineTo(x: number, y: number): this;
      stroke(color?: Color): this;
      fill(color?: Color): this;
      fillAndStroke(fill?: Color, stroke?: Color): this;
      save(): this;
      restore(): this;
      rotate(angle: number, options?: { origin?: [number, number] }): this;

      image(src: string | Uint8Array, x?: number, y?: number, options?: ImageOptions): this;
    }
  }
}
