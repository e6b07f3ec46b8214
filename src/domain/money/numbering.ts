/**
 * Document numbers (issue 38): a series prefix, the year and a gapless sequence of six digits per series and year:
 * INV-2026-000001, CN-2026-000001. The database hands out the sequence (one row per series and year, taken under a
 * row lock in the issuing transaction), so numbers are consecutive, never reused and never skipped.
 */
export const SERIES = { invoice: 'INV', credit_note: 'CN' } as const;
export type SeriesKind = keyof typeof SERIES;

export function documentNumber(prefix: string, year: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 999_999) throw new Error(`Sequence out of range: ${sequence}`);
  return `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The parts of a document number, or null. */
export function parseDocumentNumber(n: string): { prefix: string; year: number; sequence: number } | null {
  const m = /^([A-Z]{2,5})-(\d{4})-(\d{6})$/.exec(n);
  return m ? { prefix: m[1]!, year: Number(m[2]), sequence: Number(m[3]) } : null;
}
