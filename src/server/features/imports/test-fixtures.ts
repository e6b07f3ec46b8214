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


/** An air rate sheet's header (the template's columns, the worked example's breaks and surcharges). */
export const AIR_SHEET_HEADERS = ['Side', 'Mode', 'Origin', 'Destination', 'Currency', 'Valid From', 'Valid To', 'Priority', 'Carrier', 'Customer', 'Minimum', 'Rate', '+45', '+100', '+300', '+500', '+1000', 'FSC per kg', 'SSC per kg'];
/** The air tariff (EUR: M 75.00, N 4.10 … +1000 1.60, fuel 0.85/kg, security 0.15/kg) as a sheet row. */
export const airTariffRow = (extra: Row = {}): Row => ({
  Side: 'buy', Mode: 'air', Origin: 'ADB', Destination: 'MUC', Currency: 'EUR', 'Valid From': '2026-01-01', 'Valid To': '2026-01-31', Priority: '0', Carrier: 'Turkish Cargo',
  Minimum: '75.00', Rate: '4.10', '+45': '3.20', '+100': '2.60', '+300': '2.10', '+500': '1.85', '+1000': '1.60', 'FSC per kg': '0.85', 'SSC per kg': '0.15', ...extra,
});

/**
 * A sheet of `n` air cards over `lanes` lanes (from the airports given, each lane's cards a month apart), for the
 * 20,000-line import and the 100,000-line lookup benchmarks.
 */
export function bigRateSheet(n: number, lanes: number, airports: readonly string[]): Row[] {
  const pairs: [string, string][] = [];
  for (let i = 0; pairs.length < lanes && i < airports.length; i++) {
    for (let j = 0; pairs.length < lanes && j < airports.length; j++) if (i !== j) pairs.push([airports[i]!, airports[j]!]);
  }
  const rows: Row[] = [];
  for (let k = 0; k < n; k++) {
    const [origin, destination] = pairs[k % pairs.length]!;
    const month = Math.floor(k / pairs.length);
    const from = new Date(Date.UTC(2026, month, 1)).toISOString().slice(0, 10);
    const to = new Date(Date.UTC(2026, month + 1, 0)).toISOString().slice(0, 10);
    rows.push(airTariffRow({ Origin: origin, Destination: destination, 'Valid From': from, 'Valid To': to, Rate: (4 + (k % 97) / 100).toFixed(2) }));
  }
  return rows;
}
