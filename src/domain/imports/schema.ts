/**
 * Bulk import (issue 18, decision record 0245): companies with contacts, and shipments, from CSV or XLSX. The columns
 * of each template, how a spreadsheet cell becomes a form value, where a form field's problem is shown (its column),
 * and the API's answers. The rows are checked by the same schemas and rules as the forms (shipment-schema,
 * shipment-rules, companies): an import never has rules of its own.
 */
import { z } from 'zod';
import { SHIPMENT_FIELD_LABELS } from '@domain/shipments/fields-schema';
import { unguardedCell } from '@domain/common/csv';
import { RATE_SHEET_COLUMNS, RATE_SHEET_TEMPLATES, rateSheetField } from '@domain/rates/sheet';
import { ENGLISH, msg } from '@domain/common/i18n';

export const IMPORT_KINDS = ['shipments', 'companies', 'rate_cards'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_KIND_LABELS: Record<ImportKind, string> = { shipments: msg('Shipments'), companies: msg('Companies and contacts'), rate_cards: msg('Rate sheets') };

/** What a row whose reference number (a company's name) already exists does: left alone, or updated. */
export const IMPORT_MODES = ['skip', 'update'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_MODE_LABELS: Record<ImportMode, string> = {
  skip: msg('Skip rows that already exist'),
  update: msg('Update rows that already exist'),
};

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * validating: the file is being read and checked (a dry run: nothing is written but the import's own rows);
 * ready: every row passed, waiting for the commit; invalid: some row has a problem, nothing can be committed;
 * committing, committed; failed: the commit was refused or stopped, and nothing of it was kept.
 */
export const IMPORT_STATUSES = ['validating', 'ready', 'invalid', 'committing', 'committed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  validating: msg('Checking'),
  ready: msg('Ready to import'),
  invalid: msg('Has problems'),
  committing: msg('Importing'),
  committed: msg('Imported'),
  failed: msg('Failed'),
};

/** The largest file taken (a 10,000-row shipment CSV is about 3 MB). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
/** An XLSX's files once unpacked, and the cells of a sheet, at most (counted before the sheet is parsed: decision 0252). */
export const IMPORT_XLSX_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
export const IMPORT_XLSX_MAX_CELLS = 2_000_000;
/** The problems an import answers with (all are counted; the page says how many more there are). */
export const IMPORT_PROBLEMS_SHOWN = 500;
/** A job that has not moved for this long stopped with its process (a restart): it is shown as failed. */
export const IMPORT_STALE_MS = 10 * 60 * 1000;

export const IMPORT_MESSAGES = {
  kind: msg('Choose what to import: shipments or companies'),
  mode: msg('Choose what happens to rows that already exist: skip or update'),
  fileType: msg('The file must be a CSV (.csv) or Excel workbook (.xlsx)'),
  empty: msg('The file is empty'),
  tooLarge: msg('The file is too large (at most 20 MB)'),
  tooManyRows: msg('The file has more than 20,000 rows; split it into smaller files'),
  tooLargeUnpacked: msg('The workbook is too large once unpacked (at most 100 MB); split it into smaller files'),
  tooManyCells: msg('The sheet has more than 2,000,000 cells; remove unused columns or split it into smaller files'),
  unreadable: msg('The file could not be read as a spreadsheet'),
  noRows: msg('The file has a header row but no rows to import'),
  cellCount: (cells: number, headers: number) =>
    cells === 1
      ? ENGLISH.t(msg('This row has 1 cell but the header row has {headers}; check its separators, quotes and line breaks'), { headers })
      : ENGLISH.t(msg('This row has {cells} cells but the header row has {headers}; check its separators, quotes and line breaks'), { cells, headers }),
  // The header is in its quotes as the value: it is the file's (English) header, so a reader's translator leaves it as it is.
  missingColumn: (header: string) => ENGLISH.t(msg('The file has no {header} column (use the template’s header row)'), { header: `“${header}”` }),
  notFound: msg('Import not found'),
  notReady: msg('Only an import whose rows all passed can be committed'),
  updateNeedsAdmin: msg('Only administrators can update existing shipments; choose “skip” or ask an administrator'),
  /** `what` names the value: 'Reference number IMP-1', a person's name (repeatedReference and repeatedEmail say it whole). */
  repeated: (what: string, row: number) => ENGLISH.t(msg('{what} is already on row {row} of this file'), { what, row }),
  repeatedReference: (reference: string, row: number) => ENGLISH.t(msg('Reference number {reference} is already on row {row} of this file'), { reference, row }),
  repeatedEmail: (email: string, row: number) => ENGLISH.t(msg('The email {email} is already on row {row} of this file'), { email, row }),
  /** `what` is 'companies' or 'carriers' (the records looked up by name). */
  ambiguous: (what: string, name: string, n: number) =>
    what === 'companies'
      ? ENGLISH.t(msg('{count} companies are named “{name}”; rename one of them first'), { count: n, name })
      : what === 'carriers'
        ? ENGLISH.t(msg('{count} carriers are named “{name}”; rename one of them first'), { count: n, name })
        : ENGLISH.t(msg('{count} {what} are named “{name}”; rename one of them first'), { count: n, what, name }),
  containersMismatch: msg('Give one seal number per container number, in the same order'),
  changedSince: (n: number) =>
    n === 1
      ? msg('1 record changed since the preview; upload the file again to see the changes')
      : ENGLISH.t(msg('{count} records changed since the preview; upload the file again to see the changes'), { count: n }),
  rateCardAddedSince: (from: string, to: string) =>
    ENGLISH.t(msg('A rate card valid {from} to {to} was added since the check and overlaps one of this file’s with the same priority; upload the file again. Nothing was imported.'), { from, to }),
  zoneRemovedSince: (zone: string) => ENGLISH.t(msg('The zone {zone} was removed since the check; upload the file again. Nothing was imported.'), { zone }),
  interrupted: msg('The import stopped before it finished (the server restarted); nothing was imported. Upload the file again.'),
} as const;

export type ImportColumn = {
  /** The header in the template; matching ignores case, spaces and punctuation. */
  header: string;
  /** The form field it fills (company and carrier are names here; ids in the form). */
  field: string;
  /** A value of the template's example row. */
  example: string;
  /** The column that finds an existing record (a file without it cannot be imported). */
  required?: boolean;
};

const label = (field: keyof typeof SHIPMENT_FIELD_LABELS): string => SHIPMENT_FIELD_LABELS[field] ?? field;
const col = (field: keyof typeof SHIPMENT_FIELD_LABELS, example = '', required = false): ImportColumn => ({ header: label(field), field, example, required });

/**
 * The shipment template: one row a shipment, the form's labels as headers. The headers stay English whatever the
 * reader's language (readHeader matches them), and the example row is sample data, not text.
 */
/* eslint-disable no-restricted-syntax -- the template's example values are sample data */
export const SHIPMENT_IMPORT_COLUMNS: readonly ImportColumn[] = [
  col('reference_number', 'IMP-2026-0001', true),
  col('type', 'sea'),
  col('transport_mode'),
  col('loading_type', 'import'),
  col('status', 'in_progress'),
  { header: 'Company', field: 'company', example: 'Acme Textiles' },
  { header: 'Carrier', field: 'carrier', example: '' },
  col('customer_reference', 'MAEU123456789'),
  col('carrier_booking_reference'),
  col('origin_city', 'Shanghai'),
  col('origin_country', 'CN'),
  col('origin_port', 'Shanghai'),
  col('origin_airport'),
  col('origin_address'),
  col('destination_city', 'Istanbul'),
  col('destination_country', 'TR'),
  col('destination_port', 'Ambarli'),
  col('destination_airport'),
  col('destination_address'),
  col('estimated_departure', '2026-12-01'),
  col('estimated_arrival', '2027-01-05'),
  col('pickup_date'),
  col('delivery_date'),
  col('cargo_description', 'Cotton fabric rolls'),
  col('package_type', 'roll'),
  col('packages_count', '120'),
  col('weight_gross', '14500'),
  col('weight_net'),
  col('volume', '58'),
  col('hs_code', '5208.12'),
  col('dangerous_goods', 'no'),
  col('un_number'),
  col('hazard_class'),
  col('incoterm', 'FOB'),
  col('incoterm_place', 'Shanghai'),
  col('vessel_name', 'Maersk Essen'),
  col('voyage_number', '412W'),
  { header: 'Container Type', field: 'container_type', example: '40HC' },
  { header: 'Container Numbers', field: 'container_numbers', example: 'CSQU3054383' },
  { header: 'Seal Numbers', field: 'seal_numbers', example: 'SL-0001' },
  col('flight_number'),
  col('mawb_number'),
  col('hawb_number'),
  col('truck_plate_number'),
  col('truck_type'),
  col('shipper_name', 'Shanghai Weaving Co.'),
  col('shipper_address'),
  col('consignee_name', 'Acme Textiles'),
  col('consignee_address'),
  { header: 'Special Instructions', field: 'special_instructions', example: '' },
];
/* eslint-enable no-restricted-syntax */

/** The company template: one row a contact; rows with the same company name make one company. */
export const COMPANY_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { header: 'Company Name', field: 'name', example: 'Acme Textiles', required: true },
  { header: 'Address', field: 'address', example: '1 Harbour Road, Istanbul' },
  { header: 'First Name', field: 'first_name', example: 'Ayse' },
  { header: 'Last Name', field: 'last_name', example: 'Yilmaz' },
  { header: 'Email', field: 'email', example: 'ayse@acme.example' },
  { header: 'Phone', field: 'phone', example: '0212 555 0101' },
  { header: 'Position', field: 'position', example: 'Logistics Manager' },
  { header: 'Primary Contact', field: 'is_primary_contact', example: 'yes' },
];

export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = { shipments: SHIPMENT_IMPORT_COLUMNS, companies: COMPANY_IMPORT_COLUMNS, rate_cards: RATE_SHEET_COLUMNS };

/** The headers of a kind that are not fixed columns (a rate sheet's weight breaks and surcharges): their field, or null. */
const DYNAMIC_COLUMNS: Partial<Record<ImportKind, (header: string) => string | null>> = { rate_cards: rateSheetField };

/** The templates to download: one a kind, and one a mode for rate sheets (air, sea FCL, sea LCL, land). */
export type ImportTemplate = { name: string; kind: ImportKind; label: string; columns: readonly { header: string; example: string }[] };
export const IMPORT_TEMPLATES: readonly ImportTemplate[] = [
  { name: 'shipments', kind: 'shipments', label: IMPORT_KIND_LABELS.shipments, columns: SHIPMENT_IMPORT_COLUMNS },
  { name: 'companies', kind: 'companies', label: IMPORT_KIND_LABELS.companies, columns: COMPANY_IMPORT_COLUMNS },
  ...Object.values(RATE_SHEET_TEMPLATES).map((t) => ({ name: `rates-${t.mode.replace('_', '-')}`, kind: 'rate_cards' as const, label: t.label, columns: t.columns })),
];

/** The column where a form field's problem is shown ('containers.2.number' is in Container Numbers). */
export function columnOfField(kind: ImportKind, field: string): string {
  const head = field.split('.')[0]!;
  const byField: Record<string, string> = {
    company_id: 'company',
    carrier_id: 'carrier',
    containers: field.endsWith('carrier_seal_number') ? 'seal_numbers' : field.endsWith('type') ? 'container_type' : 'container_numbers',
  };
  const wanted = byField[head] ?? head;
  const column = IMPORT_COLUMNS[kind].find((c) => c.field === wanted);
  if (column) return column.header;
  return kind === 'shipments' ? (SHIPMENT_FIELD_LABELS[head] ?? head) : head;
}

/** A header or choice as the import compares it: lower case, letters and digits only. */
export const headerKey = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The header row read: for each column of the kind, its position in the file (by header, ignoring case and
 * punctuation; the field name also matches). Answers the positions, the missing required headers and the ignored ones.
 */
export function readHeader(
  kind: ImportKind,
  header: readonly unknown[],
): { positions: Map<string, number>; missing: string[]; ignored: string[]; labels: Map<string, string> } {
  const known = new Map<string, ImportColumn>();
  for (const c of IMPORT_COLUMNS[kind]) {
    known.set(headerKey(c.header), c);
    known.set(headerKey(c.field), c);
  }
  const positions = new Map<string, number>();
  const labels = new Map(IMPORT_COLUMNS[kind].map((c) => [c.field, c.header]));
  const ignored: string[] = [];
  header.forEach((raw, i) => {
    const text = cellText(raw);
    if (text === '') return;
    const c = known.get(headerKey(text));
    const field = c?.field ?? DYNAMIC_COLUMNS[kind]?.(text) ?? null;
    if (field && !positions.has(field)) {
      positions.set(field, i);
      if (!c) labels.set(field, text);
    } else ignored.push(text);
  });
  const missing = IMPORT_COLUMNS[kind].filter((c) => c.required && !positions.has(c.field)).map((c) => c.header);
  return { positions, missing, ignored, labels };
}

/**
 * A cell as trimmed text: dates as ISO strings, numbers as written, booleans true/false, empty ''. The apostrophe our
 * CSV exports put before a leading =, +, - or @ (csvCell) is taken off again: '+49 40 555 0100 is +49 40 555 0100.
 */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString();
  return unguardedCell((typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v)).trim());
}

/** The row's cells by field (only the columns the file has). */
export function rowCells(positions: Map<string, number>, row: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, i] of positions) out[field] = row[i] ?? null;
  return out;
}

/** A row with nothing in it (spreadsheets end with some). */
export const isEmptyRow = (row: readonly unknown[]) => row.every((v) => cellText(v) === '');

/** A name as the import compares it: no outer spaces, one space inside, any case. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** Records by their name as the import compares it (two records may share a name). */
export function indexByName<T extends { name: string }>(rows: readonly T[]): Map<string, T[]> {
  const index = new Map<string, T[]>();
  for (const r of rows) index.set(nameKey(r.name), [...(index.get(nameKey(r.name)) ?? []), r]);
  return index;
}

/** Finds a record by name in an index of indexByName; a missing or repeated name is a problem with the form's message. */
export function findByName(index: ReadonlyMap<string, readonly { id: string }[]>, name: string, notFound: string, what: string): { id: string } | { problem: string } {
  const found = index.get(nameKey(name)) ?? [];
  if (found.length === 1) return { id: found[0]!.id };
  return { problem: found.length === 0 ? notFound : IMPORT_MESSAGES.ambiguous(what, name.trim(), found.length) };
}

// ----- The API's answers -----

export const importProblemSchema = z.object({
  /** The spreadsheet's row number (the header is row 1). */
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importCountsSchema = z.object({
  rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  skip: z.number().int(),
  problems: z.number().int(),
  /** Rows with at least one problem. */
  rows_with_problems: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;
export const EMPTY_COUNTS: ImportCounts = { rows: 0, create: 0, update: 0, skip: 0, problems: 0, rows_with_problems: 0 };

export const importSchema = z.object({
  id: z.string(),
  kind: z.enum(IMPORT_KINDS),
  mode: z.enum(IMPORT_MODES),
  file_name: z.string(),
  file_size: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  /** Rows read so far, of `total_rows` (0 until the file is read): the progress bar. */
  processed_rows: z.number().int(),
  total_rows: z.number().int(),
  counts: importCountsSchema,
  /** The first IMPORT_PROBLEMS_SHOWN problems, in row order (counts.problems says how many in all). */
  problems: z.array(importProblemSchema),
  /** Header cells that match no column (they are not imported). */
  ignored_columns: z.array(z.string()),
  /** Why the import failed (status failed), or why the file could not be read. */
  error: z.string().nullable(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  committed_at: z.string().nullable(),
});
export type Import = z.infer<typeof importSchema>;
export const importListSchema = z.object({ rows: z.array(importSchema.omit({ problems: true })) });
export type ImportList = z.infer<typeof importListSchema>;

export const importQuerySchema = z.object({
  kind: z.enum(IMPORT_KINDS, { message: IMPORT_MESSAGES.kind }),
  mode: z.enum(IMPORT_MODES, { message: IMPORT_MESSAGES.mode }).default('skip'),
});

/** The file's format from its name. */
export function formatOfName(name: string): ImportFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(name.trim())?.[1]?.toLowerCase();
  return ext === 'csv' ? 'csv' : ext === 'xlsx' ? 'xlsx' : null;
}

/** An import still working, or one whose job stopped (no progress for IMPORT_STALE_MS). */
export const isRunning = (status: ImportStatus) => status === 'validating' || status === 'committing';

/** The progress bar's percentage (committing shows full: the commit is one transaction). */
export function importProgress(i: Pick<Import, 'status' | 'processed_rows' | 'total_rows'>): number {
  if (i.status !== 'validating') return 100;
  return i.total_rows === 0 ? 0 : Math.min(100, Math.round((i.processed_rows / i.total_rows) * 100));
}

/** 'Will create 12, update 3, skip 1' / 'Created 12, updated 3, skipped 1'. */
export function countsSentence(c: ImportCounts, done: boolean): string {
  const values = { create: c.create, update: c.update, skip: c.skip };
  return done
    ? ENGLISH.t(msg('Created {create}, updated {update}, skipped {skip}'), values)
    : ENGLISH.t(msg('Will create {create}, update {update}, skip {skip}'), values);
}
