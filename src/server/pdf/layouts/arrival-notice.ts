/**
 * Arrival notice: a letter to the consignee (and the notify party) that the shipment is arriving: when and where,
 * the transport documents' numbers, the containers, the cargo, the customs status and the charges due before
 * release, with a total per currency.
 */
import type { Cell, Sheet } from '../frame';
import { formatDateTime, join, party, text, words } from '../format';
import type { PdfInput } from '../types';
import { cargoBoxes, chargesTable, containersTable, travelMode } from './common';

export function drawArrivalNotice(sheet: Sheet, input: PdfInput): void {
  const s = input.shipment;
  const mode = travelMode(s);
  const addressee = 58;
  sheet.columns(
    [
      [
        { label: 'To: consignee', value: party(s.consignee_name, s.consignee_address), minHeight: addressee },
        { label: 'Notify party', value: party(s.notify_name, s.notify_address), minHeight: addressee },
      ],
    ],
    [
      [{ label: 'Our reference', value: s.reference_number, bold: true }],
      [
        mode === 'air'
          ? { label: 'HAWB No.', value: text(s.hawb_number) }
          : { label: mode === 'sea' ? 'B/L No.' : 'Customer reference', value: text(s.customer_reference) },
        ...(mode === 'air' ? [{ label: 'MAWB No.', value: text(s.mawb_number) }] : []),
      ],
    ],
    0.66,
  );
  sheet.gap(12);
  sheet.write('Your shipment is arriving', sheet.left, sheet.y, sheet.width, { style: 'bold', size: 13 });
  sheet.gap(19);
  const where = mode === 'air' ? s.destination_airport : mode === 'sea' ? s.destination_port : null;
  const when = formatDateTime(s.estimated_arrival);
  sheet.paragraph(
    `We are pleased to advise that the shipment below is expected to arrive${where ? ` at ${where}` : ''}${when ? ` on ${when}` : ''}. ` +
      `Please arrange customs clearance and the collection of the goods${input.charges.length ? '; the charges below are due before release' : ''}.`,
  );
  sheet.gap(4);

  const transport: Cell[] =
    mode === 'air'
      ? [
          { label: 'Flight', value: text(s.flight_number) },
          { label: 'Airport of departure', value: text(s.origin_airport) },
          { label: 'Airport of discharge', value: text(s.destination_airport) },
        ]
      : mode === 'sea'
        ? [
            { label: 'Vessel / voyage', value: join(' / ', s.vessel_name, s.voyage_number) },
            { label: 'Port of loading', value: text(s.origin_port) },
            { label: 'Port of discharge', value: text(s.destination_port) },
          ]
        : [];
  sheet.boxes(
    ...transport,
    { label: 'Estimated arrival', value: when, bold: true, w: 1.4 },
    { label: 'Customs status', value: words(s.customs_status) },
  );
  sheet.boxes({ label: 'Shipper', value: party(s.shipper_name, s.shipper_address) });
  sheet.gap(10);
  containersTable(sheet, s, 'Containers');
  if (s.containers.length) sheet.gap(10);
  sheet.heading('Cargo', 60);
  cargoBoxes(sheet, s);
  sheet.gap(10);
  chargesTable(sheet, input.charges, 'Charges due');
  sheet.gap(12);
  const lh = input.letterhead;
  sheet.paragraph(
    join(' ', 'For delivery instructions and payment please contact us', join(' or ', lh.phone && `on ${lh.phone}`, lh.email && `at ${lh.email}`)) +
      `, quoting our reference ${s.reference_number}.`,
    { size: 8.5 },
  );
}
