/**
 * Demo rate cards (issue 40, decision record 0268): the worked examples as cards a forwarder would hold, valid
 * from the first of last month to the end of the month after next, so a lookup today prices them:
 *   - air IST-FRA, bought from Turkish Cargo (M 75.00, N 4.10 ... +1000 1.60; fuel 0.85/kg, security 0.15/kg), and
 *     the public sell card of the lane at about 15% above it;
 *   - sea FCL TRIST-DEHAM 40HC, bought from Maersk (1,850 USD, BAF 420 per container, CAF 3% of the freight), and a
 *     sell card for the demo customer's company;
 *   - air IST-JFK (the demo's air request): a buy card ending in ten days (the list's "expiring in 14 days") and a
 *     public sell card;
 *   - customers see an indicative price on their waiting requests (a billing setting, off unless turned on).
 * Runs once (its own app_meta key).
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { app_meta, billing_settings, carriers, companies, rate_cards } from '../schema';
import type { Freight, Surcharge } from '@domain/rates/pricing';
import { DEMO_COMPANY } from './demo-fixtures';

export const DEMO_RATES_META_KEY = 'demo_rates';
const DAY = 86_400_000;

function days(now = new Date()): { from: string; to: string; soon: string } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 0));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { from: day(from), to: day(to), soon: day(new Date(now.getTime() + 10 * DAY)) };
}

const AIR_BREAKS = (rates: string[]): Freight['breaks'] => ['0', '45', '100', '300', '500', '1000'].map((from, i) => ({ from, rate: rates[i]! }));

export async function seedDemoRates(db: Db): Promise<boolean> {
  const done = await db.select().from(app_meta).where(eq(app_meta.key, DEMO_RATES_META_KEY));
  if (done.length > 0) return false;
  const named = await db.select({ id: carriers.id, name: carriers.name }).from(carriers).where(inArray(carriers.name, ['Turkish Cargo', 'Maersk']));
  const carrier = (name: string) => named.find((c) => c.name === name)?.id ?? null;
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, DEMO_COMPANY));
  const { from, to, soon } = days();
  const airSurcharges: Surcharge[] = [
    { code: 'FSC', basis: 'per_kg', amount: '0.85' },
    { code: 'SSC', basis: 'per_kg', amount: '0.15' },
  ];
  const lane = { valid_from: from, valid_to: to };
  await db.transaction(async (tx) => {
    await tx.insert(rate_cards).values([
      {
        side: 'buy', mode: 'air', origin: 'IST', destination: 'FRA', currency: 'EUR', ...lane, carrier_id: carrier('Turkish Cargo'),
        freight: { basis: 'per_kg', minimum: '75.00', breaks: AIR_BREAKS(['4.10', '3.20', '2.60', '2.10', '1.85', '1.60']) }, surcharges: airSurcharges,
      },
      {
        side: 'sell', mode: 'air', origin: 'IST', destination: 'FRA', currency: 'EUR', ...lane,
        freight: { basis: 'per_kg', minimum: '90.00', breaks: AIR_BREAKS(['4.75', '3.70', '3.00', '2.45', '2.15', '1.85']) },
        surcharges: [{ code: 'FSC', basis: 'per_kg', amount: '0.98' }, { code: 'SSC', basis: 'per_kg', amount: '0.18' }, { code: 'DOC', basis: 'per_shipment', amount: '35.00' }],
      },
      {
        side: 'buy', mode: 'sea_fcl', origin: 'TRIST', destination: 'DEHAM', equipment: '40HC', currency: 'USD', ...lane, carrier_id: carrier('Maersk'),
        freight: { basis: 'per_container', minimum: null, breaks: [{ from: '0', rate: '1850.00' }] },
        surcharges: [{ code: 'BAF', basis: 'per_container', amount: '420.00' }, { code: 'CAF', basis: 'percent_of_freight', amount: '3' }],
      },
      {
        side: 'sell', mode: 'sea_fcl', origin: 'TRIST', destination: 'DEHAM', equipment: '40HC', currency: 'USD', ...lane, company_id: company?.id ?? null,
        freight: { basis: 'per_container', minimum: null, breaks: [{ from: '0', rate: '2150.00' }] },
        surcharges: [{ code: 'BAF', basis: 'per_container', amount: '420.00' }, { code: 'CAF', basis: 'percent_of_freight', amount: '3' }, { code: 'THC', basis: 'per_container', amount: '185.00' }],
      },
      {
        side: 'buy', mode: 'air', origin: 'IST', destination: 'JFK', currency: 'USD', valid_from: from, valid_to: soon, carrier_id: carrier('Turkish Cargo'),
        freight: { basis: 'per_kg', minimum: '95.00', breaks: AIR_BREAKS(['6.20', '4.90', '4.10', '3.60', '3.25', '2.95']) }, surcharges: airSurcharges,
      },
      {
        side: 'sell', mode: 'air', origin: 'IST', destination: 'JFK', currency: 'USD', ...lane,
        freight: { basis: 'per_kg', minimum: '110.00', breaks: AIR_BREAKS(['7.10', '5.60', '4.70', '4.15', '3.75', '3.40']) },
        surcharges: [{ code: 'FSC', basis: 'per_kg', amount: '0.98' }, { code: 'SSC', basis: 'per_kg', amount: '0.18' }, { code: 'DOC', basis: 'per_shipment', amount: '40.00' }],
      },
    ]);
    // The demo shows customers an indicative price on a waiting request (the product's default is off).
    await tx.update(billing_settings).set({ rates_indicative_price: true });
    await tx.insert(app_meta).values({ key: DEMO_RATES_META_KEY, value: { at: new Date().toISOString() } });
  });
  return true;
}
