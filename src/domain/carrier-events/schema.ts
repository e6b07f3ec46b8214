/**
 * Carrier events (issue 18, decision record 0244): what a carrier or visibility provider tells us about a shipment,
 * in our own terms. The DCSA Track & Trace 3.0 adapter (server/features/carrier-events/dcsa.ts) translates the
 * standard's messages to and from these; nothing here uses the standard's field names. The event codes are the
 * standard's code values (ARRI, LOAD, ...), which are values, not names.
 */
import { z } from 'zod';
import { listQuerySchema } from '@domain/common/list-schema';
import { containerNumberProblem, normalizeContainerNumber } from '@domain/cargo/trade-numbers';

export const CARRIER_EVENT_KINDS = ['shipment', 'transport', 'equipment'] as const;
export type CarrierEventKind = (typeof CARRIER_EVENT_KINDS)[number];

/** Whether the time is when it happened, when it is now expected, or when it was planned. */
export const CARRIER_EVENT_CLASSIFIERS = ['actual', 'estimated', 'planned'] as const;
export type CarrierEventClassifier = (typeof CARRIER_EVENT_CLASSIFIERS)[number];

export const CARRIER_EVENT_STATES = ['matched', 'unmatched', 'dismissed'] as const;
export type CarrierEventState = (typeof CARRIER_EVENT_STATES)[number];

/** How an event found its shipment, in the order tried (decision record 0244); `manual` is staff attaching it. */
export const MATCH_ORDER = ['container', 'bl', 'booking'] as const;
export type MatchedBy = (typeof MATCH_ORDER)[number] | 'manual';

export const MATCHED_BY_LABELS: Record<MatchedBy, string> = {
  container: 'Container number',
  bl: 'BL Number',
  booking: 'Carrier booking reference',
  manual: 'Attached by staff',
};

export const TRANSPORT_EVENT_CODES = { ARRI: 'Arrived', DEPA: 'Departed' } as const;

export const EQUIPMENT_EVENT_CODES = {
  AVDO: 'Available for drop-off',
  AVPU: 'Available for pick-up',
  CROS: 'Crossed',
  CUSI: 'Selected for customs inspection',
  CUSR: 'Released by customs',
  CUSS: 'Selected for customs scan',
  DISC: 'Discharged',
  DROP: 'Dropped off',
  GTIN: 'Gated in',
  GTOT: 'Gated out',
  INSP: 'Inspected',
  LOAD: 'Loaded',
  PICK: 'Picked up',
  RMVD: 'Removed',
  RSEA: 'Resealed',
  STRP: 'Stripped',
  STUF: 'Stuffed',
} as const;

export const SHIPMENT_EVENT_CODES = {
  AMCF: 'Amendment confirmed',
  AMCN: 'Amendment cancelled',
  AMDC: 'Amendment declined',
  AMPR: 'Amendment in progress',
  AMRE: 'Amendment received',
  APPR: 'Approved',
  CACF: 'Cancellation confirmed',
  CADC: 'Cancellation declined',
  CANC: 'Cancelled',
  CARE: 'Cancellation received',
  CMPL: 'Completed',
  CONF: 'Confirmed',
  DECL: 'Declined',
  DRFT: 'Drafted',
  HOLD: 'On hold',
  ISSU: 'Issued',
  PENA: 'Pending approval',
  PENM: 'Pending amendment',
  PENU: 'Pending update',
  PSAM: 'Pending surrender for amendment',
  PSDL: 'Pending surrender for delivery',
  RECE: 'Received',
  REJE: 'Rejected',
  RELS: 'Released',
  REQS: 'Requested',
  SUAM: 'Surrendered for amendment',
  SUBM: 'Submitted',
  SUDL: 'Surrendered for delivery',
  SURR: 'Surrendered',
  UPCF: 'Update confirmed',
  UPCN: 'Update cancelled',
  UPDC: 'Update declined',
  UPDT: 'Update in progress',
  UPRE: 'Update received',
  VOID: 'Voided',
} as const;

export const EVENT_CODES: Record<CarrierEventKind, Record<string, string>> = {
  shipment: SHIPMENT_EVENT_CODES,
  transport: TRANSPORT_EVENT_CODES,
  equipment: EQUIPMENT_EVENT_CODES,
};

const CLASSIFIER_WORDS: Record<CarrierEventClassifier, string> = { actual: 'actual', estimated: 'estimated', planned: 'planned' };

/** 'Arrived (estimated)', 'Loaded', 'Shipment confirmed'. Actual events need no word; unknown codes show as sent. */
export function carrierEventTitle(e: { kind: CarrierEventKind; code: string | null; classifier: CarrierEventClassifier | null }): string {
  const what = (e.code && EVENT_CODES[e.kind][e.code]) ?? e.code ?? 'Event';
  const title = e.kind === 'shipment' ? `Shipment ${what.charAt(0).toLowerCase()}${what.slice(1)}` : what;
  return e.classifier && e.classifier !== 'actual' ? `${title} (${CLASSIFIER_WORDS[e.classifier]})` : title;
}

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
  state: z.preprocess((v) => (v === '' || v === undefined ? 'unmatched' : v), z.enum(CARRIER_EVENT_STATES, { message: `state must be one of: ${CARRIER_EVENT_STATES.join(', ')}` })),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const CARRIER_EVENT_MESSAGES = {
  notFound: 'Carrier event not found',
  shipmentNotFound: (ref: string) => `No shipment with reference number ${ref}`,
  alreadyResolved: 'This event is no longer in the inbox',
  referenceRequired: 'Reference Number is required',
} as const;

/** Attach an inbox event to a shipment named by its reference number. */
export const attachInputSchema = z.object({
  reference_number: z
    .string({ message: CARRIER_EVENT_MESSAGES.referenceRequired })
    .trim()
    .min(1, CARRIER_EVENT_MESSAGES.referenceRequired)
    .max(100, 'Reference Number must be at most 100 characters'),
});
export type AttachInput = z.infer<typeof attachInputSchema>;
