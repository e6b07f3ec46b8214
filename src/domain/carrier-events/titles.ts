/**
 * The carrier events' codes and titles (issue 18, decision record 0244), without zod, so a page that only shows events
 * loads no schema. The codes are DCSA's code values (ARRI, LOAD, ...), which are values, not names.
 */
import { ENGLISH, msg, type Reader } from '@domain/common/i18n';
import { lowerCase } from '@domain/common/text';

export const CARRIER_EVENT_KINDS = ['shipment', 'transport', 'equipment'] as const;
export type CarrierEventKind = (typeof CARRIER_EVENT_KINDS)[number];

/** Whether the time is when it happened, when it is now expected, or when it was planned. */
export const CARRIER_EVENT_CLASSIFIERS = ['actual', 'estimated', 'planned'] as const;
export type CarrierEventClassifier = (typeof CARRIER_EVENT_CLASSIFIERS)[number];

export const TRANSPORT_EVENT_CODES = { ARRI: msg('Arrived'), DEPA: msg('Departed') } as const;

export const EQUIPMENT_EVENT_CODES = {
  AVDO: msg('Available for drop-off'),
  AVPU: msg('Available for pick-up'),
  CROS: msg('Crossed'),
  CUSI: msg('Selected for customs inspection'),
  CUSR: msg('Released by customs'),
  CUSS: msg('Selected for customs scan'),
  DISC: msg('Discharged'),
  DROP: msg('Dropped off'),
  GTIN: msg('Gated in'),
  GTOT: msg('Gated out'),
  INSP: msg('Inspected'),
  LOAD: msg('Loaded'),
  PICK: msg('Picked up'),
  RMVD: msg('Removed'),
  RSEA: msg('Resealed'),
  STRP: msg('Stripped'),
  STUF: msg('Stuffed'),
} as const;

export const SHIPMENT_EVENT_CODES = {
  AMCF: msg('Amendment confirmed'),
  AMCN: msg('Amendment cancelled'),
  AMDC: msg('Amendment declined'),
  AMPR: msg('Amendment in progress'),
  AMRE: msg('Amendment received'),
  APPR: msg('Approved'),
  CACF: msg('Cancellation confirmed'),
  CADC: msg('Cancellation declined'),
  CANC: msg('Cancelled'),
  CARE: msg('Cancellation received'),
  CMPL: msg('Completed'),
  CONF: msg('Confirmed'),
  DECL: msg('Declined'),
  DRFT: msg('Drafted'),
  HOLD: msg('On hold'),
  ISSU: msg('Issued'),
  PENA: msg('Pending approval'),
  PENM: msg('Pending amendment'),
  PENU: msg('Pending update'),
  PSAM: msg('Pending surrender for amendment'),
  PSDL: msg('Pending surrender for delivery'),
  RECE: msg('Received'),
  REJE: msg('Rejected'),
  RELS: msg('Released'),
  REQS: msg('Requested'),
  SUAM: msg('Surrendered for amendment'),
  SUBM: msg('Submitted'),
  SUDL: msg('Surrendered for delivery'),
  SURR: msg('Surrendered'),
  UPCF: msg('Update confirmed'),
  UPCN: msg('Update cancelled'),
  UPDC: msg('Update declined'),
  UPDT: msg('Update in progress'),
  UPRE: msg('Update received'),
  VOID: msg('Voided'),
} as const;

export const EVENT_CODES: Record<CarrierEventKind, Record<string, string>> = {
  shipment: SHIPMENT_EVENT_CODES,
  transport: TRANSPORT_EVENT_CODES,
  equipment: EQUIPMENT_EVENT_CODES,
};

const CLASSIFIER_WORDS: Record<Exclude<CarrierEventClassifier, 'actual'>, string> = { estimated: msg('{event} (estimated)'), planned: msg('{event} (planned)') };

/**
 * 'Arrived (estimated)', 'Loaded', 'Shipment confirmed', in the reader's language. Actual events need no word;
 * unknown codes show as sent. The API's `title` is the English one; the pages write it for their reader.
 */
export function carrierEventTitle(e: { kind: CarrierEventKind; code: string | null; classifier: CarrierEventClassifier | null }, r: Reader = ENGLISH): string {
  const known = e.code ? EVENT_CODES[e.kind][e.code] : undefined;
  const what = known ? r.t(known) : (e.code ?? r.t('Event'));
  const title = e.kind === 'shipment' ? r.t('Shipment {event}', { event: lowerCase(what.charAt(0), r.locale) + what.slice(1) }) : what;
  return e.classifier && e.classifier !== 'actual' ? r.t(CLASSIFIER_WORDS[e.classifier], { event: title }) : title;
}
