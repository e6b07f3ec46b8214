/** Blocks more than one paper prints: the containers list, the cargo summary and the charges with their totals. */
import { transportOf } from '@domain/shipments/labels';
import type { ShipmentDetail } from '@domain/shipments/views-schema';
import type { Sheet } from '../frame';
import { CATEGORY_LABELS, UNIT_LABELS, lineTotals } from '@domain/billing/lines';
import { containerType, count, dangerousGoods, english, formatDate, grouped, hsCode, join, kg, m3, packages, percent, pieceLines, text } from '../format';
import { freeDaysOf, lastFreeDay } from '@domain/shipments/free-time';
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

/**
 * Container number, seal and type, one row each (arrival notice, booking confirmation). With `freeTime` (the arrival
 * notice), each container's free days and last free day from the estimated arrival (issue 41), when any has free time.
 */
export function containersTable(sheet: Sheet, s: ShipmentDetail, title: string, options: { freeTime?: boolean } = {}): void {
  if (!s.containers.length) return;
  const tr = sheet.tr;
  // Each container's packages (issue 41) when any container lists them.
  const withPackages = s.containers.some((c) => c.packages_count !== null);
  const freeDays = s.containers.map((c) => freeDaysOf(c.free_days, s.free_time_days));
  const withFreeTime = options.freeTime === true && freeDays.some((d) => d !== null);
  const narrow = withPackages && withFreeTime ? 0.8 : 1;
  sheet.table({
    title,
    columns: [
      { header: tr.t('No.'), w: 0.5, align: 'right' },
      { header: tr.t('Container No.'), w: 2 },
      { header: tr.t('Seal No.'), w: (withPackages ? 1.6 : 2) * narrow },
      { header: tr.t('Type (ISO code)'), w: 1.6 },
      ...(withPackages ? [{ header: tr.t('Packages'), w: 1.2 }] : []),
      { header: tr.t('Gross weight'), w: 1.4, align: 'right' as const },
      { header: tr.t('Volume'), w: 1.3 * narrow, align: 'right' as const },
      ...(withFreeTime ? [{ header: tr.t('Free days'), w: 0.9, align: 'right' as const }, { header: tr.t('Last free day'), w: 1.4 }] : []),
    ],
    rows: s.containers.map((c, i) => ({
      cells: [
        String(i + 1), c.number, c.carrier_seal_number, containerType(c),
        ...(withPackages ? [c.packages_count === null ? '' : packages(tr, c.packages_count, c.package_type ?? s.package_type)] : []),
        kg(tr, c.weight), m3(tr, c.volume),
        ...(withFreeTime ? [freeDays[i] === null ? '' : count(tr, freeDays[i]), formatDate(tr, lastFreeDay(s.estimated_arrival, freeDays[i] ?? null))] : []),
      ],
    })),
  });
}

/** Packages, weight, volume, HS code, dangerous goods and description as boxes; dimension lines below them. */
export function cargoBoxes(sheet: Sheet, s: ShipmentDetail): void {
  const tr = sheet.tr;
  sheet.boxes(
    { label: tr.t('Packages'), value: packages(tr, s.packages_count, s.package_type) },
    { label: tr.t('Gross weight'), value: kg(tr, s.weight_gross) },
    { label: tr.t('Volume'), value: m3(tr, s.volume) },
    { label: tr.t('HS code'), value: hsCode(s.hs_code) },
    { label: tr.t('Dangerous goods'), value: s.dangerous_goods ? dangerousGoods(tr, s) : tr.t('No') },
  );
  sheet.boxes({ label: tr.t('Description of goods'), value: s.cargo_description });
  dimensionsTable(sheet, s);
}

/** The dimension lines, when there are any: a table, since there may be up to 200 of them. */
export function dimensionsTable(sheet: Sheet, s: ShipmentDetail): void {
  if (!s.pieces.length) return;
  const tr = sheet.tr;
  const labels = pieceLines(tr, s.pieces);
  sheet.gap(8);
  sheet.table({
    title: tr.t('Dimensions'),
    columns: [
      { header: tr.t('Line'), w: 0.5, align: 'right' },
      { header: tr.t('Pieces x length x width x height'), w: 5 },
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
  const tr = sheet.tr;
  if (!charges.length) {
    sheet.heading(title, 14);
    sheet.paragraph(tr.t('No charges are due.'));
    return [];
  }
  const totals = chargeTotals(charges);
  sheet.table({
    title,
    columns: [
      // A charge line's name (the catalog's plain 'Charge' is the sell side, as opposed to a cost).
      { header: tr.t('{column, select, other {Charge}}'), w: 2 },
      { header: tr.t('Description'), w: 2.6 },
      { header: tr.t('Quantity'), w: 2.2 },
      { header: tr.t('VAT'), w: 0.9 },
      { header: tr.t('Currency'), w: 1 },
      { header: tr.t('Amount'), w: 1.5, align: 'right' },
    ],
    rows: [
      ...charges.map((l) => ({
        cells: [
          join(' ', l.code, `${l.code ? '· ' : ''}${tr.t(CATEGORY_LABELS[l.category])}`),
          text(l.description),
          `${grouped(tr, l.quantity)} × ${grouped(tr, l.unit_price)} ${tr.t(UNIT_LABELS[l.unit])}`,
          l.vat_category ? join(' ', l.vat_category, l.vat_category === 'S' && l.vat_rate ? (english(tr) ? `${l.vat_rate}%` : percent(tr, l.vat_rate)) : null) : '',
          l.currency,
          grouped(tr, l.amount),
        ],
      })),
      ...totals.map((t) => ({ cells: [tr.t('Total {currency}', { currency: t.currency }), '', '', '', t.currency, grouped(tr, t.total)], total: true })),
    ],
    keepTogether: true,
  });
  return totals;
}
