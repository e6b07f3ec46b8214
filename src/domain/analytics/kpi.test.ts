import { describe, expect, it } from 'vitest';
import { ACTIVE_STATUSES, COMPLETED_STATUSES, CUSTOMER_ACTIVE_STATUSES, PENDING_STATUSES, fillMonths, lastMonths, monthLabel, monthlyChange } from './kpi';
import { effectiveDir, nextSort } from '@domain/shipments/list-schema';

describe('status sets (spec section 4)', () => {
  it('counts in_progress, in_transit, customs_check as active and delivered as completed', () => {
    expect([...ACTIVE_STATUSES]).toEqual(['in_progress', 'in_transit', 'customs_check']);
    expect([...COMPLETED_STATUSES]).toEqual(['delivered']);
  });
  it('gives customers their own active and pending sets', () => {
    expect([...CUSTOMER_ACTIVE_STATUSES]).toEqual(['pending', 'pending_approval', 'approved', 'in_progress']);
    expect([...PENDING_STATUSES]).toEqual(['pending', 'pending_approval']);
  });
});

describe('monthlyChange', () => {
  it('is 100% when the prior count is 0', () => {
    expect(monthlyChange(7, 0)).toEqual({ current: 7, previous: 0, percent: 100, direction: 'up' });
  });
  it('is the relative change rounded to one decimal, with its direction', () => {
    expect(monthlyChange(15, 10).percent).toBe(50);
    expect(monthlyChange(2, 3)).toMatchObject({ percent: -33.3, direction: 'down' });
    expect(monthlyChange(4, 4)).toMatchObject({ percent: 0, direction: 'flat' });
  });
});

describe('month axis', () => {
  it('lists six UTC calendar months ending with the current one', () => {
    expect(lastMonths(new Date('2026-11-22T10:00:00Z'))).toEqual(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    expect(lastMonths(new Date('2026-02-10T00:00:00Z'), 3)).toEqual(['2025-12', '2026-01', '2026-02']);
  });
  it('fills months without shipments with 0 and labels them', () => {
    expect(fillMonths(['2026-10', '2026-11'], [{ month: '2026-11', count: 4 }])).toEqual([
      { month: '2026-10', label: 'Oct 2026', count: 0 },
      { month: '2026-11', label: 'Nov 2026', count: 4 },
    ]);
    expect(monthLabel('2026-01')).toBe('Jan 2026');
  });
});

describe('sorting', () => {
  it('toggles the current column and sorts another ascending', () => {
    expect(nextSort({ sort: 'created_at', dir: 'desc' }, 'created_at')).toEqual({ sort: 'created_at', dir: 'asc' });
    expect(nextSort({ sort: 'created_at', dir: 'asc' }, 'created_at')).toEqual({ sort: 'created_at', dir: 'desc' });
    expect(nextSort({ sort: 'created_at', dir: 'desc' }, 'status')).toEqual({ sort: 'status', dir: 'asc' });
    expect(nextSort({ sort: 'status', dir: 'asc' }, 'type')).toEqual({ sort: 'type', dir: 'asc' });
  });
  it('defaults created_at to newest first and other columns to ascending', () => {
    expect(effectiveDir('created_at', undefined)).toBe('desc');
    expect(effectiveDir('status', undefined)).toBe('asc');
    expect(effectiveDir('created_at', 'asc')).toBe('asc');
  });
});
