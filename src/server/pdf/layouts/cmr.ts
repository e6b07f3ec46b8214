/**
 * CMR consignment note: the numbered boxes of the form of the Convention on the Contract for the International
 * Carriage of Goods by Road (issue 41). Box 16 is the road carrier (the shipment's carrier, else its service
 * provider), never the forwarder; box 5 lists the documents received on the checklist; 13 to 15, 19 and 20 come from
 * the shipment's fields (the freight terms make 14 and 20: prepaid is carriage paid by the sender); 21 is the place of
 * issue and the date; 23 the truck and trailer plates. Boxes without data (successive carriers, reservations) are
 * printed empty, for the sender and the carrier to fill in by hand.
 */
import { msg } from '@domain/common/i18n';
import type { Row, Sheet } from '../frame';
import { adrGoods, count, formatDate, formatDateTime, hsCode, join, kg, m3, money, packageType, party, pieceLines, text, truckType } from '../format';
import type { PdfInput } from '../types';

export const CMR_CONVENTION = msg(
  'This carriage is subject, notwithstanding any clause to the contrary, to the Convention on the Contract for the International Carriage of Goods by Road (CMR).',
);

/** 'Street 1\nBursa, TR': an address line and its city and country, each on its own line when set. */
function place(address: string | null, city: string | null, country: string | null): string {
  return join('\n', address, join(', ', city, country));
}

/** A box's caption with its number on the convention's form: '1  Sender (name, address, country)'. */
const numbered = (n: number, caption: string) => `${n}  ${caption}`;

export function drawCmr(sheet: Sheet, input: PdfInput): void {
  const s = input.shipment;
  const lh = input.letterhead;
  const tr = sheet.tr;
  sheet.paragraph(tr.t(CMR_CONVENTION), { size: 7.5, style: 'regular' });
  sheet.gap(2);
  const tall = 58;
  sheet.columns(
    [
      [{ label: numbered(1, tr.t('Sender (name, address, country)')), value: party(s.shipper_name, s.shipper_address), minHeight: tall }],
      [{ label: numbered(2, tr.t('Consignee (name, address, country)')), value: party(s.consignee_name, s.consignee_address), minHeight: tall }],
      [
        {
          label: numbered(3, tr.t('Place of delivery of the goods (place, country)')),
          value: place(s.destination_address, s.destination_city, s.destination_country),
          minHeight: 40,
        },
      ],
      [
        {
          label: numbered(4, tr.t('Place and date of taking over the goods (place, country, date)')),
          value: join('\n', place(s.origin_address, s.origin_city, s.origin_country), formatDateTime(tr, s.pickup_date)),
          minHeight: 48,
        },
      ],
      [{ label: numbered(5, tr.t('Documents attached')), value: (input.attached ?? []).join('\n'), minHeight: 30 }],
    ],
    [
      [{ label: tr.t('Consignment note No.'), value: s.reference_number, bold: true, size: 11 }],
      [{ label: numbered(16, tr.t('Carrier (name, address, country)')), value: text(s.carrier_record_name ?? s.carrier_name ?? s.service_provider_name), minHeight: tall }],
      [{ label: numbered(17, tr.t('Successive carriers (name, address, country)')), value: '', minHeight: 44 }],
      [{ label: numbered(18, tr.t("Carrier's reservations and observations")), value: '', minHeight: 44 }],
      [{ label: tr.t('Notify party'), value: party(s.notify_name, s.notify_address), minHeight: 40 }],
    ],
  );
  sheet.gap(8);

  // Boxes 6 to 12 as one table: the goods' line, then its dimension lines and dangerous goods note under box 9.
  const goods: Row[] = [
    { cells: [text(s.marks_and_numbers), count(tr, s.packages_count), packageType(tr, s.package_type), s.cargo_description, hsCode(s.hs_code), kg(tr, s.weight_gross), m3(tr, s.volume)] },
    ...pieceLines(tr, s.pieces).map((l) => ({ cells: ['', '', '', l, '', '', ''], joined: true })),
    ...(s.dangerous_goods ? [{ cells: ['', '', '', tr.t('Dangerous goods (ADR): {goods}', { goods: adrGoods(tr, s) }), '', '', ''], joined: true }] : []),
  ];
  sheet.table({
    columns: [
      { header: numbered(6, tr.t('Marks and Nos.')), w: 0.95 },
      { header: numbered(7, tr.t('Number of packages')), w: 1 },
      { header: numbered(8, tr.t('Method of packing')), w: 1 },
      { header: numbered(9, tr.t('Nature of the goods')), w: 3 },
      { header: numbered(10, tr.t('Statistical number')), w: 1.1 },
      { header: numbered(11, tr.t('Gross weight')), w: 1.25, align: 'right' },
      { header: numbered(12, tr.t('Volume')), w: 1.1, align: 'right' },
    ],
    rows: goods,
  });
  sheet.gap(8);
  sheet.boxes(
    { label: numbered(13, tr.t("Sender's instructions (customs and other formalities)")), value: join('\n', s.sender_instructions, s.special_instructions), w: 2, minHeight: 46 },
    {
      label: numbered(14, tr.t('Directions as to payment for carriage')),
      value: s.freight_terms ? tr.t('{terms, select, prepaid {Carriage paid} collect {Carriage forward} other {{terms}}}', { terms: s.freight_terms }) : '',
      minHeight: 46,
    },
    { label: numbered(15, tr.t('Cash on delivery')), value: s.cash_on_delivery === null ? '' : money(tr, s.cash_on_delivery, s.cash_on_delivery_currency), minHeight: 46 },
  );
  sheet.boxes(
    { label: numbered(19, tr.t('Special agreements')), value: text(s.special_agreements), w: 2, minHeight: 34 },
    {
      label: numbered(20, tr.t('To be paid by (sender / consignee)')),
      value: s.freight_terms ? tr.t('{terms, select, prepaid {Sender} collect {Consignee} other {{terms}}}', { terms: s.freight_terms }) : '',
      minHeight: 34,
    },
    { label: numbered(21, tr.t('Established in (place) on (date)')), value: join(', ', lh.place_of_issue, formatDate(tr, input.generatedAt)), minHeight: 34 },
  );
  const vehicle = join(
    '\n',
    s.truck_plate_number && tr.t('Truck plate: {plate}', { plate: s.truck_plate_number }),
    s.trailer_plate_number && tr.t('Trailer plate: {plate}', { plate: s.trailer_plate_number }),
    s.truck_type && tr.t('Truck type: {type}', { type: truckType(tr, s.truck_type) }),
  );
  sheet.boxes(
    { label: numbered(22, tr.t('Sender')), value: '', minHeight: 76, sign: tr.t('Signature and stamp of the sender') },
    { label: numbered(23, tr.t('Carrier; vehicle')), value: vehicle, minHeight: 76, sign: tr.t('Signature and stamp of the carrier') },
    { label: numbered(24, tr.t('Goods received by the consignee: place, date')), value: '', minHeight: 76, sign: tr.t('Signature and stamp of the consignee') },
  );
}
