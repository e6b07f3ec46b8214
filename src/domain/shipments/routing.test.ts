import { describe, expect, it } from 'vitest';
import { shipmentInputSchema } from './schema';
import { normalizeShipment, shipmentFormIssues } from './rules';
import { awbFlights, awbRouting, onwardFlightsSchema, repeatedTransfers, ROUTING_MESSAGES } from './routing';

const TK = { airport: 'IST', carrier: 'TK', flight_number: 'TK1765', departure_date: '2026-11-29' };
const LH = { airport: 'FRA', carrier: 'LH', flight_number: 'LH1346', departure_date: '2026-11-30' };

describe('onward flights', () => {
  it('reads codes in upper case and refuses what is not an IATA airport or airline code', () => {
    expect(onwardFlightsSchema.parse([{ airport: ' fra ', carrier: 'lh', flight_number: '', departure_date: '' }])).toEqual([
      { airport: 'FRA', carrier: 'LH', flight_number: null, departure_date: null },
    ]);
    const bad = onwardFlightsSchema.safeParse([{ airport: 'FRAN', carrier: '12' }]);
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['0.airport', ROUTING_MESSAGES.airport],
      ['0.carrier', ROUTING_MESSAGES.carrier],
    ]);
    // '5X' is a designator (a digit and a letter); the date must be a real day.
    expect(onwardFlightsSchema.safeParse([{ airport: 'SDF', carrier: '5X', departure_date: '2026-02-30' }]).error!.issues[0]!.message).toBe('Onward Flight Date must be a date (YYYY-MM-DD)');
    expect(onwardFlightsSchema.safeParse([TK, LH, { airport: 'WAW', carrier: 'LO' }]).error!.issues[0]!.message).toBe(ROUTING_MESSAGES.tooMany);
  });

  it('finds a transfer through the origin, the destination or an earlier transfer', () => {
    expect(repeatedTransfers('ADB', 'WAW', [TK, LH])).toEqual([]);
    expect(repeatedTransfers('ADB', 'WAW', [{ airport: 'ADB' }, { airport: 'WAW' }])).toEqual([0, 1]);
    expect(repeatedTransfers('ADB', 'WAW', [TK, { airport: 'IST' }])).toEqual([1]);
  });

  it('the submit checks name the repeated transfer, and a shipment that is not by air keeps none', () => {
    const form = { type: 'air', origin_airport: 'ADB', destination_airport: 'WAW', onward_flights: [TK, { ...LH, airport: 'waw' }] };
    expect([...shipmentFormIssues(form)].filter((i) => i.field.startsWith('onward_flights'))).toEqual([{ field: 'onward_flights.1.airport', message: ROUTING_MESSAGES.sameAirport }]);
    const sea = shipmentInputSchema.parse({ type: 'sea', onward_flights: [TK] });
    expect(normalizeShipment(sea).onward_flights).toEqual([]);
    expect(normalizeShipment(shipmentInputSchema.parse({ type: 'air', onward_flights: [TK] })).onward_flights).toEqual([TK]);
  });

  it("fills the air waybill's routing boxes: the first carrier by name, then each onward airline's code", () => {
    expect(awbRouting({ destination_airport: 'WAW', firstCarrier: 'Turkish Cargo', onward_flights: [] })).toEqual([{ to: 'WAW', by: 'Turkish Cargo' }]);
    expect(awbRouting({ destination_airport: 'WAW', firstCarrier: 'Turkish Cargo', onward_flights: [TK, LH] })).toEqual([
      { to: 'IST', by: 'Turkish Cargo' },
      { to: 'FRA', by: 'TK' },
      { to: 'WAW', by: 'LH' },
    ]);
  });

  it("writes each flight with its day of the month (the air waybill's flight/date), a flight without a number left out", () => {
    expect(awbFlights({ flight_number: 'TK2321', estimated_departure: '2026-11-28T09:30:00.000Z', onward_flights: [TK, { ...LH, departure_date: null }] })).toEqual([
      'TK2321/28', 'TK1765/29', 'LH1346',
    ]);
    expect(awbFlights({ flight_number: null, estimated_departure: null, onward_flights: [{ ...TK, flight_number: null }] })).toEqual([]);
  });
});
