/**
 * How a history row reads (decision record 0162): the event's title and its changes as
 * 'Label: old → new' with user-facing values (statuses as labels, dates, money, yes/no, names for ids).
 */
import { CHARGE_FIELDS, COST_FIELDS, capitalize, transportModeLabel } from '@domain/common/enums';
import { msg } from '@domain/common/i18n';
import { SHIPMENT_DATE_FIELDS, fieldLabel, shipmentTypeLabel } from '@domain/shipments/index';
import { formatDateTime, formatNumber } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { customsStatusLabel, loadingTypeLabel, packageTypeLabel, paymentTermsLabel, shipmentStatusLabel, truckTypeLabel } from '../labels';

export const EVENT_TITLES: Record<string, string> = {
  created: msg('Shipment created'),
  updated: msg('Shipment updated'),
  status_changed: msg('Status changed'),
  document_assigned: msg('Document assigned'),
  document_removed: msg('Document removed'),
  handler_assigned: msg('Handler assigned'),
};

export const eventTitle = (kind: string): string => {
  const title = EVENT_TITLES[kind];
  return title ? t(title) : capitalize(kind.replace(/_/g, ' '));
};

/** Fields that hold the id of another record; shown by name when the page knows it. */
const ID_FIELDS = new Set(['company_id', 'carrier_id', 'service_provider_id', 'consolidation_agent_id', 'handler_id', 'updated_by']);
const DATE_FIELDS = new Set<string>(SHIPMENT_DATE_FIELDS);
const MONEY_FIELDS = new Set<string>([...CHARGE_FIELDS, ...COST_FIELDS, 'cargo_value', 'cargo_insurance_value']);
/** Enumerations stored as snake_case words ('net_30' reads 'Net 30', 'documentation_required' 'Documentation Required'). */
const WORD_FIELDS = new Map<string, (value: string) => string>([
  ['status', shipmentStatusLabel],
  ['customs_status', customsStatusLabel],
  ['payment_terms', paymentTermsLabel],
  ['package_type', packageTypeLabel],
  ['truck_type', truckTypeLabel],
  ['loading_type', loadingTypeLabel],
]);

export const EMPTY_VALUE = msg('None');
export const UNKNOWN_RECORD = msg('Another record');
/** The spec's word for a shipment without a handler. */
export const UNASSIGNED = msg('Unassigned');

const MAX_TEXT = 140;

/** One value of a change as the user reads it. `names` maps record ids to names (company, carrier, handler...). */
export function formatHistoryValue(field: string, value: unknown, names: Readonly<Record<string, string>> = {}): string {
  if (value === null || value === undefined || value === '') return t(EMPTY_VALUE);
  if (field === 'containers' && Array.isArray(value)) {
    if (value.length === 0) return t('No containers');
    const numbers = value.map((c) => (c && typeof c === 'object' && 'number' in c ? String((c as { number: unknown }).number) : '?'));
    return t('{count, plural, one {# container ({numbers})} other {# containers ({numbers})}}', { count: value.length, numbers: numbers.join(', ') });
  }
  if (field === 'onward_flights' && Array.isArray(value)) {
    // The transfer airports in order, 'via IST, FRA'.
    if (value.length === 0) return t('No onward flights');
    return t('via {airports}', { airports: value.map((f) => (f && typeof f === 'object' && 'airport' in f ? String((f as { airport: unknown }).airport) : '?')).join(', ') });
  }
  if (typeof value === 'boolean') return value ? t('Yes') : t('No');
  if (typeof value === 'object') return t('(details)');
  if (ID_FIELDS.has(field)) return typeof value === 'string' && names[value] ? names[value] : t(UNKNOWN_RECORD);
  if (typeof value === 'number') return MONEY_FIELDS.has(field) ? formatNumber(value, 2) : formatNumber(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  if (field === 'type') return t(shipmentTypeLabel(text));
  if (field === 'transport_mode') return t(transportModeLabel(text));
  const words = WORD_FIELDS.get(field);
  if (words) return words(text);
  if (DATE_FIELDS.has(field)) return formatDateTime(text);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

export type ChangeLine = { field: string; label: string; from: string | null; to: string };

/** Events about one file: the line names the file (stored as the change's new value, or its old one on removal). */
const FILE_EVENTS = new Set(['document_assigned', 'document_removed']);
export const UNKNOWN_FILE = msg('a file no longer on record');

/**
 * The lines of one event, status first. A created event lists what the shipment was born with (no 'from');
 * other events list old and new values.
 */
export function changeLines(
  event: { kind: string; changes: Record<string, { from: unknown; to: unknown }> },
  names: Readonly<Record<string, string>> = {},
): ChangeLine[] {
  if (FILE_EVENTS.has(event.kind)) {
    const file = event.changes?.document?.to ?? event.changes?.document?.from;
    return [{ field: 'document', label: t('File'), from: null, to: typeof file === 'string' && file ? file : t(UNKNOWN_FILE) }];
  }
  if (event.kind === 'handler_assigned') {
    const change = event.changes?.handler;
    const name = (v: unknown) => (typeof v === 'string' && v ? v : t(UNASSIGNED));
    return [{ field: 'handler', label: t('Handler'), from: name(change?.from), to: name(change?.to) }];
  }
  const entries = Object.entries(event.changes ?? {}).sort(([a], [b]) => Number(b === 'status') - Number(a === 'status'));
  return entries.map(([field, change]) => ({
    field,
    label: t(fieldLabel(field)),
    from: event.kind === 'created' && (change.from === null || change.from === undefined) ? null : formatHistoryValue(field, change.from, names),
    to: formatHistoryValue(field, change.to, names),
  }));
}
