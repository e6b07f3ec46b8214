/**
 * The new-request form's state and its conversions (pure; unit tested): blank values, the request body, and the
 * submit check, which is the server's: the body schema first, then validateRequest's ordered rules.
 */
import { REQUEST_MODES, requestBodyIssues, requestTransport, utcDay, type RequestDetail, type RequestFormValues, type RequestIssue, type RequestMode } from '@domain/requests/schema';
import type { WeightUnit } from '@domain/requests/parties';
import { isEmptyPieceRow, type PieceRow } from '@web/features/cargo';

export type EquipmentRow = { type: string | null; count: number | string };

/** What the form holds: text as typed ('' when empty), selects null when cleared, numbers or '' from number inputs. */
export type RequestFormState = {
  mode: string | null;
  direction: string | null;
  sea_load: string | null;
  equipment: EquipmentRow[];
  origin_airport: string;
  origin_port: string;
  origin_address: string;
  origin_city: string;
  origin_country: string;
  destination_airport: string;
  destination_port: string;
  destination_address: string;
  destination_city: string;
  destination_country: string;
  cargo_ready_date: string;
  incoterm: string | null;
  incoterm_place: string;
  cargo_description: string;
  pieces: PieceRow[];
  weight_gross: number | string;
  volume: number | string;
  dangerous_goods: boolean;
  un_number: string;
  hazard_class: string | null;
  notes: string;
  /** Issue 45: the customer's PO number, the gross weight's unit, the parties and whether to keep them. */
  po_number: string;
  weight_unit: WeightUnit;
  shipper_name: string;
  shipper_address: string;
  consignee_name: string;
  consignee_address: string;
  notify_name: string;
  notify_address: string;
  save_parties: boolean;
};

/** Air and export until the customer says otherwise (the shipment form starts at air too). */
export function blankRequestForm(): RequestFormState {
  return {
    mode: 'air',
    direction: 'export',
    sea_load: null,
    equipment: [],
    origin_airport: '',
    origin_port: '',
    origin_address: '',
    origin_city: '',
    origin_country: '',
    destination_airport: '',
    destination_port: '',
    destination_address: '',
    destination_city: '',
    destination_country: '',
    cargo_ready_date: '',
    incoterm: null,
    incoterm_place: '',
    cargo_description: '',
    pieces: [],
    weight_gross: '',
    volume: '',
    dangerous_goods: false,
    un_number: '',
    hazard_class: null,
    notes: '',
    po_number: '',
    weight_unit: 'kg',
    shipper_name: '',
    shipper_address: '',
    consignee_name: '',
    consignee_address: '',
    notify_name: '',
    notify_address: '',
    save_parties: false,
  };
}

/**
 * "Request again" (issue 45): a closed request (expired, declined, cancelled) as a new request's form, to change and
 * send: its route, cargo, pieces, equipment, weight as entered, parties, incoterm and notes; the ready date only when
 * it is still ahead (a past day would be refused), so the customer picks a new one; no PO number (a new order has
 * its own).
 */
export function requestFormFrom(r: RequestDetail, today: string = utcDay()): RequestFormState {
  const text = (v: string | null) => v ?? '';
  return {
    ...blankRequestForm(),
    mode: r.mode,
    direction: r.direction,
    sea_load: r.sea_load,
    equipment: r.equipment.map((e) => ({ type: e.type, count: e.count })),
    origin_airport: text(r.origin_airport),
    origin_port: text(r.origin_port),
    origin_address: text(r.origin_address),
    origin_city: text(r.origin_city),
    origin_country: text(r.origin_country),
    destination_airport: text(r.destination_airport),
    destination_port: text(r.destination_port),
    destination_address: text(r.destination_address),
    destination_city: text(r.destination_city),
    destination_country: text(r.destination_country),
    cargo_ready_date: r.cargo_ready_date >= today ? r.cargo_ready_date : '',
    incoterm: r.incoterm,
    incoterm_place: text(r.incoterm_place),
    cargo_description: r.cargo_description,
    pieces: r.pieces.map((p) => ({ count: p.count, length: p.length, width: p.width, height: p.height, unit: p.unit, weight: p.weight ?? '' })),
    weight_gross: r.weight_entered,
    weight_unit: r.weight_unit,
    shipper_name: text(r.shipper_name),
    shipper_address: text(r.shipper_address),
    consignee_name: text(r.consignee_name),
    consignee_address: text(r.consignee_address),
    notify_name: text(r.notify_name),
    notify_address: text(r.notify_address),
    volume: r.volume ?? '',
    dangerous_goods: r.dangerous_goods,
    un_number: text(r.un_number),
    hazard_class: r.hazard_class,
    notes: text(r.notes),
  };
}

/** A container line as added: one container, type not chosen yet. */
export const blankEquipmentRow = (): EquipmentRow => ({ type: null, count: 1 });

const isMode = (v: unknown): v is RequestMode => (REQUEST_MODES as readonly unknown[]).includes(v);

/** Which place pickers a mode shows: the airport for air, the port for sea; the other modes give a city and country. */
export function placeKind(mode: string | null): 'airport' | 'port' | null {
  return mode === 'air' ? 'airport' : mode === 'sea' ? 'port' : null;
}

/** The transport whose chargeable-weight rule the live figure uses (none for partial and best offer). */
export function formTransport(mode: string | null) {
  return isMode(mode) ? requestTransport(mode) : null;
}

/**
 * The body of POST /api/requests: what the chosen mode shows (an airport only for air, a port only for sea,
 * containers only for a full-container sea request, the UN number and class only for dangerous goods), dimension
 * lines left empty dropped.
 */
export function toRequestBody(v: RequestFormState): RequestFormValues {
  const kind = placeKind(v.mode);
  const sea = v.mode === 'sea';
  return {
    ...v,
    sea_load: sea ? v.sea_load : null,
    equipment: sea && v.sea_load === 'fcl' ? v.equipment.map((row) => ({ ...row })) : [],
    origin_airport: kind === 'airport' ? v.origin_airport : '',
    destination_airport: kind === 'airport' ? v.destination_airport : '',
    origin_port: kind === 'port' ? v.origin_port : '',
    destination_port: kind === 'port' ? v.destination_port : '',
    pieces: v.pieces.filter((row) => !isEmptyPieceRow(row)).map((row) => ({ ...row })),
    un_number: v.dangerous_goods ? v.un_number : '',
    hazard_class: v.dangerous_goods ? v.hazard_class : null,
  };
}

/** Every problem of a submit, as the server finds them (schema and rules together), in the form's order; empty when it may be sent. */
export function requestFormIssues(v: RequestFormState, today: string = utcDay()): RequestIssue[] {
  return requestBodyIssues(toRequestBody(v), today);
}

/** The form values without the dimension lines left empty (so a message's `pieces.N` is the N-th line on screen). */
export function withoutEmptyPieces(v: RequestFormState): RequestFormState {
  return v.pieces.some(isEmptyPieceRow) ? { ...v, pieces: v.pieces.filter((row) => !isEmptyPieceRow(row)) } : v;
}
