import { describe, expect, it } from 'vitest';
import {
  ARRIVAL_MOVED_WINDOW_DAYS, DEFAULT_EXCEPTION_SETTINGS, EXCEPTION_KINDS, EXCEPTION_MESSAGES, EXCEPTION_TABS, daysSince, exceptionLabel, exceptionListQuerySchema,
  exceptionSearchSchema,
  exceptionSettingsSchema, exceptionsOf, type ExceptionFacts,
} from './schema';

const NOW = new Date('2026-11-25T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();
const daysAgo = (d: number) => hoursAgo(d * 24);
const base: ExceptionFacts = {
  status: 'approved',
  estimated_departure: daysAgo(-2),
  estimated_arrival: daysAgo(-10),
  updated_at: hoursAgo(1),
  arrival_shift_days: null,
  arrival_shifted_at: null,
};
const of = (f: Partial<ExceptionFacts>, s = DEFAULT_EXCEPTION_SETTINGS) => exceptionsOf({ ...base, ...f }, NOW, s);

describe('exceptionsOf', () => {
  it('a shipment on time has none', () => expect(of({})).toEqual([]));

  it('departure overdue: the estimated departure passed before it left, to the minute', () => {
    expect(of({ estimated_departure: hoursAgo(0.02) })).toEqual(['departure_overdue']);
    expect(of({ estimated_departure: NOW.toISOString() })).toEqual([]);
    for (const status of ['pending', 'pending_approval', 'approved', 'in_progress']) expect(of({ status, estimated_departure: daysAgo(1) })).toContain('departure_overdue');
    for (const status of ['in_transit', 'customs_check', 'delivered', 'completed']) expect(of({ status, estimated_departure: daysAgo(1) })).not.toContain('departure_overdue');
    expect(of({ estimated_departure: null })).toEqual([]);
  });

  it('arrival overdue: the estimated arrival passed and it is not delivered', () => {
    expect(of({ status: 'in_transit', estimated_departure: daysAgo(9), estimated_arrival: daysAgo(1) })).toEqual(['arrival_overdue']);
    expect(of({ status: 'customs_check', estimated_arrival: daysAgo(1), estimated_departure: daysAgo(3) })).toEqual(['arrival_overdue']);
    expect(of({ status: 'delivered', estimated_arrival: daysAgo(1) })).toEqual([]);
    expect(of({ status: 'completed', estimated_arrival: daysAgo(1) })).toEqual([]);
  });

  it('arrival moved: more than the threshold, either way, within the window', () => {
    const moved = (days: number, at: string) => of({ arrival_shift_days: days, arrival_shifted_at: at });
    expect(moved(3, hoursAgo(2))).toEqual(['arrival_moved']);
    expect(moved(-3, hoursAgo(2))).toEqual(['arrival_moved']);
    expect(moved(2, hoursAgo(2))).toEqual([]); // not more than 2
    expect(moved(2.5, hoursAgo(2))).toEqual(['arrival_moved']);
    expect(moved(3, daysAgo(ARRIVAL_MOVED_WINDOW_DAYS + 0.01))).toEqual([]);
    expect(of({ arrival_shift_days: 3, arrival_shifted_at: hoursAgo(2) }, { arrival_moved_days: 5, no_change_days: 14 })).toEqual([]);
    expect(of({ status: 'delivered', arrival_shift_days: 9, arrival_shifted_at: hoursAgo(2) })).toEqual([]);
  });

  it('no change: not changed for the set number of days and not delivered', () => {
    expect(of({ updated_at: daysAgo(14.01) })).toEqual(['no_change']);
    expect(of({ updated_at: daysAgo(13.99) })).toEqual([]);
    expect(of({ updated_at: daysAgo(20) }, { arrival_moved_days: 2, no_change_days: 30 })).toEqual([]);
    expect(of({ status: 'completed', updated_at: daysAgo(200) })).toEqual([]);
  });

  it('a shipment can hold several rules at once, in the page order', () => {
    expect(of({ status: 'pending', estimated_departure: daysAgo(30), estimated_arrival: daysAgo(20), updated_at: daysAgo(40) })).toEqual([
      'departure_overdue',
      'arrival_overdue',
      'no_change',
    ]);
  });
});

describe('thresholds and queries', () => {
  it('accepts whole days within the limits and names the limits otherwise', () => {
    expect(exceptionSettingsSchema.parse({ arrival_moved_days: 1, no_change_days: 365 })).toEqual({ arrival_moved_days: 1, no_change_days: 365 });
    const r = exceptionSettingsSchema.safeParse({ arrival_moved_days: 61, no_change_days: 1.5 });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([EXCEPTION_MESSAGES.arrivalMovedDays, EXCEPTION_MESSAGES.noChangeDays]);
    expect(EXCEPTION_MESSAGES.arrivalMovedDays).toBe('Choose between 1 and 60 days');
  });

  it('the list query defaults to departures and refuses an unknown rule', () => {
    expect(exceptionListQuerySchema.parse({})).toMatchObject({ kind: 'departure_overdue', page: 1 });
    expect(exceptionListQuerySchema.safeParse({ kind: 'late' }).error?.issues[0]?.message).toBe(EXCEPTION_MESSAGES.kind);
  });

  it('labels say the thresholds in force', () => {
    expect(exceptionLabel('no_change', { arrival_moved_days: 2, no_change_days: 1 }).label).toBe('No change in 1 day');
    expect(exceptionLabel('arrival_moved', { arrival_moved_days: 3, no_change_days: 14 }).rule).toBe(
      'The estimated arrival moved by more than 3 days in the last 7 days.',
    );
  });

  it('the page has a tab for overdue checklist documents; the list API keeps to the shipment rules', () => {
    expect(EXCEPTION_TABS).toEqual([...EXCEPTION_KINDS, 'checklist_overdue']);
    expect(exceptionLabel('checklist_overdue').label).toBe('Documents overdue');
    expect(exceptionSearchSchema.parse({ kind: 'checklist_overdue', provider: 'customer' })).toEqual({ kind: 'checklist_overdue', provider: 'customer' });
    expect(exceptionSearchSchema.parse({ kind: 'late', provider: 'carrier' })).toEqual({ kind: undefined, provider: undefined });
    expect(exceptionListQuerySchema.safeParse({ kind: 'checklist_overdue' }).error?.issues[0]?.message).toBe(EXCEPTION_MESSAGES.kind);
  });

  it('daysSince counts whole days, never below zero', () => {
    expect(daysSince(daysAgo(2.9), NOW)).toBe(2);
    expect(daysSince(hoursAgo(-5), NOW)).toBe(0);
  });
});
