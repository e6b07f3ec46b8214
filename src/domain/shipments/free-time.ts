/**
 * Free time (issue 41, decision record 0272): the days a container may stay at the terminal after arrival before
 * demurrage runs. The day of arrival counts as the first free day, so 7 days from an arrival on 1 December end on
 * 7 December, the last free day. A container's own free days win over the shipment's; none without either.
 */
const DAY_MS = 86_400_000;

/** The container's free days: its own, else the shipment's; null when neither is set. */
export function freeDaysOf(containerDays: number | null | undefined, shipmentDays: number | null | undefined): number | null {
  return containerDays ?? shipmentDays ?? null;
}

/**
 * The last free day ('2026-12-07', a UTC calendar day) of `days` free days from the arrival (an ISO time); null
 * without an arrival or free days, or with 0 free days (demurrage from the day of arrival).
 */
export function lastFreeDay(arrival: string | Date | null, days: number | null): string | null {
  if (arrival === null || days === null || days < 1) return null;
  const at = new Date(arrival);
  if (Number.isNaN(at.getTime())) return null;
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return new Date(day + (days - 1) * DAY_MS).toISOString().slice(0, 10);
}
