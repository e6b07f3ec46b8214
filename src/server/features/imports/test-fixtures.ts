/** Shipment rows for import tests and the import benchmark (bench/import.ts). */
import { csvLine } from '@domain/common/csv';
import { containerCheckDigit } from '@domain/cargo/trade-numbers';
import { DEMO_COMPANY } from '@server/db/seed/demo-fixtures';

export type Row = Record<string, string>;
export const SHIPMENT_HEADERS = ['Reference Number', 'Type', 'Loading Type', 'Company', 'Cargo Description', 'Number of Packages', 'Gross Weight', 'Destination Airport', 'Destination Port', 'Estimated Departure', 'Estimated Arrival', 'MAWB Number', 'Container Type', 'Container Numbers', 'Seal Numbers', 'Status'];
export const csv = (headers: string[], rows: Row[]) => csvLine(headers) + rows.map((r) => csvLine(headers.map((h) => r[h] ?? ''))).join('');

export const air = (ref: string, extra: Row = {}): Row => ({
  'Reference Number': ref, Type: 'air', 'Loading Type': 'export', Company: DEMO_COMPANY, 'Cargo Description': 'Machine parts', 'Number of Packages': '4', 'Gross Weight': '320.5',
  'Destination Airport': 'IST', 'Estimated Departure': '2026-12-01 08:00', 'Estimated Arrival': '2026-12-02', 'MAWB Number': '020-12345675', ...extra,
});
export const sea = (ref: string, extra: Row = {}): Row => ({
  'Reference Number': ref, Type: 'Sea', 'Loading Type': 'Import', Company: DEMO_COMPANY.toUpperCase(), 'Cargo Description': 'Cotton rolls', 'Number of Packages': '120', 'Gross Weight': '14500',
  'Destination Port': 'Ambarli', 'Container Type': '40HC', 'Container Numbers': 'CSQU3054383', 'Seal Numbers': 'SL-1', Status: 'In Transit', ...extra,
});

/** A file of `n` shipments, a third each air, sea (one container, valid ISO 6346 number) and land. */
export function bigShipmentFile(prefix: string, n: number): string {
  const headers = [...SHIPMENT_HEADERS, 'Destination Address'];
  const rows: Row[] = [];
  for (let i = 0; i < n; i++) {
    const ref = `${prefix}-${String(i).padStart(5, '0')}`;
    if (i % 3 === 0) rows.push(air(ref));
    else if (i % 3 === 1) {
      const first10 = `CSQU${String(100000 + i).padStart(6, '0')}`;
      rows.push(sea(ref, { 'Container Numbers': `${first10}${containerCheckDigit(first10)}` }));
    } else rows.push({ ...air(ref), Type: 'land', 'Destination Airport': '', 'MAWB Number': '', 'Destination Address': 'Depot 4, Ankara' });
  }
  return csv(headers, rows);
}
