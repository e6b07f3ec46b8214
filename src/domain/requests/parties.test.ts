import { describe, expect, it } from 'vitest';
import { KG_PER_LB, PARTY_MESSAGES, namedParties, partyIssues, toKg } from './parties';
import { normalizeRequest, requestInputSchema } from './schema';

const parties = { shipper_name: null, shipper_address: null, consignee_name: null, consignee_address: null, notify_name: null, notify_address: null };

describe('weights in lb (stored in kg, shown as entered)', () => {
  it('uses the international pound: exactly 0.45359237 kg (1959), kept to the gram', () => {
    expect(KG_PER_LB).toBe(0.45359237);
    expect(toKg(1, 'lb')).toBe(0.454);
    expect(toKg(1000, 'lb')).toBe(453.592);
    expect(toKg(2204.6226, 'lb')).toBe(1000);
    expect(toKg(123.456, 'kg')).toBe(123.456);
  });

  it('normalizes a request: kg in weight_gross, the number as typed and its unit beside; the measures from the kg', () => {
    const r = requestInputSchema.parse({ mode: 'air', direction: 'export', weight_gross: '1000', weight_unit: 'lb', volume: 2, pieces: [] });
    const n = normalizeRequest(r);
    expect(n).toMatchObject({ weight_gross: 453.592, weight_entered: 1000, weight_unit: 'lb', weight_chargeable: 454 });
    expect(normalizeRequest(requestInputSchema.parse({ mode: 'air', direction: 'export', weight_gross: 80, pieces: [] }))).toMatchObject({ weight_gross: 80, weight_entered: 80, weight_unit: 'kg' });
  });

  it('refuses another unit with the field named', () => {
    const r = requestInputSchema.safeParse({ mode: 'air', direction: 'export', weight_unit: 'stone' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.find((i) => i.path[0] === 'weight_unit')?.message).toBe('Weight Unit must be one of: kg, lb');
  });
});

describe('parties', () => {
  it('wants a name wherever an address is given, on the name field', () => {
    expect(partyIssues({ ...parties, consignee_address: 'Somewhere' })).toEqual([{ field: 'consignee_name', message: PARTY_MESSAGES.partyName('consignee') }]);
    expect(partyIssues({ ...parties, shipper_name: 'A', notify_address: 'B' })).toEqual([{ field: 'notify_name', message: 'Notify Party Name is required with its address' }]);
    expect(partyIssues({ ...parties, shipper_name: 'A' })).toEqual([]);
  });

  it('lists the named parties for the address book, address or not', () => {
    expect(namedParties({ ...parties, shipper_name: 'A', shipper_address: 'a', notify_name: 'C' })).toEqual([{ name: 'A', address: 'a' }, { name: 'C', address: null }]);
    expect(namedParties(parties)).toEqual([]);
  });
});
