/**
 * House Bill of Lading (issue 41): the parties on the left; on the right our own B/L number with the carrier's master
 * B/L and booking beside it, the vessel, the carriage from the place of receipt to the place of delivery, and the
 * freight terms; the particulars furnished by the shipper (marks and numbers, each container with its packages, the
 * totals); the goods' codes; and the issue block: freight, shipped on board, originals, place and date of issue, the
 * terms the bill is subject to, and the signature as carrier or as agent (the letterhead's setting).
 */
import type { ShipmentDetail } from '@domain/shipments/views-schema';
import type { Row, Sheet } from '../frame';
import { containerType, dangerousGoods, formatDate, freightTerms, hsCode, incoterm, join, kg, m3, packages, party, text } from '../format';
import type { PdfInput } from '../types';
import { dimensionsTable } from './common';

/** A place the bill names beside a port only where it is not the port itself (port-to-port bills leave it empty). */
function beyondPort(place: string | null, port: string | null): string {
  if (!place) return '';
  const same = port && port.toLocaleLowerCase('en').includes(place.toLocaleLowerCase('en'));
  return same ? '' : place;
}

export function drawHbl(sheet: Sheet, input: PdfInput): void {
  const s = input.shipment;
  const tr = sheet.tr;
  const partyBox = 62;
  sheet.columns(
    [
      [{ label: tr.t('Shipper'), value: party(s.shipper_name, s.shipper_address), minHeight: partyBox }],
      [{ label: tr.t('Consignee'), value: party(s.consignee_name, s.consignee_address), minHeight: partyBox }],
      [{ label: tr.t('Notify party'), value: party(s.notify_name, s.notify_address), minHeight: partyBox }],
    ],
    [
      [{ label: tr.t('B/L No.'), value: s.house_bl_number ?? s.reference_number, bold: true, size: 11 }],
      [
        { label: tr.t('Master B/L No.'), value: text(s.customer_reference) },
        { label: tr.t('Carrier booking No.'), value: text(s.carrier_booking_reference) },
      ],
      [
        { label: tr.t('Our reference'), value: s.reference_number },
        { label: tr.t('Vessel and voyage'), value: join(' / ', s.vessel_name, s.voyage_number) },
      ],
      [
        { label: tr.t('Pre-carriage by'), value: text(s.pre_carriage_by) },
        { label: tr.t('Place of receipt'), value: beyondPort(s.place_of_receipt ?? s.origin_city, s.origin_port) },
      ],
      [
        { label: tr.t('Port of loading'), value: text(s.origin_port) },
        { label: tr.t('Port of discharge'), value: text(s.destination_port) },
      ],
      [
        { label: tr.t('On-carriage by'), value: text(s.on_carriage_by) },
        { label: tr.t('Place of delivery'), value: beyondPort(s.place_of_delivery ?? s.destination_city, s.destination_port) },
      ],
      [
        { label: tr.t('Freight'), value: freightTerms(tr, s.freight_terms) },
        { label: tr.t('Freight payable at'), value: text(s.freight_payable_at) },
      ],
      [{ label: tr.t('Incoterm and place'), value: incoterm(s.incoterm, s.incoterm_place) }],
    ],
  );
  sheet.gap(10);
  particulars(sheet, s);
  sheet.gap(8);

  // The description is in the particulars table; the goods' codes and the instructions go in one row below it.
  sheet.boxes(
    { label: tr.t('HS code'), value: hsCode(s.hs_code), minHeight: 34 },
    ...(s.dangerous_goods ? [{ label: tr.t('Dangerous goods (UN number, class)'), value: dangerousGoods(tr, s), w: 1.5 }] : []),
    { label: tr.t('Special instructions'), value: text(s.special_instructions), w: 3 },
  );
  dimensionsTable(sheet, s);
  sheet.gap(8);
  issueBlock(sheet, input);
}


/** Shipped on board, originals, place and date of issue, the terms clause and the signature. */
function issueBlock(sheet: Sheet, input: PdfInput): void {
  const { shipment: s, letterhead: lh } = input;
  const tr = sheet.tr;
  const onBoard = s.shipped_on_board_date ? join('\n', formatDate(tr, s.shipped_on_board_date), join(' / ', s.vessel_name, s.voyage_number)) : '';
  sheet.boxes(
    { label: tr.t('Shipped on board'), value: onBoard, minHeight: 34 },
    { label: tr.t('Number of original B/Ls'), value: tr.t('3 (three)'), minHeight: 34 },
    { label: tr.t('Place and date of issue'), value: join(', ', lh.place_of_issue, formatDate(tr, input.generatedAt)), w: 1.4, minHeight: 34 },
  );
  const carrier = s.carrier_record_name ?? s.carrier_name;
  const terms = lh.bl_terms
    ? tr.t('Received in apparent good order and condition, unless otherwise stated, subject to the terms and conditions of {terms}.', { terms: lh.bl_terms })
    : tr.t('Received in apparent good order and condition, unless otherwise stated.');
  const signedAs =
    lh.bl_signed_as === 'carrier'
      ? tr.t('{name}\nas carrier', { name: lh.name })
      : carrier
        ? tr.t('{name}\nas agent for the carrier {carrier}', { name: lh.name, carrier })
        : tr.t('{name}\nas agent for the carrier', { name: lh.name });
  sheet.boxes(
    { label: tr.t('Terms'), value: terms, w: 2, minHeight: 70 },
    { label: tr.t('Signed'), value: signedAs, w: 2, minHeight: 70, sign: tr.t('Signature') },
  );
}

/**
 * The marks and numbers, then one row per container with its seal, type, packages, weight and volume, then the
 * shipment's declared totals. The description belongs to the whole cargo: on the container's row when there is one
 * container, else on the totals row; so do the shipment's packages when the containers do not list theirs.
 */
function particulars(sheet: Sheet, s: ShipmentDetail): void {
  const tr = sheet.tr;
  const pkgs = packages(tr, s.packages_count, s.package_type);
  const single = s.containers.length === 1;
  const rows: Row[] = s.containers.map((c, i) => ({
    cells: [
      i === 0 ? text(s.marks_and_numbers) : '',
      join('\n', c.number, c.carrier_seal_number && tr.t('Seal {seal}', { seal: c.carrier_seal_number })),
      containerType(c),
      c.packages_count !== null ? packages(tr, c.packages_count, c.package_type ?? s.package_type) : single ? pkgs : '',
      single ? text(s.cargo_description) : '',
      kg(tr, c.weight),
      m3(tr, c.volume),
    ],
  }));
  rows.push({
    total: true,
    cells: [
      s.containers.length === 0 ? text(s.marks_and_numbers) : '',
      s.containers.length ? tr.t('Total: {count, plural, one {# container} other {# containers}}', { count: s.containers.length }) : tr.t('Total'),
      '',
      pkgs,
      single ? '' : text(s.cargo_description),
      kg(tr, s.weight_gross),
      m3(tr, s.volume),
    ],
  });
  sheet.table({
    title: tr.t('Particulars furnished by the shipper'),
    columns: [
      { header: tr.t('Marks and numbers'), w: 1.45 },
      { header: tr.t('Container and seal'), w: 1.45 },
      { header: tr.t('Type (ISO code)'), w: 1.1 },
      { header: tr.t('Packages'), w: 1.05 },
      { header: tr.t('Description of goods'), w: 1.65 },
      { header: tr.t('Gross weight'), w: 1.2, align: 'right' },
      { header: tr.t('Measurement'), w: 1.35, align: 'right' },
    ],
    rows,
  });
}
