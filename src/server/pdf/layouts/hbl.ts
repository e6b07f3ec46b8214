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
  const partyBox = 62;
  sheet.columns(
    [
      [{ label: 'Shipper', value: party(s.shipper_name, s.shipper_address), minHeight: partyBox }],
      [{ label: 'Consignee', value: party(s.consignee_name, s.consignee_address), minHeight: partyBox }],
      [{ label: 'Notify party', value: party(s.notify_name, s.notify_address), minHeight: partyBox }],
    ],
    [
      [{ label: 'B/L No.', value: s.customer_reference ?? s.reference_number, bold: true, size: 11 }],
      [{ label: 'Booking / Reference', value: s.reference_number }],
      [
        { label: 'Vessel', value: text(s.vessel_name) },
        { label: 'Voyage No.', value: text(s.voyage_number) },
      ],
      [
        { label: 'Place of receipt', value: text(s.origin_city) },
        { label: 'Port of loading', value: text(s.origin_port) },
      ],
      [
        { label: 'Port of discharge', value: text(s.destination_port) },
        { label: 'Place of delivery', value: text(s.destination_city) },
      ],
      [{ label: 'Incoterm and place', value: incoterm(s.incoterm, s.incoterm_place) }],
    ],
  );
  sheet.gap(10);
  particulars(sheet, s);
  sheet.gap(8);

  // The description is in the particulars table; the goods' codes and the instructions go in one row below it.
  sheet.boxes(
    { label: 'HS code', value: hsCode(s.hs_code), minHeight: 34 },
    ...(s.dangerous_goods ? [{ label: 'Dangerous goods (UN number, class)', value: dangerousGoods(s), w: 1.5 }] : []),
    { label: 'Special instructions', value: text(s.special_instructions), w: 3 },
  );
  dimensionsTable(sheet, s);
  sheet.gap(8);
  sheet.boxes(
    { label: 'Number of original B/Ls', value: '3 (three)', minHeight: 70 },
    { label: 'Place and date of issue', value: formatDate(input.generatedAt), minHeight: 70 },
    { label: 'Signed for the carrier / as agent', value: `${input.letterhead.name}\nas agent for the carrier`, w: 2, minHeight: 70, sign: 'Signature' },
  );
}

/**
 * One row per container with its seal, type, weight and volume, then the shipment's declared totals. The packages
 * and the description belong to the whole cargo: on the container's row when there is one container, else on the
 * totals row.
 */
function particulars(sheet: Sheet, s: ShipmentDetail): void {
  const pkgs = packages(s.packages_count, s.package_type);
  const single = s.containers.length === 1;
  const rows: Row[] = s.containers.map((c) => ({
    cells: [c.number, c.carrier_seal_number, containerType(c), single ? pkgs : '', single ? s.cargo_description : '', kg(c.weight), m3(c.volume)],
  }));
  const many = s.containers.length > 1;
  rows.push({
    total: true,
    cells: [
      s.containers.length ? `Total: ${s.containers.length} container${many ? 's' : ''}` : 'Total',
      '',
      '',
      pkgs,
      single ? '' : s.cargo_description,
      kg(s.weight_gross),
      m3(s.volume),
    ],
  });
  sheet.table({
    title: 'Particulars furnished by the shipper',
    columns: [
      { header: 'Container No.', w: 1.35 },
      { header: 'Seal No.', w: 1.1 },
      { header: 'Type (ISO code)', w: 1.25 },
      { header: 'Packages', w: 1.1 },
      { header: 'Description of goods', w: 2 },
      { header: 'Gross weight', w: 1.45, align: 'right' },
      { header: 'Volume', w: 1.3, align: 'right' },
    ],
    rows,
  });
}
