/** The demo's sea shipments' transport document boxes (issue 41), split from demo.ts. */
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
