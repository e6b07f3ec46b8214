/** Turning a validated form into stored values: references, port countries, row values and the change list. */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import type { shipments } from '@server/db/schema';
import type { CarrierType } from '@domain/common/enums';
import {
  PARTY_ROLES, SHIPMENT_DATE_FIELDS, cargoMeasures, referenceIssues, round, transportOf, type Container, type NormalizedShipment, type PartyRole, type ShipmentInput,
} from '@domain/shipments/index';
import { invalid } from '@server/http/errors';
import type { ShipmentRow } from './read';
import { splitMoney, type MoneyFields } from './field-lines';


/**
 * What the form writes (everything of the normalized form except the containers): the shipment's columns and its
 * sixteen money fields, which are stored as field lines (`splitMoney`, field-lines.ts).
 */
export type FormColumns = Omit<typeof shipments.$inferInsert, 'id' | 'status' | 'handler_id' | 'updated_by' | 'created_at' | 'updated_at'> & MoneyFields;

/**
 * The row values of a checked form: dates as Dates, the parties' names and addresses taken from their directory
 * companies, and the cargo measures computed once by the domain (volume from the dimension lines, else the typed one;
 * volumetric and chargeable weight with the carrier's divisor when it has one, else the mode's default).
 */
export function toColumns(n: NormalizedShipment, loadingType: 'export' | 'import', refs: References): FormColumns {
  const { containers: _containers, loading_type: _sent, ...rest } = n;
  const values: Record<string, unknown> = { ...rest, loading_type: loadingType };
  for (const f of SHIPMENT_DATE_FIELDS) values[f] = n[f] ? new Date(n[f]) : null;
  for (const party of PARTY_ROLES) {
    const company = refs.parties[party];
    if (company) {
      values[`${party}_name`] = company.name;
      values[`${party}_address`] = company.address;
    }
  }
  const m = cargoMeasures({ transport: transportOf(n), pieces: n.pieces, volume: n.volume, weight_gross: n.weight_gross, carrierDivisor: refs.carrierDivisor });
  values.volume = m.volume;
  values.weight_volumetric = m.weight_volumetric;
  values.weight_chargeable = m.weight_chargeable;
  values.volumetric_factor = m.weight_volumetric === null || m.factor === null ? null : round(m.factor, 4);
  return values as FormColumns;
}

const one = async <T>(db: Db | Tx, query: ReturnType<typeof sql>) => (await db.execute<T & Record<string, unknown>>(query)).rows[0];

/**
 * For sea transport, a port chosen without its country gets the country of the port record of that name
 * when the name is unambiguous (port names repeat across countries, so the form should send the country).
 */
export async function fillPortCountries(db: Db | Tx, input: ShipmentInput): Promise<ShipmentInput> {
  if (transportOf(input) !== 'sea') return input;
  const out = { ...input };
  for (const side of ['origin', 'destination'] as const) {
    const port = out[`${side}_port`];
    if (!port || out[`${side}_port_country`]) continue;
    const r = await db.execute<{ country: string }>(sql`select distinct country from seaports where name = ${port} limit 2`);
    if (r.rows.length === 1) out[`${side}_port_country`] = r.rows[0]!.country;
  }
  return out;
}

type PartyCompany = { name: string; address: string | null };
/** What the referenced records add to a shipment: the carrier's own divisor and the parties' directory companies. */
export type References = { carrierDivisor: number | null; parties: Record<PartyRole, PartyCompany | null> };

const partyCompany = (id: string | null) =>
  sql`(select json_build_object('name', name, 'address', address) from companies where id = ${id})`;

/**
 * The company must exist; a carrier, service provider or consolidation agent must exist, a carrier of the transport's
 * type; a party's directory company must exist; an air waybill's prefix must be the airline's when it has one.
 * Answers the carrier's divisor and the parties' companies, read in the same query.
 */
export async function checkReferences(db: Db | Tx, n: NormalizedShipment): Promise<References> {
  const r = await one<{
    company: boolean; carrier_type: string | null; iata_prefix: string | null; divisor: number | null; provider: boolean; agent: boolean;
    shipper: PartyCompany | null; consignee: PartyCompany | null; notify: PartyCompany | null;
  }>(
    db,
    sql`select
      exists(select 1 from companies where id = ${n.company_id}) as company,
      k.carrier_type, k.iata_prefix, k.volumetric_divisor as divisor,
      exists(select 1 from service_providers where id = ${n.service_provider_id}) as provider,
      exists(select 1 from consolidation_agents where id = ${n.consolidation_agent_id}) as agent,
      ${partyCompany(n.shipper_company_id)} as shipper,
      ${partyCompany(n.consignee_company_id)} as consignee,
      ${partyCompany(n.notify_company_id)} as notify
    from (select 1) as one left join carriers k on k.id = ${n.carrier_id}`,
  );
  const issue = referenceIssues(n, {
    company: Boolean(r?.company),
    carrier_type: (r?.carrier_type ?? null) as CarrierType | null,
    iata_prefix: r?.iata_prefix ?? null,
    provider: Boolean(r?.provider),
    agent: Boolean(r?.agent),
    parties: { shipper: Boolean(r?.shipper), consignee: Boolean(r?.consignee), notify: Boolean(r?.notify) },
  }).next();
  if (!issue.done) throw invalid(issue.value.message, { [issue.value.field]: issue.value.message });
  if (!r) throw new Error('reference query answered no row');
  return {
    carrierDivisor: r.carrier_type ? (r.divisor === null ? null : Number(r.divisor)) : null,
    parties: { shipper: r.shipper, consignee: r.consignee, notify: r.notify },
  };
}

/** JSON with object keys in one order (jsonb answers its keys in its own order). */
function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${stableJson(o[k] ?? null)}`).join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/** A value as it is compared and written in the history (dates as ISO strings; lists and objects as JSON). */
function comparable(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  return v ?? null;
}

const same = (a: unknown, b: unknown) => (a !== null && typeof a === 'object') || (b !== null && typeof b === 'object') ? stableJson(a) === stableJson(b) : a === b;

export type Changes = Record<string, { from: unknown; to: unknown }>;

/**
 * The fields whose value differs between the stored row with its money fields (and containers) and the new columns, as
 * { from, to }. A money field without an amount compares as unset whatever currency the form shows beside it.
 */
export function diffChanges(old: ShipmentRow & MoneyFields, oldContainers: Container[], next: FormColumns, nextContainers: Container[]): Changes {
  const changes: Changes = {};
  const { row, money } = splitMoney(next);
  for (const [key, value] of Object.entries({ ...row, ...money })) {
    const from = comparable(old[key as keyof ShipmentRow]);
    const to = comparable(value);
    if (!same(from, to)) changes[key] = { from, to };
  }
  const strip = (c: Container[]) =>
    c.map(({ type, number, carrier_seal_number, weight, volume, packages_count, package_type, free_days }) => ({
      type, number, carrier_seal_number, weight, volume, packages_count: packages_count ?? null, package_type: package_type ?? null, free_days: free_days ?? null,
    }));
  if (JSON.stringify(strip(oldContainers)) !== JSON.stringify(strip(nextContainers))) {
    changes.containers = { from: strip(oldContainers), to: strip(nextContainers) };
  }
  return changes;
}

/** The values that matter when a shipment is born, as { from: null, to } (the created event). */
export function initialChanges(columns: FormColumns, status: string, handlerId: string | null): Changes {
  const picked: Record<string, unknown> = {
    reference_number: columns.reference_number,
    type: columns.type,
    transport_mode: columns.transport_mode ?? null,
    loading_type: columns.loading_type,
    company_id: columns.company_id,
    handler_id: handlerId,
    status,
  };
  return Object.fromEntries(Object.entries(picked).filter(([, v]) => v !== null).map(([k, v]) => [k, { from: null, to: v }]));
}
