/**
 * The quote from a booking request (issue 16): addressed to the customer company, numbered by the request, with the
 * route and service quoted, a summary of the cargo as the request holds it, the charge lines with a total per
 * currency (currencies are never added together or converted), the validity day, the transit time and the terms.
 * A quote's costs (buy lines) and the margin are staff-internal: the input has no field for them.
 */
import { cargoMeasures } from '@domain/cargo/measures';
import { SHIPMENT_TYPE_LABELS, TRANSPORT_MODE_LABELS, type ShipmentType, type TransportMode } from '@domain/common/enums';
import { UNIT_LABELS } from '@domain/billing/lines';
import { msg } from '@domain/common/i18n';
import { SEA_LOAD_LABELS, equipmentLabel } from '@domain/requests/schema';
import type { Translator } from '@server/i18n';
import { countryIn } from '@domain/locale/countries';
import type { Cell, Sheet } from '../frame';
import { count, dangerousGoods, exactMoney, formatDate, incoterm, join, kg, m3, party, text, weight } from '../format';
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

const FREIGHT: Record<ShipmentType, string> = { air: msg('Air freight'), sea: msg('Sea freight'), land: msg('Road freight'), partial: msg('Partial shipment') };

/** 'Sea freight, Full container (FCL)', 'Partial shipment (LCL)': the service the quote offers. */
function serviceOf(tr: Translator, r: QuotePdfInput['request'], q: QuotePdfInput['quote']): string {
  const type: ShipmentType | null = q.mode ?? (r.mode === 'best_offer' ? null : r.mode);
  if (!type) return '';
  if (type === 'partial') return q.transport_mode ? tr.t('Partial shipment ({mode})', { mode: tr.t(TRANSPORT_MODE_LABELS[q.transport_mode]) }) : tr.t(FREIGHT.partial);
  return join(', ', tr.t(FREIGHT[type] ?? SHIPMENT_TYPE_LABELS[type]), type === 'sea' && r.sea_load ? tr.t(SEA_LOAD_LABELS[r.sea_load]) : null);
}

/** An end of the route: the airport or port, the city and country, the pickup or delivery address. */
function endOf(tr: Translator, r: QuotePdfInput['request'], end: 'origin' | 'destination'): string {
  const airport = r[`${end}_airport`];
  const port = r[`${end}_port`];
  return join(
    '\n',
    airport ? tr.t('Airport: {airport}', { airport }) : null,
    port ? tr.t('Port: {port}', { port }) : null,
    join(', ', r[`${end}_city`], countryIn(r[`${end}_country`], tr.locale)),
    r[`${end}_address`],
  );
}

/** How the quoted service travels: the quote's mode, a partial load's transport; null for a best offer without one. */
function transportOfQuote(r: QuotePdfInput['request'], q: QuotePdfInput['quote']): TransportMode | null {
  const type: ShipmentType | null = q.mode ?? (r.mode === 'best_offer' ? null : r.mode);
  if (type === 'partial') return q.transport_mode ?? null;
  return type;
}

/**
 * The quantity the rates apply to: a full container load's equipment; sea cargo's revenue tons (W/M: the greater of
 * tonnes and m³); air and road cargo's chargeable weight (the greater of gross and volumetric weight at the mode's
 * kg per m³: 167 for air's 6,000 cm³/kg, 333 for road), with the volumetric weight it came from.
 */
function pricedOn(tr: Translator, r: QuotePdfInput['request'], q: QuotePdfInput['quote']): string {
  const transport = transportOfQuote(r, q);
  if (transport === null) return '';
  if (transport === 'sea' && q.mode === 'sea' && r.sea_load === 'fcl') return equipmentLabel(r.equipment);
  const m = cargoMeasures({ transport, pieces: r.pieces, volume: r.volume, weight_gross: r.weight_gross });
  if (transport === 'sea') return m.revenue_tons === null ? '' : tr.t('{tons} revenue tons (W/M)', { tons: weight(tr, m.revenue_tons) });
  if (m.weight_chargeable === null) return r.weight_gross === null ? '' : tr.t('Chargeable weight {weight} kg (gross)', { weight: weight(tr, r.weight_gross) });
  const chargeable = weight(tr, m.weight_chargeable);
  return m.weight_volumetric !== null && m.weight_volumetric > (m.gross ?? 0)
    ? tr.t('Chargeable weight {weight} kg (volumetric {volumetric} kg)', { weight: chargeable, volumetric: weight(tr, m.weight_volumetric) })
    : tr.t('Chargeable weight {weight} kg (gross)', { weight: chargeable });
}

/** 'Freight per kg': the units the freight lines are priced by (else every line's), in their order, once each. */
function rateBasis(tr: Translator, lines: QuotePdfInput['quote']['lines']): string {
  const freight = lines.filter((l) => l.category === 'freight');
  const units = [...new Set((freight.length ? freight : lines).map((l) => l.unit))];
  if (!units.length) return '';
  const per = units.map((u) => tr.t(UNIT_LABELS[u])).join(', ');
  return freight.length ? tr.t('Freight {per}', { per }) : per;
}

const days = (tr: Translator, n: number) => tr.t('{count, plural, one {# day} other {# days}}', { count: n });

/** Only the boxes with a value: the quote prints what the request and quote hold, no empty boxes. */
const filled = (...cells: Cell[]) => cells.filter((c) => c.value);

export function drawQuote(sheet: Sheet, input: QuotePdfInput): void {
  const { request: r, quote: q, company } = input;
  const tr = sheet.tr;
  if (input.draft) {
    sheet.paragraph(tr.t('DRAFT — not sent. The customer does not see this quote until it is sent; amounts may still change.'), { style: 'bold', size: 9, color: '#b00020' });
    sheet.gap(2);
  }

  sheet.columns(
    [[{ label: tr.t('Quotation for'), value: party(company.name, company.address), minHeight: 76, size: 10 }]],
    [
      [{ label: tr.t('Quotation No.'), value: r.number, bold: true, size: 11 }],
      [
        { label: tr.t('Date'), value: formatDate(tr, quoteDate(input)) },
        { label: tr.t('Valid until'), value: formatDate(tr, q.valid_until), bold: true },
      ],
      filled({ label: tr.t('Your contact'), value: text(r.handler_name) }, { label: tr.t('Direction'), value: r.direction === 'export' ? tr.t('Export') : tr.t('Import') }),
    ],
    0.55,
  );

  sheet.gap(12);
  sheet.heading(tr.t('Route and service'), 60);
  // The route's two ends (the catalog's plain 'From' and 'To' are a date range's).
  sheet.boxes(
    { label: tr.t('{end, select, other {From}}'), value: endOf(tr, r, 'origin'), minHeight: 36 },
    { label: tr.t('{end, select, other {To}}'), value: endOf(tr, r, 'destination'), minHeight: 36 },
  );
  const service = filled(
    { label: tr.t('Service'), value: serviceOf(tr, r, q), w: 1.4 },
    { label: tr.t('Incoterms® rule'), value: incoterm(r.incoterm, r.incoterm_place) },
    { label: tr.t('Cargo ready'), value: formatDate(tr, r.cargo_ready_date) },
    { label: tr.t('Transit time'), value: q.transit_days === null ? '' : days(tr, q.transit_days), bold: true },
  );
  if (service.length) sheet.boxes(...service);

  sheet.gap(12);
  const m = cargoMeasures({ transport: null, pieces: r.pieces, volume: r.volume, weight_gross: r.weight_gross });
  sheet.heading(tr.t('Cargo'), 60);
  sheet.boxes({ label: tr.t('Description of goods'), value: r.cargo_description });
  const cargo = filled(
    { label: tr.t('Pieces'), value: m.pieceCount > 0 ? count(tr, m.pieceCount) : '' },
    { label: tr.t('Gross weight'), value: kg(tr, r.weight_gross) },
    { label: tr.t('Volume'), value: m3(tr, m.volume) },
    { label: tr.t('Containers'), value: equipmentLabel(r.equipment), w: 1.4 },
    { label: tr.t('Dangerous goods'), value: dangerousGoods(tr, r) },
  );
  if (cargo.length) sheet.boxes(...cargo);
  // What the rates are applied to (issue 41): the chargeable weight or revenue tons, and the freight's rate basis.
  const basis = filled(
    { label: tr.t('Priced on'), value: pricedOn(tr, r, q), w: 2, bold: true },
    { label: tr.t('Rate basis'), value: rateBasis(tr, q.lines), w: 2 },
  );
  if (basis.length) sheet.boxes(...basis);

  sheet.gap(14);
  const totals = chargesTable(sheet, q.lines, tr.t('Charges'));
  sheet.gap(8);
  sheet.boxesIn(sheet.left + sheet.width * 0.55, sheet.width * 0.45, {
    label: totals.length > 1 ? tr.t('Total quoted (per currency, not converted)') : tr.t('Total quoted'),
    value: totals.map((t) => exactMoney(tr, t.total, t.currency)).join('\n'),
    bold: true,
    size: 11,
    align: 'right',
  });

  sheet.gap(12);
  sheet.paragraph(
    join(
      ' ',
      q.valid_until ? tr.t('This quotation is valid until {date}.', { date: formatDate(tr, q.valid_until) }) : null,
      q.transit_days === null ? null : tr.t('Estimated transit time: {count, plural, one {# day} other {# days}}.', { count: q.transit_days }),
    ),
    { size: 9, style: 'bold' },
  );
  if (q.customer_note) {
    sheet.gap(4);
    sheet.heading(tr.t('Note'), 12);
    sheet.paragraph(q.customer_note, { size: 9 });
  }
  if (q.terms) {
    sheet.gap(4);
    sheet.heading(tr.t('Terms'), 12);
    sheet.paragraph(q.terms, { size: 9 });
  }
  sheet.gap(6);
  sheet.paragraph(
    tr.t(
      'Rates apply to the route and cargo described above and are payable in the currency shown for each charge; amounts are net of VAT, which is charged as shown per line on the invoice. Duties, taxes and charges not listed are not included. To book, accept quotation {number} in the portal before it expires.',
      { number: r.number },
    ),
    { size: 8, color: MUTED },
  );
}
