/**
 * An air shipment's onward flights (issue 41): the transfers after the first flight. The shipment's own origin,
 * carrier, flight number and departure are the first leg; each onward flight leaves a transfer airport with its
 * airline (IATA designator), flight number and day. IATA's air waybill has room for three carriers (To / By first
 * carrier / to / by / to / by), hence at most two onward flights; `awbRouting` fills those boxes.
 */
import { z } from 'zod';
import { isIataCode } from '@domain/cargo/trade-numbers';
import { msg } from '@domain/common/i18n';
import { isBlank, optionalDate, optionalText } from './fields-schema';

export const MAX_ONWARD_FLIGHTS = 2;

export const ROUTING_MESSAGES = {
  airport: msg('Transfer Airport must be a 3-letter IATA code, like FRA'),
  carrier: msg('Onward Carrier must be a 2-character IATA airline code, like LH'),
  tooMany: msg('At most 2 onward flights (the air waybill has room for three carriers)'),
  list: msg('Onward Flights must be a list'),
  sameAirport: msg('A transfer airport must differ from the origin, the destination and the other transfers'),
} as const;

const upperCode = (message: string, valid: (v: string) => boolean) =>
  z.preprocess((v) => (isBlank(v) ? '' : typeof v === 'string' ? v.trim().toUpperCase() : v), z.string({ message }).refine(valid, message));

export const onwardFlightSchema = z.object({
  airport: upperCode(ROUTING_MESSAGES.airport, (v) => /^[A-Z]{3}$/.test(v)),
  carrier: upperCode(ROUTING_MESSAGES.carrier, isIataCode),
  flight_number: optionalText(msg('Onward Flight Number'), 20),
  departure_date: optionalDate(msg('Onward Flight Date')),
});
export type OnwardFlight = z.output<typeof onwardFlightSchema>;

export const onwardFlightsSchema = z.preprocess(
  (v) => v ?? [],
  z.array(onwardFlightSchema, { message: ROUTING_MESSAGES.list }).max(MAX_ONWARD_FLIGHTS, ROUTING_MESSAGES.tooMany),
);

/** A blank onward flight as the form adds it. */
export function blankOnwardFlight(): z.input<typeof onwardFlightSchema> {
  return { airport: '', carrier: '', flight_number: '', departure_date: '' };
}

/**
 * The index of each onward flight whose transfer airport repeats the origin, the destination or an earlier
 * transfer: a routing through the same airport twice is a typing error.
 */
export function repeatedTransfers(origin: string | null, destination: string | null, flights: readonly Pick<OnwardFlight, 'airport'>[]): number[] {
  const seen = new Set([origin, destination].filter((a): a is string => !!a).map((a) => a.toUpperCase()));
  const out: number[] = [];
  flights.forEach((f, i) => {
    if (seen.has(f.airport)) out.push(i);
    seen.add(f.airport);
  });
  return out;
}

export type RoutingBox = { to: string; by: string };

/**
 * The air waybill's routing boxes: the first goes to the first transfer (or the destination) by the first carrier
 * (its name); each onward flight then goes to the next transfer or the destination by its airline's designator.
 */
export function awbRouting(s: { destination_airport: string | null; firstCarrier: string | null; onward_flights: readonly OnwardFlight[] }): RoutingBox[] {
  const stops = [...s.onward_flights.map((f) => f.airport), s.destination_airport ?? ''];
  const carriers = [s.firstCarrier ?? '', ...s.onward_flights.map((f) => f.carrier)];
  return stops.map((to, i) => ({ to, by: carriers[i]! }));
}

/** The flights in order, 'TK1590/03' (the air waybill's flight/date: the day of the month of departure). */
export function awbFlights(s: { flight_number: string | null; estimated_departure: string | null; onward_flights: readonly OnwardFlight[] }): string[] {
  const day = (iso: string | null) => (iso ? iso.slice(8, 10) : null);
  const legs = [{ flight: s.flight_number, day: day(s.estimated_departure) }, ...s.onward_flights.map((f) => ({ flight: f.flight_number, day: day(f.departure_date) }))];
  return legs.filter((l) => l.flight).map((l) => (l.day ? `${l.flight}/${l.day}` : l.flight!));
}
