import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { Db } from '../client';
import type { Storage } from '@server/storage/storage';
import { seedDemoDocuments } from './demo-documents';
import { seedDemoRequests } from './demo-requests';
import { fieldLineRows, withoutMoney, type SeedMoney } from './field-lines';
import { seedDemoMessages } from './demo-messages';
import { seedDemoCarrierEvents } from './demo-carrier-events';
import { seedDemoDateMoves } from './demo-date-moves';
import { seedDemoBilling } from './demo-billing';
import { seedDemoSupplierBills } from './demo-supplier-bills';
import { seedDemoRates } from './demo-rates';
import { seedDemoChecklists } from './demo-checklists';
import { seedDemoAddressBook } from './demo-address-book';
import { demoBillBoxes, demoOnwardFlights } from './demo-bill-boxes';
import {
  accounts, app_meta, carriers, charge_lines, companies, consolidation_agents, customers, pending_staff, airports, seaports,
  letterhead, service_providers, shipment_containers, shipment_events, shipments, users,
} from '../schema';
import { PACKAGE_TYPES, TRUCK_TYPES, INCOTERMS, type ShipmentStatus } from '@domain/common/enums';
import { cargoMeasures, containerCheckDigit, mawbCheckDigit, round, type Piece } from '@domain/shipments/index';
import { DEMO_PASSWORD } from '@domain/auth/rules';
import {
  DEMO_ACCOUNTS, DEMO_AIRPORTS, DEMO_CARGO, DEMO_CARGO_HS, DEMO_CARRIERS, DEMO_COMPANIES, DEMO_CONSOLIDATION_AGENTS, DEMO_LAND_CITIES,
  DEMO_PARTNERS, DEMO_PENDING_STAFF, DEMO_PORTS, DEMO_SERVICE_PROVIDERS, DEMO_TURKISH_PARTNERS,
} from './demo-fixtures';
import { addressInTurkey, customerIsShipper, fitDirection, timelineStatus } from './demo-story';

/** Deterministic PRNG so every fresh install shows the same demo. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function createUserWithPassword(
  db: Db,
  input: { email: string; name: string; role: string; password: string; verified?: boolean },
): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(users).values({
    id,
    email: input.email.toLowerCase(),
    name: input.name,
    role: input.role as 'admin',
    emailVerified: input.verified ?? true,
  });
  await db.insert(accounts).values({
    id: crypto.randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hashPassword(input.password),
  });
  return id;
}

const STATUS_WEIGHTS: [ShipmentStatus, number][] = [
  ['pending', 8], ['pending_approval', 5], ['approved', 5], ['in_progress', 22], ['in_transit', 20],
  ['customs_check', 8], ['delivered', 25], ['completed', 7],
];

/**
 * Demo companies, contacts, staff, partners and a few hundred shipments over the last six months, then (when a
 * storage is given) a few documents. Each part runs once; answers whether anything was seeded.
 */
export async function seedDemoData(db: Db, options: { shipmentCount?: number; storage?: Storage } = {}): Promise<boolean> {
  const records = await seedDemoRecords(db, options);
  const documents = options.storage ? await seedDemoDocuments(db, options.storage) : false;
  const requests = await seedDemoRequests(db);
  const messages = await seedDemoMessages(db);
  const letterheadSeeded = await seedDemoLetterhead(db);
  const checklists = await seedDemoChecklists(db, options.storage);
  const carrierEvents = await seedDemoCarrierEvents(db);
  await seedDemoDateMoves(db); // issue 45: a few moved arrivals (runs once; seeded with the shipments above)
  const billing = await seedDemoBilling(db);
  const supplierBills = await seedDemoSupplierBills(db);
  const rates = await seedDemoRates(db);
  const addressBook = await seedDemoAddressBook(db);
  return records || documents || requests || messages || letterheadSeeded || checklists || carrierEvents || billing || supplierBills || rates || addressBook;
}

/** The demo forwarder's letterhead on generated papers (issue 16); an administrator's own is never replaced. */
async function seedDemoLetterhead(db: Db): Promise<boolean> {
  const rows = await db
    .insert(letterhead)
    .values({
      id: 1, name: 'Cargodesk Freight Forwarding Ltd.', address: 'Büyükdere Cad. 185, Levent\n34394 Şişli, İstanbul, Türkiye', phone: '+90 212 555 01 00',
      email: 'operations@cargodesk.example', tax_id: 'VKN 1234567890',
      // The house bill's settings (issue 41): the series CDKIST2611000001, issued in İstanbul, signed as agent.
      registration_number: 'MERSIS 0123456789000015', place_of_issue: 'İstanbul', bl_prefix: 'CDKIST', bl_signed_as: 'agent',
      bl_terms: 'FIATA Negotiable Multimodal Transport Bill of Lading (FBL), standard conditions',
    })
    .onConflictDoNothing()
    .returning({ id: letterhead.id });
  return rows.length > 0;
}

async function seedDemoRecords(db: Db, options: { shipmentCount?: number }): Promise<boolean> {
  const done = await db.select().from(app_meta).where(eq(app_meta.key, 'demo_seeded'));
  if (done.length > 0) return false;
  const rand = mulberry32(20261122);
  // The cargo data of issue 14 draws from its own sequence, so the shipments seeded before it stay the same.
  const rand2 = mulberry32(20261124);
  const pick2 = <T,>(items: readonly T[]): T => items[Math.floor(rand2() * items.length)]!;
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const weighted = <T,>(items: [T, number][]): T => {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = rand() * total;
    for (const [item, w] of items) if ((r -= w) < 0) return item;
    return items[items.length - 1]![0];
  };

  const userIds: Record<string, string> = {};
  for (const account of DEMO_ACCOUNTS) {
    userIds[account.role] = await createUserWithPassword(db, { ...account, password: DEMO_PASSWORD });
  }
  await db.insert(pending_staff).values([...DEMO_PENDING_STAFF]);

  const companyIds: string[] = [];
  const companyById = new Map<string, { name: string; address: string | null }>();
  for (const company of DEMO_COMPANIES) {
    const [row] = await db.insert(companies).values({ name: company.name, address: company.address, language: company.language ?? 'en' }).returning({ id: companies.id });
    companyIds.push(row!.id);
    companyById.set(row!.id, company);
    if (company.contacts.length) {
      await db.insert(customers).values(
        company.contacts.map((c) => ({
          company_id: row!.id,
          first_name: c.first_name,
          last_name: c.last_name,
          email: c.email,
          phone: c.phone,
          position: c.position,
          is_primary_contact: c.primary ?? false,
        })),
      );
    }
  }
  const carrierRows = await db
    .insert(carriers)
    .values([...DEMO_CARRIERS])
    .returning({ id: carriers.id, type: carriers.carrier_type, name: carriers.name, iata_prefix: carriers.iata_prefix, iata_code: carriers.iata_code });
  const providerRows = await db.insert(service_providers).values([...DEMO_SERVICE_PROVIDERS]).returning({ id: service_providers.id });
  const agentRows = await db.insert(consolidation_agents).values([...DEMO_CONSOLIDATION_AGENTS]).returning({ id: consolidation_agents.id });
  const airportRows = await db.select().from(airports).where(inArray(airports.iata_code, DEMO_AIRPORTS));
  const portRows = await db.select().from(seaports).where(inArray(seaports.un_code, DEMO_PORTS));

  const count = options.shipmentCount ?? 320;
  const now = Date.now();
  const day = 86_400_000;
  const shipmentValues: (typeof shipments.$inferInsert & SeedMoney)[] = [];
  const containerValues: Omit<typeof shipment_containers.$inferInsert, 'shipment_id'>[][] = [];
  for (let i = 0; i < count; i++) {
    const type = weighted<'air' | 'sea' | 'land' | 'partial'>([['air', 30], ['sea', 32], ['land', 22], ['partial', 16]]);
    const mode = type === 'partial' ? pick(['air', 'sea', 'land'] as const) : null;
    const transport = mode ?? type;
    const loading = rand() < 0.55 ? 'export' : 'import';
    const handler = rand() < 0.1 ? null : rand() < 0.15 ? userIds.admin! : userIds[loading]!;
    // Spread over the last six months, a little denser recently; the first ones are today.
    const ageDays = i < 3 ? 0 : Math.floor(Math.pow(rand(), 1.2) * 178);
    const created = new Date(now - ageDays * day - Math.floor(rand() * 8) * 3_600_000);
    const departure = new Date(created.getTime() + (2 + Math.floor(rand() * 10)) * day);
    const arrival = new Date(departure.getTime() + (transport === 'sea' ? 18 + rand() * 20 : transport === 'air' ? 1 + rand() * 3 : 3 + rand() * 5) * day);
    const drawn: ShipmentStatus = ageDays > 60 ? weighted([['delivered', 70], ['completed', 20], ['in_transit', 10]]) : weighted(STATUS_WEIGHTS);
    const status = timelineStatus(drawn, { departure, arrival, now: new Date(now), isImport: loading === 'import' });
    const currency = weighted([['USD', 50], ['EUR', 30], ['TRY', 12], ['GBP', 8]]);
    const freight = Math.round((transport === 'air' ? 2500 : transport === 'sea' ? 1800 : 900) * (0.5 + rand() * 1.5));
    const companyId = i % 4 === 0 ? companyIds[0]! : pick(companyIds);
    const value: typeof shipments.$inferInsert & SeedMoney = {
      reference_number: `CD-${type.slice(0, 1).toUpperCase()}${created.toISOString().slice(2, 7).replace('-', '')}-${String(1000 + i)}`,
      type,
      transport_mode: mode,
      loading_type: loading,
      priority: rand() < 0.15,
      trackable: transport === 'sea',
      status,
      company_id: companyId,
      handler_id: handler,
      updated_by: handler,
      created_at: created,
      updated_at: created,
      estimated_departure: departure,
      estimated_arrival: arrival,
      pickup_date: new Date(departure.getTime() - day),
      delivery_date: status === 'delivered' || status === 'completed' ? new Date(Math.min(now, arrival.getTime() + day)) : null,
      cargo_description: pick(DEMO_CARGO),
      package_type: pick(PACKAGE_TYPES),
      packages_count: 1 + Math.floor(rand() * 60),
      weight_gross: Math.round(100 + rand() * 18000),
      volume: Math.round((1 + rand() * 60) * 1000) / 1000,
      cargo_value: Math.round(5000 + rand() * 200000),
      cargo_value_currency: currency,
      incoterm: pick(INCOTERMS),
      currency,
      customer_reference: null,
      special_instructions: rand() < 0.3 ? 'Keep dry. Notify consignee 24 hours before delivery.' : null,
      internal_notes: rand() < 0.3 ? 'Rate agreed with carrier on the annual contract.' : null,
      freight_cost: freight,
      freight_cost_currency: currency,
      handling_cost: Math.round(50 + rand() * 300),
      handling_cost_currency: currency,
      customs_cost: Math.round(rand() * 400),
      customs_cost_currency: currency,
      service_charge: Math.round(freight * (1.1 + rand() * 0.5)),
      service_charge_currency: currency,
      customs_charge: Math.round(100 + rand() * 500),
      customs_charge_currency: currency,
      handling_charge: Math.round(80 + rand() * 400),
      handling_charge_currency: currency,
      insurance_charge: Math.round(rand() * 300),
      insurance_charge_currency: currency,
      other_charges: Math.round(rand() * 150),
      other_charges_currency: currency,
      service_provider_id: rand() < 0.4 ? pick(providerRows).id : null,
    };
    const containers: Omit<typeof shipment_containers.$inferInsert, 'shipment_id'>[] = [];
    if (transport === 'air' && airportRows.length >= 2) {
      const first = pick(airportRows);
      let second = pick(airportRows);
      while (second.id === first.id) second = pick(airportRows);
      const [o, d] = fitDirection(first, second, loading === 'export', (a) => a.iso_country === 'TR', airportRows, i);
      const airline = pick(carrierRows.filter((c) => c.type === 'airline'));
      const flight = 100 + Math.floor(rand() * 900);
      // A valid IATA air waybill of the airline: its prefix, a 7-digit serial and the serial's check digit (mod 7).
      const serial = String(Math.floor(rand() * 1e8) % 1e7).padStart(7, '0');
      Object.assign(value, {
        origin_airport: o.iata_code, origin_city: o.municipality, origin_country: o.iso_country,
        destination_airport: d.iata_code, destination_city: d.municipality, destination_country: d.iso_country,
        carrier_id: airline.id, carrier_name: airline.name, flight_number: `${airline.iata_code ?? 'TK'}${flight}`,
        mawb_number: `${airline.iata_prefix ?? '235'}-${serial}${mawbCheckDigit(serial)}`, stackable: rand() < 0.7, door_delivery: rand() < 0.4,
      });
      value.onward_flights = demoOnwardFlights(value, i);
    } else if (transport === 'sea' && portRows.length >= 2) {
      const first = pick(portRows);
      let second = pick(portRows);
      while (second.id === first.id) second = pick(portRows);
      const [o, d] = fitDirection(first, second, loading === 'export', (p) => p.country === 'Turkey', portRows, i);
      const line = pick(carrierRows.filter((c) => c.type === 'shipping_line'));
      const containerCount = type === 'sea' ? 1 + Math.floor(rand() * 3) : rand() < 0.5 ? 1 : 0;
      for (let k = 0; k < containerCount; k++) {
        containers.push({
          position: k,
          type: weighted<string>([['40HC', 35], ['20DC', 25], ['40DC', 20], ['40RF', 8], ['20RF', 5], ['45HC', 4], ['20OT', 3]]),
          number: validContainerNumber(pick(['MSKU', 'MSCU', 'HLXU', 'CMAU']), Math.floor(rand() * 1e7)),
          carrier_seal_number: `SL${Math.floor(rand() * 1e6)}`,
          weight: Math.round(2000 + rand() * 20000),
          volume: Math.round(20 + rand() * 50),
        });
      }
      Object.assign(value, {
        origin_port: o.name, origin_city: o.name.split(',')[0]!.trim(), origin_country: o.country,
        destination_port: d.name, destination_city: d.name.split(',')[0]!.trim(), destination_country: d.country,
        carrier_id: line.id, carrier_name: line.name, vessel_name: pick(['MSC Aurora', 'Maersk Elba', 'CMA CGM Tage', 'Hamburg Express']),
        voyage_number: `${Math.floor(rand() * 900) + 100}W`, container_number: containers[0]?.number ?? null,
        customer_reference: containers[0]?.number ?? null,
      });
    } else {
      const first = pick(DEMO_LAND_CITIES);
      let second = pick(DEMO_LAND_CITIES);
      while (second.city === first.city) second = pick(DEMO_LAND_CITIES);
      const [o, d] = fitDirection(first, second, loading === 'export', (c) => c.country === 'TR', DEMO_LAND_CITIES, i);
      const trucker = pick(carrierRows.filter((c) => c.type === 'trucking_company'));
      Object.assign(value, {
        origin_address: o.address, origin_city: o.city, origin_country: o.country,
        destination_address: d.address, destination_city: d.city, destination_country: d.country,
        carrier_id: trucker.id, carrier_name: trucker.name, truck_plate_number: `16 ${pick(['ABC', 'KLM', 'TRX'])} ${100 + Math.floor(rand() * 899)}`,
        truck_type: pick(TRUCK_TYPES),
      });
    }
    if (type === 'partial') value.consolidation_agent_id = pick(agentRows).id;
    Object.assign(value, demoCargoData(value, transport as 'air' | 'sea' | 'land', loading === 'export', { id: companyId, ...companyById.get(companyId)! }, rand2, pick2));
    if (transport === 'sea') Object.assign(value, demoBillBoxes(value, containers, loading === 'export'));
    shipmentValues.push(value);
    containerValues.push(containers);
  }

  for (let i = 0; i < shipmentValues.length; i += 100) {
    const chunk = shipmentValues.slice(i, i + 100).map((v) => withoutMoney(v));
    const inserted = await db.insert(shipments).values(chunk.map((c) => c.row)).returning({ id: shipments.id, handler_id: shipments.handler_id, created_at: shipments.created_at, status: shipments.status });
    // The money fields as field lines (decision record 0259).
    await db.insert(charge_lines).values(inserted.flatMap((row, k) => fieldLineRows(row.id, chunk[k]!.money, row.created_at)));
    const containerRows = inserted.flatMap((row, k) => containerValues[i + k]!.map((c) => ({ ...c, shipment_id: row.id })));
    if (containerRows.length) await db.insert(shipment_containers).values(containerRows);
    await db.insert(shipment_events).values(
      inserted.flatMap((row) => [
        { shipment_id: row.id, actor_id: row.handler_id, kind: 'created' as const, changes: { status: { from: null, to: 'in_progress' } }, created_at: row.created_at },
        ...(row.status !== 'in_progress'
          ? [{ shipment_id: row.id, actor_id: row.handler_id, kind: 'status_changed' as const, changes: { status: { from: 'in_progress', to: row.status } }, created_at: new Date(Math.min(now, row.created_at.getTime() + 2 * day)) }]
          : []),
      ]),
    );
  }
  await db.insert(app_meta).values({ key: 'demo_seeded', value: { at: new Date().toISOString(), shipments: count } });
  await db.execute(sql`analyze`);
  return true;
}

/** An ISO 6346 number of an owner code: the 6-digit serial from `n`, then its check digit. */
function validContainerNumber(owner: string, n: number): string {
  const first10 = `${owner}${String(n % 1e6).padStart(6, '0')}`;
  return `${first10}${containerCheckDigit(first10)}`;
}

const ORIGIN_TERMS = new Set(['EXW', 'FCA', 'FAS', 'FOB']);

/**
 * The issue 14 fields of a demo shipment: dimension lines for most air, land and partial shipments (pallets or
 * cartons of its packages), the computed volume and weights, shipper and consignee (the customer on its side, a
 * trading partner abroad on the other), sometimes a notify party, the incoterm's named place, the HS code of the
 * cargo, and now and then dangerous goods (paint, UN1263 class 3).
 */
function demoCargoData(
  v: typeof shipments.$inferInsert,
  transport: 'air' | 'sea' | 'land',
  isExport: boolean,
  customer: { id: string; name: string; address: string | null },
  rand2: () => number,
  pick2: <T>(items: readonly T[]) => T,
): Partial<typeof shipments.$inferInsert> {
  const pieces: Piece[] = [];
  if (transport !== 'sea' && rand2() < 0.7) {
    const count = v.packages_count;
    const pallet = v.package_type === 'pallet' || v.package_type === 'crate';
    pieces.push({
      count,
      length: pallet ? 120 : 60,
      width: pallet ? 80 : 40,
      height: pallet ? 60 + Math.floor(rand2() * 12) * 10 : 30 + Math.floor(rand2() * 4) * 10,
      unit: 'cm',
      weight: round(Number(v.weight_gross) / count, 1),
    });
  }
  const m = cargoMeasures({ transport, pieces, volume: v.volume, weight_gross: v.weight_gross });
  const home = addressInTurkey(customer.address);
  // The other end of the trade is abroad for a Turkish customer, and in Turkey for a customer abroad.
  const partner = pick2(home ? DEMO_PARTNERS : DEMO_TURKISH_PARTNERS);
  const ours = { company_id: customer.id, name: customer.name, address: customer.address };
  const [shipper, consignee] = customerIsShipper(isExport, home) ? [ours, { company_id: null, ...partner }] : [{ company_id: null, ...partner }, ours];
  const place = ORIGIN_TERMS.has(String(v.incoterm)) ? v.origin_city : v.destination_city;
  const cargo = DEMO_CARGO.indexOf(v.cargo_description);
  const dangerous = rand2() < 0.05;
  return {
    pieces,
    volume: m.volume,
    weight_volumetric: m.weight_volumetric,
    weight_chargeable: m.weight_chargeable,
    volumetric_factor: m.factor === null ? null : round(m.factor, 4),
    shipper_company_id: shipper.company_id,
    shipper_name: shipper.name,
    shipper_address: shipper.address,
    consignee_company_id: consignee.company_id,
    consignee_name: consignee.name,
    consignee_address: consignee.address,
    ...(rand2() < 0.3 ? { notify_name: consignee.name, notify_address: consignee.address } : {}),
    incoterm_place: place ?? null,
    incoterm_version: '2020',
    hs_code: cargo >= 0 ? DEMO_CARGO_HS[cargo] : null,
    ...(dangerous ? { dangerous_goods: true, un_number: 'UN1263', hazard_class: '3', packing_group: 'II', tunnel_code: 'D/E' } : {}),
  };
}
