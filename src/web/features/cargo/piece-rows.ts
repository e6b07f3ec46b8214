import { isBlank } from '@domain/shipments/index';

/** A dimension line as its inputs hold it: numbers or '' while empty, unit 'cm' or 'in'. */
export type PieceRow = { count: number | string; length: number | string; width: number | string; height: number | string; unit: string; weight: number | string };

/** A line the user added but left empty (no dimension and no weight typed): not sent, not refused. */
export function isEmptyPieceRow(row: PieceRow): boolean {
  return [row.length, row.width, row.height, row.weight].every((v) => isBlank(v));
}
