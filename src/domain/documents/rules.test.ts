import { describe, expect, it } from 'vitest';
import {
  ALLOWED_FILE_TYPES,
  ASSIGN_FAILED_MESSAGE,
  ASSIGN_SUCCESS_MESSAGE,
  CONFIRM_DELETE_FILE_MESSAGE,
  CONFIRM_UNASSIGN_MESSAGE,
  DOCUMENTS_PAGE_SIZE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_FILTERS,
  INVALID_FILE_TYPE_MESSAGE,
  MAX_ORIGINAL_NAME_LENGTH,
  MAX_STORED_NAME_LENGTH,
  MAX_UPLOAD_BYTES,
  SIGNED_LINK_SECONDS,
  allowedExtensionOf,
  cleanOriginalName,
  fileExtension,
  fileKindOf,
  formatFileSize,
  matchesFileTypeFilter,
  mimeTypeOf,
  previewKind,
  sniffFileType,
  storedFileName,
  uploadProblem,
} from './rules';

const R = 'aB3dE5fG';

describe('constants and messages', () => {
  it('matches the spec word for word', () => {
    expect(MAX_UPLOAD_BYTES).toBe(104_857_600);
    expect(SIGNED_LINK_SECONDS).toBe(60);
    expect(DOCUMENTS_PAGE_SIZE).toBe(8);
    expect(FILE_TOO_LARGE_MESSAGE).toBe('File size must be less than 100MB');
    expect(INVALID_FILE_TYPE_MESSAGE).toBe('Invalid file type. Please upload a PDF, Word, Excel, text document, or image.');
    expect(ASSIGN_FAILED_MESSAGE).toBe('Failed to assign document to shipment');
    expect(ASSIGN_SUCCESS_MESSAGE).toBe('Document assigned successfully!');
    expect(CONFIRM_UNASSIGN_MESSAGE).toBe('Are you sure you want to remove this document from the shipment?');
    expect(CONFIRM_DELETE_FILE_MESSAGE).toBe('Are you sure you want to delete this file?');
  });
});

describe('storedFileName', () => {
  it('follows spec section 5', () => {
    expect(storedFileName('Ürün Listesi (v2).pdf', R)).toBe(`${R}_Urun_Listesi_v2_.pdf`);
    expect(storedFileName('  invoice   2024.PDF ', R)).toBe(`${R}_invoice_2024.PDF`);
    expect(storedFileName('Crème brûlée — façade.docx', R)).toBe(`${R}_Creme_brulee_facade.docx`);
    expect(storedFileName('report-final.v3.xlsx', R)).toBe(`${R}_report-final.v3.xlsx`);
    expect(storedFileName('__a__b__', R)).toBe(`${R}_a_b`);
  });
  it('never lets path separators through', () => {
    expect(storedFileName('../../etc/passwd', R)).toBe(`${R}_.._.._etc_passwd`);
    expect(storedFileName('..\\..\\windows\\win.ini', R)).toBe(`${R}_.._.._windows_win.ini`);
    expect(storedFileName('/abs/path.txt', R)).toBe(`${R}_abs_path.txt`);
    for (const n of ['../x', '..\\x', 'a/b', '/x']) expect(storedFileName(n, R).slice(9)).not.toMatch(/[/\\]/);
  });
  it('replaces NUL, control characters and right-to-left marks', () => {
    expect(storedFileName('evil\u0000.pdf.exe', R)).toBe(`${R}_evil_.pdf.exe`);
    expect(storedFileName('a\r\nb\tc\u007f.txt', R)).toBe(`${R}_a_b_c_.txt`);
    // 'invoice[RLO]fdp.exe' displays as 'invoiceexe.pdf'; the mark must not survive.
    expect(storedFileName('invoice\u202Efdp.exe', R)).toBe(`${R}_invoice_fdp.exe`);
    expect(storedFileName('\u200Fa\u200E\u2066b\u2069.png', R)).toBe(`${R}_a_b_.png`);
  });
  it('gives "file" when nothing is left', () => {
    expect(storedFileName('', R)).toBe(`${R}_file`);
    expect(storedFileName('日本語', R)).toBe(`${R}_file`);
    expect(storedFileName('___', R)).toBe(`${R}_file`);
    expect(storedFileName('..', R)).toBe(`${R}_file`);
    expect(storedFileName('.pdf', R)).toBe(`${R}_.pdf`);
  });
  it('caps a 1,000-character name and keeps its extension', () => {
    const long = storedFileName(`${'a'.repeat(1000)}.pdf`, R);
    expect(long).toHaveLength(MAX_STORED_NAME_LENGTH);
    expect(long.startsWith(`${R}_aaa`)).toBe(true);
    expect(long.endsWith('a.pdf')).toBe(true);
    // No extension, or an absurd one: plain truncation.
    expect(storedFileName('b'.repeat(1000), R)).toHaveLength(MAX_STORED_NAME_LENGTH);
    expect(storedFileName(`x.${'y'.repeat(1000)}`, R)).toHaveLength(MAX_STORED_NAME_LENGTH);
    // Truncation does not leave a trailing underscore before the extension.
    const spaced = storedFileName(`${'ab '.repeat(400)}.txt`, R);
    expect(spaced.length).toBeLessThanOrEqual(MAX_STORED_NAME_LENGTH);
    expect(spaced).toMatch(/[^_]\.txt$/);
    expect(storedFileName('short.pdf', R)).toBe(`${R}_short.pdf`);
  });
  it('only ever produces safe characters', () => {
    const nasty = ['../\u0000\u202E日本\\:*?"<>|.pdf', 'C:\\Users\\x.doc', '%2e%2e%2f.txt', '\u0301\u0301', 'a'.repeat(300)];
    for (const n of nasty) expect(storedFileName(n, R)).toMatch(/^[A-Za-z0-9]{8}_[A-Za-z0-9.-][A-Za-z0-9._-]*$/);
  });
  it('refuses a bad random prefix', () => {
    expect(() => storedFileName('a.pdf', 'short')).toThrow();
    expect(() => storedFileName('a.pdf', '../../ab')).toThrow();
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1234, '1.21 KB'],
    [1048575, '1 MB'],
    [1048576, '1 MB'],
    [100 * 1024 * 1024, '100 MB'],
    [MAX_UPLOAD_BYTES - 1, '100 MB'],
    [5.25 * 1024 ** 3, '5.25 GB'],
    [2048 * 1024 ** 3, '2048 GB'],
    [-5, '0 Bytes'],
    [Number.NaN, '0 Bytes'],
  ])('%d bytes is %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('types, filter and preview', () => {
  it('knows each allowed type and its MIME type', () => {
    expect(Object.keys(ALLOWED_FILE_TYPES).sort()).toEqual(['doc', 'docx', 'gif', 'jpeg', 'jpg', 'pdf', 'png', 'txt', 'xls', 'xlsx']);
    expect(mimeTypeOf('a.PDF')).toBe('application/pdf');
    expect(mimeTypeOf('a.jpg')).toBe('image/jpeg');
    expect(mimeTypeOf('a.txt')).toBe('text/plain');
    expect(mimeTypeOf('a.exe')).toBe('application/octet-stream');
    expect(mimeTypeOf('constructor')).toBe('application/octet-stream');
    expect(mimeTypeOf('a.toString')).toBe('application/octet-stream');
  });
  it('reads extensions', () => {
    expect(fileExtension('a.tar.GZ')).toBe('gz');
    expect(fileExtension('.bashrc')).toBe('');
    expect(fileExtension('noext')).toBe('');
    expect(fileExtension('dir.d/file')).toBe('');
  });
  it('checks size and extension before sending', () => {
    expect(uploadProblem('a.pdf', MAX_UPLOAD_BYTES - 1)).toBeNull();
    expect(uploadProblem('a.pdf', MAX_UPLOAD_BYTES)).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(uploadProblem('a.exe', 10)).toBe(INVALID_FILE_TYPE_MESSAGE);
    expect(uploadProblem('pdf', 10)).toBe(INVALID_FILE_TYPE_MESSAGE);
  });
  it('has the six filter options in order', () => {
    expect(FILE_TYPE_FILTERS.map((f) => f.label)).toEqual(['All Types', 'PDF Documents', 'Word Documents', 'Excel Spreadsheets', 'Images', 'Text Files']);
  });
  it('classifies files for the filter', () => {
    expect(fileKindOf('a.pdf')).toBe('pdf');
    expect(fileKindOf('a.DOC')).toBe('word');
    expect(fileKindOf('a.docx')).toBe('word');
    expect(fileKindOf('a.xls')).toBe('excel');
    expect(fileKindOf('a.xlsx')).toBe('excel');
    expect(fileKindOf('a.jpg')).toBe('image');
    expect(fileKindOf('a.jpeg')).toBe('image');
    expect(fileKindOf('a.png')).toBe('image');
    expect(fileKindOf('a.txt')).toBe('text');
    // Spec section 9 lists the filter extensions without gif.
    expect(fileKindOf('a.gif')).toBe('other');
    expect(fileKindOf('a')).toBe('other');
    expect(matchesFileTypeFilter('a.gif', 'all')).toBe(true);
    expect(matchesFileTypeFilter('a.png', 'image')).toBe(true);
    expect(matchesFileTypeFilter('a.png', 'pdf')).toBe(false);
  });
  it('picks the preview', () => {
    expect(previewKind('a.PDF')).toBe('pdf');
    for (const e of ['jpg', 'jpeg', 'png', 'gif', 'webp']) expect(previewKind(`a.${e}`)).toBe('image');
    for (const n of ['a.docx', 'a.txt', 'a.svg', 'a']) expect(previewKind(n)).toBe('none');
  });
});

describe('sniffFileType', () => {
  const bytes = (...parts: (string | number[])[]) =>
    new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));
  const OK = (mimeType: string) => ({ ok: true, mimeType });
  const NO = { ok: false, message: INVALID_FILE_TYPE_MESSAGE };

  const samples: Record<string, Uint8Array> = {
    pdf: bytes('%PDF-1.7\n%\xe2\xe3\n1 0 obj'),
    doc: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]),
    docx: bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0], '[Content_Types].xml'),
    jpg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'),
    png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'),
    gif87: bytes('GIF87a', [1, 0, 1, 0]),
    gif89: bytes('GIF89a', [1, 0, 1, 0]),
    txt: bytes('Booking ref AB-123\nÜrün, 日本 ✓\r\n'),
  };

  it('accepts each allowed type with matching content', () => {
    expect(sniffFileType(samples.pdf!, 'a.pdf')).toEqual(OK('application/pdf'));
    expect(sniffFileType(samples.doc!, 'a.doc')).toEqual(OK('application/msword'));
    expect(sniffFileType(samples.doc!, 'a.xls')).toEqual(OK('application/vnd.ms-excel'));
    expect(sniffFileType(samples.docx!, 'a.docx')).toEqual(OK(ALLOWED_FILE_TYPES.docx));
    expect(sniffFileType(samples.docx!, 'a.XLSX')).toEqual(OK(ALLOWED_FILE_TYPES.xlsx));
    expect(sniffFileType(samples.jpg!, 'a.jpg')).toEqual(OK('image/jpeg'));
    expect(sniffFileType(samples.jpg!, 'a.jpeg')).toEqual(OK('image/jpeg'));
    expect(sniffFileType(samples.png!, 'a.png')).toEqual(OK('image/png'));
    expect(sniffFileType(samples.gif87!, 'a.gif')).toEqual(OK('image/gif'));
    expect(sniffFileType(samples.gif89!, 'a.gif')).toEqual(OK('image/gif'));
    expect(sniffFileType(samples.txt!, 'a.txt')).toEqual(OK('text/plain'));
    expect(sniffFileType(new Uint8Array(0), 'empty.txt')).toEqual(OK('text/plain'));
    expect(sniffFileType(bytes([0xef, 0xbb, 0xbf], 'bom'), 'a.txt')).toEqual(OK('text/plain'));
  });
  it('accepts a PDF header a few bytes in, not one far away', () => {
    expect(sniffFileType(bytes('\r\n  %PDF-1.4'), 'a.pdf').ok).toBe(true);
    expect(sniffFileType(bytes(' '.repeat(2000), '%PDF-1.4'), 'a.pdf').ok).toBe(false);
  });
  it('accepts text whose prefix cuts a multi-byte character', () => {
    const full = new TextEncoder().encode('abc ü');
    expect(sniffFileType(full.slice(0, full.length - 1), 'a.txt').ok).toBe(true);
  });
  it('refuses content that does not match the extension', () => {
    expect(sniffFileType(samples.png!, 'a.jpg')).toEqual(NO);
    expect(sniffFileType(samples.jpg!, 'a.png')).toEqual(NO);
    expect(sniffFileType(samples.pdf!, 'a.docx')).toEqual(NO);
    expect(sniffFileType(samples.docx!, 'a.doc')).toEqual(NO);
    expect(sniffFileType(samples.doc!, 'a.docx')).toEqual(NO);
    expect(sniffFileType(samples.txt!, 'a.pdf')).toEqual(NO);
    expect(sniffFileType(samples.gif89!, 'a.png')).toEqual(NO);
    expect(sniffFileType(bytes('<svg onload=alert(1)>'), 'a.png')).toEqual(NO);
    expect(sniffFileType(bytes('<html><script>'), 'a.gif')).toEqual(NO);
    expect(sniffFileType(new Uint8Array(0), 'a.pdf')).toEqual(NO);
  });
  it('refuses binary or invalid UTF-8 as text', () => {
    expect(sniffFileType(bytes('hello', [0], 'world'), 'a.txt')).toEqual(NO);
    expect(sniffFileType(bytes([0xc3, 0x28]), 'a.txt')).toEqual(NO);
    expect(sniffFileType(bytes([0xff, 0xfe, 0x41, 0x00]), 'a.txt')).toEqual(NO);
    expect(sniffFileType(samples.png!, 'a.txt')).toEqual(NO);
  });
  it('refuses a renamed executable whatever its extension', () => {
    const pe = bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0], 'This program cannot be run in DOS mode');
    const elf = bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]);
    const macho = bytes([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]);
    const script = bytes('#!/bin/sh\nrm -rf /\n');
    for (const exe of [pe, elf, macho, script]) {
      for (const name of Object.keys(ALLOWED_FILE_TYPES)) expect(sniffFileType(exe, `invoice.${name}`)).toEqual(NO);
    }
    // An executable carrying a PDF header a little later is still refused.
    expect(sniffFileType(bytes('MZ', '%PDF-1.4'), 'a.pdf')).toEqual(NO);
  });
  it('refuses names without an allowed extension, even with good content', () => {
    for (const name of ['a.exe', 'a.pdf.exe', 'a.svg', 'a.html', 'pdf', 'a.webp', 'a.']) expect(sniffFileType(samples.pdf!, name)).toEqual(NO);
  });
});

describe('cleanOriginalName', () => {
  it('keeps an ordinary name as it is, accents and spaces included', () => {
    expect(cleanOriginalName('Ürün Listesi (v2).pdf')).toBe('Ürün Listesi (v2).pdf');
    expect(cleanOriginalName('  invoice 2024.PDF  ')).toBe('invoice 2024.PDF');
    expect(cleanOriginalName('日本語の書類.docx')).toBe('日本語の書類.docx');
  });
  it('keeps only the last path segment', () => {
    expect(cleanOriginalName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(cleanOriginalName('C:\\Users\\me\\Desktop\\scan.png')).toBe('scan.png');
    expect(cleanOriginalName('a/b\\c/..\\d.txt')).toBe('d.txt');
    expect(cleanOriginalName('folder/')).toBe('');
  });
  it('removes NUL, control characters and bidi marks', () => {
    expect(cleanOriginalName('in\u0000voice.pdf')).toBe('invoice.pdf');
    expect(cleanOriginalName('a\r\nb\tc\u007f\u0085.txt')).toBe('abc.txt');
    // 'invoice[RLO]fdp.exe' would display as 'invoiceexe.pdf': without the mark it reads as what it is.
    expect(cleanOriginalName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(allowedExtensionOf(cleanOriginalName('invoice\u202Efdp.exe'))).toBeNull();
    expect(cleanOriginalName('\u200Fa\u200E\u2066b\u2069\u202A\u202B\u202C\u202D\u2067\u2068\u061C\uFEFF.png')).toBe('ab.png');
    expect(cleanOriginalName('lone\uD800surrogate.txt')).toBe('lonesurrogate.txt');
    expect(cleanOriginalName('emoji \u{1F4E6}.txt')).toBe('emoji \u{1F4E6}.txt');
  });
  it('gives an empty name when nothing is left (refused by the caller)', () => {
    for (const raw of ['', '   ', '\u0000', '\u202E\u202C', '../', 'a/ \u0000 ']) expect(cleanOriginalName(raw)).toBe('');
  });
  it('caps a long name at 255 characters and keeps its extension', () => {
    const long = cleanOriginalName(`${'a'.repeat(1000)}.pdf`);
    expect(long).toHaveLength(MAX_ORIGINAL_NAME_LENGTH);
    expect(long.endsWith('aaa.pdf')).toBe(true);
    expect(cleanOriginalName('b'.repeat(1000))).toBe('b'.repeat(255));
    // Characters, not UTF-16 units: a name of emoji is never cut inside a surrogate pair.
    const emoji = cleanOriginalName(`${'\u{1F4E6}'.repeat(300)}.txt`);
    expect(Array.from(emoji)).toHaveLength(MAX_ORIGINAL_NAME_LENGTH);
    expect(emoji.endsWith('\u{1F4E6}.txt')).toBe(true);
    // An absurd "extension" is not kept; a space left at the cut is trimmed.
    expect(cleanOriginalName(`x.${'y'.repeat(1000)}`)).toHaveLength(MAX_ORIGINAL_NAME_LENGTH);
    const cutAtSpace = cleanOriginalName(`a${' ab'.repeat(300)}.txt`);
    expect(cutAtSpace).toMatch(/ab\.txt$/);
    expect(cutAtSpace).toHaveLength(MAX_ORIGINAL_NAME_LENGTH - 1);
    expect(cleanOriginalName(`${'a'.repeat(255)}`)).toHaveLength(255);
  });
});
