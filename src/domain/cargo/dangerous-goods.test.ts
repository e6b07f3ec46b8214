import { describe, expect, it } from 'vitest';
import { adrEntry, unLabel } from './dangerous-goods';

describe('the ADR dangerous goods entry (5.4.1.1.1)', () => {
  it("writes ADR's own example: UN number, proper shipping name, class with subsidiary hazard, packing group, tunnel code", () => {
    // ADR 5.4.1.1.1, the example after (k): "UN 1098 ALLYL ALCOHOL, 6.1 (3), I, (C/D)".
    expect(adrEntry({ un_number: 'UN1098', proper_shipping_name: 'Allyl alcohol', hazard_class: '6.1 (3)', packing_group: 'I', tunnel_code: 'C/D' })).toBe(
      'UN 1098 ALLYL ALCOHOL, 6.1 (3), I, (C/D)',
    );
  });

  it('brackets "no tunnel restriction" as (-) and leaves out what is not assigned', () => {
    expect(adrEntry({ un_number: '3082', proper_shipping_name: 'Environmentally hazardous substance, liquid, n.o.s.', hazard_class: '9', packing_group: 'III', tunnel_code: '-' })).toBe(
      'UN 3082 ENVIRONMENTALLY HAZARDOUS SUBSTANCE, LIQUID, N.O.S., 9, III, (-)',
    );
    expect(adrEntry({ un_number: 'UN1950', proper_shipping_name: 'Aerosols', hazard_class: '2.1', packing_group: null, tunnel_code: 'D' })).toBe('UN 1950 AEROSOLS, 2.1, (D)');
  });

  it('has no entry without a UN number, which the entry starts with', () => {
    expect(adrEntry({ un_number: null, proper_shipping_name: 'Paint', hazard_class: '3', packing_group: 'II', tunnel_code: 'D/E' })).toBeNull();
    expect(unLabel('UN1263')).toBe('UN 1263');
    expect(unLabel('')).toBeNull();
  });
});
