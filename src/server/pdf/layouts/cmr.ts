/**
 * CMR consignment note: the numbered boxes of the form of the Convention on the Contract for the International
 * Carriage of Goods by Road. Boxes the shipment has no data for (documents attached, successive carriers,
 * reservations, payment directions) are printed empty, for the sender and the carrier to fill in by hand.
 */
import type { Row, Sheet } from '../frame';
import { count, dangerousGoods, formatDate, formatDateTime, hsCode, join, kg, m3, party, pieceLines, text, words } from '../format';
import type { PdfInput } from '../types';

export const CMR_CONVENTION =
  'This carriage is subject, notwithstanding any clause to the contrary, to the Convention on the Contract for the International Carriage of Goods by Road (CMR).';

/** 'Street 1\nBursa, TR': an address line and its city and country, each on its own line when set. */
function place(address: string | null, city: string | null, country: string | null): string {
  return join('\n', address, join(', ', city, country));
}

export function drawCmr(sheet: Sheet, input: PdfInput): void {
  const s = input.shipment;
  const lh = input.letterhead;
  sheet.paragraph(CMR_CONVENTION, { size: 7.5, style: 'regular' });
  sheet.gap(2);
  const tall = 58;
  sheet.columns(
    [
      [{ label: '1  Sender (name, address, country)', value: party(s.shipper_name, s.shipper_address), minHeight: tall }],
      [{ label: '2  Consignee (name, address, country)', value: party(s.consignee_name, s.consignee_address), minHeight: tall }],
      [{ label: '3  Place of delivery of the goods (place, country)', value: place(s.destination_address, s.destination_city, s.destination_country), minHeight: 40 }],
      [
        {
          label: '4  Place and date of taking over the goods (place, country, date)',
          value: join('\n', place(s.origin_address, s.origin_city, s.origin_country), formatDateTime(s.pickup_date)),
          minHeight: 48,
        },
      ],
      [{ label: '5  Documents attached', value: '', minHeight: 30 }],
    ],
    [
      [{ label: 'Consignment note No.', value: s.reference_number, bold: true, size: 11 }],
      [{ label: '16  Carrier (name, address, country)', value: party(lh.name, lh.address), minHeight: tall }],
      [{ label: '17  Successive carriers (name, address, country)', value: '', minHeight: 44 }],
      [{ label: "18  Carrier's reservations and observations", value: '', minHeight: 44 }],
      [{ label: 'Notify party', value: party(s.notify_name, s.notify_address), minHeight: 40 }],
    ],
  );
  sheet.gap(8);

  // Boxes 6 to 12 as one table: the goods' line, then its dimension lines and dangerous goods note under box 9.
  const goods: Row[] = [
    { cells: ['', count(s.packages_count), words(s.package_type), s.cargo_description, hsCode(s.hs_code), kg(s.weight_gross), m3(s.volume)] },
    ...pieceLines(s.pieces).map((l) => ({ cells: ['', '', '', l, '', '', ''], joined: true })),
    ...(s.dangerous_goods ? [{ cells: ['', '', '', `Dangerous goods (ADR): ${dangerousGoods(s)}`, '', '', ''], joined: true }] : []),
  ];
  sheet.table({
    columns: [
      { header: '6  Marks and Nos.', w: 0.95 },
      { header: '7  Number of packages', w: 1 },
      { header: '8  Method of packing', w: 1 },
      { header: '9  Nature of the goods', w: 3 },
      { header: '10  Statistical number', w: 1.1 },
      { header: '11  Gross weight', w: 1.25, align: 'right' },
      { header: '12  Volume', w: 1.1, align: 'right' },
    ],
    rows: goods,
  });
  sheet.gap(8);
  sheet.boxes(
    { label: "13  Sender's instructions (customs and other formalities)", value: text(s.special_instructions), w: 2, minHeight: 46 },
    { label: '14  Directions as to payment for carriage', value: '', minHeight: 46 },
    { label: '15  Cash on delivery', value: '', minHeight: 46 },
  );
  sheet.boxes(
    { label: '19  Special agreements', value: '', w: 2, minHeight: 34 },
    { label: '20  To be paid by (sender / consignee)', value: '', minHeight: 34 },
    { label: '21  Established on', value: formatDate(input.generatedAt), minHeight: 34 },
  );
  const vehicle = join('\n', s.truck_plate_number && `Truck plate: ${s.truck_plate_number}`, s.truck_type && `Truck type: ${words(s.truck_type)}`);
  sheet.boxes(
    { label: '22  Sender', value: '', minHeight: 76, sign: 'Signature and stamp of the sender' },
    { label: '23  Carrier; vehicle', value: vehicle, minHeight: 76, sign: 'Signature and stamp of the carrier' },
    { label: '24  Goods received by the consignee: place, date', value: '', minHeight: 76, sign: 'Signature and stamp of the consignee' },
  );
}
