/**
 * The house bill of lading a carrier and a bank accept (issue 41), on PGlite and PostgreSQL: the shipment keeps the
 * bill's own boxes (freight terms, carriage before and after the ocean leg, marks, packages per container) and refuses
 * bad ones by field; the first bill printed gives the shipment its own B/L number from the letterhead's series
 * (prefix, year and month, the month's number), kept on every later version and never given twice, also when two
 * prints race; the bill prints it beside the carrier's master B/L and booking, with the place of issue, the signature
 * as carrier or agent, and the letterhead's registry number and bank (from the billing settings).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { pdfText } from '@tests/helpers/pdf-text';
import { blPeriod, type GeneratedVersion, type Letterhead } from '@domain/generated-documents/schema';
import type { ShipmentDetail } from '@domain/shipments/views-schema';
import { airBody, landBody, loadRefs, seaBody, type Refs } from '@server/features/shipments/test-fixtures';

let t: TestApp;
let refs: Refs;
let admin = '';
let exporter = '';

const call = (path: string, body?: unknown, method?: string, cookie = admin) => t.request(path, { cookie, body, method });
async function json<T>(res: Response, status: number): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

const BL = {
  freight_terms: 'prepaid',
  freight_payable_at: 'İstanbul',
  shipped_on_board_date: '2026-11-28',
  pre_carriage_by: 'Truck',
  place_of_receipt: 'Bursa',
  on_carriage_by: 'Barge',
  place_of_delivery: 'Duisburg',
  marks_and_numbers: 'BURSA / DUISBURG\nCASES 1-20',
};
const CONTAINERS = [
  { type: '40HC', number: 'CSQU3054383', carrier_seal_number: 'SEAL-1', weight: '12000', volume: '60', packages_count: '12', package_type: 'crate' },
  { type: '20DC', number: 'MSKU1234565', carrier_seal_number: 'SEAL-2', weight: '8000', volume: '30', packages_count: '8', package_type: '' },
];

const create = async (extra: Record<string, unknown> = {}) =>
  (await json<ShipmentDetail>(await call('/api/shipments', seaBody(refs, { loading_type: 'export', ...BL, containers: CONTAINERS, carrier_booking_reference: 'MAEU-BKG-77', ...extra })), 201)).id;
const print = async (id: string) => json<GeneratedVersion>(await call(`/api/shipments/${id}/generated-documents`, { kind: 'hbl' }), 201);
const detail = async (id: string) => json<ShipmentDetail>(await call(`/api/shipments/${id}`), 200);
async function textOf(v: GeneratedVersion): Promise<string> {
  const link = await json<{ url: string }>(await call(`/api/documents/${encodeURIComponent(v.document_name)}/link?disposition=attachment`), 200);
  return pdfText(new Uint8Array(await (await call(link.url)).arrayBuffer()));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@cargodesk.test');
  exporter = await t.signIn('export@cargodesk.test');
  refs = await loadRefs(t);
  await t.db.execute(sql`update billing_settings set iban = 'TR330006100519786457841326', bic = 'TCZBTR2A', bank_name = 'Ziraat Bankası' where id = 1`);
});
afterAll(async () => t?.close());

describe('the letterhead keeps the bill settings', () => {
  it('admins set the series, place of issue, registry and signature; a body without them keeps them; a bad prefix is refused by field', async () => {
    const base = { name: 'Cargodesk Lojistik A.Ş.', address: 'Atatürk Cad. 5, İstanbul', phone: '', email: '', tax_id: 'VKN 1234567890' };
    const set = { ...base, registration_number: 'MERSIS 0123456789000015', place_of_issue: 'İstanbul', bl_prefix: 'cdkist', bl_signed_as: 'carrier', bl_terms: 'FIATA FBL 2023' };
    const saved = await json<Letterhead>(await call('/api/settings/letterhead', set, 'PUT'), 200);
    expect(saved).toMatchObject({ bl_prefix: 'CDKIST', bl_signed_as: 'carrier', place_of_issue: 'İstanbul', registration_number: 'MERSIS 0123456789000015' });
    // A client written before issue 41 sends only the first five: the bill settings stay.
    const kept = await json<Letterhead>(await call('/api/settings/letterhead', { ...base, phone: '+90 212 000 00 00' }, 'PUT'), 200);
    expect(kept).toMatchObject({ phone: '+90 212 000 00 00', bl_prefix: 'CDKIST', bl_signed_as: 'carrier', bl_terms: 'FIATA FBL 2023' });

    const bad = await json<{ error: { fields: Record<string, string> } }>(await call('/api/settings/letterhead', { ...base, bl_prefix: 'CDK-IST', bl_signed_as: 'shipper' }, 'PUT'), 400);
    expect(bad.error.fields).toMatchObject({ bl_prefix: 'The B/L prefix is 2 to 10 letters or digits, such as CDKIST', bl_signed_as: 'Sign the bill as carrier or as agent' });
    expect((await call('/api/settings/letterhead', set, 'PUT', exporter)).status).toBe(403);
    expect((await json<Letterhead>(await call('/api/settings/letterhead'), 200)).bl_prefix).toBe('CDKIST');
  });
});

describe('the shipment keeps the bill’s boxes', () => {
  it('saves and answers them, with each container’s packages', async () => {
    const s = await detail(await create());
    expect(s).toMatchObject({ ...BL, shipped_on_board_date: '2026-11-28T00:00:00.000Z', house_bl_number: null });
    expect(s.containers.map((c) => [c.packages_count, c.package_type])).toEqual([[12, 'crate'], [8, null]]);
    // An edit that changes only a container's packages saves it (and names it in the history).
    const body = seaBody(refs, { loading_type: 'export', ...BL, reference_number: s.reference_number, carrier_booking_reference: 'MAEU-BKG-77' });
    const edited = CONTAINERS.map((c, i) => (i === 1 ? { ...c, packages_count: '9', package_type: 'pallet' } : c));
    expect((await call(`/api/shipments/${s.id}`, { ...body, containers: edited }, 'PUT')).status).toBe(200);
    expect((await detail(s.id)).containers.map((c) => [c.packages_count, c.package_type])).toEqual([[12, 'crate'], [9, 'pallet']]);
  });

  it('refuses bad values by field and keeps the shipment as it was', async () => {
    const id = await create();
    const body = seaBody(refs, { loading_type: 'export', ...BL, containers: CONTAINERS });
    for (const [field, value, path] of [
      ['freight_terms', 'cash', 'freight_terms'],
      ['shipped_on_board_date', 'yesterday', 'shipped_on_board_date'],
      ['marks_and_numbers', 'x'.repeat(2001), 'marks_and_numbers'],
      ['containers', [{ ...CONTAINERS[0], packages_count: '-3' }], 'containers.0.packages_count'],
      ['containers', [{ ...CONTAINERS[0], package_type: 'sack' }], 'containers.0.package_type'],
    ] as const) {
      const res = await json<{ error: { fields?: Record<string, string> } }>(await call(`/api/shipments/${id}`, { ...body, [field]: value }, 'PUT'), 400);
      expect(Object.keys(res.error.fields ?? {}), field).toContain(path);
    }
    expect(await detail(id)).toMatchObject({ freight_terms: 'prepaid', marks_and_numbers: BL.marks_and_numbers });
  });
});

describe('the house B/L number', () => {
  it('is given at the first bill printed, kept on the next versions, counted up per shipment in the month', async () => {
    const period = blPeriod(new Date());
    const first = await create({ customer_reference: 'MAEU123456789' });
    const v1 = await print(first);
    const number = (await detail(first)).house_bl_number!;
    expect(number).toMatch(new RegExp(`^CDKIST${period}\\d{6}$`));
    const text = await textOf(v1);
    for (const value of [
      `B/L No. ${number}`, 'Master B/L No. MAEU123456789', 'Carrier booking No. MAEU-BKG-77', 'Pre-carriage by Truck', 'Place of receipt Bursa',
      'On-carriage by Barge', 'Place of delivery Duisburg', 'Freight prepaid', 'Freight payable at İstanbul', 'BURSA / DUISBURG', '12 crates',
      'Shipped on board 28 Nov 2026', 'Place and date of issue İstanbul,', 'Cargodesk Lojistik A.Ş. as carrier', 'FIATA FBL 2023',
      'Reg. No. MERSIS 0123456789000015', 'IBAN TR33 0006 1005 1978 6457 8413 26', 'BIC TCZBTR2A',
    ]) expect(text, value).toContain(value);

    await print(first);
    expect((await detail(first)).house_bl_number).toBe(number);
    const second = await create();
    await print(second);
    expect(Number((await detail(second)).house_bl_number!.slice(-6))).toBe(Number(number.slice(-6)) + 1);
  });

  it('two first prints at once give the shipment one number, printed on both', async () => {
    const id = await create();
    const [a, b] = await Promise.all([print(id), print(id)]);
    const number = (await detail(id)).house_bl_number!;
    expect(await textOf(a)).toContain(`B/L No. ${number}`);
    expect(await textOf(b)).toContain(`B/L No. ${number}`);
    const taken = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from shipments where house_bl_number = ${number}`)).rows[0]!.n;
    expect(taken).toBe(1);
  });

  it('is read-only: a body that sends one does not set it', async () => {
    const id = await create({ house_bl_number: 'FORGED000001' });
    expect((await detail(id)).house_bl_number).toBeNull();
  });
});

describe('the house air waybill (IATA boxes)', () => {
  it('prints the account numbers, the agent\'s IATA code, the value declared for carriage, the rating and the totals; refuses a negative value', async () => {
    await json<Letterhead>(
      await call('/api/settings/letterhead', { name: 'Cargodesk Lojistik A.Ş.', address: 'İstanbul', phone: '', email: '', tax_id: '', iata_agent_code: '34-4 7890/1234', iata_account: 'CDK-IST-01' }, 'PUT'),
      200,
    );
    const body = airBody(refs, {
      loading_type: 'export', weight_gross: '120', pieces: [{ count: '2', length: '120', width: '80', height: '100' }], freight_terms: 'collect',
      shipper_account_number: 'SHP-1', consignee_account_number: 'CNE-2', declared_value_carriage: '5000', cargo_value: '12000', cargo_value_currency: 'EUR',
    });
    expect((await call('/api/shipments', { ...body, declared_value_carriage: '-1' })).status).toBe(400);
    const id = (await json<ShipmentDetail>(await call('/api/shipments', body), 201)).id;
    expect(await detail(id)).toMatchObject({ shipper_account_number: 'SHP-1', consignee_account_number: 'CNE-2', declared_value_carriage: 5000, freight_terms: 'collect' });
    const v = await json<GeneratedVersion>(await call(`/api/shipments/${id}/generated-documents`, { kind: 'hawb' }), 201);
    const text = await textOf(v);
    for (const value of [
      "Shipper's account No. SHP-1", "Consignee's account No. CNE-2", "Agent's IATA code 34-4 7890/1234", 'Account No. CDK-IST-01', 'CHGS code CC',
      'Declared value for carriage 5,000.00 EUR', 'Declared value for customs 12,000.00 EUR', 'At (place) İstanbul',
    ]) expect(text, value).toContain(value);
  });
});

describe('onward flights and the commodity item (the air waybill\'s routing and rating, migrations 0053-0054)', () => {
  const ONWARD = [
    { airport: 'vie', carrier: 'os', flight_number: 'OS128', departure_date: '2026-12-04' },
    { airport: 'MUC', carrier: 'LH', flight_number: '', departure_date: '' },
  ];

  it('keeps them in upper case, prints them in the routing boxes and the flights, records the change; a sea shipment keeps none', async () => {
    const body = airBody(refs, { loading_type: 'export', estimated_departure: '2026-12-03T22:15:00.000Z', estimated_arrival: '2026-12-05T10:00:00.000Z', onward_flights: ONWARD });
    const id = (await json<ShipmentDetail>(await call('/api/shipments', body), 201)).id;
    expect((await detail(id)).onward_flights).toEqual([
      { airport: 'VIE', carrier: 'OS', flight_number: 'OS128', departure_date: '2026-12-04' },
      { airport: 'MUC', carrier: 'LH', flight_number: null, departure_date: null },
    ]);
    const text = await textOf(await json<GeneratedVersion>(await call(`/api/shipments/${id}/generated-documents`, { kind: 'hawb' }), 201));
    for (const value of ['To VIE', 'to MUC', 'by OS', 'to FRA', 'by LH', 'Flight/Date TK1590/03 OS128/04']) expect(text, value).toContain(value);
    await json(await call(`/api/shipments/${id}`, { ...body, onward_flights: ONWARD.slice(0, 1) }, 'PUT'), 200);
    const events = await json<{ rows: { changes: Record<string, { from: unknown; to: unknown }> }[] }>(await call(`/api/shipments/${id}/events`), 200);
    expect(events.rows.find((e) => 'onward_flights' in e.changes)?.changes.onward_flights).toEqual({
      from: [expect.objectContaining({ airport: 'VIE' }), expect.objectContaining({ airport: 'MUC' })],
      to: [expect.objectContaining({ airport: 'VIE' })],
    });
    const sea = await create({ onward_flights: ONWARD });
    expect((await detail(sea)).onward_flights).toEqual([]);
  });

  it('refuses bad airports and airlines, a transfer through the destination, a fourth carrier and a bad commodity item, by field; keeps the shipment', async () => {
    const body = airBody(refs, { loading_type: 'export', onward_flights: ONWARD.slice(0, 1) });
    const id = (await json<ShipmentDetail>(await call('/api/shipments', body), 201)).id;
    for (const [flights, path, message] of [
      [[{ ...ONWARD[0], airport: 'VIEN' }], 'onward_flights.0.airport', 'Transfer Airport must be a 3-letter IATA code, like FRA'],
      [[{ ...ONWARD[0], carrier: '12' }], 'onward_flights.0.carrier', 'Onward Carrier must be a 2-character IATA airline code, like LH'],
      [[{ ...ONWARD[0], departure_date: '2026-13-01' }], 'onward_flights.0.departure_date', 'Onward Flight Date must be a date (YYYY-MM-DD)'],
      [[ONWARD[0], { ...ONWARD[1], airport: 'FRA' }], 'onward_flights.1.airport', 'A transfer airport must differ from the origin, the destination and the other transfers'],
      [[...ONWARD, { airport: 'WAW', carrier: 'LO' }], 'onward_flights', 'At most 2 onward flights (the air waybill has room for three carriers)'],
      ['IST', 'onward_flights', 'Onward Flights must be a list'],
    ] as const) {
      const res = await json<{ error: { fields?: Record<string, string> } }>(await call(`/api/shipments/${id}`, { ...body, onward_flights: flights }, 'PUT'), 400);
      expect(res.error.fields?.[path], path).toBe(message);
    }
    const item = await json<{ error: { fields?: Record<string, string> } }>(await call(`/api/shipments/${id}`, { ...body, commodity_item_number: '21A9' }, 'PUT'), 400);
    expect(item.error.fields?.commodity_item_number).toBe('Commodity Item Number must be 4 digits, like 2199');
    expect((await detail(id)).onward_flights).toEqual([expect.objectContaining({ airport: 'VIE', carrier: 'OS' })]);
    await json(await call(`/api/shipments/${id}`, { ...body, commodity_item_number: ' 2199 ' }, 'PUT'), 200);
    expect((await detail(id)).commodity_item_number).toBe('2199');
  });
});

describe('the CMR consignment note (the convention\'s boxes)', () => {
  it('box 16 is the road carrier, box 5 the documents received, 13-15, 19-21 and the trailer from the shipment', async () => {
    const body = landBody(refs, {
      loading_type: 'export', freight_terms: 'prepaid', sender_instructions: 'T1 at Kapıkule', cash_on_delivery: '1250.5', cash_on_delivery_currency: 'EUR',
      special_agreements: 'No transhipment', trailer_plate_number: '16 TR 042', truck_plate_number: '16 ABC 123',
    });
    expect((await call('/api/shipments', { ...body, cash_on_delivery: 'lots' })).status).toBe(400);
    const id = (await json<ShipmentDetail>(await call('/api/shipments', body), 201)).id;
    // A new shipment gets its checklist from the template; the first document is received.
    await t.db.execute(sql`update shipment_checklist_items set received_at = now() where shipment_id = ${id} and position = 1`);
    const names = (await t.db.execute<{ name: string }>(sql`select name from shipment_checklist_items where shipment_id = ${id} order by position`)).rows.map((r) => r.name);
    expect(names.length).toBeGreaterThan(1);
    const v = await json<GeneratedVersion>(await call(`/api/shipments/${id}/generated-documents`, { kind: 'cmr' }), 201);
    const text = await textOf(v);
    for (const value of [
      `5 Documents attached ${names[0]}`, '16 Carrier (name, address, country) Ekol Logistics', 'T1 at Kapıkule', 'Carriage paid', '1,250.50 EUR',
      'No transhipment', '20 To be paid by (sender / consignee) Sender', '21 Established in (place) on (date) İstanbul,', 'Trailer plate: 16 TR 042',
    ]) expect(text, value).toContain(value);
    expect(text).not.toContain(`Documents attached ${names[0]} ${names[1]}`);
    expect(text).not.toMatch(/16 Carrier \(name, address, country\) Cargodesk/);
  });
});

describe('the booking confirmation, arrival notice and ADR entry (migration 0052)', () => {
  const ARRIVAL = {
    documents_cutoff: '2026-12-01T12:00:00.000Z', vgm_cutoff: '2026-12-02T10:00:00.000Z', port_cutoff: '2026-12-03T16:00:00.000Z',
    empty_pickup_depot: 'Bursa empty depot', full_return_depot: 'Gemlik terminal', pickup_terminal: 'Hamburg CTA', free_time_days: '5',
    release_conditions: 'Telex release and local charges paid', estimated_arrival: '2026-12-20T08:00:00.000Z',
  };
  const withFreeDays = CONTAINERS.map((c, i) => (i === 1 ? { ...c, free_days: '3' } : c));

  it('keeps the fields, prints the cut-offs and depots, the terminal, release and each container’s last free day', async () => {
    const id = await create({ ...ARRIVAL, containers: withFreeDays });
    const s = await detail(id);
    expect(s).toMatchObject({ ...ARRIVAL, free_time_days: 5 });
    expect(s.containers.map((c) => c.free_days)).toEqual([null, 3]);
    const booking = await textOf(await json<GeneratedVersion>(await call(`/api/shipments/${id}/generated-documents`, { kind: 'booking_confirmation' }), 201));
    for (const value of ['Documents cut-off 1 Dec 2026, 12:00 UTC', 'VGM cut-off 2 Dec 2026, 10:00 UTC', 'Port / CY cut-off 3 Dec 2026, 16:00 UTC', 'Empty pick-up depot Bursa empty depot', 'Full return to Gemlik terminal']) {
      expect(booking, value).toContain(value);
    }
    // The arrival notice is an import's paper.
    const imported = await json<ShipmentDetail>(await call('/api/shipments', seaBody(refs, { loading_type: 'import', ...BL, ...ARRIVAL, containers: withFreeDays })), 201);
    const notice = await textOf(await json<GeneratedVersion>(await call(`/api/shipments/${imported.id}/generated-documents`, { kind: 'arrival_notice' }), 201));
    // Arrival 20 Dec: 5 free days end on 24 Dec, the second container's own 3 on 22 Dec.
    for (const value of ['Pick-up terminal or CFS Hamburg CTA', 'Free time 5 days from arrival', 'Freight Freight prepaid, payable at İstanbul', 'Release conditions Telex release and local charges paid', '5 24 Dec 2026', '3 22 Dec 2026']) {
      expect(notice, value).toContain(value);
    }
  });

  it('refuses bad values by field and keeps the shipment as it was', async () => {
    const id = await create(ARRIVAL);
    const body = seaBody(refs, { loading_type: 'export', ...BL, ...ARRIVAL, containers: CONTAINERS });
    for (const [field, value, path] of [
      ['free_time_days', '-1', 'free_time_days'],
      ['free_time_days', '366', 'free_time_days'],
      ['documents_cutoff', 'soon', 'documents_cutoff'],
      ['packing_group', 'IV', 'packing_group'],
      ['tunnel_code', 'Z', 'tunnel_code'],
      ['containers', [{ ...CONTAINERS[0], free_days: 'many' }], 'containers.0.free_days'],
    ] as const) {
      const res = await json<{ error: { fields?: Record<string, string> } }>(await call(`/api/shipments/${id}`, { ...body, [field]: value }, 'PUT'), 400);
      expect(Object.keys(res.error.fields ?? {}), field).toContain(path);
    }
    expect(await detail(id)).toMatchObject({ free_time_days: 5, documents_cutoff: ARRIVAL.documents_cutoff });
  });

  it('the CMR writes the ADR entry: UN number, proper shipping name, class, packing group, tunnel code', async () => {
    const body = landBody(refs, { loading_type: 'export', cargo_description: 'Paint', dangerous_goods: true, un_number: 'un 1263', hazard_class: '3', packing_group: 'III', tunnel_code: 'D/E' });
    const id = (await json<ShipmentDetail>(await call('/api/shipments', body), 201)).id;
    const text = await textOf(await json<GeneratedVersion>(await call(`/api/shipments/${id}/generated-documents`, { kind: 'cmr' }), 201));
    expect(text).toContain('Dangerous goods (ADR): UN 1263 PAINT, 3, III, (D/E)');
  });
});
