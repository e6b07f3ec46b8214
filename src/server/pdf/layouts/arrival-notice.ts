/**
 * Arrival notice: a letter to the consignee (and the notify party) that the shipment is arriving: when and where,
 * the transport documents' numbers, the containers, the cargo, the customs status and the charges due before
 * release, with a total per currency.
 */
import type { Cell, Sheet } from '../frame';
import { customsStatus, formatDateTime, join, party, text } from '../format';
import type { PdfInput } from '../types';
import { cargoBoxes, chargesTable, containersTable, travelMode } from './common';

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
      [
        mode === 'air'
          ? { label: tr.t('HAWB No.'), value: text(s.hawb_number) }
          : { label: mode === 'sea' ? tr.t('B/L No.') : tr.t('Customer reference'), value: text(s.customer_reference) },
        ...(mode === 'air' ? [{ label: tr.t('MAWB No.'), value: text(s.mawb_number) }] : []),
      ],
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
  sheet.boxes({ label: tr.t('Shipper'), value: party(s.shipper_name, s.shipper_address) });
  sheet.gap(10);
  containersTable(sheet, s, tr.t('Containers'));
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
