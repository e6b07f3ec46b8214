/**
 * A shipment or contact row's cells as the forms take them (issue 18, decision record 0245): choices by code or label,
 * yes/no, dates, lists in one cell, the container columns, the status. Read leniently; what is no value is kept for the
 * form schema's own message.
 */
import {
  CONTAINER_TYPES, INCOTERMS, LOADING_TYPES, PACKAGE_TYPES, SHIPMENT_STATUSES, SHIPMENT_TYPES, TRANSPORT_MODES, TRUCK_TYPES,
} from '@domain/common/enums';
import { msg } from '@domain/common/i18n';
import { normalizeContainerNumber } from '@domain/cargo/trade-numbers';
import { IMPORT_MESSAGES, cellText, headerKey } from './schema';

const CHOICES: Record<string, readonly string[]> = {
  type: SHIPMENT_TYPES,
  transport_mode: TRANSPORT_MODES,
  loading_type: LOADING_TYPES,
  status: SHIPMENT_STATUSES,
  package_type: PACKAGE_TYPES,
  truck_type: TRUCK_TYPES,
  incoterm: INCOTERMS,
  container_type: CONTAINER_TYPES,
};

/** 'In Progress', 'in progress' and 'IN_PROGRESS' are in_progress; a value of no choice is kept for the schema's message. */
export function choiceOf(field: string, v: unknown): unknown {
  const values = CHOICES[field];
  const text = cellText(v);
  if (!values || text === '') return text === '' ? null : v;
  const key = headerKey(text);
  return values.find((c) => headerKey(c) === key) ?? text;
}

/** yes/no, true/false, y/n, 1/0, x (a ticked cell): the schema's true or false; anything else is kept for its message. */
export function yesNo(v: unknown): unknown {
  if (typeof v === 'boolean') return v;
  const t = cellText(v).toLowerCase();
  if (t === '') return null;
  if (['yes', 'y', 'true', '1', 'x'].includes(t)) return true;
  if (['no', 'n', 'false', '0'].includes(t)) return false;
  return t;
}

/** A date cell: a Date, '2026-03-01', '2026-03-01 14:30' or ISO with a zone; a date without a zone is in UTC. */
export function dateOf(v: unknown): unknown {
  if (v instanceof Date) return v;
  const t = cellText(v);
  if (t === '') return null;
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?$/.exec(t);
  return local ? `${local[1]}T${local[2]}${local[3] ?? ''}Z` : t;
}

/** Container numbers or seal numbers in one cell: separated by commas, semicolons, slashes or line breaks. */
export const splitList = (v: unknown) => cellText(v).split(/[,;/\n\r]+/).map((s) => s.trim()).filter(Boolean);

const DATE_FIELDS = new Set(['estimated_departure', 'estimated_arrival', 'pickup_date', 'delivery_date']);
const FLAG_FIELDS = new Set(['dangerous_goods']);
const NOT_FORM = new Set(['company', 'carrier', 'container_type', 'container_numbers', 'seal_numbers', 'status']);

/**
 * A shipment row as the form's values (before its schema): choices and dates read leniently, the company and
 * carrier as the ids found for their names, the container columns as container rows. Only the file's columns give a
 * value (an update keeps the rest, `updatedShipmentForm`): the company, carrier and containers too.
 */
export function shipmentFormFromRow(cells: Record<string, unknown>, ids: { company_id: string | null; carrier_id: string | null }): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const [field, v] of Object.entries(cells)) {
    if (NOT_FORM.has(field)) continue;
    form[field] = field in CHOICES ? choiceOf(field, v) : DATE_FIELDS.has(field) ? dateOf(v) : FLAG_FIELDS.has(field) ? yesNo(v) : v === null ? null : typeof v === 'number' ? v : cellText(v);
  }
  if ('company' in cells) form.company_id = ids.company_id;
  if ('carrier' in cells) form.carrier_id = ids.carrier_id;
  if (CONTAINER_COLUMNS.some((c) => c in cells)) {
    const numbers = splitList(cells.container_numbers);
    const seals = splitList(cells.seal_numbers);
    const type = choiceOf('container_type', cells.container_type);
    form.containers = numbers.map((number, i) => ({ type, number, carrier_seal_number: seals[i] ?? '', weight: 0, volume: 0 }));
  }
  return form;
}

const CONTAINER_COLUMNS = ['container_type', 'container_numbers', 'seal_numbers'];

type StoredContainer = { number: string } & Record<string, unknown>;

/**
 * An update row's form: the stored shipment's values (every field of the form the row has) with the file's columns
 * over them, so that a column the file does not have keeps what the shipment holds (its free time, its onward
 * flights, its charges). A container the file names again keeps its weight, volume and packages.
 */
export function updatedShipmentForm(stored: Record<string, unknown>, storedContainers: readonly StoredContainer[], fromRow: Record<string, unknown>, formKeys: readonly string[]): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const key of formKeys) if (key in stored) form[key] = stored[key];
  form.containers = storedContainers.map((c) => ({ ...c }));
  Object.assign(form, fromRow);
  if (Array.isArray(fromRow.containers)) {
    form.containers = (fromRow.containers as StoredContainer[]).map((c) => {
      const was = storedContainers.find((o) => o.number === normalizeContainerNumber(String(c.number)));
      return was ? { ...was, type: c.type ?? was.type, carrier_seal_number: c.carrier_seal_number || was.carrier_seal_number } : c;
    });
  }
  return form;
}

/** The container columns agree: as many seal numbers as container numbers (or none given at all). */
export function containerColumnsProblem(cells: Record<string, unknown>): string | null {
  const numbers = splitList(cells.container_numbers).length;
  const seals = splitList(cells.seal_numbers).length;
  return numbers !== seals && (numbers > 0 || seals > 0) ? IMPORT_MESSAGES.containersMismatch : null;
}

/** The status a new shipment gets: the Status column's, else in progress (as a form-made shipment). */
export function importStatusOf(v: unknown): { status: (typeof SHIPMENT_STATUSES)[number] } | { problem: string } {
  const c = choiceOf('status', v);
  if (c === null) return { status: 'in_progress' };
  return (SHIPMENT_STATUSES as readonly unknown[]).includes(c)
    ? { status: c as (typeof SHIPMENT_STATUSES)[number] }
    : { problem: msg('Status must be one of: pending, pending_approval, approved, in_progress, in_transit, customs_check, delivered, completed') };
}

