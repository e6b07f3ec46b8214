/**
 * The pdfkit module. pdfkit 0.20 publishes no type declarations (its `types` folder holds only its own test matchers)
 * and @types/pdfkit is not installed, so the part of its API the papers use is declared here, from its documentation:
 * the constructor in this file, the document's methods in pdfkit-types.d.ts (a module file, so it can import
 * Readable; this one must stay a script for `declare module` to declare rather than augment).
 * If @types/pdfkit is ever added, delete both files.
 */
declare module 'pdfkit' {
  const PDFDocument: new (options?: PDFKit.PDFDocumentOptions) => PDFKit.PDFDocument;
  export default PDFDocument;
}
