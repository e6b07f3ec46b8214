/**
 * A request priced from rate cards (issue 40): what the lookup is asked for a customer's request, and which priced
 * cards price it. Pure: the quote editor's "Price from rates" and its tests use these.
 */
import type { RequestDetail } from '@domain/requests/schema';
import { UN_LOCODE_PATTERN } from '@domain/seaports/schema';
import type { RateLookup, RateLookupInput } from './schema';

type PricedRate = RateLookup['rates'][number];
type RequestLane = Pick<RequestDetail, 'mode' | 'sea_load' | 'equipment' | 'origin_airport' | 'destination_airport' | 'origin_port' | 'destination_port' | 'weight_gross' | 'volume'> & {
  weight_chargeable?: number | null | undefined;
};

const IATA = /^[A-Z]{3}$/;
/** A measure as a decimal string (weights and volumes have at most 3 places). */
const decimal = (n: number) => String(Math.round(n * 1000) / 1000);

/**
 * The lookup of a request on `date`: air by its airports and chargeable weight, sea FCL by its ports and containers,
 * sea LCL by its ports and revenue tons (the greater of tonnes and cubic metres); null when the request has no lane
 * a card can price (land by city, a partial shipment, a best offer, an end without its code).
 */
export function requestRateLookup(r: RequestLane, date: string): RateLookupInput | null {
  if (r.mode === 'air') {
    if (!IATA.test(r.origin_airport ?? '') || !IATA.test(r.destination_airport ?? '') || !r.weight_chargeable) return null;
    return { mode: 'air', origin: r.origin_airport!, destination: r.destination_airport!, date, chargeable_weight: decimal(r.weight_chargeable) };
  }
  if (r.mode === 'sea') {
    // A port typed as a name (not its UN/LOCODE) names no card's lane.
    if (!UN_LOCODE_PATTERN.test(r.origin_port ?? '') || !UN_LOCODE_PATTERN.test(r.destination_port ?? '')) return null;
    const lane = { origin: r.origin_port!, destination: r.destination_port!, date };
    if (r.sea_load === 'fcl') return r.equipment.length ? { mode: 'sea_fcl', ...lane, containers: r.equipment.map((e) => ({ type: e.type, count: e.count })) } : null;
    const tons = Math.max(r.volume ?? 0, r.weight_gross / 1000);
    return tons > 0 ? { mode: 'sea_lcl', ...lane, revenue_tons: decimal(tons) } : null;
  }
  return null;
}

/**
 * The cards that price a request of `companyId`: the cheapest sell card it may get (its company's own before a
 * public one; another company's never) and the cheapest buy card. The lookup answers cheapest first.
 */
export function ratesForRequest(rates: readonly PricedRate[], companyId: string): { sell: PricedRate | null; buy: PricedRate | null } {
  const sells = rates.filter((r) => r.side === 'sell' && (r.company_id === null || r.company_id === companyId));
  return {
    sell: sells.find((r) => r.company_id === companyId) ?? sells[0] ?? null,
    buy: rates.find((r) => r.side === 'buy') ?? null,
  };
}
