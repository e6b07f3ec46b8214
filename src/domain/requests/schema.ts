/**
 * Booking requests (issue 15, decision record 0233): a customer asks for a price; staff quote it or decline it; the
 * customer accepts the quote, which makes the shipment. One schema for the customer's form and the server, and the
 * rules of the request's life: its number, its state (an unanswered quote past its validity date is expired) and who
 * may do what in which state.
 */
import { z } from 'zod';
import { attachmentSchema } from '@domain/messages/schema';
import { CONTAINER_TYPES, INCOTERMS, LOADING_TYPES, SHIPMENT_TYPE_LABELS, type ContainerType, type TransportMode } from '@domain/common/enums';
import { piecesInputSchema, pieceSchema } from '@domain/cargo/schema';
import { flag, isBlank, optionalChoice, optionalDate, optionalNumber, optionalText } from '@domain/shipments/fields-schema';
import { hazardClassProblem, normalizeUnNumber, unNumberProblem } from '@domain/cargo/trade-numbers';
import { cargoMeasures, MAX_MEASURE, MAX_VOLUME, measuresProblem } from '@domain/cargo/measures';
import { listFilter, listQuerySchema, pageSchema, sortable } from '@domain/common/list-schema';
import { ENGLISH, msg } from '@domain/common/i18n';
import { partyIssues, requestExtraFields, requestExtraOutput, toKg } from './parties';
import { inFormOrder, type RequestIssue } from './form-order';

export { inFormOrder };

export const REQUEST_MODES = ['air', 'sea', 'land', 'partial', 'best_offer'] as const;
export type RequestMode = (typeof REQUEST_MODES)[number];
export const REQUEST_MODE_LABELS: Record<RequestMode, string> = { ...SHIPMENT_TYPE_LABELS, best_offer: msg('Best offer') };

export const SEA_LOADS = ['fcl', 'lcl'] as const;
export type SeaLoad = (typeof SEA_LOADS)[number];
export const SEA_LOAD_LABELS: Record<SeaLoad, string> = { fcl: msg('Full container (FCL)'), lcl: msg('Less than container (LCL)') };

export const REQUEST_STATUSES = ['submitted', 'quoted', 'accepted', 'declined', 'expired', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  submitted: msg('Submitted'),
  quoted: msg('Quoted'),
  accepted: msg('Accepted'),
  declined: msg('Declined'),
  expired: msg('Expired'),
  cancelled: msg('Cancelled'),
};
/** The statuses a request keeps in its row; 'expired' is read from a sent quote's validity date. */
export type StoredRequestStatus = Exclude<RequestStatus, 'expired'>;

export const MAX_EQUIPMENT_LINES = 10;
export const MAX_CONTAINERS_PER_LINE = 100;

export const REQUEST_MESSAGES = {
  notFound: msg('Request not found'),
  origin: msg('Origin is required: an airport, a port, or a city and country'),
  destination: msg('Destination is required: an airport, a port, or a city and country'),
  airport: (end: 'origin' | 'destination') => (end === 'origin' ? msg('Choose the origin airport of an air request') : msg('Choose the destination airport of an air request')),
  port: (end: 'origin' | 'destination') => (end === 'origin' ? msg('Choose the origin port of a sea request') : msg('Choose the destination port of a sea request')),
  // The code is repeated when it looks like one (three letters or digits); other text is not echoed back.
  unknownAirport: (end: 'origin' | 'destination', code: string) =>
    /^[A-Za-z0-9]{3}$/.test(code)
      ? ENGLISH.t(end === 'origin' ? msg('Origin Airport {code} is not a known airport: choose one from the list') : msg('Destination Airport {code} is not a known airport: choose one from the list'), { code })
      : end === 'origin'
        ? msg('Origin Airport is not a known airport: choose one from the list')
        : msg('Destination Airport is not a known airport: choose one from the list'),
  // The port's name is not repeated: it is whatever was typed (the field beside the message shows it).
  unknownPort: (end: 'origin' | 'destination') =>
    end === 'origin' ? msg('Origin Port is not a known port: choose one from the list') : msg('Destination Port is not a known port: choose one from the list'),
  readyDate: msg('Cargo Ready Date is required'),
  readyDatePast: msg('Cargo Ready Date cannot be in the past'),
  cargoDescription: msg('Cargo Description is required'),
  grossWeight: msg('Gross Weight is required'),
  grossWeightPositive: msg('Gross Weight must be greater than 0'),
  incotermPlace: msg('Incoterm Place is required when an incoterm is chosen'),
  seaLoad: msg('Choose full container (FCL) or less than container (LCL)'),
  equipment: msg('Add at least one container type and count for a full-container request'),
  unNumber: msg('UN Number is required for dangerous goods'),
  hazardClass: msg('Hazard Class is required for dangerous goods'),
  notCancellable: msg('This request can no longer be cancelled'),
  notQuotable: msg('This request can no longer be quoted'),
  notDeclinable: msg('This request can no longer be declined'),
  notAcceptable: msg('This quote can no longer be accepted'),
  alreadyAccepted: msg('This request was already accepted'),
  referenceTaken: msg('A shipment with this request’s reference exists already; ask your handler to book it'),
  expired: msg('This quote has expired; ask for a new one'),
  noQuote: msg('There is no quote to accept yet'),
  handlerRole: msg('A handler can only take requests for themselves'),
  handlerNotStaff: msg('Choose a staff member as handler'),
  declineReason: msg('Reason is required'),
  notAnswerable: msg('Only a quote waiting for your answer can be declined or revised'),
  quoteDeclineReason: msg('Choose why you decline the quote'),
  quoteDeclineNote: msg('Tell us in a few words why you decline the quote'),
  revisionNote: msg('Tell us what should change in the quote'),
  answerNoteLength: msg('At most 2000 characters'),
} as const;

/** Today's date in UTC, 'YYYY-MM-DD': validity and ready dates are days, counted in UTC (decision record 0233). */
export const utcDay = (now: Date = new Date()) => now.toISOString().slice(0, 10);

export const equipmentLineSchema = z.object({
  type: z.preprocess((v) => (isBlank(v) ? undefined : v), z.enum(CONTAINER_TYPES, { message: msg('Container Type is required') })),
  count: optionalNumber(msg('Containers'), { max: MAX_CONTAINERS_PER_LINE, integer: true })
    .refine((n) => n !== null, msg('Containers is required'))
    .refine((n) => n === null || n >= 1, msg('Containers must be at least 1')),
});
export type EquipmentLine = { type: ContainerType; count: number };

/** The customer's request body (POST /api/requests). Unknown keys (status, number, handler) are dropped. */
export const requestInputSchema = z.object({
  mode: z.preprocess((v) => (isBlank(v) ? undefined : v), z.enum(REQUEST_MODES, { message: msg('Mode must be air, sea, land, partial or best offer') })),
  direction: z.preprocess((v) => (isBlank(v) ? undefined : v), z.enum(LOADING_TYPES, { message: msg('Direction must be export or import') })),
  sea_load: optionalChoice(msg('Sea Load'), SEA_LOADS),
  equipment: z.preprocess(
    (v) => v ?? [],
    z.array(equipmentLineSchema, { message: msg('Containers must be a list') }).max(MAX_EQUIPMENT_LINES, msg('At most 10 container lines')),
  ),
  origin_airport: optionalText(msg('Origin Airport')),
  origin_port: optionalText(msg('Origin Port')),
  origin_address: optionalText(msg('Origin Address'), 500),
  origin_city: optionalText(msg('Origin City')),
  origin_country: optionalText(msg('Origin Country')),
  destination_airport: optionalText(msg('Destination Airport')),
  destination_port: optionalText(msg('Destination Port')),
  destination_address: optionalText(msg('Destination Address'), 500),
  destination_city: optionalText(msg('Destination City')),
  destination_country: optionalText(msg('Destination Country')),
  cargo_ready_date: optionalDate(msg('Cargo Ready Date')),
  incoterm: optionalChoice(msg('Incoterm'), INCOTERMS),
  incoterm_place: optionalText(msg('Incoterm Place'), 200),
  cargo_description: optionalText(msg('Cargo Description'), 2000),
  pieces: piecesInputSchema,
  weight_gross: optionalNumber(msg('Gross Weight'), { max: MAX_MEASURE, decimals: 3 }),
  /** m³, used only without dimension lines. */
  volume: optionalNumber(msg('Volume'), { max: MAX_VOLUME, decimals: 3 }),
  dangerous_goods: flag(msg('Dangerous Goods')),
  un_number: optionalText(msg('UN Number'), 20).transform((v) => (v === null ? null : normalizeUnNumber(v))),
  hazard_class: optionalText(msg('Hazard Class'), 10),
  notes: optionalText(msg('Notes'), 5000),
  ...requestExtraFields,
});
export type RequestInput = z.output<typeof requestInputSchema>;
export type RequestFormValues = z.input<typeof requestInputSchema>;

export type { RequestIssue } from './form-order';

const hasEnd = (r: RequestInput, end: 'origin' | 'destination') =>
  !isBlank(r[`${end}_airport`]) || !isBlank(r[`${end}_port`]) || (!isBlank(r[`${end}_city`]) && !isBlank(r[`${end}_country`]));

/**
 * The submit checks after parsing, every one that fails (a field's first problem only), in the order of the form's
 * inputs (issue 37: all problems at once, top to bottom). `today` is the UTC day the ready date may not precede.
 */
export function requestIssues(r: RequestInput, today: string = utcDay()): RequestIssue[] {
  const issues: RequestIssue[] = [];
  const add = (field: string, message: string) => issues.push({ field, message });
  if (!r.cargo_ready_date) add('cargo_ready_date', REQUEST_MESSAGES.readyDate);
  else if (r.cargo_ready_date < today) add('cargo_ready_date', REQUEST_MESSAGES.readyDatePast);
  if (r.mode === 'sea' && !r.sea_load) add('sea_load', REQUEST_MESSAGES.seaLoad);
  if (r.mode === 'sea' && r.sea_load === 'fcl' && r.equipment.length === 0) add('equipment', REQUEST_MESSAGES.equipment);
  for (const end of ['origin', 'destination'] as const) {
    if (!hasEnd(r, end)) add(end, REQUEST_MESSAGES[end]);
    else if (r.mode === 'air' && !r[`${end}_airport`]) add(end, REQUEST_MESSAGES.airport(end));
    else if (r.mode === 'sea' && !r[`${end}_port`]) add(end, REQUEST_MESSAGES.port(end));
  }
  if (!r.cargo_description) add('cargo_description', REQUEST_MESSAGES.cargoDescription);
  if (r.weight_gross === null) add('weight_gross', REQUEST_MESSAGES.grossWeight);
  else if (r.weight_gross <= 0) add('weight_gross', REQUEST_MESSAGES.grossWeightPositive);
  const measures = measuresProblem(requestMeasures(r));
  if (measures) add(measures.field, measures.message);
  if (r.dangerous_goods) {
    const un = r.un_number ? unNumberProblem(r.un_number) : REQUEST_MESSAGES.unNumber;
    if (un) add('un_number', un);
    const hazard = r.hazard_class ? hazardClassProblem(r.hazard_class) : REQUEST_MESSAGES.hazardClass;
    if (hazard) add('hazard_class', hazard);
  }
  for (const issue of partyIssues(r)) add(issue.field, issue.message);
  if (r.incoterm && !r.incoterm_place) add('incoterm_place', REQUEST_MESSAGES.incotermPlace);
  return issues;
}

/** The first of requestIssues, or null when the request may be sent. */
export function validateRequest(r: RequestInput, today: string = utcDay()): RequestIssue | null {
  return requestIssues(r, today)[0] ?? null;
}

/**
 * Every problem of a request body, in form order, one per field: the schema's (a format, a line's count below 1) and
 * the rules' (what is missing), together. The rules read the body with the fields the schema refused left out, so a
 * bad dimension line does not hide a missing origin. Empty when the body may be sent.
 */
export function requestBodyIssues(body: Record<string, unknown>, today: string = utcDay()): RequestIssue[] {
  const parsed = requestInputSchema.safeParse(body);
  if (parsed.success) return requestIssues(parsed.data, today);
  const issues: RequestIssue[] = [];
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.') || 'form';
    if (!issues.some((i) => i.field === field)) issues.push({ field, message: issue.message });
  }
  const refused = new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')));
  const rest = requestInputSchema.safeParse(Object.fromEntries(Object.entries(body).filter(([k]) => !refused.has(k))));
  if (rest.success) {
    const top = (field: string) => field.split('.')[0]!;
    for (const issue of requestIssues(rest.data, today)) if (!refused.has(top(issue.field)) && !refused.has(`${issue.field}_airport`) && !refused.has(`${issue.field}_port`)) issues.push(issue);
  }
  return inFormOrder(issues);
}

/** The transport whose chargeable-weight rule a request's live figure uses (none for a best offer). */
export function requestTransport(mode: RequestMode): TransportMode | null {
  if (mode === 'air' || mode === 'sea' || mode === 'land') return mode;
  return null;
}

/**
 * What the server stores of a valid request: sea-only data cleared for other modes, a weight in lb as kg (and as
 * typed), the measures computed.
 */
export function normalizeRequest(r: RequestInput) {
  const sea = r.mode === 'sea';
  const fcl = sea && r.sea_load === 'fcl';
  const m = requestMeasures(r);
  return {
    ...r,
    weight_unit: r.weight_unit ?? 'kg',
    weight_entered: r.weight_gross,
    weight_gross: m.gross,
    sea_load: sea ? r.sea_load : null,
    equipment: fcl ? (r.equipment as EquipmentLine[]) : [],
    un_number: r.dangerous_goods ? r.un_number : null,
    hazard_class: r.dangerous_goods ? r.hazard_class : null,
    volume: m.volume,
    weight_chargeable: m.weight_chargeable,
  };
}

/** The volume and chargeable weight of a request's cargo, its weight in kg whatever unit it was typed in. */
function requestMeasures(r: RequestInput) {
  const weight = r.weight_gross === null ? null : toKg(r.weight_gross, r.weight_unit ?? 'kg');
  return cargoMeasures({ transport: requestTransport(r.mode), pieces: r.pieces, volume: r.volume, weight_gross: weight });
}

/** 'RQ-2611-0042': the month the request was made (UTC) and its number within that month. */
export function requestNumber(at: Date, sequence: number): string {
  const yymm = at.toISOString().slice(2, 7).replace('-', '');
  return `RQ-${yymm}-${String(sequence).padStart(4, '0')}`;
}
export const REQUEST_NUMBER_PATTERN = /^RQ-\d{4}-\d{4,}$/;

/** The shipment reference an accepted request makes: its number under the forwarder's prefix ('CD-2611-0042'). */
export const shipmentReferenceOf = (requestNumber: string) => requestNumber.replace(/^RQ-/, 'CD-');

/** A request's state as people see it: a sent quote past its validity day is expired. */
export function requestStatus(stored: StoredRequestStatus, validUntil: string | null, today: string = utcDay()): RequestStatus {
  return stored === 'quoted' && validUntil !== null && validUntil < today ? 'expired' : stored;
}

/** '2 × 40HC, 1 × 20DC'. */
export const equipmentLabel = (lines: readonly EquipmentLine[]) => lines.map((l) => `${l.count} × ${l.type}`).join(', ');

// ---------------------------------------------------------------------------------------------
// What the API answers.

const stamp = z.string();
export const requestSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(REQUEST_STATUSES),
  mode: z.enum(REQUEST_MODES),
  direction: z.enum(LOADING_TYPES),
  company_id: z.string(),
  company_name: z.string(),
  origin: z.string(),
  destination: z.string(),
  cargo_ready_date: z.string(),
  cargo_description: z.string(),
  /** Staff only, as a shipment's (decision 0210: the billing basis); a customer's form shows its own live estimate. */
  weight_chargeable: z.number().nullable().optional(),
  handler_id: z.string().nullable(),
  handler_name: z.string().nullable(),
  valid_until: z.string().nullable(),
  shipment_id: z.string().nullable(),
  created_at: stamp,
});
export type RequestSummary = z.infer<typeof requestSummarySchema>;

export const requestEventSchema = z.object({
  id: z.string(),
  kind: z.string(),
  actor_name: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  created_at: stamp,
});
export type RequestEvent = z.infer<typeof requestEventSchema>;

export const requestSchema = requestSummarySchema.extend({
  requested_by_name: z.string().nullable(),
  sea_load: z.enum(SEA_LOADS).nullable(),
  equipment: z.array(z.object({ type: z.enum(CONTAINER_TYPES), count: z.number().int() })),
  origin_airport: z.string().nullable(),
  origin_port: z.string().nullable(),
  origin_address: z.string().nullable(),
  origin_city: z.string().nullable(),
  origin_country: z.string().nullable(),
  destination_airport: z.string().nullable(),
  destination_port: z.string().nullable(),
  destination_address: z.string().nullable(),
  destination_city: z.string().nullable(),
  destination_country: z.string().nullable(),
  incoterm: z.enum(INCOTERMS).nullable(),
  incoterm_place: z.string().nullable(),
  pieces: z.array(pieceSchema),
  weight_gross: z.number(),
  volume: z.number().nullable(),
  dangerous_goods: z.boolean(),
  un_number: z.string().nullable(),
  hazard_class: z.string().nullable(),
  notes: z.string().nullable(),
  decline_reason: z.string().nullable(),
  shipment_reference: z.string().nullable(),
  ...requestExtraOutput,
  /** Files on the request (the document rules apply), oldest first. */
  attachments: z.array(attachmentSchema),
  events: z.array(requestEventSchema),
});
export type RequestDetail = z.infer<typeof requestSchema>;

export const REQUEST_SORTS = ['created_at', 'number', 'cargo_ready_date', 'status'] as const;
export const requestListQuerySchema = listQuerySchema.extend({
  sort: sortable(REQUEST_SORTS, 'created_at'),
  status: listFilter('status', REQUEST_STATUSES),
  mode: listFilter('mode', REQUEST_MODES),
  /** Staff only; ignored for a customer, whose company is the scope. */
  company_id: z.preprocess((v) => (v === '' ? undefined : v), z.uuid({ message: msg('company_id is not valid') }).optional()),
  /** Staff only: 'me' for one's own, 'none' for the unassigned. */
  handler: listFilter('handler', ['me', 'none']),
});
export type RequestListQuery = z.output<typeof requestListQuerySchema>;
export const requestPageSchema = pageSchema(requestSummarySchema);

/** '{city}, {country}' or the airport/port code: how a list shows a request's ends. */
export function requestEndLabel(r: { airport: string | null; port: string | null; city: string | null; country: string | null }): string {
  return r.airport ?? r.port ?? [r.city, r.country].filter(Boolean).join(', ');
}

export const declineInputSchema = z.object({
  reason: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v ?? ''), z.string({ message: REQUEST_MESSAGES.declineReason }).min(1, REQUEST_MESSAGES.declineReason).max(2000, msg('Reason must be at most 2000 characters'))),
});

/** Why a customer declines a quote (issue 45): the handler and the staff dashboard count them. */
export const QUOTE_DECLINE_REASONS = ['too_expensive', 'transit_too_long', 'other'] as const;
export type QuoteDeclineReason = (typeof QUOTE_DECLINE_REASONS)[number];
export const QUOTE_DECLINE_REASON_LABELS: Record<QuoteDeclineReason, string> = {
  too_expensive: msg('Too expensive'),
  transit_too_long: msg('Transit time too long'),
  other: msg('Other reason'),
};

const answerNote = (required: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v ?? ''), z.string({ message: required }).max(2000, REQUEST_MESSAGES.answerNoteLength));

/** POST /requests/{id}/quote/decline (customers): a reason, and a note (required for "other"). */
export const quoteDeclineInputSchema = z
  .object({
    reason: z.enum(QUOTE_DECLINE_REASONS, { message: REQUEST_MESSAGES.quoteDeclineReason }),
    note: answerNote(REQUEST_MESSAGES.quoteDeclineNote).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 'other' && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: REQUEST_MESSAGES.quoteDeclineNote });
  });
export type QuoteDeclineInput = z.infer<typeof quoteDeclineInputSchema>;

/** POST /requests/{id}/quote/revision (customers): what should change, required. */
export const revisionInputSchema = z.object({ note: answerNote(REQUEST_MESSAGES.revisionNote).pipe(z.string().min(1, REQUEST_MESSAGES.revisionNote)) });

export const requestHandlerInputSchema = z.object({
  handler_id: z.preprocess((v) => (isBlank(v) ? null : v), z.uuid({ message: msg('Handler is not valid') }).nullable()),
});

export const REQUEST_EVENT_LABELS: Record<string, string> = {
  submitted: msg('Request submitted'),
  assigned: msg('Handler assigned'),
  quote_saved: msg('Quote draft saved'),
  quote_sent: msg('Quote sent'),
  declined: msg('Request declined'),
  cancelled: msg('Request cancelled'),
  accepted: msg('Quote accepted'),
  attachment_added: msg('File added'),
  quote_declined: msg('Quote declined by the customer'),
  revision_requested: msg('Revision asked for by the customer'),
};
