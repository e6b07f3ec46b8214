/**
 * House Air Waybill, after the IATA air waybill's boxes: the MAWB and HAWB numbers on top, shipper and consignee,
 * the issuing carrier's agent (the forwarder), airports and routing, declared values, handling information, the
 * rate description (pieces, gross and chargeable weight, nature and quantity of goods) and the two signatures.
 */
import { formatMawb } from '@domain/cargo/trade-numbers';
import type { Row, Sheet } from '../frame';
import { dangerousGoods, formatDate, hsCode, incoterm, join, m3, money, packages, party, pieceLines, text } from '../format';
import type { PdfInput } from '../types';

const KG = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const weight = (n: number | null) => (n === null ? '' : KG.format(n));

export function drawHawb(sheet: Sheet, input: PdfInput): void {
  const s = input.shipment;
  const lh = input.letterhead;
  sheet.paragraph(`Not negotiable — Air waybill issued by ${lh.name}`, { size: 7.5, style: 'regular' });
  sheet.boxes(
    { label: 'MAWB No.', value: s.mawb_number ? formatMawb(s.mawb_number) : '', bold: true, size: 11 },
    { label: 'HAWB No.', value: text(s.hawb_number), bold: true, size: 11 },
    { label: 'Reference', value: s.reference_number },
  );
  const partyBox = 64;
  sheet.columns(
    [
      [{ label: "Shipper's name and address", value: party(s.shipper_name, s.shipper_address), minHeight: partyBox }],
      [{ label: "Consignee's name and address", value: party(s.consignee_name, s.consignee_address), minHeight: partyBox }],
      [{ label: "Issuing carrier's agent, name and city", value: party(lh.name, lh.address), minHeight: 50 }],
    ],
    [
      [
        { label: 'Airport of departure', value: text(s.origin_airport), bold: true },
        { label: 'Airport of destination', value: text(s.destination_airport), bold: true },
      ],
      [
        { label: 'Routing: by first carrier', value: text(s.carrier_name) },
        { label: 'Flight No.', value: text(s.flight_number) },
      ],
      [
        { label: 'Declared value for carriage', value: s.cargo_value === null ? 'NVD' : money(s.cargo_value, s.cargo_value_currency) },
        // NCV: no commercial value, the IATA form's word for an undeclared customs value.
        { label: 'Declared value for customs', value: s.cargo_value === null ? 'NCV' : money(s.cargo_value, s.cargo_value_currency) },
      ],
      [{ label: 'Incoterm', value: incoterm(s.incoterm) }],
    ],
  );
  const notify = party(s.notify_name, s.notify_address).replace(/\n/g, ', ');
  sheet.boxes({
    label: 'Handling information',
    value: join('\n', s.special_instructions, notify && `Also notify: ${notify}`, s.dangerous_goods ? `Dangerous goods: ${dangerousGoods(s)}` : null),
    minHeight: 36,
  });
  sheet.gap(10);

  // The goods' line first; its codes, dimension lines and volume continue below it in the nature column.
  const nature: Row[] = [
    { cells: [packages(s.packages_count, s.package_type), weight(s.weight_gross), weight(s.weight_chargeable), s.cargo_description] },
    ...(s.hs_code ? [{ cells: ['', '', '', `HS code ${hsCode(s.hs_code)}`], joined: true }] : []),
    ...pieceLines(s.pieces).map((l) => ({ cells: ['', '', '', `Dims: ${l}`], joined: true })),
    ...(s.volume !== null ? [{ cells: ['', '', '', `Volume: ${m3(s.volume)}`], joined: true }] : []),
  ];
  sheet.table({
    title: 'Rate description',
    columns: [
      { header: 'No. of pieces', w: 1.1 },
      { header: 'Gross weight (kg)', w: 1.1, align: 'right' },
      { header: 'Chargeable weight (kg)', w: 1.2, align: 'right' },
      { header: 'Nature and quantity of goods (incl. dimensions or volume)', w: 4 },
    ],
    rows: nature,
  });
  sheet.gap(10);
  sheet.boxes({
    label: 'Shipper',
    value: 'The shipper certifies that the particulars on the face hereof are correct.',
    size: 8,
    minHeight: 60,
    sign: 'Signature of shipper or his agent',
  });
  sheet.boxes(
    { label: 'Executed on (date)', value: formatDate(input.generatedAt), minHeight: 60 },
    { label: 'At (place)', value: '', minHeight: 60 },
    { label: 'Issuing carrier or its agent', value: `${lh.name}\nas agent for the carrier`, w: 2, minHeight: 60, sign: 'Signature of issuing carrier or its agent' },
  );
}
