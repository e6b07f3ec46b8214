/**
 * A request's PO number, parties and weight in lb (issue 45, decision record 0280), on PGlite and PostgreSQL: they
 * are stored and read back as entered (the weight in kg beside), the parties asked for go to the company's address
 * book (one per name, case aside) and nobody else's, and an accepted quote makes them the shipment's.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { withCustomerScope } from '@server/db/customer-scope';
import { utcDay, type RequestDetail } from '@domain/requests/schema';
import { KG_PER_LB, PARTY_MESSAGES, type AddressBookEntry } from '@domain/requests/parties';
import { DEMO_ADDRESS_BOOK } from '@server/db/seed/demo-address-book';
import type { SessionUser } from '@server/http/context';

type Role = 'export' | 'customer';
let t: TestApp;
const cookies: Record<Role, string> = { export: '', customer: '' };
const inDays = (n: number) => utcDay(new Date(Date.now() + n * 86_400_000));
const call = (path: string, role: Role, body?: unknown, method?: string) => t.request(path, { cookie: cookies[role], body, method });
const AIR = { mode: 'air', direction: 'export', origin_airport: 'IST', destination_airport: 'FRA', cargo_ready_date: inDays(4), cargo_description: 'Knitwear samples' };
const BUYER = { name: 'Lindqvist Textil AB', address: 'Hamngatan 3\n411 14 Göteborg\nSweden' };
const book = async () => (await (await call('/api/address-book', 'customer')).json()) as { rows: AddressBookEntry[] };

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['export', 'customer'] as const) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
});
afterAll(async () => t?.close());

describe('a request with a PO number, parties and a weight in lb', () => {
  let id: string;

  it('is stored as entered: 1,000 lb is 453.592 kg (the international pound, 0.45359237 kg)', async () => {
    const res = await call('/api/requests', 'customer', {
      ...AIR, weight_gross: 1000, weight_unit: 'lb', volume: 2, po_number: 'PO-77-0042',
      consignee_name: BUYER.name, consignee_address: BUYER.address, notify_name: 'Nordic Customs AB', save_parties: true,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    id = ((await res.json()) as { id: string }).id;
    const { request } = (await (await call(`/api/requests/${id}`, 'customer')).json()) as { request: RequestDetail };
    expect(KG_PER_LB).toBe(0.45359237);
    expect(request).toMatchObject({
      po_number: 'PO-77-0042', weight_unit: 'lb', weight_entered: 1000, weight_gross: 453.592,
      shipper_name: null, consignee_name: BUYER.name, consignee_address: BUYER.address, notify_name: 'Nordic Customs AB', notify_address: null,
    });
    // The chargeable weight (staff) is worked out from the kilograms, not the pounds: 453.592 kg is more than 2 m³'s
    // volumetric 334 kg (1:6000), and air rounds up to the next half kilogram (IATA).
    const staff = (await (await call(`/api/requests/${id}`, 'export')).json()) as { request: RequestDetail };
    expect(staff.request.weight_chargeable).toBe(454);
  });

  it('keeps the parties in the address book, once per name, the latest first; a kg request reads as before', async () => {
    const names = (await book()).rows.map((r) => r.name);
    expect(names.slice(0, 2).sort()).toEqual([BUYER.name, 'Nordic Customs AB'].sort());
    for (const p of DEMO_ADDRESS_BOOK.own) expect(names).toContain(p.name);
    // The same buyer again, in other letters and at a new address: the entry is brought up to date, not doubled.
    const again = await call('/api/requests', 'customer', { ...AIR, weight_gross: 200, consignee_name: BUYER.name.toUpperCase(), consignee_address: 'Ny adress 1', save_parties: true });
    expect(again.status).toBe(201);
    const rows = (await book()).rows.filter((r) => r.name.toLowerCase() === BUYER.name.toLowerCase());
    expect(rows).toEqual([{ id: expect.any(String), name: BUYER.name.toUpperCase(), address: 'Ny adress 1' }]);
    const { request } = (await (await call(`/api/requests/${((await again.json()) as { id: string }).id}`, 'customer')).json()) as { request: RequestDetail };
    expect(request).toMatchObject({ weight_unit: 'kg', weight_entered: 200, weight_gross: 200, po_number: null });
    // Without "save", nothing is added.
    const before = (await book()).rows.length;
    expect((await call('/api/requests', 'customer', { ...AIR, weight_gross: 5, shipper_name: 'Not kept Ltd' })).status).toBe(201);
    expect((await book()).rows.length).toBe(before);
  });

  it('reads only the own company’s book, under row-level security too, and is the customers’ (staff 403)', async () => {
    expect((await book()).rows.map((r) => r.name)).not.toContain(DEMO_ADDRESS_BOOK.other[0]!.name);
    expect((await call('/api/address-book', 'export')).status).toBe(403);
    const companies = (await t.db.execute<{ company_id: string }>(sql`select distinct company_id from company_parties order by company_id`)).rows;
    expect(companies.length).toBeGreaterThan(1);
    const own = (await t.db.execute<{ id: string }>(sql`select id from companies where name = 'Anatolia Textiles Ltd'`)).rows[0]!.id;
    const asCustomer = { id: 'x', role: 'customer', company_id: own } as unknown as SessionUser;
    const seen = await withCustomerScope(t.db, asCustomer, async (d) => (await d.execute<{ company_id: string }>(sql`select distinct company_id from company_parties`)).rows);
    expect(seen).toEqual([{ company_id: own }]);
  });

  it('refuses a party given by its address alone, and a unit other than kg or lb, with the field named', async () => {
    const noName = await call('/api/requests', 'customer', { ...AIR, weight_gross: 10, shipper_address: 'Somewhere 1' });
    expect(noName.status).toBe(400);
    const body = (await noName.json()) as { error: { message: string; fields: Record<string, string> } };
    expect(body.error.fields.shipper_name).toBe(PARTY_MESSAGES.partyName('shipper'));
    const ton = await call('/api/requests', 'customer', { ...AIR, weight_gross: 10, weight_unit: 't' });
    expect(ton.status).toBe(400);
    expect(((await ton.json()) as { error: { fields: Record<string, string> } }).error.fields.weight_unit).toBe('Weight Unit must be one of: kg, lb');
  });

  it('books the PO number and the parties onto the shipment; the customer stays the shipper of an export named no shipper', async () => {
    const quote = { valid_until: inDays(10), transit_days: 2, lines: [{ side: 'sell', category: 'freight', code: 'FRT', quantity: '454', unit: 'kg', unit_price: '2.10', currency: 'EUR' }] };
    expect((await call(`/api/requests/${id}/quote`, 'export', quote, 'PUT')).status).toBe(200);
    expect((await call(`/api/requests/${id}/quote/send`, 'export', {})).status).toBe(200);
    const accepted = await call(`/api/requests/${id}/accept`, 'customer', {});
    expect(accepted.status, await accepted.clone().text()).toBe(201);
    const { shipment_id } = (await accepted.json()) as { shipment_id: string };
    const shipment = (await (await call(`/api/shipments/${shipment_id}`, 'customer')).json()) as Record<string, unknown>;
    expect(shipment).toMatchObject({
      po_number: 'PO-77-0042', weight_gross: 453.592,
      shipper_name: 'Anatolia Textiles Ltd', consignee_name: BUYER.name, notify_name: 'Nordic Customs AB',
    });
    expect(shipment.consignee_address).toBe(BUYER.address);
  });
});
