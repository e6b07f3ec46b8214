/**
 * The exception rules as plain functions, their kinds, labels and thresholds (issue 17, decision record 0230), apart
 * from the schemas (exceptions.ts re-exports them), so the dashboards' "Needs attention" row loads no zod (0247).
 */
import type { ShipmentStatus } from '@domain/common/enums';
import { ENGLISH, msg, type Reader } from '@domain/common/i18n';

export const EXCEPTION_KINDS = ['departure_overdue', 'arrival_overdue', 'arrival_moved', 'no_change'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];
/**
 * What the Exceptions page, the dashboards' "Needs attention" row and the staff digest count: the shipment rules above,
 * and the checklist's required documents past their due date (issue 16's rule, `OVERDUE` in the checklist service),
 * counted per document and listed by the checklist's own list.
 */
export const EXCEPTION_TABS = [...EXCEPTION_KINDS, 'checklist_overdue'] as const;
export type ExceptionTab = (typeof EXCEPTION_TABS)[number];

/** Before it leaves: a shipment in one of these statuses whose estimated departure has passed is late leaving. */
export const BEFORE_DEPARTURE: readonly ShipmentStatus[] = ['pending', 'pending_approval', 'approved', 'in_progress'];
/** Done with arriving: a shipment in neither of these is still expected somewhere. */
export const ARRIVED: readonly ShipmentStatus[] = ['delivered', 'completed'];

/** How long a moved arrival stays on the page after the change (then the new date is simply the date). */
export const ARRIVAL_MOVED_WINDOW_DAYS = 7;

export const EXCEPTION_LIMITS = {
  arrival_moved_days: { min: 1, max: 60, default: 2 },
  no_change_days: { min: 1, max: 365, default: 14 },
} as const;

export type ExceptionSettings = { arrival_moved_days: number; no_change_days: number };
export const DEFAULT_EXCEPTION_SETTINGS: ExceptionSettings = {
  arrival_moved_days: EXCEPTION_LIMITS.arrival_moved_days.default,
  no_change_days: EXCEPTION_LIMITS.no_change_days.default,
};

export const EXCEPTION_MESSAGES = {
  arrivalMovedDays: msg('Choose between 1 and 60 days'),
  noChangeDays: msg('Choose between 1 and 365 days'),
  kind: msg('kind must be one of: departure_overdue, arrival_overdue, arrival_moved, no_change'),
} as const;

/**
 * The page's tab label and the sentence that says what the rule is, with the thresholds in force, in the reader's
 * language (the web page, the digest mail; English as written without one).
 */
export function exceptionLabel(kind: ExceptionTab, s: ExceptionSettings = DEFAULT_EXCEPTION_SETTINGS, reader: Reader = ENGLISH): { label: string; rule: string } {
  const t = (message: string, values?: Record<string, unknown>) => reader.t(message, values);
  switch (kind) {
    case 'checklist_overdue':
      return { label: t(msg('Documents overdue')), rule: t(msg('A required document of the checklist is past its due date and the shipment is not delivered.')) };
    case 'departure_overdue':
      return { label: t(msg('Departure overdue')), rule: t(msg('The estimated departure has passed and the shipment is not in transit yet.')) };
    case 'arrival_overdue':
      return { label: t(msg('Arrival overdue')), rule: t(msg('The estimated arrival has passed and the shipment is not delivered.')) };
    case 'arrival_moved': {
      const values = { days: s.arrival_moved_days, window: ARRIVAL_MOVED_WINDOW_DAYS };
      const rule = s.arrival_moved_days === 1 ? msg('The estimated arrival moved by more than 1 day in the last {window} days.') : msg('The estimated arrival moved by more than {days} days in the last {window} days.');
      return { label: t(msg('Arrival moved')), rule: t(rule, values) };
    }
    case 'no_change': {
      const days = { days: s.no_change_days };
      return s.no_change_days === 1
        ? { label: t(msg('No change in 1 day')), rule: t(msg('Nothing about the shipment changed for 1 day and it is not delivered.')) }
        : { label: t(msg('No change in {days} days'), days), rule: t(msg('Nothing about the shipment changed for {days} days and it is not delivered.'), days) };
    }
  }
}

const DAY_MS = 86_400_000;

/** What the rules read of a shipment. */
export type ExceptionFacts = {
  status: string;
  estimated_departure: string | Date | null;
  estimated_arrival: string | Date | null;
  updated_at: string | Date;
  /** The last change of the estimated arrival, in days (later is positive), and when it was made. */
  arrival_shift_days: number | null;
  arrival_shifted_at: string | Date | null;
};

const ms = (d: string | Date) => new Date(d).getTime();

/** The exceptions a shipment has at `now`, in the page's order (the SQL of the server applies the same rules). */
export function exceptionsOf(f: ExceptionFacts, now: Date, s: ExceptionSettings = DEFAULT_EXCEPTION_SETTINGS): ExceptionKind[] {
  const t = now.getTime();
  const open = !(ARRIVED as readonly string[]).includes(f.status);
  const out: ExceptionKind[] = [];
  if ((BEFORE_DEPARTURE as readonly string[]).includes(f.status) && f.estimated_departure && ms(f.estimated_departure) < t) out.push('departure_overdue');
  if (open && f.estimated_arrival && ms(f.estimated_arrival) < t) out.push('arrival_overdue');
  if (
    open &&
    f.arrival_shifted_at &&
    f.arrival_shift_days !== null &&
    ms(f.arrival_shifted_at) > t - ARRIVAL_MOVED_WINDOW_DAYS * DAY_MS &&
    Math.abs(f.arrival_shift_days) > s.arrival_moved_days
  ) {
    out.push('arrival_moved');
  }
  if (open && ms(f.updated_at) < t - s.no_change_days * DAY_MS) out.push('no_change');
  return out;
}

/** Whole days since `since` (0 on the day itself): "overdue 3 days". */
export function daysSince(since: string | Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - ms(since)) / DAY_MS));
}
