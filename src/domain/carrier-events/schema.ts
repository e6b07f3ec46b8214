/**
 * Carrier events (issue 18, decision record 0244): what a carrier or visibility provider tells us about a shipment,
 * in our own terms. The DCSA Track & Trace 3.0 adapter (server/features/carrier-events/dcsa.ts) translates the
 * standard's messages to and from these; nothing here uses the standard's field names. The event codes are the
 * standard's code values (ARRI, LOAD, ...), which are values, not names.
 */
import { z } from 'zod';
import { listQuerySchema } from '@domain/common/list-schema';
import { containerNumberProblem, normalizeContainerNumber } from '@domain/cargo/trade-numbers';
import { ENGLISH, msg } from '@domain/common/i18n';

import { CARRIER_EVENT_CLASSIFIERS, CARRIER_EVENT_KINDS, type CarrierEventClassifier, type CarrierEventKind } from './titles';

export const CARRIER_EVENT_STATES = ['matched', 'unmatched', 'dismissed'] as const;
export type CarrierEventState = (typeof CARRIER_EVENT_STATES)[number];

/** How an event found its shipment, in the order tried (decision record 0244); `manual` is staff attaching it. */
export const MATCH_ORDER = ['container', 'bl', 'booking'] as const;
export type MatchedBy = (typeof MATCH_ORDER)[number] | 'manual';

export const MATCHED_BY_LABELS: Record<MatchedBy, string> = {
  container: msg('Container number'),
  bl: msg('BL Number'),
  booking: msg('Carrier booking reference'),
  manual: msg('Attached by staff'),
};

export { CARRIER_EVENT_CLASSIFIERS, CARRIER_EVENT_KINDS, EQUIPMENT_EVENT_CODES, EVENT_CODES, SHIPMENT_EVENT_CODES, TRANSPORT_EVENT_CODES, carrierEventTitle, type CarrierEventClassifier, type CarrierEventKind } from './titles';

/** The warning kept with a container number that fails ISO 6346 (stored anyway: carriers' test data holds such numbers). */
export function containerWarning(raw: string | null | undefined): string | null {
  if (!raw) return null;
  return containerNumberProblem(raw);
}

/** A shipment an event's references found, and by which reference. */
export type MatchCandidate = { shipment_id: string; by: (typeof MATCH_ORDER)[number]; created_at: Date | string };

/**
 * The shipment an event belongs to: the first reference kind in MATCH_ORDER that found any shipment (a container
 * number is the most specific; a BL number next; a booking reference last); among several shipments found by the same
 * kind (a container reused over the years), the newest. Null when nothing matched.
 */
export function pickMatch(candidates: readonly MatchCandidate[]): MatchCandidate | null {
  for (const by of MATCH_ORDER) {
    const found = candidates.filter((c) => c.by === by);
    if (found.length === 0) continue;
    return [...found].sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime())[0]!;
  }
  return null;
}

/** Container numbers compared as the shipment form stores them (upper case, no spaces or dashes). */
export const compareContainer = (raw: string) => normalizeContainerNumber(raw);

/** Whether an arrival event moves the shipment's estimated arrival: an estimated or actual arrival at its destination port. */
export function movesEstimatedArrival(
  e: { kind: CarrierEventKind; code: string | null; classifier: CarrierEventClassifier | null; location_code: string | null; occurred_at: Date | string | null },
  destinationCodes: readonly string[],
): boolean {
  return (
    e.kind === 'transport' &&
    e.code === 'ARRI' &&
    (e.classifier === 'estimated' || e.classifier === 'actual') &&
    !!e.occurred_at &&
    !!e.location_code &&
    destinationCodes.includes(e.location_code)
  );
}

// ---------------------------------------------------------------------------------------------------------
// What the API answers

/** A carrier event on a shipment's timeline (staff and the shipment's customer). */
export const carrierEventSchema = z.object({
  id: z.string(),
  kind: z.enum(CARRIER_EVENT_KINDS),
  code: z.string().nullable(),
  classifier: z.enum(CARRIER_EVENT_CLASSIFIERS).nullable(),
  title: z.string(),
  occurred_at: z.string().nullable(),
  received_at: z.string(),
  location_code: z.string().nullable(),
  location_name: z.string().nullable(),
  transport_mode: z.string().nullable(),
  vessel_name: z.string().nullable(),
  vessel_imo: z.string().nullable(),
  voyage: z.string().nullable(),
  container_number: z.string().nullable(),
  container_warning: z.string().nullable(),
  bl_number: z.string().nullable(),
  booking_reference: z.string().nullable(),
});
export type CarrierEvent = z.infer<typeof carrierEventSchema>;

/** An inbox row (staff): the event with its external id and state. */
export const inboxEventSchema = carrierEventSchema.extend({
  external_id: z.string(),
  state: z.enum(CARRIER_EVENT_STATES),
  shipment_id: z.string().nullable(),
  shipment_reference: z.string().nullable(),
  matched_by: z.string().nullable(),
});
export type InboxEvent = z.infer<typeof inboxEventSchema>;

export const inboxQuerySchema = listQuerySchema.extend({
  state: z.preprocess((v) => (v === '' || v === undefined ? 'unmatched' : v), z.enum(CARRIER_EVENT_STATES, { message: msg('state must be one of: matched, unmatched, dismissed') })),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const CARRIER_EVENT_MESSAGES = {
  notFound: msg('Carrier event not found'),
  shipmentNotFound: (ref: string) => ENGLISH.t(msg('No shipment with reference number {reference}'), { reference: ref }),
  alreadyResolved: msg('This event is no longer in the inbox'),
  referenceRequired: msg('Reference Number is required'),
} as const;

/** Attach an inbox event to a shipment named by its reference number. */
export const attachInputSchema = z.object({
  reference_number: z
    .string({ message: CARRIER_EVENT_MESSAGES.referenceRequired })
    .trim()
    .min(1, CARRIER_EVENT_MESSAGES.referenceRequired)
    .max(100, msg('Reference Number must be at most 100 characters')),
});
export type AttachInput = z.infer<typeof attachInputSchema>;
