/**
 * Rate cards and the lookup (issue 40, decision record 0268), on PGlite and PostgreSQL: the worked examples
 * entered as cards and priced through `POST /api/rates/lookup` (air with weight breaks, the next break and the minimum;
 * FCL converted at the ECB's rate of 26 April 2023); validity days included; overlapping cards refused unless their
 * priorities differ, and the higher one prices; bad cards refused by field with nothing written. Who may call what
 * is in the authorization matrix (src/server/app-tests/authz-matrix.rates.cases.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { RATE_MESSAGES, ZONE_MESSAGES, nextValidity, type IndicativePrice, type RateCard, type RateLookup, type RateZone } from '@domain/rates/schema';
import { ECB_DAILY_2023_04_26 } from '@domain/money/test-fixtures';

let t: TestApp;
let admin: string;
let handler: string;
let customer: string;
let carrierId: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, handler, customer] = await Promise.all([t.signIn('admin@cargodesk.test'), t.signIn('export@cargodesk.test'), t.signIn('customer@cargodesk.test')]);
  carrierId = (await t.db.execute<{ id: string }>(sql`select id from carriers order by name limit 1`)).rows[0]!.id;
  const ecb = await t.request('/api/exchange-rates/ecb', { cookie: admin, body: ECB_DAILY_2023_04_26, headers: { 'content-type': 'application/xml' } });
  expect(ecb.status).toBe(200);
});
afterAll(async () => t?.close());

const AIR = {
  side: 'buy', mode: 'air', origin: 'ADB', destination: 'FRA', currency: 'EUR', valid_from: '2026-01-01', valid_to: '2026-01-31',
  freight: {
    basis: 'per_kg', minimum: '75.00',
    breaks: [{ from: '0', rate: '4.10' }, { from: '45', rate: '3.20' }, { from: '100', rate: '2.60' }, { from: '300', rate: '2.10' }, { from: '500', rate: '1.85' }, { from: '1000', rate: '1.60' }],
  },
  surcharges: [{ code: 'FSC', basis: 'per_kg', amount: '0.85' }, { code: 'SSC', basis: 'per_kg', amount: '0.15' }],
};
const add = async (card: Record<string, unknown>, cookie = handler) => t.request('/api/rate-cards', { cookie, body: card });
const lookup = async (body: Record<string, unknown>, cookie = handler) => {
  const res = await t.request('/api/rates/lookup', { cookie, body });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as RateLookup;
};
const cardCount = async () => Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from rate_cards`)).rows[0]!.n);

describe('the worked examples', () => {
  let air: RateCard;
  beforeAll(async () => {
    const res = await add({ ...AIR, carrier_id: carrierId });
    expect(res.status, await res.clone().text()).toBe(201);
    air = (await res.json()) as RateCard;
  });

  it('stores the card as given, with its carrier named, and audits it', async () => {
    expect(air).toMatchObject({ side: 'buy', mode: 'air', origin: 'ADB', destination: 'FRA', priority: 0, carrier_id: carrierId, equipment: null, company_id: null });
    expect(air.carrier_name).toBeTruthy();
    expect(air.freight.breaks).toHaveLength(6);
    const got = await t.request(`/api/rate-cards/${air.id}`, { cookie: admin });
    expect(await got.json()).toEqual(air);
    const audit = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'money.rate_card_added' and details->>'rate_card_id' = ${air.id}`);
    expect(audit.rows[0]!.n).toBe(1);
  });

  it('prices 480 kg at 925.00 + 408.00 + 72.00 = 1,405.00 EUR; 44 kg at 144.00; 20 kg at 82.00', async () => {
    const q = { mode: 'air', origin: 'ADB', destination: 'FRA', date: '2026-01-15' };
    const at480 = await lookup({ ...q, chargeable_weight: '480' });
    expect(at480.rates).toEqual([
      {
        card_id: air.id, side: 'buy', carrier_id: carrierId, carrier_name: air.carrier_name, company_id: null, company_name: null, equipment: null, currency: 'EUR', card_currency: 'EUR', card_total: '1405.00', rate_date: null,
        lines: [{ code: 'FRT', amount: '925.00' }, { code: 'FSC', amount: '408.00' }, { code: 'SSC', amount: '72.00' }], total: '1405.00',
      },
    ]);
    expect((await lookup({ ...q, chargeable_weight: '44' })).rates[0]!.lines[0]).toEqual({ code: 'FRT', amount: '144.00' });
    expect((await lookup({ ...q, chargeable_weight: '20' })).rates[0]!.lines[0]).toEqual({ code: 'FRT', amount: '82.00' });
  });

  it('a card valid 2026-01-01 to 2026-01-31 prices on the 31st, not on 1 February (expired) nor in December (not yet valid)', async () => {
    const q = { mode: 'air', origin: 'ADB', destination: 'FRA', chargeable_weight: '100' };
    expect((await lookup({ ...q, date: '2026-01-31' })).rates.map((r) => r.card_id)).toEqual([air.id]);
    expect(await lookup({ ...q, date: '2026-02-01' })).toEqual({ rates: [], unmatched: [{ card_id: air.id, reason: 'expired' }] });
    expect(await lookup({ ...q, date: '2025-12-31' })).toEqual({ rates: [], unmatched: [{ card_id: air.id, reason: 'not_yet_valid' }] });
  });

  it('FCL 40HC: 1,850 + BAF 420 + CAF 3% = 2,325.50 USD, and 2,120.84 EUR at the ECB rate of 26 April 2023', async () => {
    const fcl = {
      side: 'buy', mode: 'sea_fcl', origin: 'TRMER', destination: 'NLRTM', equipment: '40HC', currency: 'USD', valid_from: '2023-04-01', valid_to: '2023-04-30',
      freight: { basis: 'per_container', breaks: [{ from: '0', rate: '1850' }] },
      surcharges: [{ code: 'BAF', basis: 'per_container', amount: '420' }, { code: 'CAF', basis: 'percent_of_freight', amount: '3' }],
    };
    const res = await add(fcl);
    expect(res.status, await res.clone().text()).toBe(201);
    const q = { mode: 'sea_fcl', origin: 'TRMER', destination: 'NLRTM', date: '2023-04-26', containers: [{ type: '40HC', count: 1 }] };
    const usd = await lookup(q);
    expect(usd.rates[0]).toMatchObject({ lines: [{ code: 'FRT', amount: '1850.00' }, { code: 'BAF', amount: '420.00' }, { code: 'CAF', amount: '55.50' }], total: '2325.50', currency: 'USD' });
    const eur = await lookup({ ...q, currency: 'EUR' });
    expect(eur.rates[0]).toMatchObject({ total: '2120.84', currency: 'EUR', card_total: '2325.50', card_currency: 'USD', rate_date: '2023-04-26' });
    // The converted lines add up to the converted total.
    expect(eur.rates[0]!.lines.reduce((a, l) => a + Math.round(Number(l.amount) * 100), 0)).toBe(212084);
    // A 20GP shipment does not match a 40HC card.
    expect(await lookup({ ...q, containers: [{ type: '20GP', count: 2 }] })).toEqual({ rates: [], unmatched: [{ card_id: usd.rates[0]!.card_id, reason: 'equipment' }] });
  });
});

describe('the demo cards', () => {
  it("price today's 480 kg IST-FRA at the issue's 1,405.00 EUR (bought) and a 40HC TRIST-DEHAM at 2,325.50 USD", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const air = await lookup({ mode: 'air', origin: 'IST', destination: 'FRA', date: today, chargeable_weight: '480' });
    expect(air.rates.map((r) => [r.side, r.total])).toEqual([['buy', '1405.00'], ['sell', '1666.80']]);
    const sea = await lookup({ mode: 'sea_fcl', origin: 'TRIST', destination: 'DEHAM', date: today, containers: [{ type: '40HC', count: 1 }] });
    expect(sea.rates.map((r) => [r.side, r.total])).toEqual([['buy', '2325.50'], ['sell', '2819.50']]);
  });
});

describe('overlapping cards and priorities', () => {
  const lane = { ...AIR, origin: 'ESB', destination: 'AMS', side: 'sell' };

  it('refuses a second card of the same kind and days with the same priority; takes it with a higher one, which then prices', async () => {
    const first = await add(lane);
    expect(first.status).toBe(201);
    const before = await cardCount();
    const same = await add({ ...lane, valid_from: '2026-01-20', valid_to: '2026-02-10' });
    expect(same.status).toBe(409);
    expect(await same.json()).toMatchObject({ error: { message: RATE_MESSAGES.overlap } });
    expect(await cardCount()).toBe(before);
    const cheaper = { ...lane, valid_from: '2026-01-20', valid_to: '2026-02-10', priority: 10, freight: { basis: 'per_kg', minimum: '50.00', breaks: [{ from: '0', rate: '2.00' }] }, surcharges: [] };
    const promo = await add(cheaper);
    expect(promo.status).toBe(201);
    const promoId = ((await promo.json()) as RateCard).id;
    const firstId = ((await first.json()) as RateCard).id;
    const q = { mode: 'air', origin: 'ESB', destination: 'AMS', chargeable_weight: '100' };
    const inBoth = await lookup({ ...q, date: '2026-01-25' });
    expect(inBoth.rates.map((r) => [r.card_id, r.total])).toEqual([[promoId, '200.00']]);
    expect(inBoth.unmatched).toEqual([{ card_id: firstId, reason: 'superseded' }]);
    expect((await lookup({ ...q, date: '2026-01-10' })).rates.map((r) => r.card_id)).toEqual([firstId]);
  });

  it('copies a card to new days (its next month by default on the page): the same prices; an overlapping copy is refused', async () => {
    const [card] = ((await (await t.request('/api/rate-cards?origin=ESB&destination=AMS&valid_on=2026-01-10', { cookie: handler })).json()) as { rows: RateCard[] }).rows;
    expect(nextValidity(card!)).toEqual({ valid_from: '2026-02-01', valid_to: '2026-03-03' });
    const copy = await t.request(`/api/rate-cards/${card!.id}/copy`, { cookie: handler, body: { valid_from: '2026-03-01', valid_to: '2026-03-31' } });
    expect(copy.status, await copy.clone().text()).toBe(201);
    const made = (await copy.json()) as RateCard;
    expect(made).toMatchObject({ origin: 'ESB', destination: 'AMS', side: 'sell', valid_from: '2026-03-01', valid_to: '2026-03-31', priority: 0, freight: card!.freight, surcharges: card!.surcharges });
    expect(made.id).not.toBe(card!.id);
    const audit = await t.db.execute<{ copy_of: string }>(sql`select details->>'copy_of' as copy_of from audit_log where action = 'money.rate_card_added' and details->>'rate_card_id' = ${made.id}`);
    expect(audit.rows[0]!.copy_of).toBe(card!.id);
    const again = await t.request(`/api/rate-cards/${card!.id}/copy`, { cookie: handler, body: { valid_from: '2026-03-15', valid_to: '2026-04-15' } });
    expect(again.status).toBe(409);
    const backwards = await t.request(`/api/rate-cards/${card!.id}/copy`, { cookie: handler, body: { valid_from: '2026-05-15', valid_to: '2026-04-15' } });
    expect(backwards.status).toBe(400);
    expect(await backwards.json()).toMatchObject({ error: { fields: { valid_to: RATE_MESSAGES.validTo } } });
    await t.request(`/api/rate-cards/${made.id}`, { cookie: handler, method: 'DELETE' });
  });

  it('lists cards by lane, side and validity, and removes one (audited)', async () => {
    const list = await t.request('/api/rate-cards?origin=esb&destination=AMS&valid_on=2026-02-05', { cookie: handler });
    const page = (await list.json()) as { rows: RateCard[]; total: number };
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({ origin: 'ESB', destination: 'AMS', priority: 10 });
    const removed = await t.request(`/api/rate-cards/${page.rows[0]!.id}`, { cookie: handler, method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect((await t.request(`/api/rate-cards/${page.rows[0]!.id}`, { cookie: handler })).status).toBe(404);
  });
});

describe('bad cards', () => {
  it('names each problem by its field and writes nothing', async () => {
    const before = await cardCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...AIR, freight: { ...AIR.freight, breaks: [{ from: '0', rate: '4.10' }, { from: '100', rate: '2.60' }, { from: '45', rate: '3.20' }] } }, 'freight.breaks.2.from', RATE_MESSAGES.breakOrder],
      [{ ...AIR, freight: { ...AIR.freight, breaks: [{ from: '0', rate: '-4.10' }] } }, 'freight.breaks.0.rate', RATE_MESSAGES.amount],
      [{ ...AIR, origin: 'ISTX' }, 'origin', RATE_MESSAGES.airport],
      [{ ...AIR, valid_to: '2025-12-31' }, 'valid_to', RATE_MESSAGES.validTo],
      [{ ...AIR, mode: 'sea_fcl', origin: 'TRIST', destination: 'DEHAM' }, 'equipment', RATE_MESSAGES.equipmentRequired],
      [{ ...AIR, company_id: carrierId }, 'company_id', RATE_MESSAGES.companyOnlySell],
    ];
    for (const [card, field, message] of cases) {
      const res = await add(card);
      expect(res.status, field).toBe(400);
      const body = (await res.json()) as { error: { fields?: Record<string, string> } };
      expect(body.error.fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect(await cardCount()).toBe(before);
  });

  it('customers reach neither the cards nor the lookup', async () => {
    expect((await t.request('/api/rate-cards', { cookie: customer })).status).toBe(403);
    expect((await t.request('/api/rates/lookup', { cookie: customer, body: { mode: 'air', origin: 'ADB', destination: 'FRA', date: '2026-01-15', chargeable_weight: '10' } })).status).toBe(403);
  });
});

describe('pieces, the next-break setting and the indicative price', () => {
  const settings = async (patch: Record<string, unknown>) => {
    const current = (await (await t.request('/api/settings/billing', { cookie: admin })).json()) as Record<string, unknown>;
    const res = await t.request('/api/settings/billing', { cookie: admin, method: 'PUT', body: { ...current, ...patch } });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const PIECES = [{ count: 3, length: 120, width: 80, height: 100, unit: 'cm', weight: 150 }];

  it('prices the pieces as the cargo data computes them: 3 of 120 x 80 x 100 cm, 450 kg = 480 kg chargeable', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const q = { mode: 'air', origin: 'IST', destination: 'FRA', date: today };
    const byPieces = await lookup({ ...q, pieces: PIECES, weight_gross: '450' });
    expect(byPieces.rates.map((r) => [r.side, r.total])).toEqual([['buy', '1405.00'], ['sell', '1666.80']]);
    // Without the gross weight, the pieces' own weights (3 x 150 kg) are the gross.
    expect((await lookup({ ...q, pieces: PIECES })).rates[0]!.total).toBe('1405.00');
  });

  it('with the next-break setting off, 480 kg is priced at the +300 rate: 1,008.00', async () => {
    await settings({ rates_next_break: false });
    const today = new Date().toISOString().slice(0, 10);
    const off = await lookup({ mode: 'air', origin: 'IST', destination: 'FRA', date: today, chargeable_weight: '480' });
    expect(off.rates.find((r) => r.side === 'buy')!.lines[0]).toEqual({ code: 'FRT', amount: '1008.00' });
    await settings({ rates_next_break: true });
    // A client that leaves the setting out keeps it.
    const current = (await (await t.request('/api/settings/billing', { cookie: admin })).json()) as Record<string, unknown>;
    const { rates_next_break: _a, rates_indicative_price: _b, ...rest } = current;
    expect((await t.request('/api/settings/billing', { cookie: admin, method: 'PUT', body: rest })).status).toBe(200);
    expect(((await (await t.request('/api/settings/billing', { cookie: admin })).json()) as { rates_next_break: boolean }).rates_next_break).toBe(true);
  });

  it('a customer sees the public sell card’s price on a request not yet quoted, only when the setting is on; never another company’s request', async () => {
    const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const created = await t.request('/api/requests', {
      cookie: customer,
      body: {
        mode: 'air', direction: 'export', origin_airport: 'IST', origin_city: 'Istanbul', origin_country: 'TR', destination_airport: 'FRA', destination_city: 'Frankfurt',
        destination_country: 'DE', cargo_ready_date: inDays(3), cargo_description: 'Machine parts, 3 crates', weight_gross: 450, pieces: PIECES,
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const indicative = async () => {
      const res = await t.request(`/api/requests/${id}/indicative-price`, { cookie: customer });
      expect(res.status).toBe(200);
      return { body: (await res.json()) as IndicativePrice };
    };
    // The demo data shows indicative prices; the product's default is off.
    await settings({ rates_indicative_price: false });
    expect((await indicative()).body).toEqual({ price: null, reason: 'off' });
    await settings({ rates_indicative_price: true });
    const on = await indicative();
    expect(on.body).toEqual({
      price: { lines: [{ code: 'FRT', amount: '1075.00' }, { code: 'FSC', amount: '470.40' }, { code: 'SSC', amount: '86.40' }, { code: 'DOC', amount: '35.00' }], total: '1666.80', currency: 'EUR', date: inDays(3) },
      reason: null,
    });
    // Another company's request: 404 to the customer, as the request itself is.
    const other = await t.db.execute<{ id: string }>(sql`select id from requests where company_id <> (select company_id from requests where id = ${id}) limit 1`);
    expect(other.rows).toHaveLength(1);
    expect((await t.request(`/api/requests/${other.rows[0]!.id}/indicative-price`, { cookie: customer })).status).toBe(404);
  });
});

describe('zones', () => {
  const ZONE = { code: '@de-south', name: 'Southern Germany', kind: 'airports', members: ['MUC', 'STR', 'NUE'] };
  const zoneCard = { ...AIR, side: 'sell', origin: 'ADB', destination: '@DE-SOUTH', valid_from: '2026-03-01', valid_to: '2026-03-31' };

  it('a card to a zone prices every place of it, and no other; a zone a card names is neither removed nor turned into another kind', async () => {
    const bad = await t.request('/api/rate-zones', { cookie: handler, body: { ...ZONE, members: ['MUC', 'XQZ'] } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { fields: { 'members.1': ZONE_MESSAGES.airport('XQZ') } } });
    const unknown = await add(zoneCard);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { fields: { destination: RATE_MESSAGES.unknownZone('@DE-SOUTH') } } });

    const made = await t.request('/api/rate-zones', { cookie: handler, body: ZONE });
    expect(made.status, await made.clone().text()).toBe(201);
    const zone = (await made.json()) as RateZone;
    expect(zone).toMatchObject({ code: '@DE-SOUTH', kind: 'airports', members: ['MUC', 'STR', 'NUE'], cards: 0 });
    expect((await t.request('/api/rate-zones', { cookie: handler, body: ZONE })).status).toBe(409);

    const card = await add(zoneCard);
    expect(card.status, await card.clone().text()).toBe(201);
    const cardId = ((await card.json()) as RateCard).id;
    const q = { mode: 'air', origin: 'ADB', date: '2026-03-10', chargeable_weight: '480' };
    expect((await lookup({ ...q, destination: 'STR' })).rates.map((r) => [r.card_id, r.total])).toEqual([[cardId, '1405.00']]);
    expect((await lookup({ ...q, destination: 'FRA' })).rates.map((r) => r.card_id)).not.toContain(cardId);
    // A sea lookup does not read an airport zone.
    expect((await lookup({ mode: 'sea_lcl', origin: 'TRIST', destination: 'DEHAM', date: '2026-03-10', revenue_tons: '2' })).rates.map((r) => r.card_id)).not.toContain(cardId);

    const listed = ((await (await t.request('/api/rate-zones', { cookie: handler })).json()) as { rows: RateZone[] }).rows.find((z) => z.id === zone.id)!;
    expect(listed.cards).toBe(1);
    expect((await t.request(`/api/rate-zones/${zone.id}`, { cookie: handler, method: 'DELETE' })).status).toBe(409);
    expect((await t.request(`/api/rate-zones/${zone.id}`, { cookie: handler, method: 'PUT', body: { ...ZONE, kind: 'locodes', members: ['DEMUC'] } })).status).toBe(409);
    // Its places may change: Stuttgart leaves the zone, and its lookup no longer finds the card.
    const changed = await t.request(`/api/rate-zones/${zone.id}`, { cookie: handler, method: 'PUT', body: { ...ZONE, members: ['MUC', 'NUE', 'FMM'] } });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect((await lookup({ ...q, destination: 'STR' })).rates.map((r) => r.card_id)).not.toContain(cardId);
    expect((await lookup({ ...q, destination: 'FMM' })).rates.map((r) => r.card_id)).toContain(cardId);

    expect((await t.request(`/api/rate-cards/${cardId}`, { cookie: handler, method: 'DELETE' })).status).toBe(204);
    expect((await t.request(`/api/rate-zones/${zone.id}`, { cookie: handler, method: 'DELETE' })).status).toBe(204);
    const audit = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action in ('money.rate_zone_saved', 'money.rate_zone_removed') and details->>'rate_zone_id' = ${zone.id}`);
    expect(audit.rows[0]!.n).toBe(3);
  });

  it('customers reach no zone', async () => {
    expect((await t.request('/api/rate-zones', { cookie: customer })).status).toBe(403);
    expect((await t.request('/api/rate-zones', { cookie: customer, body: ZONE })).status).toBe(403);
  });
});
