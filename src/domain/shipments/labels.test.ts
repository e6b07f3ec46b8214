import { describe, expect, it } from 'vitest';
import { codeRouteLabel, pickupDeliveryLabel, placeLabel, routeLabel } from './labels';

// The shipment CSV's route (issue 37): codes for air and sea, places for land and for an end without a code.
describe('codeRouteLabel', () => {
  const places = { origin_city: 'Istanbul', origin_country: 'TR', destination_city: 'Rotterdam', destination_country: 'Netherlands' };
  it('writes air by its airports, sea by its ports’ UN/LOCODEs, partial by its transport mode', () => {
    expect(codeRouteLabel({ type: 'air', ...places, origin_airport: 'IST', destination_airport: 'FRA' })).toBe('IST → FRA');
    expect(codeRouteLabel({ type: 'sea', ...places, origin_port_code: 'TRAMB', destination_port_code: 'NLRTM' })).toBe('TRAMB → NLRTM');
    expect(codeRouteLabel({ type: 'partial', transport_mode: 'air', ...places, origin_airport: 'IST', destination_airport: 'AMS' })).toBe('IST → AMS');
    expect(codeRouteLabel({ type: 'partial', transport_mode: 'sea', ...places, origin_port_code: 'TRAMB', destination_port_code: 'NLRTM' })).toBe('TRAMB → NLRTM');
  });
  it('writes land, an unknown mode and an end without a code by city and country, as the lists do', () => {
    expect(codeRouteLabel({ type: 'land', ...places, origin_airport: 'IST' })).toBe(routeLabel(places));
    expect(codeRouteLabel({ type: 'partial', transport_mode: null, ...places })).toBe(routeLabel(places));
    expect(codeRouteLabel({ type: 'sea', ...places, origin_port_code: 'TRAMB', destination_port_code: null })).toBe('TRAMB → Rotterdam, Netherlands');
    expect(codeRouteLabel({ type: 'air', ...places, origin_airport: ' ', destination_airport: 'FRA' })).toBe('Istanbul, TR → FRA');
  });
});

describe('pickupDeliveryLabel: a planned date is not told as a fact (issue 45)', () => {
  const now = new Date('2026-11-27T15:00:00Z');
  it('a day still ahead is planned; today or before has happened', () => {
    expect(pickupDeliveryLabel('pickup', '2026-11-28T08:00:00.000Z', now)).toEqual({ label: 'Pickup planned', planned: true });
    expect(pickupDeliveryLabel('pickup', '2026-11-27T18:00:00.000Z', now)).toEqual({ label: 'Picked up', planned: false });
    expect(pickupDeliveryLabel('delivery', '2026-11-20', now)).toEqual({ label: 'Delivered', planned: false });
    expect(pickupDeliveryLabel('delivery', '2026-12-01', now)).toEqual({ label: 'Delivery planned', planned: true });
    expect(pickupDeliveryLabel('delivery', null, now)).toBeNull();
  });
});

// Issue 42, decision 0307: a country the reference data names reads in the reader's language; English as stored.
describe('placeLabel and routeLabel in the reader language', () => {
  const turkish = { locale: 'tr', t: (m: string) => (m === 'N/A' ? 'Yok' : m) };
  const s = { origin_city: 'Istanbul', origin_country: 'Turkey', destination_city: 'Valencia', destination_country: 'Spain' };
  it('writes Turkey as Türkiye and Spain as İspanya for a Turkish reader, and leaves English and typed text alone', () => {
    expect(routeLabel(s, turkish)).toBe('Istanbul, Türkiye → Valencia, İspanya');
    expect(routeLabel(s)).toBe('Istanbul, Turkey → Valencia, Spain');
    // A country typed as its code reads in Turkish too (decision 0308); in English it stays the code.
    expect(placeLabel('Bursa', 'TR', turkish)).toBe('Bursa, Türkiye');
    expect(placeLabel('Bursa', 'TR')).toBe('Bursa, TR');
    expect(placeLabel('Bursa', 'Anadolu', turkish)).toBe('Bursa, Anadolu');
    expect(placeLabel(null, null, turkish)).toBe('Yok');
    expect(placeLabel('İzmir', '  ', turkish)).toBe('İzmir');
  });
});
