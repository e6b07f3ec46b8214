/**
 * How a shipment's estimated departure and arrival moved (issue 45: "ETD and ETA with how they moved"), from its
 * history rows ('updated' events whose changes hold the date as { from, to }). No zod: the customer's first screen
 * shows it (decision records 0247, 0248).
 */

/** An estimated date's latest move: the date it had before, when it moved, and how many times it has moved. */
export type DateMove = { previous: string; moved_at: string; times: number };
export type DateMoves = { departure: DateMove | null; arrival: DateMove | null };

/** One history row's change of the date ({ from, to } as the history stores it), with when it was made. */
export type DateChange = { from: unknown; to: unknown; at: string | Date };

const instant = (v: unknown): number | null => {
  if (typeof v !== 'string' && !(v instanceof Date)) return null;
  const ms = new Date(v).getTime();
  return Number.isNaN(ms) ? null : ms;
};

/**
 * The latest move of a date whose value is now `current`, from its changes oldest first; null when it has none. A
 * move takes a date to another date: setting a date that had none is no move, and clearing it starts the count
 * again. A newest change that does not lead to the current value (a row written around the history) shows nothing
 * rather than a wrong earlier date.
 */
export function dateMoveOf(changes: readonly DateChange[], current: string | Date | null | undefined): DateMove | null {
  const now = instant(current);
  if (now === null) return null;
  let times = 0;
  let last: { from: number; at: number } | null = null;
  let newestTo: number | null = null;
  for (const c of changes) {
    const from = instant(c.from);
    const to = instant(c.to);
    const at = instant(c.at);
    if (from === to || at === null) continue;
    newestTo = to;
    if (from === null || to === null) {
      times = 0;
      last = null;
      continue;
    }
    times += 1;
    last = { from, at };
  }
  if (!last || newestTo !== now) return null;
  return { previous: new Date(last.from).toISOString(), moved_at: new Date(last.at).toISOString(), times };
}

/** A history row as the read gives it: the date changes it holds (or null) and when it was written. */
export type DateHistoryRow = { departure: { from: unknown; to: unknown } | null; arrival: { from: unknown; to: unknown } | null; created_at: string | Date };

/** Both dates' latest moves, from the history rows oldest first and the shipment's current dates. */
export function dateMovesOf(
  rows: readonly DateHistoryRow[],
  current: { estimated_departure: string | Date | null; estimated_arrival: string | Date | null },
): DateMoves {
  const of = (side: 'departure' | 'arrival') =>
    rows.flatMap((r) => {
      const change = r[side];
      return change && typeof change === 'object' ? [{ from: change.from, to: change.to, at: r.created_at }] : [];
    });
  return { departure: dateMoveOf(of('departure'), current.estimated_departure), arrival: dateMoveOf(of('arrival'), current.estimated_arrival) };
}

/**
 * What the page writes under a moved date: the earlier date and the day it moved, as `format` writes dates, with the
 * number of moves. Null without a move, and when the move stays within the day as written (a time changed, not the
 * day the reader sees).
 */
export function dateMoveNote(
  current: string | null | undefined,
  move: DateMove | null | undefined,
  format: (date: string) => string,
): { date: string; when: string; count: number } | null {
  if (!current || !move) return null;
  const date = format(move.previous);
  if (date === format(current)) return null;
  return { date, when: format(move.moved_at), count: move.times };
}
