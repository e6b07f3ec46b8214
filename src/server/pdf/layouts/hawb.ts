/**
 * House Air Waybill, after the IATA air waybill's boxes: the MAWB and HAWB numbers on top, shipper and consignee,
 * the issuing carrier's agent (the forwarder), airports and routing, declared values, handling information, the
 * rate description (pieces, gross and chargeable weight, nature and quantity of goods) and the two signatures.
 */
import { formatMawb } from '@domain/cargo/trade-numbers';
import type { Row, Sheet } from '../frame';
import { dangerousGoods, formatDate, hsCode, incoterm, join, m3, money, packages, party, pieceLines, text, weight } from '../format';
import type { PdfInput } from '../types';

export function drawHawb(sheet: Sheet, input: PdfInput): void {
  const s = input.shipment;
  const lh = input.letterhead;
  const tr = sheet.tr;
  sheet.paragraph(tr.t('Not negotiable — Air waybill issued by {name}', { name: lh.name }), { size: 7.5, style: 'regular' });
  sheet.boxes(
    { label: tr.t('MAWB No.'), value: s.mawb_number ? formatMawb(s.mawb_number) : '', bold: true, size: 11 },
    { label: tr.t('HAWB No.'), value: text(s.hawb_number), bold: true, size: 11 },
    { label: tr.t('Reference'), value: s.reference_number },
  );
  const partyBox = 64;
  sheet.columns(
    [
      [{ label: tr.t("Shipper's name and address"), value: party(s.shipper_name, s.shipper_address), minHeight: partyBox }],
      [{ label: tr.t("Consignee's name and address"), value: party(s.consignee_name, s.consignee_address), minHeight: partyBox }],
      [{ label: tr.t("Issuing carrier's agent, name and city"), value: party(lh.name, lh.address), minHeight: 50 }],
    ],
    [
      [
        { label: tr.t('Airport of departure'), value: text(s.origin_airport), bold: true },
        { label: tr.t('Airport of destination'), value: text(s.destination_airport), bold: true },
      ],
      [
        { label: tr.t('Routing: by first carrier'), value: text(s.carrier_name) },
        { label: tr.t('Flight No.'), value: text(s.flight_number) },
      ],
      [
        { label: tr.t('Declared value for carriage'), value: s.cargo_value === null ? 'NVD' : money(tr, s.cargo_value, s.cargo_value_currency) },
        // NCV: no commercial value, the IATA form's word for an undeclared customs value.
        { label: tr.t('Declared value for customs'), value: s.cargo_value === null ? 'NCV' : money(tr, s.cargo_value, s.cargo_value_currency) },
      ],
      [{ label: tr.t('Incoterm'), value: incoterm(s.incoterm) }],
    ],
  );
  const notify = party(s.notify_name, s.notify_address).replace(/\n/g, ', ');
  sheet.boxes({
    label: tr.t('Handling information'),
    value: join(
      '\n',
      s.special_instructions,
      notify && tr.t('Also notify: {party}', { party: notify }),
      s.dangerous_goods ? tr.t('Dangerous goods: {goods}', { goods: dangerousGoods(tr, s) }) : null,
    ),
    minHeight: 36,
  });
  sheet.gap(10);

  // The goods' line first; its codes, dimension lines and volume continue below it in the nature column.
  const nature: Row[] = [
    { cells: [packages(tr, s.packages_count, s.package_type), weight(tr, s.weight_gross), weight(tr, s.weight_chargeable), s.cargo_description] },
    ...(s.hs_code ? [{ cells: ['', '', '', tr.t('HS code {code}', { code: hsCode(s.hs_code) })], joined: true }] : []),
    ...pieceLines(tr, s.pieces).map((l) => ({ cells: ['', '', '', tr.t('Dims: {line}', { line: l })], joined: true })),
    ...(s.volume !== null ? [{ cells: ['', '', '', tr.t('Volume: {volume}', { volume: m3(tr, s.volume) })], joined: true }] : []),
  ];
  sheet.table({
    title: tr.t('Rate description'),
    columns: [
      { header: tr.t('No. of pieces'), w: 1.1 },
      { header: tr.t('Gross weight (kg)'), w: 1.1, align: 'right' },
      { header: tr.t('Chargeable weight (kg)'), w: 1.2, align: 'right' },
      { header: tr.t('Nature and quantity of goods (incl. dimensions or volume)'), w: 4 },
    ],
    rows: nature,
  });
  sheet.gap(10);
  sheet.boxes({
    label: tr.t('Shipper'),
    value: tr.t('The shipper certifies that the particulars on the face hereof are correct.'),
    size: 8,
    minHeight: 60,
    sign: tr.t('Signature of shipper or his agent'),
  });
  sheet.boxes(
    { label: tr.t('Executed on (date)'), value: formatDate(tr, input.generatedAt), minHeight: 60 },
    { label: tr.t('At (place)'), value: '', minHeight: 60 },
    {
      label: tr.t('Issuing carrier or its agent'),
      value: tr.t('{name}\nas agent for the carrier', { name: lh.name }),
      w: 2,
      minHeight: 60,
      sign: tr.t('Signature of issuing carrier or its agent'),
    },
  );
}
