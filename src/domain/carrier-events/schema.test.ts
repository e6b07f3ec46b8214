import { describe, expect, it } from 'vitest';
import { carrierEventTitle, containerWarning, movesEstimatedArrival, pickMatch, type MatchCandidate } from './schema';

describe('pickMatch: container number, then BL number, then booking reference', () => {
  const c = (shipment_id: string, by: MatchCandidate['by'], created_at: string): MatchCandidate => ({ shipment_id, by, created_at });
  it('takes the most specific reference kind that found a shipment, whatever the order found', () => {
    expect(pickMatch([c('booking', 'booking', '2026-03-01'), c('bl', 'bl', '2026-03-01'), c('box', 'container', '2025-01-01')])!.shipment_id).toBe('box');
    expect(pickMatch([c('booking', 'booking', '2026-03-01'), c('bl', 'bl', '2025-03-01')])!.shipment_id).toBe('bl');
    expect(pickMatch([c('booking', 'booking', '2026-03-01')])!.by).toBe('booking');
  });
  it('among shipments found by the same kind (a container reused), the newest; nothing found is null', () => {
    expect(pickMatch([c('old', 'container', '2024-05-01T00:00:00Z'), c('new', 'container', '2026-05-01T00:00:00Z'), c('mid', 'container', '2025-05-01T00:00:00Z')])!.shipment_id).toBe('new');
    expect(pickMatch([])).toBeNull();
  });
});

describe('carrierEventTitle', () => {
  it('names the code, with the classifier unless actual', () => {
    expect(carrierEventTitle({ kind: 'transport', code: 'ARRI', classifier: 'estimated' })).toBe('Arrived (estimated)');
    expect(carrierEventTitle({ kind: 'transport', code: 'DEPA', classifier: 'planned' })).toBe('Departed (planned)');
    expect(carrierEventTitle({ kind: 'equipment', code: 'LOAD', classifier: 'actual' })).toBe('Loaded');
    expect(carrierEventTitle({ kind: 'shipment', code: 'CONF', classifier: 'actual' })).toBe('Shipment confirmed');
    expect(carrierEventTitle({ kind: 'equipment', code: 'XXXX', classifier: null })).toBe('XXXX');
  });
});

describe('containerWarning', () => {
  it('is null for the standard’s example container (APZU4812090) and names the expected digit otherwise', () => {
    expect(containerWarning('APZU4812090')).toBeNull();
    expect(containerWarning('APZU4812091')).toBe('Container number APZU4812091 has an invalid check digit (expected 0)');
    expect(containerWarning(null)).toBeNull();
  });
});

describe('movesEstimatedArrival', () => {
  const arrival = { kind: 'transport' as const, code: 'ARRI', classifier: 'estimated' as const, location_code: 'NLRTM', occurred_at: '2026-12-04T08:30:00Z' };
  it('an estimated or actual arrival at one of the destination port’s codes', () => {
    expect(movesEstimatedArrival(arrival, ['NLRTM'])).toBe(true);
    expect(movesEstimatedArrival({ ...arrival, classifier: 'actual' }, ['NLRTM'])).toBe(true);
  });
  it('not a planned one, a departure, an equipment event, another port, or one without a time or place', () => {
    expect(movesEstimatedArrival({ ...arrival, classifier: 'planned' }, ['NLRTM'])).toBe(false);
    expect(movesEstimatedArrival({ ...arrival, code: 'DEPA' }, ['NLRTM'])).toBe(false);
    expect(movesEstimatedArrival({ ...arrival, kind: 'equipment' }, ['NLRTM'])).toBe(false);
    expect(movesEstimatedArrival(arrival, ['DEHAM'])).toBe(false);
    expect(movesEstimatedArrival({ ...arrival, occurred_at: null }, ['NLRTM'])).toBe(false);
    expect(movesEstimatedArrival({ ...arrival, location_code: null }, ['NLRTM'])).toBe(false);
  });
});
