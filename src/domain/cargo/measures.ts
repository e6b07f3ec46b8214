/**
 * Dimension lines, volume, volumetric and chargeable weight (issue 14, decision 0210). One computation: the
 * shipment form shows it live as you type and the server stores what it answers.
 *
 * - Volume is the sum of count x length x width x height of the lines (cm, or inches at 2.54 cm), in m³.
 * - Volumetric weight is volume x a density factor in kg per m³: air 1,000,000 / 6,000 cm³ per kg (about 167),
 *   sea 1,000 (W/M: one revenue ton is 1,000 kg or 1 m³), road 333. A partial shipment uses its transport mode.
 *   A carrier may carry its own divisor in cm³ per kg (a courier's 5,000 is 200 kg per m³), which then wins.
 * - Chargeable weight is the greater of gross and volumetric weight; air rounds it up to the next 0.5 kg
 *   (IATA), the other modes round to 2 decimals. Without volume both are empty (null), never 0.
 */
import type { TransportMode } from '@domain/common/enums';
import { round } from '@domain/common/values';
import { ENGLISH, msg, type Reader } from '@domain/common/i18n';

export const PIECE_UNITS = ['cm', 'in'] as const;
export type PieceUnit = (typeof PIECE_UNITS)[number];
export const MAX_PIECE_LINES = 200;
export const MAX_PIECE_COUNT = 100_000;
/** 10,000 cm (100 m) or inches: past any load a forwarder moves as one piece. */
export const MAX_DIMENSION = 10_000;
const CM_PER_INCH = 2.54;
/** numeric(14,3), where volumes and weights are stored: at most 11 digits before the point. */
export const MAX_MEASURE = 99_999_999_999.999;
/**
 * The greatest volume in m³: its volumetric weight fits a measure at any factor (the densest is 1,000 kg per m³, sea's
 * and a carrier's smallest divisor of 1,000 cm³ per kg). A hundred times the largest container ship's hold.
 */
export const MAX_VOLUME = 99_999_999.999;

/** Default factors in kg per m³: air 1,000,000 / 6,000 (IATA's 6,000 cm³ per kg); sea 1,000 (1 m³ = 1,000 kg); road 333. */
export const DEFAULT_KG_PER_M3: Record<TransportMode, number> = { air: 1_000_000 / 6000, sea: 1000, land: 333 };

/**
 * Volumetric kg of a volume in cm³, computed the way each convention is written (so that exact published figures
 * stay exact in floating point): a divisor divides (air 6,000, a carrier's own), a density multiplies (sea, road).
 */
function volumetricKg(cubicCm: number, transport: TransportMode, carrierDivisor: number | null): number {
  if (carrierDivisor) return cubicCm / carrierDivisor;
  if (transport === 'air') return cubicCm / 6000;
  return (cubicCm * DEFAULT_KG_PER_M3[transport]) / 1_000_000;
}

/** A stored line (what the API answers). */
export type Piece = { count: number; length: number; width: number; height: number; unit: PieceUnit; weight: number | null };

/** A line as the form adds it. */
export function blankPiece() {
  return { count: 1, length: '', width: '', height: '', unit: 'cm', weight: '' } as const;
}

/** A number of a line as the form holds it (number or text); null when empty or not a number. */
function numberOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

type LineLike = { count?: unknown; length?: unknown; width?: unknown; height?: unknown; unit?: unknown; weight?: unknown };

/** The cm³ of one line; null while a value is missing (a line being typed counts as nothing yet). */
export function lineCubicCm(line: LineLike): number | null {
  const count = numberOf(line.count);
  const dims = [numberOf(line.length), numberOf(line.width), numberOf(line.height)];
  if (count === null || count <= 0 || dims.some((d) => d === null || d <= 0)) return null;
  const factor = line.unit === 'in' ? CM_PER_INCH ** 3 : 1;
  return count * dims[0]! * dims[1]! * dims[2]! * factor;
}

export type CargoMeasureInput = {
  transport: TransportMode | null;
  pieces: readonly LineLike[];
  /** The typed volume (m³), used when there are no lines. */
  volume: unknown;
  weight_gross: unknown;
  /** The carrier's own divisor in cm³ per kg, when it has one. */
  carrierDivisor?: number | null;
};

export type CargoMeasures = {
  /** m³ to 3 decimals: from the lines, else the typed volume; null with neither. */
  volume: number | null;
  /** The same volume unrounded, in cm³: what the volumetric weight is computed from (the calculation line shows it). */
  cubic_cm: number | null;
  volumeFrom: 'pieces' | 'typed' | null;
  /** Pieces over all lines (0 without lines) and the sum of their weights when every line has one. */
  pieceCount: number;
  piecesWeight: number | null;
  /** kg per m³ used, and whether the carrier's divisor set it. */
  factor: number | null;
  factorFrom: 'carrier' | 'default' | null;
  /** kg to 2 decimals. */
  weight_volumetric: number | null;
  /** kg: air rounded up to the next 0.5, other modes to 2 decimals. */
  weight_chargeable: number | null;
  /** Sea only: the greater of tonnes and m³ (W/M), 3 decimals. */
  revenue_tons: number | null;
  gross: number | null;
  transport: TransportMode | null;
};

/** Rounds up to the next 0.5 (a hair of float noise below a half does not add another half). */
export function roundUpToHalf(n: number): number {
  return Math.ceil(round(n * 2, 6)) / 2;
}

/** Everything the cargo section shows and the server stores, from the lines (or typed volume) and gross weight. */
export function cargoMeasures(input: CargoMeasureInput): CargoMeasures {
  const gross = numberOf(input.weight_gross);
  let cubicCm = 0;
  let pieceCount = 0;
  let piecesWeight: number | null = input.pieces.length ? 0 : null;
  let complete = 0;
  for (const line of input.pieces) {
    const cm3 = lineCubicCm(line);
    if (cm3 === null) continue;
    complete++;
    cubicCm += cm3;
    const count = numberOf(line.count)!;
    pieceCount += count;
    const w = numberOf(line.weight);
    piecesWeight = piecesWeight === null || w === null ? null : piecesWeight + count * w;
  }
  if (complete < input.pieces.length) piecesWeight = null;

  const typed = numberOf(input.volume);
  const exactM3 = complete > 0 ? cubicCm / 1_000_000 : typed !== null && typed > 0 ? typed : null;
  const volumeFrom = complete > 0 ? 'pieces' : exactM3 !== null ? 'typed' : null;
  const transport = input.transport;
  const carrier = input.carrierDivisor && input.carrierDivisor > 0 ? input.carrierDivisor : null;
  const factor = transport === null ? null : carrier ? 1_000_000 / carrier : DEFAULT_KG_PER_M3[transport];

  const cubic = exactM3 === null ? null : complete > 0 ? cubicCm : exactM3 * 1_000_000;
  const empty = { volume: exactM3 === null ? null : round(exactM3, 3), cubic_cm: cubic, volumeFrom, pieceCount, piecesWeight: piecesWeight === null ? null : round(piecesWeight, 3), gross, transport } as const;
  if (exactM3 === null || factor === null) {
    return { ...empty, factor, factorFrom: factor === null ? null : carrier ? 'carrier' : 'default', weight_volumetric: null, weight_chargeable: null, revenue_tons: null };
  }
  const volumetric = round(volumetricKg(cubic!, transport!, carrier), 2);
  const heavier = Math.max(volumetric, gross ?? 0);
  return {
    ...empty,
    factor,
    factorFrom: carrier ? 'carrier' : 'default',
    weight_volumetric: volumetric,
    weight_chargeable: transport === 'air' ? roundUpToHalf(heavier) : round(heavier, 2),
    revenue_tons: transport === 'sea' ? round(Math.max(exactM3, (gross ?? 0) / 1000), 3) : null,
  };
}

export const MEASURE_MESSAGES = {
  pieces: msg('The dimension lines add up to more than 99,999,999.999 m³.'),
  volume: ENGLISH.t(msg('{label} is too large'), { label: msg('Volume') }),
  weight: msg('Gross Weight is too large: the chargeable weight must stay below 100,000,000,000 kg.'),
};

/**
 * What of the computed measures cannot be stored: dimension lines whose volume passes MAX_VOLUME (a typed volume
 * is held there by its schema), or a gross weight whose chargeable rounding (air up to 0.5 kg, other modes to 2
 * decimals) takes it past MAX_MEASURE. The form, an import and the server ask it of the same figures; null when they
 * fit.
 */
export function measuresProblem(m: CargoMeasures): { field: 'pieces' | 'volume' | 'weight_gross'; message: string } | null {
  if (m.volume !== null && m.volume > MAX_VOLUME) {
    return m.volumeFrom === 'pieces' ? { field: 'pieces', message: MEASURE_MESSAGES.pieces } : { field: 'volume', message: MEASURE_MESSAGES.volume };
  }
  if (m.weight_chargeable !== null && m.weight_chargeable > MAX_MEASURE) return { field: 'weight_gross', message: MEASURE_MESSAGES.weight };
  return null;
}

const numberLocale = (r: Reader) => (r.locale === 'en' ? 'en-US' : r.locale);
const fmt = (n: number, decimals: number, r: Reader = ENGLISH) => n.toLocaleString(numberLocale(r), { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
const plain = (n: number, r: Reader = ENGLISH) => n.toLocaleString(numberLocale(r), { maximumFractionDigits: 3 });

/** The divisor in cm³ per kg a factor in kg per m³ stands for (air's 6,000, a carrier's own); null for sea and road. */
function divisorOf(m: Pick<CargoMeasures, 'factor' | 'factorFrom' | 'transport'>): number | null {
  if (m.factor === null) return null;
  return m.factorFrom === 'carrier' || m.transport === 'air' ? Math.round(1_000_000 / m.factor) : null;
}

/** The air (or carrier's divisor) form of the calculation's first part. */
const dividedText = (byCarrier: boolean, values: Record<string, string>, r: Reader) =>
  byCarrier ? r.t("{volume} cm³ / {divisor} (carrier's divisor) = {volumetric} kg volumetric", values) : r.t('{volume} cm³ / {divisor} = {volumetric} kg volumetric', values);

/**
 * The calculation as the staff detail page and the forms show it, with figures that multiply out (issue 37): the
 * unrounded volume the weight is computed from, by the convention's own operation.
 * - Air (IATA 6,000) or a carrier's divisor: '87,750 cm³ / 6,000 = 14.63 kg volumetric; gross 14 kg; chargeable 15.0 kg'.
 * - Sea and road multiply the m³ by kg per m³: '0.091 m³ x 333 = 30.30 kg volumetric' (sea adds the revenue tons).
 * Null when there is nothing to compute.
 */
export function chargeableWeightText(
  m: Pick<CargoMeasures, 'volume' | 'cubic_cm' | 'factor' | 'factorFrom' | 'weight_volumetric' | 'weight_chargeable' | 'revenue_tons' | 'gross' | 'transport'>,
  r: Reader = ENGLISH,
): string | null {
  if (m.volume === null || m.cubic_cm === null || m.factor === null || m.weight_volumetric === null || m.weight_chargeable === null) return null;
  const divisor = divisorOf(m);
  const volumetric = fmt(m.weight_volumetric, 2, r);
  const parts = [
    divisor === null
      ? r.t('{volume} m³ x {factor} = {volumetric} kg volumetric', {
          volume: (m.cubic_cm / 1_000_000).toLocaleString(numberLocale(r), { minimumFractionDigits: 3, maximumFractionDigits: 6 }),
          factor: fmt(m.factor, 0, r),
          volumetric,
        })
      : dividedText(m.factorFrom === 'carrier', { volume: m.cubic_cm.toLocaleString(numberLocale(r), { maximumFractionDigits: 2 }), divisor: fmt(divisor, 0, r), volumetric }, r),
  ];
  if (m.gross !== null) parts.push(r.t('gross {weight} kg', { weight: plain(m.gross, r) }));
  parts.push(r.t('chargeable {weight} kg', { weight: fmt(m.weight_chargeable, m.transport === 'air' ? 1 : 2, r) }));
  if (m.revenue_tons !== null) parts.push(r.t('{tons} revenue tons (W/M)', { tons: fmt(m.revenue_tons, 3, r) }));
  return parts.join('; ');
}

/** '3 x 120 x 80 x 150 cm, 250 kg each': one line for lists, detail pages and papers, in the reader's language. */
export function pieceLineLabel(p: Piece, r: Reader = ENGLISH): string {
  const values = { count: plain(p.count, r), length: plain(p.length, r), width: plain(p.width, r), height: plain(p.height, r), unit: p.unit };
  return p.weight === null
    ? r.t('{count} x {length} x {width} x {height} {unit}', values)
    : r.t('{count} x {length} x {width} x {height} {unit}, {weight} kg each', { ...values, weight: plain(p.weight, r) });
}

/**
 * The calculation text of a stored shipment (the staff detail page): from its stored factor, volumetric and
 * chargeable weight, so that the text matches what was saved even after a carrier's divisor changes. The volume is
 * the stored dimension lines' unrounded one (the stored volume is rounded to 3 decimals), else the typed volume.
 */
export function storedCargoCalculation(s: {
  transport: TransportMode | null;
  pieces: readonly Piece[];
  volume: number | null;
  weight_gross: number | null;
  weight_volumetric: number | null;
  weight_chargeable: number | null;
  volumetric_factor: number | null;
}, r: Reader = ENGLISH): string | null {
  if (s.transport === null || s.volume === null || s.volumetric_factor === null) return null;
  const lines = s.pieces.map(lineCubicCm);
  const cubicCm = lines.length > 0 && lines.every((c) => c !== null) ? lines.reduce((sum: number, c) => sum + (c ?? 0), 0) : s.volume * 1_000_000;
  const fromCarrier = Math.abs(s.volumetric_factor - DEFAULT_KG_PER_M3[s.transport]) > 0.001;
  return chargeableWeightText({
    volume: s.volume,
    cubic_cm: cubicCm,
    factor: s.volumetric_factor,
    factorFrom: fromCarrier ? 'carrier' : 'default',
    weight_volumetric: s.weight_volumetric,
    weight_chargeable: s.weight_chargeable,
    revenue_tons: s.transport === 'sea' ? round(Math.max(s.volume, (s.weight_gross ?? 0) / 1000), 3) : null,
    gross: s.weight_gross,
    transport: s.transport,
  }, r);
}
