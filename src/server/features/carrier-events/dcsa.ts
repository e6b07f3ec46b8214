/**
 * The DCSA Track & Trace 3.0 adapter (issue 18, decision record 0244): our own zod schemas written from the standard's
 * published OpenAPI description (TNT v3.0.0: Event and its parts, the code lists, the formats), the translation of a
 * received event into our carrier-event facts, and of a stored event back into the standard’s shape for the read side
 * (whose query and paging are in dcsa-query.ts).
 * The standard's field names live in these two files and nowhere else (design.md section 9).
 *
 * The 3.0 description marks no property as required; what we require (the event id, and for an event that is not a
 * retraction its time, type, classifier and the code of its type; an equipment event's container) is our choice,
 * recorded in the decision record: without them an event cannot be stored once, placed on a timeline or matched.
 */
import { z } from 'zod';
import {
  EQUIPMENT_EVENT_CODES, SHIPMENT_EVENT_CODES, TRANSPORT_EVENT_CODES, containerWarning, type CarrierEventClassifier, type CarrierEventKind,
} from '@domain/carrier-events/schema';
import { normalizeContainerNumber } from '@domain/cargo/trade-numbers';
import { ENGLISH, msg } from '@domain/common/i18n';
import { countryCode, date, dateTime, oneOf, text, unLocode } from './dcsa-fields';
import { VERSION_2_MESSAGE, isVersion2Event } from './dcsa-versions';

export const DCSA_VERSION = '3.0.0';

const keys = <T extends Record<string, string>>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];

const CLASSIFIERS = ['PLN', 'EST', 'ACT'] as const;
const EVENT_TYPES = ['SHIPMENT', 'TRANSPORT', 'EQUIPMENT', 'IOT', 'REEFER'] as const;
const DOCUMENT_TYPES = [
  'AMF', 'ARN', 'BKG', 'CAS', 'CBR', 'CEA', 'CEO', 'CQU', 'CRO', 'CUC', 'DEI', 'DEO', 'DGD', 'FCE', 'HCE', 'ICE', 'INV', 'OOG', 'PCE',
  'PFD', 'SHI', 'TRD', 'TRO', 'VCE', 'VGM',
] as const;
const SHIPMENT_REFERENCE_TYPES = ['AAO', 'AES', 'BID', 'BPR', 'CER', 'CR', 'CSI', 'DUE', 'ECR', 'EQ', 'FF', 'PO', 'RUC', 'SI'] as const;
const SHIPMENT_LOCATION_TYPES = ['FCD', 'IEL', 'OIR', 'ORI', 'PCF', 'PDE', 'POD', 'POL', 'PRE', 'PTP', 'RTP'] as const;
const FACILITY_TYPES = ['BORD', 'CLOC', 'COFS', 'OFFD', 'DEPO', 'INTE', 'POTE', 'RAMP', 'WAYP'] as const;
const MODES = ['VESSEL', 'RAIL', 'TRUCK', 'BARGE', 'MULTIMODAL'] as const;

const address = z.object({
  street: text('street', 70).optional(),
  streetNumber: text('streetNumber', 50).optional(),
  floor: text('floor', 50).optional(),
  postCode: text('postCode', 10).optional(),
  POBox: text('POBox', 20).optional(),
  city: text('city', 35).optional(),
  stateRegion: text('stateRegion', 65).optional(),
  countryCode: countryCode('countryCode').optional(),
  addressLines: z.array(text('An address line', 250)).max(5, 'At most 5 address lines').optional(),
});

const location = z.object({
  locationName: text('locationName', 100).optional(),
  facilityTypeCode: oneOf('facilityTypeCode', FACILITY_TYPES).optional(),
  address: address.optional(),
  UNLocationCode: unLocode.optional(),
  facility: z
    .object({
      facilityName: text('facilityName', 100).optional(),
      facilityCode: text('facilityCode', 6).optional(),
      facilityCodeListProvider: oneOf('facilityCodeListProvider', ['SMDG', 'BIC']).optional(),
    })
    .optional(),
  geoCoordinate: z.object({ latitude: text('latitude', 20).optional(), longitude: text('longitude', 20).optional() }).optional(),
});

const party = z.object({
  partyCode: text('partyCode', 150).optional(),
  codeListProvider: text('codeListProvider', 100).optional(),
  codeListName: text('codeListName', 100).optional(),
  partyFunction: text('partyFunction', 3).optional(),
});

const documentReference = z.object({ typeCode: oneOf('typeCode', DOCUMENT_TYPES).optional(), reference: text('reference', 100).optional() });
const shipmentReference = z.object({ typeCode: oneOf('typeCode', SHIPMENT_REFERENCE_TYPES).optional(), reference: text('reference', 100).optional() });

const voyage = z.object({
  carrierVoyageNumber: text('carrierVoyageNumber', 50).optional(),
  universalVoyageReference: z.string().regex(/^\d{2}[0-9A-Z]{2}[NEWSR]$/, 'universalVoyageReference must be 2 digits of the year, 2 letters or digits and N, E, W, S or R, like 2301W').optional(),
});
const vehicle = z.object({ licensePlate: text('licensePlate', 15).optional(), vehicleIdentificationNumber: text('vehicleIdentificationNumber', 15).optional() });

const transportCall = z.object({
  transportCallReference: text('transportCallReference', 100).optional(),
  transportCallSequenceNumber: z.number({ message: 'transportCallSequenceNumber must be a number' }).int('transportCallSequenceNumber must be a whole number').optional(),
  modeOfTransport: oneOf('modeOfTransport', MODES).optional(),
  portVisitReference: text('portVisitReference', 100).optional(),
  serviceCodeOrReference: z
    .object({
      carrierServiceCode: text('carrierServiceCode', 50).optional(),
      universalServiceReference: z.string().regex(/^SR\d{5}[A-Z]$/, 'universalServiceReference must be SR, 5 digits and a letter, like SR12345A').optional(),
    })
    .optional(),
  exportVoyageNumberOrReference: voyage.optional(),
  importVoyageNumberOrReference: voyage.optional(),
  vesselTransport: z
    .object({
      vesselIMONumber: z.string().regex(/^\d{7,8}$/, 'vesselIMONumber must be 7 or 8 digits, like 9321483').optional(),
      vesselName: text('vesselName', 50).optional(),
      vesselFlag: countryCode('vesselFlag').optional(),
      vesselCallSign: text('vesselCallSign', 10).optional(),
      operatorCarrierCode: text('operatorCarrierCode', 10).optional(),
      operatorCarrierCodeListProvider: oneOf('operatorCarrierCodeListProvider', ['SMDG', 'NMFTA']).optional(),
    })
    .optional(),
  railTransport: z
    .object({ railCarReference: text('railCarReference', 50).optional(), railServiceReference: text('railServiceReference', 50).optional(), departureID: text('departureID', 100).optional() })
    .optional(),
  truckTransport: z.object({ tractorDetails: vehicle.optional(), trailerDetails: vehicle.optional() }).optional(),
});

const seal = z.object({
  number: text('number', 15).optional(),
  source: oneOf('source', ['CAR', 'CNS', 'CST', 'CUS', 'PHY', 'SHI', 'TER', 'VET']).optional(),
  type: oneOf('type', ['KLP', 'BLT', 'WIR']).optional(),
  placement: oneOf('placement', ['DOOR', 'VENT']).optional(),
});

const classification = z.object({
  eventTypeCode: oneOf('eventTypeCode', EVENT_TYPES).optional(),
  eventClassifierCode: oneOf('eventClassifierCode', CLASSIFIERS).optional(),
  shipmentEventTypeCode: oneOf('shipmentEventTypeCode', keys(SHIPMENT_EVENT_CODES)).optional(),
  transportEventTypeCode: oneOf('transportEventTypeCode', keys(TRANSPORT_EVENT_CODES)).optional(),
  equipmentEventTypeCode: oneOf('equipmentEventTypeCode', keys(EQUIPMENT_EVENT_CODES)).optional(),
  iotEventTypeCode: oneOf('iotEventTypeCode', ['DETC']).optional(),
  reeferEventTypeCode: oneOf('reeferEventTypeCode', ['MEAS', 'ADJU']).optional(),
});

const SUBTYPE_OF = {
  SHIPMENT: 'shipmentEventTypeCode',
  TRANSPORT: 'transportEventTypeCode',
  EQUIPMENT: 'equipmentEventTypeCode',
  IOT: 'iotEventTypeCode',
  REEFER: 'reeferEventTypeCode',
} as const;

/** One Track & Trace 3.0 event, as we accept it. Unknown properties are ignored (the message is kept as received). */
export const dcsaEventSchema = z
  .object(
    {
      eventRouting: z.object({ originatingParty: party.optional(), forwardingParties: z.array(party).optional(), destinationParty: party.optional() }).optional(),
      // Required (checked below, so an event without one still has its other problems named).
      eventID: z.string({ message: 'eventID must be text' }).trim().min(1, 'eventID is required').max(500, 'eventID must be at most 500 characters').optional(),
      isRetracted: z.boolean({ message: 'isRetracted must be true or false' }).optional(),
      eventDateTime: dateTime('eventDateTime').optional(),
      eventUpdatedDateTime: dateTime('eventUpdatedDateTime').optional(),
      eventLocation: location.optional(),
      eventClassification: classification.optional(),
      shipmentDetails: z
        .object({
          documentReference: documentReference.optional(),
          additionalDocumentReferences: z.array(documentReference).optional(),
          documentReferenceReplacements: z.array(z.object({ oldReferences: z.array(documentReference).optional(), newReferences: z.array(documentReference).optional() })).optional(),
          shipmentReferences: z.array(shipmentReference).optional(),
          shipmentReferenceReplacements: z.array(z.object({ oldReferences: z.array(shipmentReference).optional(), newReferences: z.array(shipmentReference).optional() })).optional(),
          shipmentLocationType: oneOf('shipmentLocationType', SHIPMENT_LOCATION_TYPES).optional(),
          reason: text('reason', 5000).optional(),
          priceCalculationDate: date('priceCalculationDate').optional(),
        })
        .optional(),
      transportDetails: z
        .object({
          delayReasonCodes: z.array(text('A delay reason code', 3)).optional(),
          changeRemark: text('changeRemark', 250).optional(),
          transportCall: transportCall.optional(),
        })
        .optional(),
      equipmentDetails: z
        .object({
          equipmentReference: text('equipmentReference', 11).optional(),
          ISOEquipmentCode: text('ISOEquipmentCode', 4).optional(),
          emptyIndicatorCode: oneOf('emptyIndicatorCode', ['EMPTY', 'LADEN']).optional(),
          movementType: oneOf('movementType', ['IMPORT', 'EXPORT', 'TRANSSHIPMENT']).optional(),
          seals: z.array(seal).optional(),
        })
        .optional(),
      iotDetails: z.object({ iotEventCode: oneOf('iotEventCode', ['DRC', 'DRO', 'LOC']).optional() }).optional(),
      reeferDetails: z.record(z.string(), z.unknown()).optional(),
    },
    { message: 'An event must be an object' },
  )
  .superRefine((e, ctx) => {
    if (e.eventID === undefined) ctx.addIssue({ code: 'custom', path: ['eventID'], message: 'eventID is required' });
    if (e.isRetracted) return; // a retraction needs only its eventID
    if (!e.eventDateTime) ctx.addIssue({ code: 'custom', path: ['eventDateTime'], message: 'eventDateTime is required' });
    const c = e.eventClassification;
    if (!c) {
      ctx.addIssue({ code: 'custom', path: ['eventClassification'], message: 'eventClassification is required' });
      return;
    }
    if (!c.eventClassifierCode) ctx.addIssue({ code: 'custom', path: ['eventClassification', 'eventClassifierCode'], message: 'eventClassifierCode is required (PLN, EST or ACT)' });
    if (!c.eventTypeCode) {
      ctx.addIssue({ code: 'custom', path: ['eventClassification', 'eventTypeCode'], message: 'eventTypeCode is required' });
      return;
    }
    const own = SUBTYPE_OF[c.eventTypeCode];
    if (!c[own]) ctx.addIssue({ code: 'custom', path: ['eventClassification', own], message: ENGLISH.t(msg('{field} is required for a {type} event'), { field: own, type: c.eventTypeCode }) });
    for (const [type, field] of Object.entries(SUBTYPE_OF)) {
      if (type !== c.eventTypeCode && c[field]) ctx.addIssue({ code: 'custom', path: ['eventClassification', field], message: ENGLISH.t(msg('{field} is only for {type} events'), { field, type }) });
    }
    if (c.eventTypeCode === 'EQUIPMENT' && !e.equipmentDetails?.equipmentReference) {
      ctx.addIssue({ code: 'custom', path: ['equipmentDetails', 'equipmentReference'], message: 'equipmentReference is required for an EQUIPMENT event' });
    }
  });
/** A checked event: its eventID is there. */
export type DcsaEvent = z.infer<typeof dcsaEventSchema> & { eventID: string };

/** At most this many events in one POST. */
export const MAX_EVENTS_PER_POST = 1000;

/** The request body as the standard sends it ({ events: [...] }); for convenience also a bare list or one event. */
export const postEventsBodySchema = z.object({ events: z.array(dcsaEventSchema) });

/** A JSON path for people and for the standard's propertyPath: '[0].eventLocation.UNLocationCode', 'events[2].eventID'. */
export function jsonPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`;
  return out;
}

export type ParsedBody = { ok: true; events: DcsaEvent[]; raw: unknown[]; prefix: string } | { ok: false; message: string; fields: Record<string, string> };

/**
 * Reads a POST body: `{ events: [...] }` (paths 'events[i]...'), a list (paths '[i]...') or one event object (paths
 * from its properties). Every problem of every event is named by its JSON path; the message names the first.
 */
export function parseEventsBody(body: unknown): ParsedBody {
  let list: unknown[];
  let prefix: (string | number)[];
  if (Array.isArray(body)) [list, prefix] = [body, []];
  else if (body && typeof body === 'object' && 'events' in body) {
    const events = (body).events;
    if (!Array.isArray(events)) return { ok: false, message: 'events must be a list of events', fields: { events: 'events must be a list of events' } };
    [list, prefix] = [events, ['events']];
  } else if (body && typeof body === 'object') [list, prefix] = [[body], []];
  else return { ok: false, message: 'The body must be a list of Track & Trace events, or { "events": [...] }', fields: { _: 'The body must be a list of events' } };
  if (list.length > MAX_EVENTS_PER_POST) {
    const max = MAX_EVENTS_PER_POST;
    return { ok: false, message: ENGLISH.t(msg('At most {max} events in one request'), { max }), fields: { [jsonPath(prefix) || '_']: ENGLISH.t(msg('At most {max} events'), { max }) } };
  }
  const single = !Array.isArray(body) && prefix.length === 0;
  const older = list.findIndex(isVersion2Event);
  if (older >= 0) {
    const path = jsonPath([...prefix, ...(single ? [] : [older])]) || '_';
    return { ok: false, message: VERSION_2_MESSAGE, fields: { [path]: VERSION_2_MESSAGE } };
  }
  const fields: Record<string, string> = {};
  const events: DcsaEvent[] = [];
  list.forEach((item, i) => {
    const r = dcsaEventSchema.safeParse(item);
    if (r.success) events.push(r.data as DcsaEvent);
    else for (const issue of r.error.issues) fields[jsonPath([...prefix, ...(single ? [] : [i]), ...issue.path]) || '_'] ??= issue.message;
  });
  const paths = Object.keys(fields);
  if (paths.length > 0) {
    const problem = `${paths[0]}: ${fields[paths[0]!]}`.slice(0, 240);
    const more = paths.length - 1;
    const message =
      more === 0
        ? ENGLISH.t(msg('Invalid event: {problem}'), { problem })
        : more === 1
          ? ENGLISH.t(msg('Invalid event: {problem} (and 1 more problem)'), { problem })
          : ENGLISH.t(msg('Invalid event: {problem} (and {count} more problems)'), { problem, count: more });
    return { ok: false, message, fields };
  }
  return { ok: true, events, raw: list, prefix: jsonPath(prefix) };
}

// ---------------------------------------------------------------------------------------------------------
// The standard's event ↔ our facts

const KIND_OF: Partial<Record<(typeof EVENT_TYPES)[number], CarrierEventKind>> = { SHIPMENT: 'shipment', TRANSPORT: 'transport', EQUIPMENT: 'equipment' };
const TYPE_OF: Record<CarrierEventKind, 'SHIPMENT' | 'TRANSPORT' | 'EQUIPMENT'> = { shipment: 'SHIPMENT', transport: 'TRANSPORT', equipment: 'EQUIPMENT' };
const CLASSIFIER_OF: Record<(typeof CLASSIFIERS)[number], CarrierEventClassifier> = { ACT: 'actual', EST: 'estimated', PLN: 'planned' };
const CLASSIFIER_CODE: Record<CarrierEventClassifier, (typeof CLASSIFIERS)[number]> = { actual: 'ACT', estimated: 'EST', planned: 'PLN' };
const MODE_OF: Record<string, string> = { VESSEL: 'vessel', RAIL: 'rail', TRUCK: 'truck', BARGE: 'barge', MULTIMODAL: 'multimodal' };

/** The classifier code of the standard for ours, and back. */
export const classifierOf = (code: (typeof CLASSIFIERS)[number]): CarrierEventClassifier => CLASSIFIER_OF[code];

/** What we keep of an event, in our terms (the carrier_events columns). */
export type CarrierEventFacts = {
  external_id: string;
  kind: CarrierEventKind;
  code: string | null;
  classifier: CarrierEventClassifier | null;
  occurred_at: Date | null;
  source_updated_at: Date | null;
  location_code: string | null;
  location_name: string | null;
  transport_mode: string | null;
  vessel_name: string | null;
  vessel_imo: string | null;
  voyage: string | null;
  container_number: string | null;
  container_warning: string | null;
  bl_number: string | null;
  booking_reference: string | null;
};

/** Why an event is not taken in (IoT and reefer events, retractions), or null when it is one we keep. */
export function notKeptReason(e: DcsaEvent): string | null {
  if (e.isRetracted) return 'Retractions are not applied: an event already received stays as it is';
  const type = e.eventClassification?.eventTypeCode;
  if (type && !KIND_OF[type]) return `${type} events are not processed (only SHIPMENT, TRANSPORT and EQUIPMENT events)`;
  return null;
}

const firstRef = (refs: ({ typeCode?: string | undefined; reference?: string | undefined } | undefined)[], types: readonly string[]) =>
  refs.find((r) => r?.typeCode && types.includes(r.typeCode) && r.reference?.trim())?.reference?.trim() ?? null;

/** The facts of a kept event (call notKeptReason first). */
export function toFacts(e: DcsaEvent): CarrierEventFacts {
  const c = e.eventClassification!;
  const kind = KIND_OF[c.eventTypeCode!]!;
  const call = e.transportDetails?.transportCall;
  const documents = [e.shipmentDetails?.documentReference, ...(e.shipmentDetails?.additionalDocumentReferences ?? [])];
  const rawContainer = e.equipmentDetails?.equipmentReference?.trim() || firstRef(e.shipmentDetails?.shipmentReferences ?? [], ['EQ']);
  const container = rawContainer ? normalizeContainerNumber(rawContainer) : null;
  const voyage = call?.exportVoyageNumberOrReference ?? call?.importVoyageNumberOrReference;
  return {
    external_id: e.eventID,
    kind,
    code: (kind === 'shipment' ? c.shipmentEventTypeCode : kind === 'transport' ? c.transportEventTypeCode : c.equipmentEventTypeCode) ?? null,
    classifier: c.eventClassifierCode ? CLASSIFIER_OF[c.eventClassifierCode] : null,
    occurred_at: e.eventDateTime ? new Date(e.eventDateTime) : null,
    source_updated_at: e.eventUpdatedDateTime ? new Date(e.eventUpdatedDateTime) : null,
    location_code: e.eventLocation?.UNLocationCode ?? null,
    location_name: e.eventLocation?.locationName?.trim() || e.eventLocation?.facility?.facilityName?.trim() || null,
    transport_mode: call?.modeOfTransport ? MODE_OF[call.modeOfTransport]! : null,
    vessel_name: call?.vesselTransport?.vesselName?.trim() || null,
    vessel_imo: call?.vesselTransport?.vesselIMONumber ?? null,
    voyage: voyage?.carrierVoyageNumber?.trim() || voyage?.universalVoyageReference || null,
    container_number: container,
    container_warning: containerWarning(container),
    bl_number: firstRef(documents, ['TRD']),
    booking_reference: firstRef(documents, ['BKG', 'CBR']),
  };
}

/** A stored event as the read side answers it; the shipment's own references fill what the event did not carry. */
export type StoredEvent = Omit<CarrierEventFacts, 'container_warning'> & {
  received_at: Date;
  shipment_bl_number: string | null;
  shipment_booking_reference: string | null;
};

const MODE_CODE: Record<string, (typeof MODES)[number]> = { vessel: 'VESSEL', rail: 'RAIL', truck: 'TRUCK', barge: 'BARGE', multimodal: 'MULTIMODAL' };
const SUBTYPE_FIELD: Record<CarrierEventKind, 'shipmentEventTypeCode' | 'transportEventTypeCode' | 'equipmentEventTypeCode'> = {
  shipment: 'shipmentEventTypeCode',
  transport: 'transportEventTypeCode',
  equipment: 'equipmentEventTypeCode',
};

/** A stored event in the standard's shape (what GET /api/dcsa/v3/events answers). */
export function toDcsaEvent(e: StoredEvent): Record<string, unknown> {
  const bl = e.bl_number ?? e.shipment_bl_number;
  const booking = e.booking_reference ?? e.shipment_booking_reference;
  const documents = [bl && { typeCode: 'TRD', reference: bl }, booking && { typeCode: 'BKG', reference: booking }].filter(Boolean) as { typeCode: string; reference: string }[];
  const vessel = e.vessel_name || e.vessel_imo ? { ...(e.vessel_imo && { vesselIMONumber: e.vessel_imo }), ...(e.vessel_name && { vesselName: e.vessel_name }) } : null;
  const call = {
    ...(e.transport_mode && MODE_CODE[e.transport_mode] && { modeOfTransport: MODE_CODE[e.transport_mode] }),
    ...(e.voyage && { exportVoyageNumberOrReference: { carrierVoyageNumber: e.voyage } }),
    ...(vessel && { vesselTransport: vessel }),
  };
  return {
    eventID: e.external_id,
    ...(e.occurred_at && { eventDateTime: e.occurred_at.toISOString() }),
    // The carrier's time of its last update; when it sent none, when we received the event (the filters compare the same).
    eventUpdatedDateTime: (e.source_updated_at ?? e.received_at).toISOString(),
    ...((e.location_code || e.location_name) && { eventLocation: { ...(e.location_name && { locationName: e.location_name.slice(0, 100) }), ...(e.location_code && { UNLocationCode: e.location_code }) } }),
    eventClassification: {
      eventTypeCode: TYPE_OF[e.kind],
      ...(e.classifier && { eventClassifierCode: CLASSIFIER_CODE[e.classifier] }),
      ...(e.code && { [SUBTYPE_FIELD[e.kind]]: e.code }),
    },
    ...(documents.length > 0 && { shipmentDetails: { documentReference: documents[0], ...(documents.length > 1 && { additionalDocumentReferences: documents.slice(1) }) } }),
    ...(Object.keys(call).length > 0 && { transportDetails: { transportCall: call } }),
    ...(e.container_number && { equipmentDetails: { equipmentReference: e.container_number } }),
  };
}

/** The event type codes our read side can answer, in the standard's terms, and ours for each. */
export const READ_EVENT_TYPES = ['SHIPMENT', 'TRANSPORT', 'EQUIPMENT', 'IOT', 'REEFER'] as const;
export const kindOfType = (t: string): CarrierEventKind | null => KIND_OF[t as (typeof EVENT_TYPES)[number]] ?? null;

/** A FeedbackElement of the standard. */
export type Feedback = { severity: 'ERROR' | 'WARN' | 'INFO'; message: string; propertyPath?: string };
