/**
 * The read side's query of the DCSA Track & Trace 3.0 adapter (issue 18, decision record 0244): GET /events's filters
 * as the standard names them, checked by our own schema, turned into our read filters, and the stateless cursor of
 * its paging. The event shape itself is in dcsa.ts.
 */
import { z } from 'zod';
import { EQUIPMENT_EVENT_CODES, SHIPMENT_EVENT_CODES, TRANSPORT_EVENT_CODES, type CarrierEventKind } from '@domain/carrier-events/schema';
import { READ_EVENT_TYPES, kindOfType } from './dcsa';
import { isRfc3339, rfc3339Message } from './dcsa-fields';
import type { ReadFilters } from './service';


/** Our page limit: the standard lets the producer cap the consumer's `limit`. */
export const READ_MAX_LIMIT = 100;

const codeList = <T extends Record<string, string>>(name: string, codes: T) => {
  const allowed = Object.keys(codes);
  return z
    .string()
    .max(500, `${name} is too long`)
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .refine((list) => list.every((x) => allowed.includes(x)), `${name} must be a comma-separated list of: ${allowed.join(', ')}`)
    .optional();
};
const reference = (name: string, max: number) => z.string().trim().min(1, `${name} must not be empty`).max(max, `${name} must be at most ${max} characters`).optional();
const instant = (name: string) =>
  z
    .string()
    .refine(isRfc3339, rfc3339Message(name))
    .transform((s) => new Date(s))
    .optional();

/**
 * The standard's filters (3.0; eventUpdatedDateTimeMin/Max on the carrier's eventUpdatedDateTime, or when we received
 * an event that carried none), the event-type codes, and 2.2's eventCreatedDateTime comparisons (on when we received it).
 */
export const readQuerySchema = z.object({
  carrierBookingReference: reference('carrierBookingReference', 35),
  transportDocumentReference: reference('transportDocumentReference', 20),
  equipmentReference: reference('equipmentReference', 11),
  eventTypes: codeList('eventTypes', Object.fromEntries(READ_EVENT_TYPES.map((t) => [t, t]))),
  shipmentEventTypeCode: codeList('shipmentEventTypeCode', SHIPMENT_EVENT_CODES),
  transportEventTypeCode: codeList('transportEventTypeCode', TRANSPORT_EVENT_CODES),
  equipmentEventTypeCode: codeList('equipmentEventTypeCode', EQUIPMENT_EVENT_CODES),
  eventUpdatedDateTimeMin: instant('eventUpdatedDateTimeMin'),
  eventUpdatedDateTimeMax: instant('eventUpdatedDateTimeMax'),
  eventCreatedDateTime: instant('eventCreatedDateTime'),
  'eventCreatedDateTime:gte': instant('eventCreatedDateTime:gte'),
  'eventCreatedDateTime:gt': instant('eventCreatedDateTime:gt'),
  'eventCreatedDateTime:lte': instant('eventCreatedDateTime:lte'),
  'eventCreatedDateTime:lt': instant('eventCreatedDateTime:lt'),
  'eventCreatedDateTime:eq': instant('eventCreatedDateTime:eq'),
  limit: z.coerce.number({ message: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be 1 or more').max(1_000_000, 'limit is too large').optional(),
  cursor: z.string().max(200, 'cursor is not valid').optional(),
});
export type ReadQuery = z.infer<typeof readQuerySchema>;

/** The Next-Page-Cursor: the last event of the page, opaque to the consumer (stateless: the filters come again with it). */
export const encodeCursor = (after: string) => Buffer.from(JSON.stringify({ after }), 'utf8').toString('base64url');
export function decodeCursor(cursor: string): string | null {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown };
    return typeof v.after === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v.after) ? v.after : null;
  } catch {
    return null;
  }
}

type Bound = { at: Date; inclusive: boolean };
const later = (a: Bound | null, b: Bound | null) => (!a ? b : !b ? a : b.at > a.at || (b.at.getTime() === a.at.getTime() && !b.inclusive) ? b : a);
const earlier = (a: Bound | null, b: Bound | null) => (!a ? b : !b ? a : b.at < a.at || (b.at.getTime() === a.at.getTime() && !b.inclusive) ? b : a);
const bound = (at: Date | undefined, inclusive: boolean): Bound | null => (at ? { at, inclusive } : null);

/** The query in our terms; null `after` for the first page. A cursor we did not write is a 400 (fields.cursor). */
export function toReadFilters(q: ReadQuery): { ok: true; filters: ReadFilters } | { ok: false; field: string; message: string } {
  let after: string | null = null;
  if (q.cursor !== undefined) {
    after = decodeCursor(q.cursor);
    if (!after) return { ok: false, field: 'cursor', message: 'cursor is not valid: use the Next-Page-Cursor header of the previous page' };
  }
  // 3.0's eventUpdatedDateTime is the carrier's (what the answer shows); 2.2's eventCreatedDateTime is when we received it.
  const eq = q['eventCreatedDateTime:eq'] ?? q.eventCreatedDateTime;
  let from = bound(q['eventCreatedDateTime:gte'], true);
  from = later(from, bound(q['eventCreatedDateTime:gt'], false));
  from = later(from, bound(eq, true));
  let to = bound(q['eventCreatedDateTime:lte'], true);
  to = earlier(to, bound(q['eventCreatedDateTime:lt'], false));
  to = earlier(to, bound(eq, true));
  return {
    ok: true,
    filters: {
      kinds: q.eventTypes ? q.eventTypes.map(kindOfType).filter((k): k is CarrierEventKind => k !== null) : null,
      shipmentCodes: q.shipmentEventTypeCode ?? null,
      transportCodes: q.transportEventTypeCode ?? null,
      equipmentCodes: q.equipmentEventTypeCode ?? null,
      blNumber: q.transportDocumentReference ?? null,
      bookingReference: q.carrierBookingReference ?? null,
      containerNumber: q.equipmentReference ?? null,
      updatedFrom: bound(q.eventUpdatedDateTimeMin, true),
      updatedTo: bound(q.eventUpdatedDateTimeMax, true),
      receivedFrom: from,
      receivedTo: to,
      limit: Math.min(q.limit ?? READ_MAX_LIMIT, READ_MAX_LIMIT),
      after,
    },
  };
}
