/**
 * The rules that make the demo tell a working office's story (issue 45, decision record 0279): a shipment's status
 * follows its dates, a Turkish forwarder's exports leave Turkey and its imports arrive there, and the customer stands
 * on its own country's side of the bill. Pure, so the seed's random sequence (and every other demo value) stays put.
 */
import type { ShipmentStatus } from '@domain/common/enums';

const DAY = 86_400_000;
const BEFORE_DEPARTURE = new Set<ShipmentStatus>(['pending', 'pending_approval', 'approved', 'in_progress']);
/** How long a departure may be late, or an arrival unconfirmed, before the office has caught up: the few exceptions. */
export const LATE_DAYS = 4;
/** Days after arrival a shipment is delivered (an import clears customs first). */
export const CLEARED_DAYS = 3;

/**
 * The status a shipment of these dates has in a working office. `drawn` is the seed's random draw: it picks among
 * the statuses the dates allow, and now and then keeps a shipment a few days behind them (a late departure, an
 * arrival not yet confirmed), as the exceptions list expects of a real week.
 */
export function timelineStatus(drawn: ShipmentStatus, at: { departure: Date; arrival: Date; now: Date; isImport: boolean }): ShipmentStatus {
  const sinceDeparture = (at.now.getTime() - at.departure.getTime()) / DAY;
  const sinceArrival = (at.now.getTime() - at.arrival.getTime()) / DAY;
  if (sinceDeparture < 0) return BEFORE_DEPARTURE.has(drawn) ? drawn : 'in_progress';
  if (sinceArrival < 0) return BEFORE_DEPARTURE.has(drawn) && sinceDeparture < LATE_DAYS ? 'approved' : 'in_transit';
  if (sinceArrival < LATE_DAYS && (drawn === 'in_transit' || drawn === 'customs_check')) return 'in_transit';
  if (sinceArrival < CLEARED_DAYS) return at.isImport ? 'customs_check' : 'delivered';
  return drawn === 'completed' ? 'completed' : 'delivered';
}

/**
 * A Turkish forwarder's route: an export leaves Turkey, an import arrives there. The side that does not fit is
 * replaced by a place of `pool` on the right side, chosen by `n` (no random draw, so nothing else in the demo moves).
 */
export function fitDirection<T>(origin: T, destination: T, isExport: boolean, inTurkey: (p: T) => boolean, pool: readonly T[], n: number): [T, T] {
  const home = pool.filter(inTurkey);
  const abroad = pool.filter((p) => !inTurkey(p));
  const want = (p: T, turkish: boolean): T => {
    if (inTurkey(p) === turkish) return p;
    const side = turkish ? home : abroad;
    return side.length ? side[n % side.length]! : p;
  };
  return isExport ? [want(origin, true), want(destination, false)] : [want(origin, false), want(destination, true)];
}

/** Whether an address is in Turkey (the demo's addresses end with the country, in English or Turkish). */
export const addressInTurkey = (address: string | null | undefined): boolean => /\b(Turkey|Türkiye)\s*$/i.test(address ?? '');

/**
 * Which party the customer is: a Turkish company ships its exports and receives its imports; a company abroad is
 * the other end (it buys our export, it sells us the import).
 */
export const customerIsShipper = (isExport: boolean, customerInTurkey: boolean): boolean => isExport === customerInTurkey;
