/**
 * Demo booking requests (issue 15): for the demo customer's company one of each state a customer meets (submitted,
 * quoted, expired, declined), and a waiting request for a few other companies, so the staff queue and the customer's
 * list are not empty on first start. Runs once (its own app_meta key), after the demo data.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { app_meta, charge_lines, companies, request_counters, request_events, request_quotes, requests, users } from '../schema';
import { normalizeRequest, requestEndLabel, requestInputSchema, requestNumber, type RequestFormValues } from '@domain/requests/schema';
import { DEMO_COMPANIES, DEMO_COMPANY } from './demo-fixtures';
import { HUDSON_APPAREL } from './demo-address-book';

const META_KEY = 'demo_requests_seeded';
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

type DemoRequest = { company: string; state: 'submitted' | 'quoted' | 'expired' | 'declined'; form: Partial<RequestFormValues>; ageDays: number };

const SEA_FCL: Partial<RequestFormValues> = {
  mode: 'sea', direction: 'export', sea_load: 'fcl', equipment: [{ type: '40HC', count: 2 }],
  origin_port: 'Istanbul', origin_city: 'Istanbul', origin_country: 'Turkey', destination_port: 'Rotterdam', destination_city: 'Rotterdam', destination_country: 'Netherlands',
  cargo_ready_date: day(6), incoterm: 'FOB', incoterm_place: 'Ambarli', cargo_description: 'Cotton bed linen, 1,800 cartons', weight_gross: 21_400,
};
const AIR: Partial<RequestFormValues> = {
  mode: 'air', direction: 'export', origin_airport: 'IST', origin_city: 'Istanbul', origin_country: 'TR', destination_airport: 'JFK', destination_city: 'New York', destination_country: 'US',
  cargo_ready_date: day(3), cargo_description: 'Sample garments', weight_gross: 400, weight_unit: 'lb', pieces: [{ count: 6, length: 60, width: 40, height: 40, unit: 'cm', weight: 30 }],
  // Issue 45: the customer's PO number, and the buyer in New York from the address book (weighed in lb, as it asked).
  po_number: 'PO-NY-2611-042', consignee_name: HUDSON_APPAREL.name, consignee_address: HUDSON_APPAREL.address,
};
const LAND: Partial<RequestFormValues> = {
  mode: 'land', direction: 'import', origin_address: 'Industriestraße 12', origin_city: 'Stuttgart', origin_country: 'DE', destination_city: 'Bursa', destination_country: 'TR',
  cargo_ready_date: day(9), cargo_description: 'Machine spare parts on 8 pallets', weight_gross: 3_200, volume: 14,
};
const BEST: Partial<RequestFormValues> = {
  mode: 'best_offer', direction: 'import', origin_city: 'Shanghai', origin_country: 'CN', destination_city: 'Istanbul', destination_country: 'TR',
  cargo_ready_date: day(14), cargo_description: 'LED panels', weight_gross: 950, volume: 4.2,
};

const PLAN: DemoRequest[] = [
  { company: DEMO_COMPANY, state: 'submitted', form: SEA_FCL, ageDays: 0 },
  { company: DEMO_COMPANY, state: 'quoted', form: AIR, ageDays: 2 },
  { company: DEMO_COMPANY, state: 'expired', form: LAND, ageDays: 20 },
  { company: DEMO_COMPANY, state: 'declined', form: BEST, ageDays: 30 },
  ...DEMO_COMPANIES.slice(1, 5).map((c, i) => ({ company: c.name, state: i === 2 ? ('quoted' as const) : ('submitted' as const), form: [LAND, BEST, AIR, SEA_FCL][i]!, ageDays: i + 1 })),
];

export async function seedDemoRequests(db: Db): Promise<boolean> {
  const done = await db.select().from(app_meta).where(eq(app_meta.key, META_KEY));
  if (done.length > 0) return false;
  const people = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, ['customer@cargodesk.test', 'export@cargodesk.test', 'import@cargodesk.test']));
  const userId = (email: string) => people.find((u) => u.email === email)?.id ?? null;
  if (!userId('export@cargodesk.test')) return false; // no demo accounts: nothing to seed for
  const companyRows = await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.name, PLAN.map((p) => p.company)));
  await db.transaction(async (tx) => {
    // The oldest first, so numbers grow with time as the service gives them.
    const plan = [...PLAN].sort((a, b) => b.ageDays - a.ageDays);
    for (const p of plan) {
      const company = companyRows.find((c) => c.name === p.company);
      if (!company) continue;
      const created = new Date(Date.now() - p.ageDays * DAY);
      const period = created.toISOString().slice(2, 7).replace('-', '');
      const counter = await tx.execute<{ last: number }>(sql`
        insert into request_counters (period, last) values (${period}, 1)
        on conflict (period) do update set last = ${request_counters.last} + 1 returning last`);
      const number = requestNumber(created, counter.rows[0]!.last);
      const n = normalizeRequest(requestInputSchema.parse(p.form));
      const handler = userId(`${n.direction}@cargodesk.test`);
      const requester = p.company === DEMO_COMPANY ? userId('customer@cargodesk.test') : null;
      const end = (e: 'origin' | 'destination') => requestEndLabel({ airport: n[`${e}_airport`], port: n[`${e}_port`], city: n[`${e}_city`], country: n[`${e}_country`] });
      const quoted = p.state === 'quoted' || p.state === 'expired';
      const validUntil = p.state === 'expired' ? day(-3) : day(12);
      const [row] = await tx
        .insert(requests)
        .values({
          ...n,
          number,
          company_id: company.id,
          requested_by: requester,
          handler_id: p.state === 'submitted' ? null : handler,
          status: quoted ? 'quoted' : p.state,
          cargo_ready_date: p.state === 'expired' || p.state === 'declined' ? day(-p.ageDays + 5) : n.cargo_ready_date!,
          cargo_description: n.cargo_description!,
          weight_gross: n.weight_gross!,
          decline_reason: p.state === 'declined' ? 'We have no partner for consolidated LED cargo from Shanghai this month.' : null,
          valid_until: quoted ? validUntil : null,
          search: sql`cargodesk_fold(${[number, company.name, n.cargo_description, end('origin'), end('destination')].join(' ')})`,
          created_at: created,
          updated_at: created,
        })
        .returning({ id: requests.id, company_id: requests.company_id });
      const event = (kind: string, detail: Record<string, unknown>, actor: string | null, hours: number) =>
        tx.insert(request_events).values({ request_id: row!.id, company_id: company.id, kind, detail, actor_id: actor, created_at: new Date(created.getTime() + hours * 3_600_000) });
      await event('submitted', { number }, requester, 0);
      if (quoted) {
        const sentAt = new Date(created.getTime() + 5 * 3_600_000);
        await tx.insert(request_quotes).values({
          request_id: row!.id, company_id: company.id, mode: n.mode === 'best_offer' ? 'sea' : n.mode, valid_until: validUntil, transit_days: n.mode === 'air' ? 2 : 5,
          terms: 'Subject to space and equipment availability.', customer_note: 'Rates include fuel surcharge.', sent_at: sentAt, sent_by: handler, updated_at: sentAt, updated_by: handler,
        });
        // The quote's charge lines (migration 0035): freight and terminal handling, each with its cost.
        const freight = n.mode === 'air' ? ['1240.00', '980.00'] : ['2150.00', '1700.00'];
        const line = (position: number, side: 'sell' | 'buy', category: string, code: string, description: string, amount: string, currency: string) =>
          ({ request_id: row!.id, position, side, category, code, description, quantity: '1', unit: 'shipment' as const, unit_price: amount, amount, currency, created_by: handler, created_at: sentAt, updated_at: sentAt });
        await tx.insert(charge_lines).values([
          line(0, 'sell', 'freight', 'FRT', 'Freight', freight[0]!, 'USD'),
          line(1, 'sell', 'handling', 'THC', 'Terminal handling', '85.00', 'EUR'),
          line(2, 'buy', 'freight', 'FRT', 'Freight', freight[1]!, 'USD'),
          line(3, 'buy', 'handling', 'THC', 'Terminal handling', '60.00', 'EUR'),
        ]);
        await event('quote_sent', { valid_until: validUntil }, handler, 5);
      }
      if (p.state === 'declined') await event('declined', { reason: 'We have no partner for consolidated LED cargo from Shanghai this month.' }, handler, 6);
    }
    await tx.insert(app_meta).values({ key: META_KEY, value: { at: new Date().toISOString(), requests: PLAN.length } });
  });
  return true;
}
