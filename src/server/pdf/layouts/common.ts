/** Blocks more than one paper prints: the containers list, the cargo summary and the charges with their totals. */
import { transportOf } from '@domain/shipments/labels';
import type { ShipmentDetail } from '@domain/shipments/views-schema';
import type { Sheet } from '../frame';
import { amount, chargeLines, containerType, currencyTotals, dangerousGoods, hsCode, kg, m3, packages, pieceLines } from '../format';

/**
 * How the shipment travels, for papers that serve every mode (arrival notice, booking confirmation): its transport,
 * or for an unknown one whichever of the sea and air data is filled in.
 */
export function travelMode(s: ShipmentDetail): 'sea' | 'air' | 'land' {
  const t = transportOf(s);
  if (t) return t;
  if (s.vessel_name || s.origin_port || s.destination_port || s.containers.length) return 'sea';
  if (s.flight_number || s.origin_airport || s.destination_airport) return 'air';
  return 'land';
}

/** Container number, seal and type, one row each (arrival notice, booking confirmation). */
export function containersTable(sheet: Sheet, s: ShipmentDetail, title: string): void {
  if (!s.containers.length) return;
  sheet.table({
    title,
    columns: [
      { header: 'No.', w: 0.5, align: 'right' },
      { header: 'Container No.', w: 2 },
      { header: 'Seal No.', w: 2 },
      { header: 'Type (ISO code)', w: 1.6 },
      { header: 'Gross weight', w: 1.4, align: 'right' },
      { header: 'Volume', w: 1.3, align: 'right' },
    ],
    rows: s.containers.map((c, i) => ({ cells: [String(i + 1), c.number, c.carrier_seal_number, containerType(c), kg(c.weight), m3(c.volume)] })),
  });
}

/** Packages, weight, volume, HS code, dangerous goods and description as boxes; dimension lines below them. */
export function cargoBoxes(sheet: Sheet, s: ShipmentDetail): void {
  sheet.boxes(
    { label: 'Packages', value: packages(s.packages_count, s.package_type) },
    { label: 'Gross weight', value: kg(s.weight_gross) },
    { label: 'Volume', value: m3(s.volume) },
    { label: 'HS code', value: hsCode(s.hs_code) },
    { label: 'Dangerous goods', value: s.dangerous_goods ? dangerousGoods(s) : 'No' },
  );
  sheet.boxes({ label: 'Description of goods', value: s.cargo_description });
  dimensionsTable(sheet, s);
}

/** The dimension lines, when there are any: a table, since there may be up to 200 of them. */
export function dimensionsTable(sheet: Sheet, s: ShipmentDetail): void {
  if (!s.pieces.length) return;
  const labels = pieceLines(s.pieces);
  sheet.gap(8);
  sheet.table({
    title: 'Dimensions',
    columns: [
      { header: 'Line', w: 0.5, align: 'right' },
      { header: 'Pieces x length x width x height', w: 5 },
    ],
    rows: labels.map((l, i) => ({ cells: [String(i + 1), l] })),
  });
}

/**
 * The charges with an amount (label, currency, amount), then a total per currency: amounts of different currencies
 * are never added together. Without charges, a line says so.
 */
export function chargesTable(sheet: Sheet, s: ShipmentDetail, title: string): void {
  const lines = chargeLines(s);
  if (!lines.length) {
    sheet.heading(title, 14);
    sheet.paragraph('No charges are due.');
    return;
  }
  const totals = currencyTotals(lines, s.currency);
  sheet.table({
    title,
    columns: [
      { header: 'Charge', w: 4 },
      { header: 'Currency', w: 1 },
      { header: 'Amount', w: 1.6, align: 'right' },
    ],
    rows: [
      ...lines.map((l) => ({ cells: [l.label, l.currency, amount(l.amount)] })),
      ...totals.map((t) => ({ cells: [`Total ${t.currency}`, t.currency, amount(t.total)], total: true })),
    ],
    keepTogether: true,
  });
}
