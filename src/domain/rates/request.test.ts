import { describe, expect, it } from 'vitest';
import { ratesForRequest, requestRateLookup } from './request';

const base = { sea_load: null, equipment: [], origin_airport: null, destination_airport: null, origin_port: null, destination_port: null, weight_gross: 450, volume: null };

describe('requestRateLookup', () => {
  it('asks an air request by its airports and chargeable weight', () => {
    expect(requestRateLookup({ ...base, mode: 'air', origin_airport: 'IST', destination_airport: 'FRA', weight_chargeable: 480 }, '2026-11-28')).toEqual({
      mode: 'air', origin: 'IST', destination: 'FRA', date: '2026-11-28', chargeable_weight: '480',
    });
  });

  it('asks a sea FCL request by its ports and containers, LCL by revenue tons (the greater of tonnes and m³)', () => {
    const sea = { ...base, mode: 'sea' as const, origin_port: 'TRIST', destination_port: 'DEHAM' };
    expect(requestRateLookup({ ...sea, sea_load: 'fcl', equipment: [{ type: '40HC', count: 2 }] }, '2026-11-28')).toMatchObject({ mode: 'sea_fcl', containers: [{ type: '40HC', count: 2 }] });
    expect(requestRateLookup({ ...sea, sea_load: 'lcl', weight_gross: 2400, volume: 1.8 }, '2026-11-28')).toMatchObject({ mode: 'sea_lcl', revenue_tons: '2.4' });
    expect(requestRateLookup({ ...sea, sea_load: 'lcl', weight_gross: 900, volume: 3.25 }, '2026-11-28')).toMatchObject({ revenue_tons: '3.25' });
  });

  it('asks nothing when no card can price the request: a port typed by name, land, a best offer, no weight', () => {
    expect(requestRateLookup({ ...base, mode: 'sea', sea_load: 'lcl', origin_port: 'Istanbul', destination_port: 'Rotterdam' }, '2026-11-28')).toBeNull();
    expect(requestRateLookup({ ...base, mode: 'land' }, '2026-11-28')).toBeNull();
    expect(requestRateLookup({ ...base, mode: 'best_offer' }, '2026-11-28')).toBeNull();
    expect(requestRateLookup({ ...base, mode: 'air', origin_airport: 'IST', destination_airport: 'FRA', weight_chargeable: null }, '2026-11-28')).toBeNull();
  });
});

describe('ratesForRequest', () => {
  const rate = (side: 'buy' | 'sell', total: string, company_id: string | null = null) => ({
    card_id: `${side}${total}`, side, carrier_id: null, carrier_name: null, company_id, company_name: null, equipment: null, lines: [], total, currency: 'EUR', card_currency: 'EUR', card_total: total, rate_date: null,
  });

  it("takes the company's own sell card before a public one, never another company's, and the cheapest buy card", () => {
    const rates = [rate('buy', '900.00'), rate('sell', '950.00', 'other'), rate('buy', '1000.00'), rate('sell', '1100.00'), rate('sell', '1200.00', 'mine')];
    expect(ratesForRequest(rates, 'mine')).toMatchObject({ sell: { total: '1200.00' }, buy: { total: '900.00' } });
    expect(ratesForRequest(rates, 'third')).toMatchObject({ sell: { total: '1100.00' } });
    expect(ratesForRequest([rate('sell', '950.00', 'other')], 'mine')).toEqual({ sell: null, buy: null });
  });
});
