/**
 * Receivables by age (issue 38): how many days an unpaid invoice is past its due day on a given day, and its bucket
 * in the ageing report (current, 1-30, 31-60, 61-90, 91+ days past due). Days are calendar days between ISO dates.
 */

export const AGEING_BUCKETS = ['current', '1-30', '31-60', '61-90', '91+'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

const dayNumber = (iso: string): number => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) throw new Error(`Not a date: "${iso}"`);
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
};

/** Days from the due day to `asOf` (0 or less: not yet due). */
export const daysPastDue = (dueOn: string, asOf: string): number => dayNumber(asOf) - dayNumber(dueOn);

export function ageingBucket(days: number): AgeingBucket {
  if (days <= 0) return 'current';
  if (days <= 30) return '1-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '91+';
}

/** The due day: the issue day plus the company's payment terms in days. */
export function dueDateOf(issuedOn: string, termsDays: number): string {
  return new Date((dayNumber(issuedOn) + termsDays) * 86_400_000).toISOString().slice(0, 10);
}
