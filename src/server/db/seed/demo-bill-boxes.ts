/** The demo's transport document boxes (issue 41): the sea shipments' bill boxes and the air shipments' onward flights. */
import { upperCase } from '@domain/common/text';

/**
 * A sea shipment's house bill boxes (issue 41), from what it already holds (no draw from the demo's random sequences,
 * so every other value stays as it was): exports prepaid at origin, imports collect at destination, marks with the
 * destination and the reference, and the packages shared out over the containers.
 */
export function demoBillBoxes(value: Record<string, unknown>, containers: { packages_count?: number | null; package_type?: string | null }[], exporting: boolean) {
  const packages = typeof value.packages_count === 'number' ? value.packages_count : 0;
  containers.forEach((c, k) => {
    c.packages_count = Math.floor(packages / containers.length) + (k < packages % containers.length ? 1 : 0);
    c.package_type = typeof value.package_type === 'string' ? value.package_type : null;
  });
  const city = String(exporting ? value.origin_city : value.destination_city);
  // The booking's cut-offs before the departure and its depots; the arrival's terminal, free time and release (migration 0052).
  const departure = value.estimated_departure instanceof Date ? value.estimated_departure.getTime() : null;
  const before = (hours: number) => (departure === null ? null : new Date(departure - hours * 3_600_000));
  const origin = String(value.origin_city);
  return {
    freight_terms: exporting ? 'prepaid' : 'collect',
    freight_payable_at: city,
    marks_and_numbers: `${upperCase(String(value.destination_city), 'en')}\n${String(value.reference_number)}\n1-${packages}`,
    documents_cutoff: before(96),
    vgm_cutoff: before(72),
    port_cutoff: before(48),
    empty_pickup_depot: `${origin} empty depot`,
    full_return_depot: `${String(value.origin_port)} terminal`,
    pickup_terminal: `${String(value.destination_port)} container terminal`,
    free_time_days: 7,
    release_conditions: exporting ? null : 'Original B/L or telex release, and the local charges paid',
  };
}

/**
 * Every third air shipment flies on from a hub (issue 41's routing boxes, migration 0053): through Istanbul on Turkish
 * Airlines, or Frankfurt on Lufthansa when Istanbul is an end of the route, the day after its departure. Drawn from
 * nothing random, so every other demo value stays as it was.
 */
export function demoOnwardFlights(value: Record<string, unknown>, index: number) {
  if (index % 3 !== 0) return [];
  const ends = [value.origin_airport, value.destination_airport];
  const hub = ends.includes('IST') ? (ends.includes('FRA') ? null : { airport: 'FRA', carrier: 'LH' }) : { airport: 'IST', carrier: 'TK' };
  if (!hub) return [];
  const departure = value.estimated_departure instanceof Date ? new Date(value.estimated_departure.getTime() + 86_400_000) : null;
  return [{ ...hub, flight_number: `${hub.carrier}${1000 + (index % 900)}`, departure_date: departure ? departure.toISOString().slice(0, 10) : null }];
}
