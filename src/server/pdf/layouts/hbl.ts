/**
 * House Bill of Lading: the parties on the left, the B/L number, vessel, ports and places on the right, the
 * particulars furnished by the shipper (one row per container and a totals row), the goods' codes, and the issue
 * block with the number of originals and the signature for the carrier.
 */
import type { ShipmentDetail } from '@domain/shipments/views-schema';
import type { Row, Sheet } from '../frame';
import { containerType, dangerousGoods, formatDate, hsCode, incoterm, kg, m3, packages, party, text } from '../format';
import type { PdfInput } from '../types';
import { dimensionsTable } from './common';

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
      [{ label: tr.t('B/L No.'), value: s.customer_reference ?? s.reference_number, bold: true, size: 11 }],
      [{ label: tr.t('Booking / Reference'), value: s.reference_number }],
      [
        { label: tr.t('Vessel'), value: text(s.vessel_name) },
        { label: tr.t('Voyage No.'), value: text(s.voyage_number) },
      ],
      [
        { label: tr.t('Place of receipt'), value: text(s.origin_city) },
        { label: tr.t('Port of loading'), value: text(s.origin_port) },
      ],
      [
        { label: tr.t('Port of discharge'), value: text(s.destination_port) },
        { label: tr.t('Place of delivery'), value: text(s.destination_city) },
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
  sheet.boxes(
    { label: tr.t('Number of original B/Ls'), value: tr.t('3 (three)'), minHeight: 70 },
    { label: tr.t('Place and date of issue'), value: formatDate(tr, input.generatedAt), minHeight: 70 },
    {
      label: tr.t('Signed for the carrier / as agent'),
      value: tr.t('{name}\nas agent for the carrier', { name: input.letterhead.name }),
      w: 2,
      minHeight: 70,
      sign: tr.t('Signature'),
    },
  );
}

/**
 * One row per container with its seal, type, weight and volume, then the shipment's declared totals. The packages
 * and the description belong to the whole cargo: on the container's row when there is one container, else on the
 * totals row.
 */
function particulars(sheet: Sheet, s: ShipmentDetail): void {
  const tr = sheet.tr;
  const pkgs = packages(tr, s.packages_count, s.package_type);
  const single = s.containers.length === 1;
  const rows: Row[] = s.containers.map((c) => ({
    cells: [c.number, c.carrier_seal_number, containerType(c), single ? pkgs : '', single ? s.cargo_description : '', kg(tr, c.weight), m3(tr, c.volume)],
  }));
  rows.push({
    total: true,
    cells: [
      s.containers.length ? tr.t('Total: {count, plural, one {# container} other {# containers}}', { count: s.containers.length }) : tr.t('Total'),
      '',
      '',
      pkgs,
      single ? '' : s.cargo_description,
      kg(tr, s.weight_gross),
      m3(tr, s.volume),
    ],
  });
  sheet.table({
    title: tr.t('Particulars furnished by the shipper'),
    columns: [
      { header: tr.t('Container No.'), w: 1.35 },
      { header: tr.t('Seal No.'), w: 1.1 },
      { header: tr.t('Type (ISO code)'), w: 1.25 },
      { header: tr.t('Packages'), w: 1.1 },
      { header: tr.t('Description of goods'), w: 2 },
      { header: tr.t('Gross weight'), w: 1.45, align: 'right' },
      { header: tr.t('Volume'), w: 1.3, align: 'right' },
    ],
    rows,
  });
}
