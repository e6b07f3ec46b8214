/**
 * Booking confirmation: to the customer company, that the booking is confirmed: the route from origin to destination
 * with its ports or airports, the carrier and its booking number, the schedule, the vessel or flight, the equipment
 * (containers, with their packages), the cut-offs and depots, the cargo and the Incoterm.
 */
import { placeLabel } from '@domain/shipments/index';
import type { Cell, Sheet } from '../frame';
import { containerType, formatDate, formatDateTime, incoterm, join, party, text } from '../format';
import type { PdfInput } from '../types';
import { cargoBoxes, containersTable, travelMode } from './common';

/** '2 x 40HC (45G1), 1 x 20DC (22G1)': the equipment by type, in the order the containers are listed. */
function equipmentSummary(containers: PdfInput['shipment']['containers']): string {
  const byType = new Map<string, number>();
  for (const c of containers) byType.set(containerType(c), (byType.get(containerType(c)) ?? 0) + 1);
  return [...byType].map(([type, n]) => `${n} x ${type}`).join(', ');
}

/**
 * The cut-offs the shipper must meet (documents, for sea the VGM, and the port/CY or for air the cargo cut-off) and,
 * for sea, where the empty container is picked up and the full one returned (issue 41). Rows print only with a value.
 */
function cutOffs(sheet: Sheet, s: PdfInput['shipment'], mode: 'sea' | 'air' | 'land'): void {
  const tr = sheet.tr;
  const times: Cell[] = [
    { label: tr.t('Documents cut-off'), value: formatDateTime(tr, s.documents_cutoff), bold: true },
    ...(mode === 'sea' ? [{ label: tr.t('VGM cut-off'), value: formatDateTime(tr, s.vgm_cutoff), bold: true }] : []),
    { label: mode === 'sea' ? tr.t('Port / CY cut-off') : tr.t('Cargo cut-off'), value: formatDateTime(tr, s.port_cutoff), bold: true },
  ];
  if (times.some((c) => c.value)) sheet.boxes(...times);
  if (mode === 'sea' && (s.empty_pickup_depot || s.full_return_depot)) {
    sheet.boxes(
      { label: tr.t('Empty pick-up depot'), value: text(s.empty_pickup_depot) },
      { label: tr.t('Full return to'), value: text(s.full_return_depot) },
    );
  }
}

export function drawBookingConfirmation(sheet: Sheet, input: PdfInput): void {
  const s = input.shipment;
  const tr = sheet.tr;
  const mode = travelMode(s);
  sheet.columns(
    // 'To' as a letter's addressee (the catalog's plain 'To' is the end of a date range).
    [[{ label: tr.t('{addressee, select, other {To}}'), value: party(input.company.name, input.company.address), minHeight: 58 }]],
    [
      [{ label: tr.t('Our reference'), value: s.reference_number, bold: true }],
      [
        { label: tr.t('Your reference'), value: text(s.customer_reference) },
        { label: tr.t('Date'), value: formatDate(tr, input.generatedAt) },
      ],
    ],
    0.55,
  );
  sheet.gap(12);
  sheet.write(tr.t('Booking confirmed'), sheet.left, sheet.y, sheet.width, { style: 'bold', size: 13 });
  sheet.gap(19);
  sheet.paragraph(tr.t('Thank you for your booking. We confirm that it has been accepted under our reference {reference}, as detailed below.', { reference: s.reference_number }));
  sheet.gap(4);

  sheet.boxes(
    { label: tr.t('Shipper'), value: party(s.shipper_name, s.shipper_address) },
    { label: tr.t('Consignee'), value: party(s.consignee_name, s.consignee_address) },
  );
  sheet.gap(10);
  sheet.heading(tr.t('Route and schedule'), 60);
  // placeLabel says 'N/A' for a place with neither city nor country; the paper leaves it empty instead. Its countries
  // in the paper's language (decision 0307).
  const orNone = (v: string) => (v === tr.t('N/A') ? '' : v);
  const origin = orNone(placeLabel(s.origin_city, s.origin_country, tr));
  const destination = orNone(placeLabel(s.destination_city, s.destination_country, tr));
  sheet.boxes({ label: tr.t('Route'), value: origin || destination ? `${origin} → ${destination}` : '', bold: true });
  // The carrier that took the booking and its own booking number (issue 41).
  sheet.boxes(
    { label: tr.t('Carrier'), value: text(s.carrier_record_name ?? s.carrier_name), w: 2 },
    { label: tr.t('Carrier booking No.'), value: text(s.carrier_booking_reference) },
  );
  const legs: Cell[] =
    mode === 'air'
      ? [
          { label: tr.t('Airport of departure'), value: text(s.origin_airport) },
          { label: tr.t('Airport of destination'), value: text(s.destination_airport) },
        ]
      : mode === 'sea'
        ? [
            { label: tr.t('Port of loading'), value: text(s.origin_port) },
            { label: tr.t('Port of discharge'), value: text(s.destination_port) },
          ]
        : [];
  sheet.boxes({ label: tr.t('Origin'), value: origin }, ...legs, { label: tr.t('Destination'), value: destination });
  const carriage: Cell[] =
    mode === 'air'
      ? [{ label: tr.t('Flight'), value: text(s.flight_number) }]
      : mode === 'sea'
        ? [{ label: tr.t('Vessel / voyage'), value: join(' / ', s.vessel_name, s.voyage_number) }]
        : [];
  sheet.boxes(
    { label: tr.t('Estimated departure'), value: formatDateTime(tr, s.estimated_departure) },
    { label: tr.t('Estimated arrival'), value: formatDateTime(tr, s.estimated_arrival) },
    ...carriage,
    { label: tr.t('Incoterm'), value: incoterm(s.incoterm, s.incoterm_place) },
  );
  cutOffs(sheet, s, mode);
  sheet.gap(10);
  if (s.containers.length) {
    containersTable(sheet, s, tr.t('Equipment'));
    sheet.boxes({ label: tr.t('Equipment total'), value: equipmentSummary(s.containers), bold: true });
    sheet.gap(10);
  }
  sheet.heading(tr.t('Cargo'), 60);
  cargoBoxes(sheet, s);
}
