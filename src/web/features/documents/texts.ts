/**
 * The documents screens' fixed texts from spec sections 2 and 8 that the domain module does not hold
 * (the preview overlay and downloads are browser-only). The upload, assign and confirmation texts live in
 * src/domain/documents/rules.ts. Marked for the catalog; translated where shown.
 */
import { msg } from '@domain/common/i18n';

export const PREVIEW_TEXTS = {
  notAvailableTitle: msg('Preview Not Available'),
  notAvailableText: msg('This file type cannot be previewed in the browser.'),
  errorTitle: msg('Error Loading Document'),
  documentFailed: msg('Failed to load document. Please try downloading it instead.'),
  pdfFailed: msg('Failed to load PDF document. Please try downloading it instead.'),
  imageFailed: msg('Failed to load image. Please try downloading it instead.'),
} as const;

export const DOWNLOAD_FAILED_MESSAGE = msg('Failed to download file. Please try again.');

export const DOCUMENTS_EMPTY = msg('No documents found');
