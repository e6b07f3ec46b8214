/**
 * Shipment form rules (spec sections 4 and 5): the submit checks in the spec's order, the loading-type
 * rule, and the conditional saving of transport data.
 */
import { CARRIER_TYPE_BY_TRANSPORT, type CarrierType, type Role, type TransportMode } from '@domain/common/enums';
import { isBlank } from './fields-schema';
import { PARTY_LABELS, PARTY_ROLES, transportOf, type PartyRole } from './labels';
import type { ContainerInput, ShipmentInput } from './schema';
import {
  containerNumberProblem, duplicateContainerMessage, hazardClassProblem, mawbPrefix, mawbPrefixMessage, mawbProblem, normalizeContainerNumber, unNumberProblem,
} from '@domain/cargo/trade-numbers';
import type { DataCheck } from './views-schema';
import { SHIPMENT_MESSAGES } from './messages';
import { repeatedTransfers, ROUTING_MESSAGES } from './routing';
import { msg } from '@domain/common/i18n';
import { cargoMeasures, measuresProblem, type CargoMeasureInput } from '@domain/cargo/measures';

export type ShipmentFormIssue = { field: string; message: string };

export { SHIPMENT_MESSAGES } from './messages';

/** The spec's ordered required fields: '{Label} is required'. */
const ORDERED_REQUIRED = ['reference_number', 'company_id', 'cargo_description', 'packages_count', 'weight_gross'] as const;
/** Their messages, '{Label} is required' with each field's SHIPMENT_FIELD_LABELS label. */
const REQUIRED_MESSAGES: Record<(typeof ORDERED_REQUIRED)[number], string> = {
  reference_number: msg('Reference Number is required'),
  company_id: msg('Company is required'),
  cargo_description: msg('Cargo Description is required'),
  packages_count: msg('Number of Packages is required'),
  weight_gross: msg('Gross Weight is required'),
};

/** The destination field each transport needs, with its message. */
const DESTINATION_BY_TRANSPORT: Record<TransportMode, ShipmentFormIssue> = {
  air: { field: 'destination_airport', message: SHIPMENT_MESSAGES.destinationAirport },
  sea: { field: 'destination_port', message: SHIPMENT_MESSAGES.destinationPort },
  land: { field: 'destination_address', message: SHIPMENT_MESSAGES.destinationAddress },
};

type FormLike = Partial<Record<keyof ShipmentInput, unknown>>;

function asNumber(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
  return null;
}

function asTime(v: unknown): number | null {
  if (v instanceof Date) return v.getTime();
  if (typeof v === 'string' && v.trim() !== '') {
    const t = new Date(v).getTime();
    return Number.isNaN(t) ? null : t;
  }
  return null;
}

/**
 * The create/edit submit checks in the spec's order; the FIRST failure, or null when the form may be saved.
 * 1. reference_number, company_id, cargo_description, packages_count, weight_gross: '{Label} is required'
 *    (a count below 1 or a weight of 0 or less is refused at the same step);
 * 2. by type: air 'Destination Airport is required', sea 'Destination Port is required' (port name non-empty),
 *    land 'Destination Address is required'; partial: 'Transport Mode is required for partial shipments',
 *    then the destination rule of the chosen mode;
 * 3. then consistency (decision 0142): arrival not before departure, minimum temperature not above maximum;
 * 4. then the trade fields (issue 14): by transport, the air waybill (IATA check digit) or the container numbers
 *    (ISO 6346 check digit, each once on the shipment); dangerous goods need a UN number and a hazard class, an
 *    incoterm its named place, a party with an address (and no directory company) its name.
 *    Hidden fields of another transport are not checked: they are cleared on save.
 * Accepts raw form values (strings) or the parsed input.
 */
export function validateShipmentForm(input: FormLike): ShipmentFormIssue | null {
  const first = shipmentFormIssues(input).next();
  return first.done ? null : first.value;
}

/**
 * Every failure of the submit checks, in the same order (the import preview lists them all; the form shows the
 * first). A check that needs an earlier field (the destination needs the transport) runs only when it can.
 */
export function* shipmentFormIssues(input: FormLike): Generator<ShipmentFormIssue, void> {
  for (const field of ORDERED_REQUIRED) {
    if (isBlank(input[field])) {
      yield { field, message: REQUIRED_MESSAGES[field] };
      continue;
    }
    if (field === 'packages_count') {
      const n = asNumber(input[field]);
      if (n !== null && n < 1) yield { field, message: SHIPMENT_MESSAGES.packagesAtLeastOne };
    }
    if (field === 'weight_gross') {
      const n = asNumber(input[field]);
      if (n !== null && n <= 0) yield { field, message: SHIPMENT_MESSAGES.grossWeightPositive };
    }
  }

  if (input.type === 'partial' && isBlank(input.transport_mode)) {
    yield { field: 'transport_mode', message: SHIPMENT_MESSAGES.transportModeRequired };
  }
  const transport = transportOf({
    type: typeof input.type === 'string' && input.type !== '' ? input.type : 'air',
    transport_mode: typeof input.transport_mode === 'string' ? input.transport_mode : null,
  });
  if (transport) {
    const destination = DESTINATION_BY_TRANSPORT[transport];
    if (isBlank(input[destination.field as keyof FormLike])) yield destination;
  }

  const departure = asTime(input.estimated_departure);
  const arrival = asTime(input.estimated_arrival);
  if (departure !== null && arrival !== null && arrival < departure) {
    yield { field: 'estimated_arrival', message: SHIPMENT_MESSAGES.arrivalBeforeDeparture };
  }
  if (input.temperature_controlled === true || input.temperature_controlled === 'true') {
    const min = asNumber(input.temperature_range_min);
    const max = asNumber(input.temperature_range_max);
    if (min !== null && max !== null && min > max) yield { field: 'temperature_range_min', message: SHIPMENT_MESSAGES.temperatureRange };
  }
  if (transport) yield* tradeNumberIssues(input, transport);
  const pieces = Array.isArray(input.pieces) ? (input.pieces as CargoMeasureInput['pieces']) : [];
  const measures = measuresProblem(cargoMeasures({ transport, pieces, volume: input.volume, weight_gross: input.weight_gross }));
  if (measures) yield measures;
  if (input.dangerous_goods === true || input.dangerous_goods === 'true') {
    const un = isBlank(input.un_number) ? SHIPMENT_MESSAGES.unNumberRequired : unNumberProblem(String(input.un_number));
    if (un) yield { field: 'un_number', message: un };
    const hazard = isBlank(input.hazard_class) ? SHIPMENT_MESSAGES.hazardClassRequired : hazardClassProblem(String(input.hazard_class));
    if (hazard) yield { field: 'hazard_class', message: hazard };
  }
  if (!isBlank(input.incoterm) && isBlank(input.incoterm_place)) yield { field: 'incoterm_place', message: SHIPMENT_MESSAGES.incotermPlaceRequired };
  for (const party of PARTY_ROLES) {
    if (isBlank(input[`${party}_company_id`]) && !isBlank(input[`${party}_address`]) && isBlank(input[`${party}_name`])) {
      yield { field: `${party}_name`, message: SHIPMENT_MESSAGES.partyNameRequired(PARTY_LABELS[party]) };
    }
  }
}

/** The refused numbers of the transport: air the air waybill; sea each container row (check digit, once each) and the container field. */
function* tradeNumberIssues(input: FormLike, transport: TransportMode): Generator<ShipmentFormIssue, void> {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
  if (transport === 'air') {
    const mawb = text(input.mawb_number);
    const message = mawb ? mawbProblem(mawb) : null;
    if (message) yield { field: 'mawb_number', message };
    const flights = Array.isArray(input.onward_flights) ? (input.onward_flights as { airport?: unknown }[]) : [];
    const airports = flights.map((f) => ({ airport: typeof f.airport === 'string' ? f.airport.trim().toUpperCase() : '' }));
    for (const i of repeatedTransfers(text(input.origin_airport), text(input.destination_airport), airports)) {
      if (airports[i]!.airport) yield { field: `onward_flights.${i}.airport`, message: ROUTING_MESSAGES.sameAirport };
    }
    return;
  }
  if (transport !== 'sea') return;
  const rows = Array.isArray(input.containers) ? (input.containers as { number?: unknown }[]) : [];
  const seen = new Set<string>();
  for (const [i, row] of rows.entries()) {
    const number = text(row.number);
    if (!number) continue;
    const problem = containerNumberProblem(number);
    const normalized = normalizeContainerNumber(number);
    if (problem) yield { field: `containers.${i}.number`, message: problem };
    else if (seen.has(normalized)) yield { field: `containers.${i}.number`, message: duplicateContainerMessage(normalized) };
    seen.add(normalized);
  }
  const single = text(input.container_number);
  const message = single ? containerNumberProblem(single) : null;
  if (message) yield { field: 'container_number', message };
}

/** A carrier of another type than the transport's: 'Please choose {a or an} {carrier type in lower case} as the carrier'. */
const CARRIER_OF_TYPE: Record<CarrierType, string> = {
  airline: msg('Please choose an airline as the carrier'),
  shipping_line: msg('Please choose a shipping line as the carrier'),
  trucking_company: msg('Please choose a trucking company as the carrier'),
};
/** A party's directory company that does not exist: '{Party} company not found'. */
const PARTY_COMPANY_NOT_FOUND: Record<PartyRole, string> = {
  shipper: msg('Shipper company not found'),
  consignee: msg('Consignee company not found'),
  notify: msg('Notify Party company not found'),
};

/** What the database knows of a form's references (the shipment service reads it in one query; the import from its lists). */
export type ReferenceFacts = {
  company: boolean;
  /** The chosen carrier's type, null when no carrier was found. */
  carrier_type: CarrierType | null;
  iata_prefix: string | null;
  provider: boolean;
  agent: boolean;
  parties: Record<PartyRole, boolean>;
};

/**
 * The references' failures, in order: the company must exist; a carrier, service provider or consolidation agent must
 * exist, a carrier of the transport's type; a party's directory company must exist; an air waybill's prefix must be
 * the airline's when it has one.
 */
export function* referenceIssues(n: FormLike, r: ReferenceFacts): Generator<ShipmentFormIssue, void> {
  const has = (v: unknown) => !isBlank(v);
  if (!r.company) yield { field: 'company_id', message: msg('Company not found') };
  if (has(n.carrier_id)) {
    if (!r.carrier_type) yield { field: 'carrier_id', message: msg('Carrier not found') };
    else {
      const transport = transportOf({ type: typeof n.type === 'string' ? n.type : 'air', transport_mode: typeof n.transport_mode === 'string' ? n.transport_mode : null });
      const expected = transport ? CARRIER_TYPE_BY_TRANSPORT[transport] : null;
      if (expected && r.carrier_type !== expected) {
        yield { field: 'carrier_id', message: CARRIER_OF_TYPE[expected] };
      }
    }
  }
  if (has(n.service_provider_id) && !r.provider) yield { field: 'service_provider_id', message: msg('Service provider not found') };
  if (has(n.consolidation_agent_id) && !r.agent) yield { field: 'consolidation_agent_id', message: msg('Consolidation agent not found') };
  for (const party of PARTY_ROLES) {
    if (has(n[`${party}_company_id`]) && !r.parties[party]) yield { field: `${party}_company_id`, message: PARTY_COMPANY_NOT_FOUND[party] };
  }
  const prefix = typeof n.mawb_number === 'string' && n.mawb_number ? mawbPrefix(n.mawb_number) : null;
  if (prefix && r.carrier_type === 'airline' && r.iata_prefix && prefix !== r.iata_prefix) {
    yield { field: 'mawb_number', message: mawbPrefixMessage(prefix, r.iata_prefix) };
  }
}

/**
 * Loading type on create (spec sections 5 and 6): an admin must choose export or import; an export or import
 * handler always gets their own role, whatever was sent. Answers the loading type or the issue.
 */
export function resolveLoadingType(role: Role, sent: string | null | undefined): { loading_type: 'export' | 'import' } | { issue: ShipmentFormIssue } {
  if (role === 'export' || role === 'import') return { loading_type: role };
  if (sent === 'export' || sent === 'import') return { loading_type: sent };
  return { issue: { field: 'loading_type', message: SHIPMENT_MESSAGES.selectLoadingType } };
}

/**
 * The fields the form marks as required (spec section 5) for a type and mode, so that the form shows the
 * asterisk on exactly these. The server enforces only the ordered submit checks (validateShipmentForm).
 */
export function markedRequiredFields(type: string, transportMode?: string | null): string[] {
  const fields = ['type', 'company_id', 'reference_number', 'package_type', 'cargo_description', 'weight_gross', 'packages_count',
    'estimated_departure', 'estimated_arrival', 'origin_city', 'origin_country', 'destination_city', 'destination_country'];
  if (type === 'partial') fields.push('transport_mode', 'consolidation_agent_id');
  const transport = transportOf({ type, transport_mode: transportMode ?? null });
  if (transport === 'air') fields.push('origin_airport', 'destination_airport');
  if (transport === 'sea') fields.push('origin_port', 'destination_port', 'container.type', 'container.number', 'container.carrier_seal_number');
  if (transport === 'land') fields.push('origin_address', 'destination_address');
  if (type === 'air') fields.push('carrier_id');
  if (type === 'sea') fields.push('carrier_id');
  return fields;
}

// ---------------------------------------------------------------------------------------------
// Conditional saving (spec section 4).

export const AIR_FIELDS = [
  'origin_airport', 'destination_airport', 'flight_number', 'mawb_number', 'hawb_number', 'commodity_item_number', 'stackable', 'door_delivery',
] as const;
export const SEA_FIELDS = ['origin_port', 'destination_port', 'vessel_name', 'vessel_flag', 'imo_number', 'voyage_number', 'container_number', 'seal_number'] as const;
export const LAND_FIELDS = ['origin_address', 'destination_address', 'origin_postal_code', 'destination_postal_code', 'truck_plate_number', 'truck_type'] as const;

/** A sea port's city: the port name before the first comma ('Rotterdam, Europoort' gives 'Rotterdam'). */
export function portCity(portName: string | null | undefined): string | null {
  if (!portName) return null;
  const city = portName.split(',')[0]!.trim();
  return city === '' ? null : city;
}

/** The stored shipment values: the input without the port-country helpers. */
export type NormalizedShipment = Omit<ShipmentInput, 'origin_port_country' | 'destination_port_country' | 'door_delivery' | 'stackable'> & {
  /** Air data: null unless air or partial-by-air. */
  door_delivery: boolean | null;
  stackable: boolean | null;
  containers: ContainerInput[];
};

/**
 * What is saved (spec section 4): air data only for air or partial-by-air, sea data (and containers) only for
 * sea or partial-by-sea, land data only for land or partial-by-land, otherwise null (containers empty).
 * For sea the origin and destination city are the port name before the first comma and the country is
 * the port's country (origin_port_country / destination_port_country when given, else the sent country).
 * Also (decision 0142): transport_mode only for partial, consolidation agent only for partial,
 * a temperature range only when temperature controlled; UN number and hazard class only for dangerous goods, an
 * incoterm place only with an incoterm (issue 14).
 */
export function normalizeShipment(input: ShipmentInput): NormalizedShipment {
  const { origin_port_country, destination_port_country, ...rest } = input;
  const out: NormalizedShipment = { ...rest, containers: input.containers.map((c) => ({ ...c })), onward_flights: input.onward_flights.map((f) => ({ ...f })) };
  const transport = transportOf(input);

  if (input.type !== 'partial') {
    out.transport_mode = null;
    out.consolidation_agent_id = null;
  }
  const clear = (fields: readonly string[]) => {
    for (const f of fields) (out as Record<string, unknown>)[f] = null;
  };
  if (transport !== 'air') {
    clear(AIR_FIELDS);
    out.onward_flights = [];
  }
  if (transport !== 'sea') {
    clear(SEA_FIELDS);
    out.containers = [];
  }
  if (transport !== 'land') clear(LAND_FIELDS);

  if (transport === 'sea') {
    out.origin_city = portCity(input.origin_port) ?? input.origin_city;
    out.destination_city = portCity(input.destination_port) ?? input.destination_city;
    if (input.origin_port) out.origin_country = origin_port_country ?? input.origin_country;
    if (input.destination_port) out.destination_country = destination_port_country ?? input.destination_country;
  }
  if (!input.temperature_controlled) {
    out.temperature_range_min = null;
    out.temperature_range_max = null;
  }
  if (!input.dangerous_goods) {
    out.un_number = null;
    out.hazard_class = null;
  }
  if (!input.incoterm) out.incoterm_place = null;
  return out;
}

/**
 * The numbers of a stored shipment that today's checks refuse (rows saved before the checks existed, or written
 * by another path): container numbers (ISO 6346) and the air waybill number (IATA). Reading never refuses them;
 * the staff detail page marks each, and saving asks for the number to be corrected. The SQL twin of these checks
 * (migration 0013, the list filter "Failed data checks") is tested to agree with these functions.
 */
export function storedDataChecks(s: { mawb_number?: string | null; container_number?: string | null; containers?: readonly { number: string }[] }): DataCheck[] {
  const out: DataCheck[] = [];
  const present = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';
  if (present(s.mawb_number)) {
    const message = mawbProblem(s.mawb_number);
    if (message) out.push({ field: 'mawb_number', message });
  }
  if (present(s.container_number)) {
    const message = containerNumberProblem(s.container_number);
    if (message) out.push({ field: 'container_number', message });
  }
  (s.containers ?? []).forEach((c, i) => {
    const message = present(c.number) ? containerNumberProblem(c.number) : null;
    if (message) out.push({ field: `containers.${i}.number`, message });
  });
  return out;
}
