/**
 * A customer's indicative price (issue 40, decision record 0269): on a request not yet quoted, what the sell card that
 * matches it would charge on its cargo-ready day (the customer's company's own card, else the public tariff), when
 * the forwarder has turned it on (billing settings). The request is read as the caller may see it (another
 * company's is 404, under row-level security); the cards are read by the server for it: the customer role has no
 * grant on rate_cards, and the answer carries only the sell card's lines, never a buy price or another company's card.
 */
import { rateLookupInputSchema, type IndicativePrice } from '@domain/rates/schema';
import { ratesForRequest, requestRateLookup } from '@domain/rates/request';
import { utcDay } from '@domain/requests/schema';
import { eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { requests } from '@server/db/schema';
import type { SessionUser } from '@server/http/context';
import { getBillingSettings } from '@server/features/billing-settings';
import { lookupRates } from '@server/features/rates/index';
import { getRequest } from './read';

export async function indicativePrice(db: Db, user: SessionUser, id: string): Promise<IndicativePrice> {
  const { request } = await getRequest(db, user, id);
  if (!(await getBillingSettings(db)).rates_indicative_price) return { price: null, reason: 'off' };
  if (request.status !== 'submitted') return { price: null, reason: 'quoted' };
  const today = utcDay();
  const date = request.cargo_ready_date > today ? request.cargo_ready_date : today;
  // The chargeable weight stored with the request (a customer's view of it leaves the figure out).
  const [stored] = await db.select({ weight_chargeable: requests.weight_chargeable }).from(requests).where(eq(requests.id, request.id));
  const lookup = requestRateLookup({ ...request, weight_chargeable: stored?.weight_chargeable ?? null }, date);
  if (!lookup) return { price: null, reason: 'no_lane' };
  const { sell } = ratesForRequest((await lookupRates(db, rateLookupInputSchema.parse(lookup))).rates, request.company_id);
  if (!sell) return { price: null, reason: 'no_card' };
  return { price: { lines: sell.lines, total: sell.total, currency: sell.currency, date }, reason: null };
}
