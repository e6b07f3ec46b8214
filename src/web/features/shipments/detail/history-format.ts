/**
 * How a history row reads (decision record 0162): the event's title and its changes as
 * 'Label: old → new' with user-facing values (statuses as labels, dates, money, yes/no, names for ids).
 */
import { CHARGE_FIELDS, COST_FIELDS, capitalize, transportModeLabel } from '@domain/common/enums';
import { fieldLabel, shipmentTypeLabel, statusLabel } from '@domain/shipments/index';
import { formatDateTime } from '@web/lib/format';

export const EVENT_TITLES: Record<string, string> = {
  created: 'Shipment created',
  updated: 'Shipment updated',
  status_changed: 'Status changed',
  document_assigned: 'Document assigned',
  document_removed: 'Document removed',
  handler_assigned: 'Handler assigned',
};

export const eventTitle = (kind: string): string => EVENT_TITLES[kind] ?? capitalize(kind.replace(/_/g, ' '));

/** Fields that hold the id of another record; shown by name when the page knows it. */
const ID_FIELDS = new Set(['company_id', 'carrier_id', 'service_provider_id', 'consolidation_agent_id', 'handler_id', 'updated_by']);
const DATE_FIELDS = new Set(['estimated_departure', 'estimated_arrival', 'pickup_date', 'delivery_date', 'payment_due_date']);
const MONEY_FIELDS = new Set<string>([...CHARGE_FIELDS, ...COST_FIELDS, 'cargo_value', 'cargo_insurance_value']);
/** Enumerations stored as snake_case words ('net_30' reads 'Net 30', 'documentation_required' 'Documentation Required'). */
const WORD_FIELDS = new Set(['status', 'customs_status', 'payment_terms', 'package_type', 'truck_type', 'loading_type']);

export const EMPTY_VALUE = 'None';
export const UNKNOWN_RECORD = 'Another record';
/** The spec's word for a shipment without a handler. */
export const UNASSIGNED = 'Unassigned';

const MAX_TEXT = 140;

/** One value of a change as the user reads it. `names` maps record ids to names (company, carrier, handler...). */
export function formatHistoryValue(field: string, value: unknown, names: Readonly<Record<string, string>> = {}): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (field === 'containers' && Array.isArray(value)) {
    if (value.length === 0) return 'No containers';
    const numbers = value.map((c) => (c && typeof c === 'object' && 'number' in c ? String((c as { number: unknown }).number) : '?'));
    return `${value.length} container${value.length === 1 ? '' : 's'} (${numbers.join(', ')})`;
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return '(details)';
  if (ID_FIELDS.has(field)) return typeof value === 'string' && names[value] ? names[value] : UNKNOWN_RECORD;
  if (typeof value === 'number') {
    return MONEY_FIELDS.has(field)
      ? value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
      : value.toLocaleString('en-US', { maximumFractionDigits: 3 });
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  if (field === 'type') return shipmentTypeLabel(text);
  if (field === 'transport_mode') return transportModeLabel(text);
  if (WORD_FIELDS.has(field)) return statusLabel(text);
  if (DATE_FIELDS.has(field)) return formatDateTime(text);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

export type ChangeLine = { field: string; label: string; from: string | null; to: string };

/** Events about one file: the line names the file (stored as the change's new value, or its old one on removal). */
const FILE_EVENTS = new Set(['document_assigned', 'document_removed']);
export const UNKNOWN_FILE = 'a file no longer on record';

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
    return [{ field: 'document', label: 'File', from: null, to: typeof file === 'string' && file ? file : UNKNOWN_FILE }];
  }
  if (event.kind === 'handler_assigned') {
    const change = event.changes?.handler;
    const name = (v: unknown) => (typeof v === 'string' && v ? v : UNASSIGNED);
    return [{ field: 'handler', label: 'Handler', from: name(change?.from), to: name(change?.to) }];
  }
  const entries = Object.entries(event.changes ?? {}).sort(([a], [b]) => Number(b === 'status') - Number(a === 'status'));
  return entries.map(([field, change]) => ({
    field,
    label: fieldLabel(field),
    from: event.kind === 'created' && (change.from === null || change.from === undefined) ? null : formatHistoryValue(field, change.from, names),
    to: formatHistoryValue(field, change.to, names),
  }));
}
