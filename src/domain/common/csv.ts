/** A number written as it is (a negative amount stays "-12.50", not neutralised): only a plain decimal string. */
export class CsvNumber {
  constructor(readonly text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`not a plain decimal number: ${text}`);
  }
}
export const csvNumber = (decimal: string): CsvNumber => new CsvNumber(decimal);

/** CSV (RFC 4180) cells: quoted when needed; a leading =, +, -, @ is neutralised so spreadsheets do not run it. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof CsvNumber) return value.text;
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') text = String(value);
  else text = JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A cell's text as it was before csvCell guarded it: the apostrophe before a leading =, +, - or @ taken off again. */
export const unguardedCell = (text: string): string => (/^'[=+\-@]/.test(text) ? text.slice(1) : text);
