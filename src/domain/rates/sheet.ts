/**
 * Rate sheets (issue 40, decision record 0269): a rate card a row, in CSV or XLSX, through the import page. The
 * columns are the API's fields (`POST /api/rate-cards`) laid out as a carrier's sheet is: one column a weight break
 * ("Rate" or "N" from 0, then "+45", "+100", ...) and one column a surcharge ("FSC per kg", "BAF per container",
 * "CAF % of freight", "DOC per shipment"). A row becomes the API's JSON here, and the API's schema checks it
 * (rateCardInputSchema): a sheet has no rules of its own. Each problem is named by the column it came from.
 */
import { unguardedCell } from '@domain/common/csv';
import { FREIGHT_BASES, MODE_BASES, RATE_MODES, SURCHARGE_BASES, type FreightBasis, type RateMode, type SurchargeBasis } from './pricing';
import { ENGLISH, msg } from '@domain/common/i18n';

/** A sheet's own problems (the card's are the API's: RATE_MESSAGES). */
export const RATE_SHEET_MESSAGES = {
  overlapRow: (row: number) =>
    ENGLISH.t(msg('Overlaps row {row} (the same lane, side, mode, equipment and carrier or customer) on some days with the same priority: give one of them a higher priority or change the days'), { row }),
  overlapCard: (from: string, to: string) =>
    ENGLISH.t(msg('Overlaps a card already in Cargodesk (valid {from} to {to}) with the same priority: give this one a higher priority or change the days'), { from, to }),
  carrierNotFound: msg('No carrier of this name in Cargodesk'),
  customerNotFound: msg('No company of this name in Cargodesk'),
} as const;

/** A column as the import reads it (the import's ImportColumn). */
type SheetColumn = { header: string; field: string; example: string; required?: boolean };

/** The fixed columns (the breaks and surcharges are columns of their own, read from their headers). */
export const RATE_SHEET_COLUMNS: readonly SheetColumn[] = [
  { header: 'Side', field: 'side', example: 'buy', required: true },
  { header: 'Mode', field: 'mode', example: 'air', required: true },
  { header: 'Origin', field: 'origin', example: 'IST', required: true },
  { header: 'Destination', field: 'destination', example: 'FRA', required: true },
  { header: 'Equipment', field: 'equipment', example: '' },
  { header: 'Currency', field: 'currency', example: 'EUR' },
  { header: 'Valid From', field: 'valid_from', example: '2026-01-01' },
  { header: 'Valid To', field: 'valid_to', example: '2026-01-31' },
  { header: 'Priority', field: 'priority', example: '0' },
  { header: 'Carrier', field: 'carrier', example: 'Turkish Cargo' },
  { header: 'Customer', field: 'customer', example: '' },
  { header: 'Basis', field: 'basis', example: 'per_kg' },
  { header: 'Minimum', field: 'minimum', example: '75.00' },
  { header: 'Rate', field: 'rate', example: '4.10' },
];

const key = (h: string) => h.toLowerCase().replace(/[^a-z0-9%+.]/g, '');

/** How a surcharge column's header names its basis: "FSC per kg", "BAF per container", "CAF %", "DOC per shipment". */
const SURCHARGE_BASIS_WORDS: Record<string, SurchargeBasis> = {
  perkg: 'per_kg', kg: 'per_kg',
  percontainer: 'per_container', container: 'per_container', percntr: 'per_container', perbox: 'per_container', perunit: 'per_container', perteu: 'per_container',
  pershipment: 'per_shipment', shipment: 'per_shipment', perbl: 'per_shipment', perawb: 'per_shipment', flat: 'per_shipment', lumpsum: 'per_shipment',
  '%': 'percent_of_freight', '%offreight': 'percent_of_freight', percent: 'percent_of_freight', percentoffreight: 'percent_of_freight',
};
for (const b of SURCHARGE_BASES) SURCHARGE_BASIS_WORDS[key(b)] = b;

export const breakField = (from: string) => `break:${from}`;
export const surchargeField = (code: string, basis: SurchargeBasis) => `surcharge:${code}:${basis}`;

/**
 * The field of a header that is not a fixed column: a weight break ("+45", "+100 kg", "45+"), the normal rate ("N",
 * "-45"), the minimum ("M"), or a surcharge ("FSC per kg"); null for any other header (it is not imported).
 */
export function rateSheetField(header: string): string | null {
  const text = header.trim();
  if (/^(n|-45|n\/-45|normal)$/i.test(text)) return 'rate';
  if (/^(m|min)$/i.test(text)) return 'minimum';
  const brk = /^\+\s*(\d+(?:\.\d+)?)\s*(?:kg|k|t|wm)?$/i.exec(text) ?? /^(\d+(?:\.\d+)?)\s*\+\s*(?:kg)?$/i.exec(text);
  if (brk) return breakField(brk[1]!.replace(/\.0+$/, ''));
  const sur = /^([A-Za-z0-9]{2,10})\s*(?:[-–:/(]\s*)?(.+?)\)?$/.exec(text);
  if (sur) {
    const basis = SURCHARGE_BASIS_WORDS[key(sur[2]!)];
    if (basis) return surchargeField(sur[1]!.toUpperCase(), basis);
  }
  return null;
}

/** The breaks' and surcharges' columns of a header, in the file's order. */
export function dynamicColumns(positions: ReadonlyMap<string, number>): { breaks: { from: string; field: string; at: number }[]; surcharges: { code: string; basis: SurchargeBasis; field: string; at: number }[] } {
  const breaks: { from: string; field: string; at: number }[] = [];
  const surcharges: { code: string; basis: SurchargeBasis; field: string; at: number }[] = [];
  for (const [field, at] of positions) {
    const [kind, a, b] = field.split(':');
    if (kind === 'break') breaks.push({ from: a!, field, at });
    else if (kind === 'surcharge') surcharges.push({ code: a!, basis: b as SurchargeBasis, field, at });
  }
  return { breaks: breaks.sort((x, y) => x.at - y.at), surcharges: surcharges.sort((x, y) => x.at - y.at) };
}

const text = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  return unguardedCell((typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v)).trim());
};

/** An amount cell: a number, or text such as 4.10 or 1,850.00 (thousands commas taken off); anything else is kept for the schema's message. */
export function amountOf(v: unknown): string | null {
  const t = text(v);
  if (t === '') return null;
  return /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t) ? t.replace(/,/g, '') : t;
}

/** A day: an Excel date, 2026-01-31, or 31.01.2026 (as Turkish sheets write it); anything else is kept for the schema's message. */
export function dayOf(v: unknown): string | null {
  const t = text(v);
  if (t === '') return null;
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(t);
  if (dotted) return `${dotted[3]}-${dotted[2]!.padStart(2, '0')}-${dotted[1]!.padStart(2, '0')}`;
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ]00:00(?::00(?:\.000)?)?Z?)?$/.exec(t);
  return iso ? iso[1]! : t;
}

const MODE_WORDS: Record<string, RateMode> = { air: 'air', seafcl: 'sea_fcl', fcl: 'sea_fcl', sealcl: 'sea_lcl', lcl: 'sea_lcl', land: 'land', road: 'land', truck: 'land' };
/** air, sea_fcl ("Sea FCL", "FCL"), sea_lcl ("LCL"), land ("Road"); anything else is kept for the schema's message. */
export const modeOf = (v: unknown): string => MODE_WORDS[key(text(v)).replace(/[^a-z]/g, '')] ?? text(v);
const BASIS_WORDS: Record<string, FreightBasis> = { kg: 'per_kg', wm: 'per_wm', container: 'per_container', load: 'per_load' };
for (const b of FREIGHT_BASES) BASIS_WORDS[key(b).replace(/[^a-z]/g, '')] = b;
const basisOf = (v: unknown, mode: string): string | undefined => {
  const t = text(v);
  if (t === '') return MODE_BASES[mode as RateMode]?.[0];
  const k = key(t).replace(/[^a-z]/g, '');
  return BASIS_WORDS[k] ?? BASIS_WORDS[k.replace(/^per/, '')] ?? t;
};

/** A row read: the API's JSON for the card, and which column each of its fields came from. */
export type SheetCard = { input: Record<string, unknown>; columnOf: (path: readonly PropertyKey[]) => string };

/**
 * A sheet row as `POST /api/rate-cards` takes it. `ids` are the carrier's and customer's ids found for their names
 * (null when the cell is empty). Breaks are the Rate column (from 0) and each "+N" column with a value, in the file's
 * column order (the schema refuses a break that is not above the one before it).
 */
export function rateCardFromRow(
  cells: Record<string, unknown>,
  positions: ReadonlyMap<string, number>,
  header: (field: string) => string,
  ids: { carrier_id: string | null; company_id: string | null },
): SheetCard {
  const { breaks, surcharges } = dynamicColumns(positions);
  const mode = modeOf(cells.mode);
  const breakCols: string[] = [];
  const freightBreaks: { from: string; rate: string | null }[] = [];
  if (text(cells.rate) !== '') {
    freightBreaks.push({ from: '0', rate: amountOf(cells.rate) });
    breakCols.push('rate');
  }
  for (const b of breaks) {
    if (text(cells[b.field]) === '') continue;
    freightBreaks.push({ from: b.from, rate: amountOf(cells[b.field]) });
    breakCols.push(b.field);
  }
  const surchargeCols: string[] = [];
  const surchargeValues: { code: string; basis: SurchargeBasis; amount: string | null }[] = [];
  for (const s of surcharges) {
    if (text(cells[s.field]) === '') continue;
    surchargeValues.push({ code: s.code, basis: s.basis, amount: amountOf(cells[s.field]) });
    surchargeCols.push(s.field);
  }
  const priority = text(cells.priority);
  const input: Record<string, unknown> = {
    side: text(cells.side).toLowerCase(),
    mode,
    origin: text(cells.origin),
    destination: text(cells.destination),
    currency: text(cells.currency).toUpperCase(),
    valid_from: dayOf(cells.valid_from),
    valid_to: dayOf(cells.valid_to),
    priority: priority === '' ? 0 : /^-?\d+(\.\d+)?$/.test(priority) ? Number(priority) : priority,
    carrier_id: ids.carrier_id,
    company_id: ids.company_id,
    equipment: text(cells.equipment) || null,
    freight: { basis: basisOf(cells.basis, mode), minimum: amountOf(cells.minimum), breaks: freightBreaks },
    surcharges: surchargeValues,
  };
  const fixedHeader: Record<string, string> = { carrier_id: 'carrier', company_id: 'customer' };
  const columnOf = (path: readonly PropertyKey[]): string => {
    const [head, second, third] = path.map(String);
    if (head === 'freight') {
      if (second === 'basis') return header('basis');
      if (second === 'minimum') return header('minimum');
      if (second === 'breaks' && third !== undefined && breakCols[Number(third)]) return header(breakCols[Number(third)]!);
      return header('rate');
    }
    if (head === 'surcharges' && second !== undefined && surchargeCols[Number(second)]) return header(surchargeCols[Number(second)]!);
    return header(fixedHeader[head ?? ''] ?? head ?? 'side');
  };
  return { input, columnOf };
}

/** The templates: one a mode, each with the columns its cards use and the worked example as its row. */
export type RateSheetTemplate = { mode: RateMode; label: string; columns: { header: string; example: string }[] };
const fixedColumns = (values: Record<string, string>, skip: readonly string[] = []) =>
  RATE_SHEET_COLUMNS.filter((c) => !skip.includes(c.field)).map((c) => ({ header: c.header, example: values[c.field] ?? '' }));
export const RATE_SHEET_TEMPLATES: Record<RateMode, RateSheetTemplate> = {
  air: {
    mode: 'air',
    label: msg('Air'),
    columns: [
      ...fixedColumns({ side: 'buy', mode: 'air', origin: 'IST', destination: 'FRA', currency: 'EUR', valid_from: '2026-01-01', valid_to: '2026-01-31', priority: '0', carrier: 'Turkish Cargo', basis: 'per_kg', minimum: '75.00', rate: '4.10' }, ['equipment']),
      ...[['+45', '3.20'], ['+100', '2.60'], ['+300', '2.10'], ['+500', '1.85'], ['+1000', '1.60'], ['FSC per kg', '0.85'], ['SSC per kg', '0.15']].map(([header, example]) => ({ header: header!, example: example! })),
    ],
  },
  sea_fcl: {
    mode: 'sea_fcl',
    label: msg('Sea FCL'),
    columns: [
      ...fixedColumns({ side: 'buy', mode: 'sea_fcl', origin: 'TRIST', destination: 'DEHAM', equipment: '40HC', currency: 'USD', valid_from: '2026-01-01', valid_to: '2026-03-31', priority: '0', carrier: 'Maersk', basis: 'per_container', rate: '1850.00' }, ['minimum']),
      ...[['BAF per container', '420.00'], ['CAF % of freight', '3'], ['THC per container', ''], ['ISPS per container', ''], ['DOC per shipment', '']].map(([header, example]) => ({ header: header!, example: example! })),
    ],
  },
  sea_lcl: {
    mode: 'sea_lcl',
    label: msg('Sea LCL'),
    columns: [
      ...fixedColumns({ side: 'buy', mode: 'sea_lcl', origin: 'TRIST', destination: 'DEHAM', currency: 'EUR', valid_from: '2026-01-01', valid_to: '2026-03-31', priority: '0', carrier: 'Maersk', basis: 'per_wm', minimum: '95.00', rate: '48.00' }, ['equipment']),
      ...[['BAF % of freight', '8'], ['CFS per shipment', '35.00'], ['DOC per shipment', '25.00']].map(([header, example]) => ({ header: header!, example: example! })),
    ],
  },
  land: {
    mode: 'land',
    label: msg('Land'),
    columns: [
      ...fixedColumns({ side: 'buy', mode: 'land', origin: 'TRIST', destination: 'DEHAM', currency: 'EUR', valid_from: '2026-01-01', valid_to: '2026-03-31', priority: '0', basis: 'per_load', rate: '2400.00' }, ['equipment']),
      ...[['FSC % of freight', '12'], ['DOC per shipment', '30.00']].map(([header, example]) => ({ header: header!, example: example! })),
    ],
  },
};
export const RATE_SHEET_MODES = RATE_MODES;
