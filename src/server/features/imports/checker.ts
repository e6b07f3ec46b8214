/**
 * What a kind's checker takes and gives (check-companies.ts, check-shipments.ts), in a module of its own below the
 * check that runs them (stage.ts).
 */
import type { ImportCounts, ImportProblem } from '@domain/imports/schema';

/** The file's header read: each field's column, and the column's name as problems give it (readHeader). */
export type Header = { positions: ReadonlyMap<string, number>; labels: ReadonlyMap<string, string> };

/** A data row of the file: its spreadsheet row number, its cells by field, and the problems of its raw text. */
export type SourceRow = { row: number; cells: Record<string, unknown>; problems: ImportProblem[] };

export type StagedRow = {
  row: number;
  action: 'create' | 'update' | 'skip';
  key: string;
  target_id: string | null;
  base_updated_at: Date | null;
  payload: Record<string, unknown>;
};

export type CheckedRow = { row: number; problems: ImportProblem[]; staged?: StagedRow[] };

/** A kind's check: rows in batches (in file order), then what can be staged only once every row is seen. */
export type Checker = {
  check(batch: SourceRow[]): Promise<CheckedRow[]>;
  finish(): Promise<StagedRow[]>;
  /** The records the staged rows create, update and skip (default: one a row, by its action). */
  count?(rows: StagedRow[]): Pick<ImportCounts, 'create' | 'update' | 'skip'>;
};
