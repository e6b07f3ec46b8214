import { describe, expect, it } from 'vitest';
import { airRateClass, airWaybillCharges, type WaybillCharge } from './air-waybill';

const line = (category: string, code: string, unit: string, unit_price: string, amount: string, currency = 'USD'): WaybillCharge => ({ category, code, unit, unit_price, amount, currency });

describe('the air waybill charges (IATA rate classes, other charges, totals)', () => {
  it('rate class: N under 45 kg, Q from 45 kg (the IATA quantity break), M a flat minimum charge', () => {
    expect(airRateClass(44.5, 'kg')).toBe('N');
    expect(airRateClass(45, 'kg')).toBe('Q');
    expect(airRateClass(1200, 'kg')).toBe('Q');
    expect(airRateClass(12, 'shipment')).toBe('M');
    // A specific commodity rate (an item number given): class C whatever the weight; a minimum charge stays M.
    expect(airRateClass(30, 'kg', '2199')).toBe('C');
    expect(airRateClass(1200, 'kg', '2199')).toBe('C');
    expect(airRateClass(12, 'shipment', '2199')).toBe('M');
    expect(airRateClass(null, 'kg')).toBeNull();
    expect(airRateClass(500, 'container')).toBeNull();
  });

  it('the first freight line is the weight charge; other freight is due carrier, the forwarder\'s charges due agent; exact totals', () => {
    const charges = airWaybillCharges(
      [
        line('freight', 'FRT', 'kg', '2.85', '399.00'), // 140 kg x 2.85
        line('freight', 'FSC', 'kg', '0.10', '14.00'),
        line('documentation', 'AWB', 'shipment', '0.1', '0.10'),
        line('handling', 'HDL', 'shipment', '0.2', '0.20'),
        line('customs', 'CUS', 'shipment', '50', '50.00', 'EUR'),
      ],
      140,
      'prepaid',
      'USD',
    );
    expect(charges.currency).toBe('USD');
    expect(charges.rating).toEqual({ rate_class: 'Q', rate: '2.85', total: '399.00' });
    expect(charges.other.map((o) => [o.code, o.due])).toEqual([['FSC', 'carrier'], ['AWB', 'agent'], ['HDL', 'agent'], ['CUS', 'agent']]);
    // 0.10 + 0.20 is 0.30 exactly (binary floating point gives 0.30000000000000004); EUR 50 is not added to USD.
    expect(charges.totals).toEqual({ weight_charge: '399.00', due_agent: '0.30', due_carrier: '14.00', total: '413.30' });
    expect(charges.chgs).toBe('PP');
  });

  it('collect, no freight line (the shipment\'s currency), and a currency without minor units', () => {
    expect(airWaybillCharges([line('handling', 'HDL', 'shipment', '10', '10.00', 'EUR')], 20, 'collect', 'EUR')).toMatchObject({
      currency: 'EUR', rating: null, chgs: 'CC', totals: { weight_charge: '0.00', due_agent: '10.00', total: '10.00' },
    });
    expect(airWaybillCharges([line('freight', 'FRT', 'shipment', '15000', '15000', 'JPY')], 8, null, 'USD')).toMatchObject({
      currency: 'JPY', rating: { rate_class: 'M', rate: null, total: '15000' }, chgs: null,
    });
  });
});
