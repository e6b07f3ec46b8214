/**
 * The documents screens' fixed texts from spec sections 2 and 8 that the domain module does not hold
 * (the preview overlay and downloads are browser-only). The upload, assign and confirmation texts live in
 * src/domain/documents/rules.ts.
 */
export const PREVIEW_TEXTS = {
  notAvailableTitle: 'Preview Not Available',
  notAvailableText: 'This file type cannot be previewed in the browser.',
  errorTitle: 'Error Loading Document',
  documentFailed: 'Failed to load document. Please try downloading it instead.',
  pdfFailed: 'Failed to load PDF document. Please try downloading it instead.',
  imageFailed: 'Failed to load image. Please try downloading it instead.',
} as const;

export const DOWNLOAD_FAILED_MESSAGE = 'Failed to download file. Please try again.';

export const DOCUMENTS_EMPTY = 'No documents found';
