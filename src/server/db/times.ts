/**
 * Times as the API answers them: ISO 8601 in UTC (`2026-11-27T10:10:00.291Z`), from what a read returned (a Date from
 * Drizzle's columns, a Date or the driver's text from a raw SQL read). One helper for every feature's answers.
 */

/** A timestamp in ISO 8601, UTC. */
export function isoTime(v: Date | string): string {
  return (v instanceof Date ? v : new Date(v)).toISOString();
}

/** A timestamp that may be missing: null stays null. */
export function isoOrNull(v: Date | string | null | undefined): string | null {
  return v === null || v === undefined ? null : isoTime(v);
}
