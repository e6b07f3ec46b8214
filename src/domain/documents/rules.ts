/**
 * Documents (spec sections 2, 5, 9; design.md sections 1 and 7): the pure rules shared by the browser and the
 * server. Stored names, size formatting, the allowed types, the documents filter, the preview kind, and the
 * content check by magic bytes. No I/O here.
 */

import { ENGLISH, msg, type Reader } from '@domain/common/i18n';

export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
export const SIGNED_LINK_SECONDS = 60;
export const DOCUMENTS_PAGE_SIZE = 8;
/** How many leading bytes the server hands to `sniffFileType`. */
export const SNIFF_BYTES = 4096;

export const FILE_TOO_LARGE_MESSAGE = msg('File size must be less than 100MB');
export const INVALID_FILE_TYPE_MESSAGE = msg('Invalid file type. Please upload a PDF, Word, Excel, text document, or image.');
export const ASSIGN_FAILED_MESSAGE = msg('Failed to assign document to shipment');
export const ASSIGN_SUCCESS_MESSAGE = msg('Document assigned successfully!');
export const CONFIRM_UNASSIGN_MESSAGE = msg('Are you sure you want to remove this document from the shipment?');
export const CONFIRM_DELETE_FILE_MESSAGE = msg('Are you sure you want to delete this file?');

/** The original file name travels URL-encoded (encodeURIComponent) in this header; the body is the raw bytes. */
export const UPLOAD_NAME_HEADER = 'X-File-Name';

export const DOCUMENT_MESSAGES = {
  notFound: msg('Document not found'),
  notAssigned: msg('This document is not assigned to a shipment'),
  alreadyAssigned: (reference: string) => ENGLISH.t(msg('This document is already assigned to shipment {reference}. Remove that assignment first.'), { reference }),
  /** The same refusal when a race is lost to an assignment this request did not read (the unique index): no reference. */
  assignedElsewhere: msg('This document is already assigned to another shipment. Remove that assignment first.'),
  notYourShipment: msg('You can only assign documents to shipments you handle'),
  linkExpired: msg('This link has expired. Please open the document again.'),
  linkForged: msg('This link is not valid. Please open the document again.'),
  uploadInterrupted: msg('The upload was interrupted. Please try again.'),
  generatedStays: msg('A generated document stays on the shipment it was made from. Delete it instead.'),
} as const;

/** 'Assigned by {name} on {date}', 'Unknown' for a missing name (spec section 2, customer detail). */
export function assignedByLine(name: string | null, date: string): string {
  return `Assigned by ${name ?? 'Unknown'} on ${date}`;
}

// ---------------------------------------------------------------------------------------------------------
// Stored names (spec section 5)

/** The longest stored name we make, prefix included. Well under the 255-byte file-name limit of common filesystems. */
export const MAX_STORED_NAME_LENGTH = 200;
/** An extension longer than this is not treated as one when shortening a name. */
const MAX_KEPT_EXTENSION_LENGTH = 16;
const RANDOM_PREFIX = /^[A-Za-z0-9]{8}$/;

/**
 * The spec's sanitising step without the prefix: accents removed (NFD, combining marks stripped), every character
 * other than an ASCII letter, digit, dot or hyphen replaced by '_', repeated '_' collapsed, edge '_' trimmed.
 * Path separators, NUL, control characters and bidi marks are "other characters", so they never survive.
 */
export function sanitizeFileName(original: string): string {
  return original
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9.-]/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * The stored file name: `{random8}_{sanitized}`. An empty (or dots-only) result becomes 'file'; an over-long
 * name is shortened to MAX_STORED_NAME_LENGTH characters, keeping its extension.
 */
export function storedFileName(original: string, random8: string): string {
  if (!RANDOM_PREFIX.test(random8)) throw new Error('storedFileName: the prefix must be 8 letters or digits');
  let name = sanitizeFileName(original);
  if (/^\.*$/.test(name)) name = 'file';
  const room = MAX_STORED_NAME_LENGTH - random8.length - 1;
  if (name.length > room) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= MAX_KEPT_EXTENSION_LENGTH + 1 ? name.slice(dot) : '';
    const base = name.slice(0, room - ext.length).replace(/_+$/, '');
    name = (base || 'file') + ext;
  }
  return `${random8}_${name}`;
}

/** The longest original name kept for display (characters, not bytes). */
export const MAX_ORIGINAL_NAME_LENGTH = 255;

/**
 * C0 and C1 control characters (NUL included), lone surrogates, a byte-order mark, and the bidi embedding,
 * override, isolate and mark characters.
 */
const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\p{Cs}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/gu;

/**
 * The original file name as it is kept for display and downloads: the last path segment (after the last '/'
 * or '\\'), without control characters (NUL included), lone surrogates or bidi override/isolate marks (so
 * 'invoice[RLO]fdp.exe' cannot pose as a PDF), trimmed, and at most MAX_ORIGINAL_NAME_LENGTH
 * characters, keeping the extension. '' when nothing is left: the caller refuses it as an invalid type.
 */
export function cleanOriginalName(raw: string): string {
  const base = raw.slice(Math.max(raw.lastIndexOf('/'), raw.lastIndexOf('\\')) + 1);
  const name = base.replace(UNSAFE_NAME_CHARACTERS, '').trim();
  const chars = Array.from(name);
  if (chars.length <= MAX_ORIGINAL_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? Array.from(name.slice(dot)) : [];
  const keep = ext.length > 0 && ext.length <= MAX_KEPT_EXTENSION_LENGTH + 1 ? ext : [];
  return chars.slice(0, MAX_ORIGINAL_NAME_LENGTH - keep.length).join('').trimEnd() + keep.join('');
}

// ---------------------------------------------------------------------------------------------------------
// Sizes (spec section 9: Bytes, KB, MB, GB, steps of 1024)

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/**
 * '0 Bytes', '512 Bytes', '1.5 KB', '100 MB', '1.25 GB': up to 2 decimals, trailing zeros trimmed; GB is the largest
 * unit. In the reader's language ('1,5 KB', '512 bayt' in Turkish).
 */
export function formatFileSize(bytes: number, r: Reader = ENGLISH): string {
  const text = (size: number, unit: number) => {
    const figure = size.toLocaleString(r.locale, { maximumFractionDigits: 2, useGrouping: false });
    return unit === 0 ? r.t('{size} Bytes', { size: figure }) : `${figure} ${SIZE_UNITS[unit]}`;
  };
  if (!Number.isFinite(bytes) || bytes <= 0) return text(0, 0);
  let unit = 0;
  let value = Math.round(bytes);
  while (unit < SIZE_UNITS.length - 1 && value >= 1024) {
    value /= 1024;
    unit++;
  }
  let rounded = Math.round(value * 100) / 100;
  // 1048575 bytes is 1023.999 KB, which rounds to 1024: show it as 1 MB instead.
  if (rounded >= 1024 && unit < SIZE_UNITS.length - 1) {
    rounded = 1;
    unit++;
  }
  return text(rounded, unit);
}

// ---------------------------------------------------------------------------------------------------------
// Types (spec section 5) and the documents filter (spec sections 2 and 9)

/** The allowed upload extensions and the MIME type each is stored and served with. */
export const ALLOWED_FILE_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
} as const;
export type AllowedExtension = keyof typeof ALLOWED_FILE_TYPES;

/** For `<input type="file" accept=...>`. */
export const UPLOAD_ACCEPT = Object.keys(ALLOWED_FILE_TYPES)
  .map((e) => `.${e}`)
  .join(',');

/** The lower-case extension after the last dot, or '' when there is none. */
export function fileExtension(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function allowedExtensionOf(name: string): AllowedExtension | null {
  const ext = fileExtension(name);
  return Object.hasOwn(ALLOWED_FILE_TYPES, ext) ? (ext as AllowedExtension) : null;
}

export function mimeTypeOf(name: string): string {
  const ext = allowedExtensionOf(name);
  return ext ? ALLOWED_FILE_TYPES[ext] : 'application/octet-stream';
}

/** The check before sending (browser) and before streaming (server): size, then extension. Null when fine. */
export function uploadProblem(name: string, size: number): string | null {
  if (size >= MAX_UPLOAD_BYTES) return FILE_TOO_LARGE_MESSAGE;
  if (!allowedExtensionOf(name)) return INVALID_FILE_TYPE_MESSAGE;
  return null;
}

export type FileKind = 'pdf' | 'word' | 'excel' | 'image' | 'text' | 'other';
export type FileTypeFilter = 'all' | Exclude<FileKind, 'other'>;

/** The documents page filter options in the spec's order; the extensions are those of spec section 9. */
export const FILE_TYPE_FILTERS: readonly { value: FileTypeFilter; label: string; extensions: readonly string[] }[] = [
  { value: 'all', label: msg('All Types'), extensions: [] },
  { value: 'pdf', label: msg('PDF Documents'), extensions: ['pdf'] },
  { value: 'word', label: msg('Word Documents'), extensions: ['doc', 'docx'] },
  { value: 'excel', label: msg('Excel Spreadsheets'), extensions: ['xls', 'xlsx'] },
  { value: 'image', label: msg('Images'), extensions: ['jpg', 'jpeg', 'png'] },
  { value: 'text', label: msg('Text Files'), extensions: ['txt'] },
];

/** Which filter option a file belongs to; 'other' matches only 'All Types'. */
export function fileKindOf(name: string): FileKind {
  const ext = fileExtension(name);
  if (!ext) return 'other';
  for (const f of FILE_TYPE_FILTERS) if (f.value !== 'all' && f.extensions.includes(ext)) return f.value;
  return 'other';
}

export function matchesFileTypeFilter(name: string, filter: FileTypeFilter): boolean {
  return filter === 'all' || fileKindOf(name) === filter;
}

const PREVIEW_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'];

/** How the preview overlay shows a file (spec section 2). */
export function previewKind(name: string): 'pdf' | 'image' | 'none' {
  const ext = fileExtension(name);
  if (ext === 'pdf') return 'pdf';
  return PREVIEW_IMAGE_EXTENSIONS.includes(ext) ? 'image' : 'none';
}

// ---------------------------------------------------------------------------------------------------------
// Content check by magic bytes (design.md section 7)

export type SniffResult = { ok: true; mimeType: string } | { ok: false; message: typeof INVALID_FILE_TYPE_MESSAGE };

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const PDF = ascii('%PDF-');
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
/** Executables and scripts refused whatever the extension: PE (MZ), ELF, Mach-O (both byte orders, fat), shebang. */
const EXECUTABLES = [
  ascii('MZ'),
  [0x7f, 0x45, 0x4c, 0x46],
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
  ascii('#!'),
];
/** Some PDF writers put a few bytes before the header; readers accept it within the first 1024 bytes. */
const PDF_HEADER_WINDOW = 1024;

function hasPdfHeader(b: Uint8Array): boolean {
  const end = Math.min(b.length, PDF_HEADER_WINDOW) - PDF.length;
  for (let i = 0; i <= end; i++) if (startsWith(b, PDF, i)) return true;
  return false;
}

/** Valid UTF-8 without NUL. `firstBytes` may be a prefix, so a multi-byte character cut at the end is allowed. */
function isPlainText(b: Uint8Array): boolean {
  if (b.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b, { stream: true });
    return true;
  } catch {
    return false;
  }
}

const CONTENT_CHECKS: Record<AllowedExtension, (b: Uint8Array) => boolean> = {
  pdf: hasPdfHeader,
  doc: (b) => startsWith(b, OLE),
  xls: (b) => startsWith(b, OLE),
  docx: (b) => startsWith(b, ZIP),
  xlsx: (b) => startsWith(b, ZIP),
  txt: isPlainText,
  jpg: (b) => startsWith(b, JPEG),
  jpeg: (b) => startsWith(b, JPEG),
  png: (b) => startsWith(b, PNG),
  gif: (b) => startsWith(b, GIF87) || startsWith(b, GIF89),
};

/**
 * Checks the first bytes of an upload (at least SNIFF_BYTES of them when the file is that long) against its
 * extension. An executable is refused whatever its name says.
 */
export function sniffFileType(firstBytes: Uint8Array, name: string): SniffResult {
  const refused = { ok: false, message: INVALID_FILE_TYPE_MESSAGE } as const;
  const ext = allowedExtensionOf(name);
  if (!ext) return refused;
  if (EXECUTABLES.some((sig) => startsWith(firstBytes, sig))) return refused;
  return CONTENT_CHECKS[ext](firstBytes) ? { ok: true, mimeType: ALLOWED_FILE_TYPES[ext] } : refused;
}
