/** Shared set-up for the shipment API tests: demo ids and valid bodies per type. */
import { sql } from 'drizzle-orm';
import type { TestApp } from '@tests/helpers/test-app';

export type Refs = {
  anatolia: string;
  rhein: string;
  airline: string;
  shippingLine: string;
  trucker: string;
  agent: string;
};

export async function loadRefs(t: TestApp): Promise<Refs> {
  const one = async (q: ReturnType<typeof sql>) => (await t.db.execute<{ id: string }>(q)).rows[0]!.id;
  return {
    anatolia: await one(sql`select id from companies where name = 'Anatolia Textiles Ltd'`),
    rhein: await one(sql`select id from companies where name = 'Rhein Maschinenbau GmbH'`),
    airline: await one(sql`select id from carriers where name = 'Turkish Cargo'`),
    shippingLine: await one(sql`select id from carriers where name = 'Maersk'`),
    trucker: await one(sql`select id from carriers where name = 'Ekol Logistics'`),
    agent: await one(sql`select id from consolidation_agents where name = 'EuroConsol Groupage'`),
  };
}

let counter = 0;
/** A reference number unique within a test run. */
export const ref = (prefix = 'T') => `${prefix}-${Date.now().toString(36)}-${++counter}`;

const common = (refs: Refs) => ({
  company_id: refs.anatolia,
  cargo_description: 'Cotton fabric rolls',
  package_type: 'pallet',
  packages_count: '12',
  weight_gross: '1500.5',
  estimated_departure: '2026-03-01T09:30:00.000Z',
  estimated_arrival: '2026-03-04T18:00:00.000Z',
  service_charge: '1200',
  service_charge_currency: 'USD',
  freight_cost: '800.25',
  freight_cost_currency: 'USD',
  handling_charge: '50',
  handling_charge_currency: 'EUR',
  internal_notes: 'Rate agreed on the annual contract',
  special_instructions: 'Keep dry',
});

/** Air data, sea data and land data all present: the type decides what is kept. */
const everyTransport = {
  origin_airport: 'IST',
  destination_airport: 'FRA',
  flight_number: 'TK1590',
  mawb_number: '235-12345675',
  hawb_number: 'HAWB-1',
  stackable: true,
  door_delivery: true,
  origin_port: 'Istanbul',
  destination_port: 'Rotterdam',
  vessel_name: 'MSC Aurora',
  voyage_number: '123W',
  container_number: 'MSKU1234565',
  origin_address: 'Nilufer OSB, Bursa',
  destination_address: 'Frankfurter Ring 150, Munich',
  truck_plate_number: '16 ABC 123',
  truck_type: 'box',
};

export function airBody(refs: Refs, extra: Record<string, unknown> = {}) {
  return {
    ...common(refs),
    ...everyTransport,
    type: 'air',
    reference_number: ref('AIR'),
    carrier_id: refs.airline,
    origin_city: 'Istanbul',
    origin_country: 'TR',
    destination_city: 'Frankfurt',
    destination_country: 'DE',
    containers: [{ type: '20DC', number: 'X', carrier_seal_number: 'Y' }],
    ...extra,
  };
}

export function seaBody(refs: Refs, extra: Record<string, unknown> = {}) {
  return {
    ...common(refs),
    ...everyTransport,
    type: 'sea',
    reference_number: ref('SEA'),
    carrier_id: refs.shippingLine,
    origin_city: 'typed',
    origin_country: 'typed',
    destination_city: 'typed',
    destination_country: 'typed',
    origin_port: 'Belawan, Sumatra',
    destination_port: 'Rotterdam',
    destination_port_country: 'Netherlands',
    customer_reference: 'MSKU 123/4',
    containers: [
      { type: '40HC', number: 'MSKU1234565', carrier_seal_number: 'SL-1', weight: '12000.5', volume: '67.5' },
      { type: '20DC', number: 'MSKU7654328', carrier_seal_number: 'SL-2' },
    ],
    ...extra,
  };
}

export function landBody(refs: Refs, extra: Record<string, unknown> = {}) {
  return {
    ...common(refs),
    ...everyTransport,
    type: 'land',
    reference_number: ref('LAND'),
    carrier_id: refs.trucker,
    origin_city: 'Bursa',
    origin_country: 'TR',
    destination_city: 'Munich',
    destination_country: 'DE',
    origin_postal_code: '16140',
    destination_postal_code: '80807',
    ...extra,
  };
}

export function partialBody(refs: Refs, mode: 'air' | 'sea' | 'land', extra: Record<string, unknown> = {}) {
  const base = mode === 'air' ? airBody(refs) : mode === 'sea' ? seaBody(refs) : landBody(refs);
  return { ...base, type: 'partial', transport_mode: mode, reference_number: ref(`P${mode}`), consolidation_agent_id: refs.agent, carrier_id: null, ...extra };
}

export const AIR_KEYS = ['origin_airport', 'destination_airport', 'flight_number', 'mawb_number', 'hawb_number', 'commodity_item_number', 'stackable', 'door_delivery'];
export const SEA_KEYS = ['origin_port', 'destination_port', 'vessel_name', 'voyage_number', 'container_number'];
export const LAND_KEYS = ['origin_address', 'destination_address', 'origin_postal_code', 'destination_postal_code', 'truck_plate_number', 'truck_type'];
