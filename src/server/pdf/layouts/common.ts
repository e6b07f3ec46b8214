/** Blocks more than one paper prints: the containers list, the cargo summary and the charges with their totals. */
import { transportOf } from '@domain/shipments/labels';
import type { ShipmentDetail } from '@domain/shipments/views-schema';
import type { Sheet } from '../frame';
import { CATEGORY_LABELS, UNIT_LABELS, lineTotals } from '@domain/billing/lines';
import { groupedDecimal } from '@domain/requests/quote-lines';
import { containerType, dangerousGoods, hsCode, join, kg, m3, packages, pieceLines, text } from '../format';
import type { PaperCharge } from '../types';

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

/** The sell totals per currency of the charges, decimal strings in each currency's minor unit (never one sum). */
export function chargeTotals(charges: readonly PaperCharge[]): { currency: string; total: string }[] {
  return lineTotals(charges.map((c) => ({ side: 'sell' as const, amount: c.amount, currency: c.currency }))).map((t) => ({ currency: t.currency, total: t.total_revenue }));
}

/**
 * The charges (code and category, description, quantity x unit price, VAT, currency, amount), then a total per
 * currency: amounts of different currencies are never added together or converted. Without charges, a line says so.
 * The quote, the debit note and the arrival notice print it alike.
 */
export function chargesTable(sheet: Sheet, charges: readonly PaperCharge[], title: string): { currency: string; total: string }[] {
  if (!charges.length) {
    sheet.heading(title, 14);
    sheet.paragraph('No charges are due.');
    return [];
  }
  const totals = chargeTotals(charges);
  sheet.table({
    title,
    columns: [
      { header: 'Charge', w: 2 },
      { header: 'Description', w: 2.6 },
      { header: 'Quantity', w: 2.2 },
      { header: 'VAT', w: 0.9 },
      { header: 'Currency', w: 1 },
      { header: 'Amount', w: 1.5, align: 'right' },
    ],
    rows: [
      ...charges.map((l) => ({
        cells: [
          join(' ', l.code, `${l.code ? '· ' : ''}${CATEGORY_LABELS[l.category]}`),
          text(l.description),
          `${groupedDecimal(l.quantity)} × ${groupedDecimal(l.unit_price)} ${UNIT_LABELS[l.unit]}`,
          l.vat_category ? join(' ', l.vat_category, l.vat_category === 'S' && l.vat_rate ? `${l.vat_rate}%` : null) : '',
          l.currency,
          groupedDecimal(l.amount),
        ],
      })),
      ...totals.map((t) => ({ cells: [`Total ${t.currency}`, '', '', '', t.currency, groupedDecimal(t.total)], total: true })),
    ],
    keepTogether: true,
  });
  return totals;
}
