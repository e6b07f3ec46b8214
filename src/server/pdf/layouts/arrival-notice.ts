/**
 * Arrival notice: a letter to the consignee (and the notify party) that the shipment is arriving: when and where,
 * the transport documents' numbers, the containers, the cargo, the customs status and the charges due before
 * release, with a total per currency.
 */
import type { ShipmentDetail } from '@domain/shipments/views-schema';
import type { Translator } from '@server/i18n';
import type { Cell, Sheet } from '../frame';
import { customsStatus, formatDateTime, freightTerms, join, party, text } from '../format';
import type { PdfInput } from '../types';
import { cargoBoxes, chargesTable, containersTable, travelMode } from './common';

/** 'Freight prepaid, payable at İzmir': the freight terms as the house bill states them. */
function freightLine(tr: Translator, s: ShipmentDetail): string {
  return join(', ', freightTerms(tr, s.freight_terms), s.freight_payable_at ? tr.t('payable at {place}', { place: s.freight_payable_at }) : null);
}

export function drawArrivalNotice(sheet: Sheet, input: PdfInput): void {
  const s = input.shipment;
  const tr = sheet.tr;
  const mode = travelMode(s);
  const addressee = 58;
  sheet.columns(
    [
      [
        { label: tr.t('To: consignee'), value: party(s.consignee_name, s.consignee_address), minHeight: addressee },
        { label: tr.t('Notify party'), value: party(s.notify_name, s.notify_address), minHeight: addressee },
      ],
    ],
    [
      [{ label: tr.t('Our reference'), value: s.reference_number, bold: true }],
      // Our house document's number, then the carrier's master one, a row each (a B/L number is 16 characters).
      ...(mode === 'air'
        ? [[{ label: tr.t('HAWB No.'), value: text(s.hawb_number) }, { label: tr.t('MAWB No.'), value: text(s.mawb_number) }]]
        : mode === 'sea'
          ? [[{ label: tr.t('B/L No.'), value: text(s.house_bl_number) }], [{ label: tr.t('Master B/L No.'), value: text(s.customer_reference) }]]
          : [[{ label: tr.t('Customer reference'), value: text(s.customer_reference) }]]),
    ],
    0.66,
  );
  sheet.gap(12);
  sheet.write(tr.t('Your shipment is arriving'), sheet.left, sheet.y, sheet.width, { style: 'bold', size: 13 });
  sheet.gap(19);
  const where = mode === 'air' ? s.destination_airport : mode === 'sea' ? s.destination_port : null;
  const when = formatDateTime(tr, s.estimated_arrival);
  const arriving =
    where && when
      ? tr.t('We are pleased to advise that the shipment below is expected to arrive at {place} on {date}.', { place: where, date: when })
      : where
        ? tr.t('We are pleased to advise that the shipment below is expected to arrive at {place}.', { place: where })
        : when
          ? tr.t('We are pleased to advise that the shipment below is expected to arrive on {date}.', { date: when })
          : tr.t('We are pleased to advise that the shipment below is expected to arrive.');
  const collect = input.charges.length
    ? tr.t('Please arrange customs clearance and the collection of the goods; the charges below are due before release.')
    : tr.t('Please arrange customs clearance and the collection of the goods.');
  sheet.paragraph(`${arriving} ${collect}`);
  sheet.gap(4);

  const transport: Cell[] =
    mode === 'air'
      ? [
          { label: tr.t('Flight'), value: text(s.flight_number) },
          { label: tr.t('Airport of departure'), value: text(s.origin_airport) },
          { label: tr.t('Airport of discharge'), value: text(s.destination_airport) },
        ]
      : mode === 'sea'
        ? [
            { label: tr.t('Vessel / voyage'), value: join(' / ', s.vessel_name, s.voyage_number) },
            { label: tr.t('Port of loading'), value: text(s.origin_port) },
            { label: tr.t('Port of discharge'), value: text(s.destination_port) },
          ]
        : [];
  sheet.boxes(
    ...transport,
    { label: tr.t('Estimated arrival'), value: when, bold: true, w: 1.4 },
    { label: tr.t('Customs status'), value: customsStatus(tr, s.customs_status) },
  );
  // Where to collect, on what conditions, and the freight (issue 41).
  sheet.boxes(
    { label: mode === 'air' ? tr.t('Pick-up at (terminal or warehouse)') : tr.t('Pick-up terminal or CFS'), value: text(s.pickup_terminal), w: 1.4 },
    { label: tr.t('Free time'), value: s.free_time_days === null ? '' : tr.t('{count, plural, one {# day} other {# days}} from arrival', { count: s.free_time_days }) },
    { label: tr.t('Freight'), value: freightLine(tr, s), w: 1.4 },
  );
  sheet.boxes({ label: tr.t('Release conditions'), value: text(s.release_conditions) || tr.t('Release against payment of the charges due and the original documents or a release by the carrier.') });
  sheet.boxes({ label: tr.t('Shipper'), value: party(s.shipper_name, s.shipper_address) });
  sheet.gap(10);
  containersTable(sheet, s, tr.t('Containers'), { freeTime: true });
  if (s.containers.length) sheet.gap(10);
  sheet.heading(tr.t('Cargo'), 60);
  cargoBoxes(sheet, s);
  sheet.gap(10);
  chargesTable(sheet, input.charges, tr.t('Charges due'));
  sheet.gap(12);
  const lh = input.letterhead;
  const reference = s.reference_number;
  sheet.paragraph(
    lh.phone && lh.email
      ? tr.t('For delivery instructions and payment please contact us on {phone} or at {email}, quoting our reference {reference}.', { phone: lh.phone, email: lh.email, reference })
      : lh.phone
        ? tr.t('For delivery instructions and payment please contact us on {phone}, quoting our reference {reference}.', { phone: lh.phone, reference })
        : lh.email
          ? tr.t('For delivery instructions and payment please contact us at {email}, quoting our reference {reference}.', { email: lh.email, reference })
          : tr.t('For delivery instructions and payment please contact us, quoting our reference {reference}.', { reference }),
    { size: 8.5 },
  );
}
