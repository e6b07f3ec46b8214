import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { containerCheckDigit, mawbCheckDigit } from '@domain/cargo/trade-numbers';
import { airBody, loadRefs, seaBody, type Refs } from '@server/features/shipments/test-fixtures';

// Issue 21: one search for every number. Staff and customers find a shipment by its reference, BL number, any
// container number, MAWB, HAWB, voyage, carrier booking reference (issue 37), vessel, company and places, typed with
// or without spaces and dashes, in any case; each row says what it was found by. Runs on PGlite and PostgreSQL (scripts/test-api.mjs).

let t: TestApp;
let refs: Refs;
let admin: string;
let customer: string;

type Row = { id: string; reference_number: string; company_name: string; search_match: { field: string; value: string } | null };
async function search(q: string, cookie = admin, extra = ''): Promise<{ rows: Row[]; total: number }> {
  const res = await t.request(`/api/shipments?q=${encodeURIComponent(q)}&pageSize=100${extra}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { rows: Row[]; total: number };
}
const ids = (p: { rows: Row[] }) => p.rows.map((r) => r.id);

/** A valid container number no other row has: 'ZQXU' + 6 random digits + its ISO 6346 check digit. */
function uniqueContainer(owner = 'ZQXU'): string {
  const serial = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  return `${owner}${serial}${containerCheckDigit(`${owner}${serial}`)}`;
}
/** A valid air waybill of Turkish Airlines (235) no other row has. */
function uniqueMawb(): string {
  const serial = String(1_000_000 + Math.floor(Math.random() * 8_999_999));
  return `235-${serial}${mawbCheckDigit(serial)}`;
}

async function create(body: Record<string, unknown>): Promise<{ id: string; reference_number: string }> {
  const res = await t.request('/api/shipments', { body: { loading_type: 'export', ...body }, cookie: admin });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; reference_number: string };
}

let sea: { id: string; reference_number: string };
let air: { id: string; reference_number: string };
const second = uniqueContainer();
const mawb = uniqueMawb();
const vessel = `Zyxwar Bellatrix ${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await createTestApp();
  refs = await loadRefs(t);
  admin = await t.signIn('admin@cargodesk.test');
  customer = await t.signIn('customer@cargodesk.test');
  sea = await create(
    seaBody(refs, {
      vessel_name: vessel,
      voyage_number: 'ZV-448 W',
      containers: [
        { type: '40HC', number: uniqueContainer(), carrier_seal_number: 'SL-1' },
        { type: '20DC', number: second, carrier_seal_number: 'SL-2' },
      ],
    }),
  );
  air = await create(airBody(refs, { mawb_number: mawb, hawb_number: 'HZQ/2611-77' }));
});
afterAll(async () => t?.close());

describe('one search for every number', () => {
  it('finds a shipment by its second container number, typed any way, and says so', async () => {
    const spaced = `${second.slice(0, 4).toLowerCase()} ${second.slice(4, 10)}-${second.slice(10)}`; // 'zqxu 123456-7'
    for (const q of [second, spaced, second.toLowerCase(), second.slice(2, 9)]) {
      const found = await search(q);
      expect(ids(found), q).toEqual([sea.id]);
      expect(found.rows[0]!.search_match, q).toEqual({ field: 'Container', value: second });
    }
  });

  it('finds an air waybill with or without its dash and spaces, and a house bill with its punctuation left out', async () => {
    const digits = mawb.replace('-', '');
    for (const q of [mawb, digits, `${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7)}`]) {
      const found = await search(q);
      expect(ids(found), q).toEqual([air.id]);
      expect(found.rows[0]!.search_match).toEqual({ field: 'MAWB', value: mawb });
    }
    const house = await search('hzq 2611 77');
    expect(ids(house)).toEqual([air.id]);
    expect(house.rows[0]!.search_match).toEqual({ field: 'HAWB', value: 'HZQ/2611-77' });
  });

  it('finds by voyage, vessel, reference without its dashes, and says which', async () => {
    expect((await search('zv448w')).rows.map((r) => [r.id, r.search_match?.field])).toEqual([[sea.id, 'Voyage']]);
    const byVessel = await search(vessel.toUpperCase());
    expect(byVessel.rows.map((r) => [r.id, r.search_match])).toEqual([[sea.id, { field: 'Vessel', value: vessel }]]);
    const compactRef = sea.reference_number.replace(/-/g, '');
    expect(ids(await search(compactRef))).toEqual([sea.id]);
  });

  it("finds by company name and by a place; every row says why it was found", async () => {
    const company = await search('anatolia textiles', admin, '&type=sea');
    expect(company.total).toBeGreaterThan(0);
    expect(ids(company)).toContain(sea.id);
    const rotterdam = await search('rotterdam');
    expect(rotterdam.total).toBeGreaterThan(0);
    for (const row of [...company.rows, ...rotterdam.rows]) expect(row.search_match, row.reference_number).not.toBeNull();
    // The port's city is filled from the port on save, so the city (listed before the port) is what it was found by.
    expect(rotterdam.rows.find((r) => r.id === sea.id)?.search_match).toEqual({ field: 'Destination', value: 'Rotterdam' });
  });

  it('counts exactly what it finds', async () => {
    const found = await search('rotterdam');
    const direct = await t.db.execute<{ n: number }>(sql`
      select count(distinct s.id)::int as n from shipments s
      where s.destination_port ilike '%rotterdam%' or s.origin_port ilike '%rotterdam%' or s.origin_city ilike '%rotterdam%'
        or s.destination_city ilike '%rotterdam%' or s.vessel_name ilike '%rotterdam%' or s.cargo_description ilike '%rotterdam%'
        or s.reference_number ilike '%rotterdam%' or s.company_id in (select id from companies where name ilike '%rotterdam%')`);
    expect(found.total).toBe(direct.rows[0]!.n);
  });

  it("lets a customer find their own shipment by container, never another company's with the same number", async () => {
    const other = await create(
      seaBody(refs, { company_id: refs.rhein, containers: [{ type: '20DC', number: second, carrier_seal_number: 'SL-9' }], reference_number: `OTHER-${Date.now().toString(36)}` }),
    );
    expect(ids(await search(second)).sort()).toEqual([sea.id, other.id].sort());
    const own = await search(second.toLowerCase(), customer);
    expect(ids(own)).toEqual([sea.id]);
    expect(own.total).toBe(1);
    const csv = await t.request(`/api/shipments.csv?q=${encodeURIComponent(second)}`, { cookie: customer });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain(sea.reference_number);
    expect(text).not.toContain(other.reference_number);
  });

  it('finds a shipment by its carrier booking reference, typed any way, for staff and the customer within their company', async () => {
    const booking = `ZQB${Date.now().toString(36).toUpperCase()}`;
    const own = await create(seaBody(refs, { carrier_booking_reference: booking }));
    const other = await create(seaBody(refs, { company_id: refs.rhein, carrier_booking_reference: `${booking}9`, reference_number: `OTHERB-${Date.now().toString(36)}` }));
    const typed = `${booking.slice(0, 3).toLowerCase()} ${booking.slice(3)}`;
    for (const q of [booking, typed]) {
      const staff = await search(q);
      expect(ids(staff).sort(), q).toEqual([own.id, other.id].sort());
      expect(staff.rows.find((r) => r.id === own.id)?.search_match, q).toEqual({ field: 'Carrier Booking Reference', value: booking });
      const theirs = await search(q, customer);
      expect(ids(theirs), q).toEqual([own.id]);
      expect(theirs.rows[0]!.search_match).toEqual({ field: 'Carrier Booking Reference', value: booking });
    }
  });

  it('a search of punctuation only looks in the texts, and nothing breaks', async () => {
    for (const q of ['-', ' / ', '%', '_']) {
      const found = await search(q);
      for (const row of found.rows) expect(row.search_match, `${q} -> ${row.reference_number}`).not.toBeNull();
    }
  });
});
