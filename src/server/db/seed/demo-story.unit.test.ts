import { describe, expect, it } from 'vitest';
import { addressInTurkey, customerIsShipper, fitDirection, timelineStatus } from './demo-story';

const DAY = 86_400_000;
const now = new Date('2026-12-02T12:00:00Z');
const dates = (departInDays: number, arriveInDays: number, isImport = false) => ({
  departure: new Date(now.getTime() + departInDays * DAY),
  arrival: new Date(now.getTime() + arriveInDays * DAY),
  now,
  isImport,
});

describe('timelineStatus: a status that fits the dates', () => {
  it('before departure keeps a status of the booking stage, and never says it has sailed', () => {
    expect(timelineStatus('pending', dates(3, 20))).toBe('pending');
    expect(timelineStatus('approved', dates(3, 20))).toBe('approved');
    for (const drawn of ['in_transit', 'customs_check', 'delivered', 'completed'] as const) expect(timelineStatus(drawn, dates(3, 20))).toBe('in_progress');
  });

  it('between departure and arrival it is in transit, or a few days late to leave (an exception)', () => {
    expect(timelineStatus('delivered', dates(-5, 10))).toBe('in_transit');
    expect(timelineStatus('pending', dates(-2, 10))).toBe('approved');
    expect(timelineStatus('pending', dates(-6, 10))).toBe('in_transit');
  });

  it('after arrival an import clears customs, an export is delivered; a late arrival stays in transit a few days', () => {
    expect(timelineStatus('delivered', dates(-20, -1, true))).toBe('customs_check');
    expect(timelineStatus('delivered', dates(-20, -1, false))).toBe('delivered');
    expect(timelineStatus('in_transit', dates(-20, -1, true))).toBe('in_transit');
    expect(timelineStatus('in_transit', dates(-20, -5, true))).toBe('delivered');
    expect(timelineStatus('completed', dates(-40, -20))).toBe('completed');
    expect(timelineStatus('pending', dates(-40, -20))).toBe('delivered');
  });
});

describe('fitDirection: a Turkish forwarder’s exports leave Turkey, its imports arrive there', () => {
  const pool = ['IST', 'SAW', 'FRA', 'JFK', 'DXB'];
  const inTurkey = (code: string) => code === 'IST' || code === 'SAW';

  it('keeps a route that already fits', () => {
    expect(fitDirection('IST', 'FRA', true, inTurkey, pool, 7)).toEqual(['IST', 'FRA']);
    expect(fitDirection('JFK', 'SAW', false, inTurkey, pool, 7)).toEqual(['JFK', 'SAW']);
  });

  it('moves the end on the wrong side, and only that end', () => {
    // The issue's own example: an import of a Turkish company sailing Valencia to New York arrives in Turkey instead.
    expect(fitDirection('FRA', 'JFK', false, inTurkey, pool, 0)).toEqual(['FRA', 'IST']);
    expect(fitDirection('FRA', 'JFK', false, inTurkey, pool, 1)).toEqual(['FRA', 'SAW']);
    expect(fitDirection('FRA', 'IST', true, inTurkey, pool, 0)).toEqual(['IST', 'FRA']);
    expect(fitDirection('SAW', 'IST', true, inTurkey, pool, 1)).toEqual(['SAW', 'JFK']);
  });

  it('never returns a route from a place to itself', () => {
    for (const o of pool) for (const d of pool) for (const isExport of [true, false]) for (let n = 0; n < 5; n++) {
      const [a, b] = fitDirection(o, d, isExport, inTurkey, pool, n);
      expect(inTurkey(a)).toBe(isExport);
      expect(inTurkey(b)).toBe(!isExport);
    }
  });
});

describe('the customer’s side of the trade', () => {
  it('reads the country at the end of an address, in English or Turkish', () => {
    expect(addressInTurkey('Organize Sanayi Bolgesi 4. Cadde No:12, 16140 Nilufer, Bursa, Turkey')).toBe(true);
    expect(addressInTurkey('Tuzla Organize Sanayi, 34956 İstanbul, Türkiye')).toBe(true);
    expect(addressInTurkey('Industriestrasse 45, 40231 Duesseldorf, Germany')).toBe(false);
    expect(addressInTurkey(null)).toBe(false);
  });

  it('a Turkish company ships its exports and receives its imports; a company abroad is the other end', () => {
    expect(customerIsShipper(true, true)).toBe(true);
    expect(customerIsShipper(false, true)).toBe(false);
    expect(customerIsShipper(true, false)).toBe(false);
    expect(customerIsShipper(false, false)).toBe(true);
  });
});
