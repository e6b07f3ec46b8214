/**
 * The shipment form's state and its conversions (pure; unit tested): blank values for create, values from a
 * stored shipment for edit, the request body, and the submit checks in the API's order.
 */
import {
  CHARGE_FIELDS, COST_FIELDS, DEFAULT_CURRENCY, LIST_CURRENCIES, CURRENCIES, type Role,
} from '@domain/common/enums';
import {
  DEFAULT_INCOTERMS_VERSION, SHIPMENT_FIELD_LABELS, SHIPMENT_MESSAGES, formatHsCode, isBlank, markedRequiredFields, shipmentInputSchema, transportOf,
  validateShipmentForm, type ShipmentDetail, type ShipmentFormIssue, type ShipmentFormValues,
} from '@domain/shipments/index';
import { msg } from '@domain/common/i18n';
import { isEmptyPieceRow, type PieceRow } from '@web/features/cargo';
import { t } from '@web/lib/i18n';

// The form's small helpers live below the form (the request form uses them too); the form's own files take them here.
export { fieldId, sameRow, sameValue } from '@web/lib/form-fields';
export { isEmptyPieceRow, type PieceRow };
import { can } from '@domain/access/permissions';

const FLAG_FIELDS = ['priority', 'trackable', 'dangerous_goods', 'temperature_controlled', 'door_delivery', 'stackable'] as const;
type FlagKey = (typeof FLAG_FIELDS)[number];

export type ContainerRow = {
  type: string;
  number: string;
  carrier_seal_number: string;
  weight: number | string;
  volume: number | string;
  /** Issue 41: left out by rows made before (they send none). */
  packages_count?: number | string;
  free_days?: number | string;
  package_type?: string;
};

/** An onward flight as the form holds it (domain shipments/routing.ts). */
export type OnwardFlightRow = { airport: string; carrier: string; flight_number: string; departure_date: string };

/**
 * What the form holds: every key of the API's body (ShipmentFormValues), text and numbers as the inputs give
 * them (strings or numbers, '' when empty), flags as booleans, the container rows and the dimension lines.
 */
export type ShipmentFormState = {
  [K in keyof Required<ShipmentFormValues>]: K extends FlagKey
    ? boolean
    : K extends 'containers'
      ? ContainerRow[]
      : K extends 'pieces'
        ? PieceRow[]
        : K extends 'onward_flights'
          ? OnwardFlightRow[]
          : string | number | null;
};
type ValueKey = Exclude<keyof ShipmentFormState, FlagKey | 'containers' | 'pieces' | 'onward_flights'>;

/** Date-time inputs (minute precision, local time in the input, ISO with a time zone in the body). */
export const DATE_TIME_FIELDS = ['estimated_departure', 'estimated_arrival', 'pickup_date', 'delivery_date', 'documents_cutoff', 'vgm_cutoff', 'port_cutoff'] as const;
/** Date inputs: the day the payment is due, the day the goods were shipped on board. */
export const DATE_FIELDS = ['payment_due_date', 'shipped_on_board_date'] as const;
export const MONEY_FIELDS = [...CHARGE_FIELDS, ...COST_FIELDS] as const;
const CURRENCY_FIELDS = ['currency', 'cargo_value_currency', 'cargo_insurance_value_currency', 'cash_on_delivery_currency', ...MONEY_FIELDS.map((f) => `${f}_currency` as const)] as const;

/** Every key of the body, from the domain schema (so a new field cannot be forgotten here). */
const KEYS = Object.keys(shipmentInputSchema.shape) as (keyof ShipmentFormState)[];

/** The create form's starting values: type air, every charge and cost '0' in USD (spec section 9). */
export function blankShipmentForm(role: Role): ShipmentFormState {
  const v = {} as Record<string, unknown>;
  for (const key of KEYS) v[key] = '';
  for (const f of FLAG_FIELDS) v[f] = false;
  for (const f of CURRENCY_FIELDS) v[f] = DEFAULT_CURRENCY;
  for (const f of MONEY_FIELDS) v[f] = '0';
  v.type = 'air';
  v.containers = [];
  v.pieces = [];
  v.onward_flights = [];
  v.incoterm_version = DEFAULT_INCOTERMS_VERSION;
  // Export and import handlers always create shipments of their own loading type.
  v.loading_type = role === 'export' || role === 'import' ? role : '';
  return v as ShipmentFormState;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** '2026-03-01T12:30' in the browser's time zone, for a datetime-local input; '' when empty or invalid. */
export function toLocalDateTimeInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (local time) as ISO with a time zone, to the minute; '' stays ''; unparsable text is sent as is. */
export function localDateTimeToIso(local: unknown): unknown {
  if (typeof local !== 'string' || local.trim() === '') return local ?? '';
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local.trim())) return local;
  const d = new Date(local.trim());
  if (Number.isNaN(d.getTime())) return local;
  d.setSeconds(0, 0);
  return d.toISOString();
}

/** The stored due date (midnight UTC) as the input's 'YYYY-MM-DD'. */
export function toDateInput(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : '';
}

/** The edit form's values from the stored shipment (GET /api/shipments/:id, staff view). */
export function formFromShipment(s: ShipmentDetail, role: Role): ShipmentFormState {
  const v = blankShipmentForm(role) as Record<string, unknown>;
  const stored = s as unknown as Record<string, unknown>;
  for (const key of KEYS) {
    if (!(key in stored)) continue;
    const value = stored[key];
    if ((FLAG_FIELDS as readonly string[]).includes(key)) v[key] = value === true;
    else v[key] = value ?? '';
  }
  for (const f of DATE_TIME_FIELDS) v[f] = toLocalDateTimeInput(s[f]);
  for (const f of DATE_FIELDS) v[f] = toDateInput(s[f]);
  v.containers = s.containers.map(({ type, number, carrier_seal_number, weight, volume, packages_count, package_type, free_days }) => ({
    type, number, carrier_seal_number, weight, volume, packages_count: packages_count ?? '', package_type: package_type ?? '', free_days: free_days ?? '',
  }));
  v.pieces = (s.pieces ?? []).map((p) => ({ ...p, weight: p.weight ?? '' }));
  v.onward_flights = (s.onward_flights ?? []).map((f) => ({ ...f, flight_number: f.flight_number ?? '', departure_date: f.departure_date ?? '' }));
  v.hs_code = s.hs_code ? formatHsCode(s.hs_code) : '';
  v.incoterm_version = s.incoterm_version || DEFAULT_INCOTERMS_VERSION;
  return v as ShipmentFormState;
}

/** The values without the lines left empty (the submit drops them first, so a refusal's `pieces.N` is the N-th row shown). */
export function withoutEmptyPieces(values: ShipmentFormState): ShipmentFormState {
  return values.pieces.some(isEmptyPieceRow) ? { ...values, pieces: values.pieces.filter((r) => !isEmptyPieceRow(r)) } : values;
}

/**
 * The request body: every field (the API replaces the whole form on edit), dates as ISO with a time zone.
 * Computed totals are never sent. For sea transport the shipment's own container and seal numbers follow
 * the first container row (decision 0151).
 */
export function toShipmentBody(values: ShipmentFormState): Record<string, unknown> {
  const body: Record<string, unknown> = {
    ...values,
    containers: values.containers.map((c) => ({ ...c })),
    pieces: values.pieces.map((p) => ({ ...p })),
    onward_flights: values.onward_flights.map((f) => ({ ...f })),
  };
  for (const f of DATE_TIME_FIELDS) body[f] = localDateTimeToIso(values[f]);
  if (transportOf({ type: String(values.type), transport_mode: stringOf(values.transport_mode) }) === 'sea' && values.containers.length > 0) {
    body.container_number = values.containers[0]!.number;
    body.seal_number = values.containers[0]!.carrier_seal_number;
  }
  return body;
}

const stringOf = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The carrier picker's label for a transport (spec section 5: air airline, sea shipping line, land trucking company), in English: t() shows it. */
export function carrierLabel(type: string, mode: string | null | undefined): string {
  const transport = transportOf({ type, transport_mode: mode ?? null });
  return transport === 'air' ? msg('Airline') : transport === 'sea' ? msg('Shipping Line') : transport === 'land' ? msg('Trucking Company') : msg('Carrier');
}

/** The fields of the "marked required" list in the order the form shows them (checked after the spec's checks). */
const FORM_ORDER = [
  'type', 'transport_mode', 'company_id', 'reference_number', 'consolidation_agent_id', 'carrier_id',
  'origin_airport', 'origin_port', 'origin_address', 'origin_city', 'origin_country',
  'destination_airport', 'destination_port', 'destination_address', 'destination_city', 'destination_country',
  'estimated_departure', 'estimated_arrival', 'cargo_description', 'package_type', 'packages_count', 'weight_gross',
] as const;

const CONTAINER_CHECKS = [
  ['type', msg('Container Type is required')],
  ['number', msg('Container Number is required')],
  ['carrier_seal_number', msg('Carrier Seal Number is required')],
] as const;

/**
 * The first problem of a submit, in the API's order (so the form and the server agree):
 * 1. an admin without a loading type; 2. format errors of the body schema; 3. `validateShipmentForm` (the spec's
 * ordered required fields and destination rules); 4. the other fields the form marks required, top to bottom,
 * then each container row's type, number and carrier seal number. null when the form may be sent. The messages are
 * English (the form shows them through t()), but for "{label} is required", made in the reader's language here.
 */
export function firstFormIssue(values: ShipmentFormState, role: Role): ShipmentFormIssue | null {
  if (can(role, 'shipments:choose_direction') && isBlank(values.loading_type)) return { field: 'loading_type', message: SHIPMENT_MESSAGES.selectLoadingType };
  const body = toShipmentBody(values);
  const parsed = shipmentInputSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { field: issue.path.join('.') || 'form', message: issue.message };
  }
  const ordered = validateShipmentForm(body);
  if (ordered) return ordered;

  const type = String(values.type);
  const mode = stringOf(values.transport_mode);
  const required = new Set(markedRequiredFields(type, mode));
  for (const field of FORM_ORDER) {
    if (!required.has(field) || !isBlank(values[field])) continue;
    const label = field === 'carrier_id' ? carrierLabel(type, mode) : SHIPMENT_FIELD_LABELS[field];
    return { field, message: t('{label} is required', { label: t(label ?? field) }) };
  }
  if (required.has('container.type')) {
    for (const [i, row] of values.containers.entries()) {
      for (const [key, message] of CONTAINER_CHECKS) if (isBlank(row[key])) return { field: `containers.${i}.${key}`, message };
    }
  }
  return null;
}

/**
 * Currency choices (spec section 9): the create form offers the eleven CURRENCIES; edit offers USD, EUR, GBP,
 * TRY and keeps the stored code selectable when it is another one, so opening and saving loses nothing.
 */
export function currencyOptions(mode: 'create' | 'edit', stored?: unknown): string[] {
  if (mode === 'create') return [...CURRENCIES];
  const options: string[] = [...LIST_CURRENCIES];
  if (typeof stored === 'string' && stored !== '' && !options.includes(stored)) options.push(stored);
  return options;
}

/** 'net_30' → 'Net 30', 'documentation_required' → 'Documentation Required'. */
export function humanize(value: string): string {
  return value
    .split('_')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/** Select options of an enum with readable labels. */
export function enumOptions(values: readonly string[], label: (v: string) => string = humanize) {
  return values.map((v) => ({ value: v, label: label(v) }));
}

/** Values of the money inputs for the live totals (numbers, or the typed text as a decimal string); '' and invalid entries count as not set. */
export function moneyRow(values: ShipmentFormState): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const f of MONEY_FIELDS) {
    const raw = values[f as ValueKey];
    row[f] = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null;
    row[`${f}_currency`] = values[`${f}_currency` as ValueKey];
  }
  return row;
}

