/**
 * The quote from a booking request (issue 16): addressed to the customer company, numbered by the request, with the
 * route and service quoted, a summary of the cargo as the request holds it, the charge lines with a total per
 * currency (currencies are never added together or converted), the validity day, the transit time and the terms.
 * A quote's costs (buy lines) and the margin are staff-internal: the input has no field for them.
 */
import { cargoMeasures } from '@domain/cargo/measures';
import { SHIPMENT_TYPE_LABELS, TRANSPORT_MODE_LABELS, type ShipmentType } from '@domain/common/enums';
import { formatAmount } from '@domain/requests/quote-lines';
import { SEA_LOAD_LABELS, equipmentLabel } from '@domain/requests/schema';
import type { Cell, Sheet } from '../frame';
import { count, dangerousGoods, formatDate, incoterm, join, kg, m3, party, text } from '../format';
import { MUTED } from '../style';
import type { QuotePdfInput } from '../types';
import { chargesTable } from './common';

/** 'QUO-RQ-2611-0042.pdf': the file a quote downloads as. */
export function quoteFileName(requestNumber: string): string {
  return `QUO-${requestNumber}.pdf`;
}

/** The day printed as the quote's date: the day it was sent, or for a draft the day it is previewed. */
export function quoteDate(input: Pick<QuotePdfInput, 'quote' | 'printedAt' | 'draft'>): Date {
  return !input.draft && input.quote.sent_at ? new Date(input.quote.sent_at) : input.printedAt;
}

const FREIGHT: Record<ShipmentType, string> = { air: 'Air freight', sea: 'Sea freight', land: 'Road freight', partial: 'Partial shipment' };

/** 'Sea freight, Full container (FCL)', 'Partial shipment (LCL)': the service the quote offers. */
function serviceOf(r: QuotePdfInput['request'], q: QuotePdfInput['quote']): string {
  const type: ShipmentType | null = q.mode ?? (r.mode === 'best_offer' ? null : r.mode);
  if (!type) return '';
  if (type === 'partial') return q.transport_mode ? `${FREIGHT.partial} (${TRANSPORT_MODE_LABELS[q.transport_mode]})` : FREIGHT.partial;
  return join(', ', FREIGHT[type] ?? SHIPMENT_TYPE_LABELS[type], type === 'sea' && r.sea_load ? SEA_LOAD_LABELS[r.sea_load] : null);
}

/** An end of the route: the airport or port, the city and country, the pickup or delivery address. */
function endOf(r: QuotePdfInput['request'], end: 'origin' | 'destination'): string {
  const airport = r[`${end}_airport`];
  const port = r[`${end}_port`];
  return join(
    '\n',
    airport ? `Airport: ${airport}` : null,
    port ? `Port: ${port}` : null,
    join(', ', r[`${end}_city`], r[`${end}_country`]),
    r[`${end}_address`],
  );
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** Only the boxes with a value: the quote prints what the request and quote hold, no empty boxes. */
const filled = (...cells: Cell[]) => cells.filter((c) => c.value);

export function drawQuote(sheet: Sheet, input: QuotePdfInput): void {
  const { request: r, quote: q, company } = input;
  if (input.draft) {
    sheet.paragraph('DRAFT — not sent. The customer does not see this quote until it is sent; amounts may still change.', { style: 'bold', size: 9, color: '#b00020' });
    sheet.gap(2);
  }

  sheet.columns(
    [[{ label: 'Quotation for', value: party(company.name, company.address), minHeight: 76, size: 10 }]],
    [
      [{ label: 'Quotation No.', value: r.number, bold: true, size: 11 }],
      [
        { label: 'Date', value: formatDate(quoteDate(input)) },
        { label: 'Valid until', value: formatDate(q.valid_until), bold: true },
      ],
      filled({ label: 'Your contact', value: text(r.handler_name) }, { label: 'Direction', value: r.direction === 'export' ? 'Export' : 'Import' }),
    ],
    0.55,
  );

  sheet.gap(12);
  sheet.heading('Route and service', 60);
  sheet.boxes({ label: 'From', value: endOf(r, 'origin'), minHeight: 36 }, { label: 'To', value: endOf(r, 'destination'), minHeight: 36 });
  const service = filled(
    { label: 'Service', value: serviceOf(r, q), w: 1.4 },
    { label: 'Incoterms® rule', value: incoterm(r.incoterm, r.incoterm_place) },
    { label: 'Cargo ready', value: formatDate(r.cargo_ready_date) },
    { label: 'Transit time', value: q.transit_days === null ? '' : days(q.transit_days), bold: true },
  );
  if (service.length) sheet.boxes(...service);

  sheet.gap(12);
  const m = cargoMeasures({ transport: null, pieces: r.pieces, volume: r.volume, weight_gross: r.weight_gross });
  sheet.heading('Cargo', 60);
  sheet.boxes({ label: 'Description of goods', value: r.cargo_description });
  const cargo = filled(
    { label: 'Pieces', value: m.pieceCount > 0 ? count(m.pieceCount) : '' },
    { label: 'Gross weight', value: kg(r.weight_gross) },
    { label: 'Volume', value: m3(m.volume) },
    { label: 'Containers', value: equipmentLabel(r.equipment), w: 1.4 },
    { label: 'Dangerous goods', value: dangerousGoods(r) },
  );
  if (cargo.length) sheet.boxes(...cargo);

  sheet.gap(14);
  const totals = chargesTable(sheet, q.lines, 'Charges');
  sheet.gap(8);
  sheet.boxesIn(sheet.left + sheet.width * 0.55, sheet.width * 0.45, {
    label: totals.length > 1 ? 'Total quoted (per currency, not converted)' : 'Total quoted',
    value: totals.map((t) => formatAmount(t.total, t.currency)).join('\n'),
    bold: true,
    size: 11,
    align: 'right',
  });

  sheet.gap(12);
  sheet.paragraph(
    join(' ', q.valid_until ? `This quotation is valid until ${formatDate(q.valid_until)}.` : null, q.transit_days === null ? null : `Estimated transit time: ${days(q.transit_days)}.`),
    { size: 9, style: 'bold' },
  );
  if (q.customer_note) {
    sheet.gap(4);
    sheet.heading('Note', 12);
    sheet.paragraph(q.customer_note, { size: 9 });
  }
  if (q.terms) {
    sheet.gap(4);
    sheet.heading('Terms', 12);
    sheet.paragraph(q.terms, { size: 9 });
  }
  sheet.gap(6);
  sheet.paragraph(
    `Rates apply to the route and cargo described above and are payable in the currency shown for each charge; amounts are net of VAT, which is charged as shown per line on the invoice. Duties, taxes and charges not listed are not included. To book, accept quotation ${r.number} in the portal before it expires.`,
    { size: 8, color: MUTED },
  );
}
