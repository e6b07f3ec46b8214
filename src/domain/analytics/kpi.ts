import type { ShipmentStatus } from '@domain/common/enums';
import { localeFormats } from '@domain/locale/format';

const ENGLISH_FORMATS = localeFormats('en', 'UTC');

/** Spec section 4: the status sets behind every active/completed/pending figure. */
/** Land, air and partial pages, the admin and handler dashboards. */
export const ACTIVE_STATUSES = ['in_progress', 'in_transit', 'customs_check'] as const satisfies readonly ShipmentStatus[];
export const COMPLETED_STATUSES = ['delivered'] as const satisfies readonly ShipmentStatus[];
/** The customer dashboard counts these as active. */
export const CUSTOMER_ACTIVE_STATUSES = ['pending', 'pending_approval', 'approved', 'in_progress'] as const satisfies readonly ShipmentStatus[];
/** The customer sidebar's Pending figure. */
export const PENDING_STATUSES = ['pending', 'pending_approval'] as const satisfies readonly ShipmentStatus[];

/** Months shown by the monthly charts (this one and the five before). */
export const CHART_MONTHS = 6;
/** Top-N size of the route, airport and port doughnuts; container-type colours are capped at 5 too. */
export const TOP_N = 5;

/**
 * The months of the monthly charts, oldest first, as 'YYYY-MM' keys (UTC calendar months,
 * decision record 0005), ending with the month of `now`.
 */
export function lastMonths(now: Date, count = CHART_MONTHS): string[] {
  const keys: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    keys.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return keys;
}

/** 'Jun 2026' for a 'YYYY-MM' key: the API's English label (a page names the month in its reader's language). */
export function monthLabel(key: string): string {
  return ENGLISH_FORMATS.month(key);
}

/** The monthly change window (decision record 0005): the last 30 days against the 30 days before them. */
export const CHANGE_WINDOW_DAYS = 30;

/**
 * Monthly percent change (spec section 9): 100% when the prior count is 0, otherwise
 * (current − previous) / previous, rounded to one decimal.
 */
export function monthlyChange(current: number, previous: number): { current: number; previous: number; percent: number; direction: 'up' | 'down' | 'flat' } {
  const percent = previous === 0 ? 100 : Math.round(((current - previous) / previous) * 1000) / 10;
  return { current, previous, percent, direction: percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat' };
}

/** Puts SQL month counts on the full axis of months, with 0 for a month without shipments. */
export function fillMonths(keys: string[], counts: { month: string; count: number }[]): { month: string; label: string; count: number }[] {
  const byMonth = new Map(counts.map((c) => [c.month, c.count]));
  return keys.map((month) => ({ month, label: monthLabel(month), count: byMonth.get(month) ?? 0 }));
}
