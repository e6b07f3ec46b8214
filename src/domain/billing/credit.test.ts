import { describe, expect, it } from 'vitest';
import { creditLines, CREDIT_MESSAGES } from './credit';

// Peppol BIS 3.0's example invoice lines: 7 x 400, -3 x 500 (goods taken back), 1 x 25.
const LINES = [
  { position: 1, description: 'Item A', quantity: '7', unit: 'shipment', unit_price: '400' },
  { position: 2, description: 'Item B', quantity: '-3', unit: 'shipment', unit_price: '500' },
  { position: 3, description: 'Charge', quantity: '1', unit: 'shipment', unit_price: '25' },
];

describe('credit note lines', () => {
  it('credits everything left with the same nets, a returned line with its price turned', () => {
    const r = creditLines(LINES, new Map(), 'EUR');
    expect(r).toEqual({
      lines: [
        { position: 1, quantity: '7', unit_price: '400', net: '2800.00' },
        { position: 2, quantity: '3', unit_price: '-500', net: '-1500.00' },
        { position: 3, quantity: '1', unit_price: '25', net: '25.00' },
      ],
    });
  });

  it('leaves out what was credited before, and refuses a full credit when nothing is left', () => {
    const r = creditLines(LINES, new Map([[1, '5'], [2, '3']]), 'EUR');
    expect(r).toEqual({ lines: [{ position: 1, quantity: '2', unit_price: '400', net: '800.00' }, { position: 3, quantity: '1', unit_price: '25', net: '25.00' }] });
    expect(creditLines(LINES, new Map([[1, '7'], [2, '3'], [3, '1']]), 'EUR')).toEqual({ problem: CREDIT_MESSAGES.nothingLeft });
  });

  it('credits part of a line, never more than invoiced minus credited', () => {
    expect(creditLines(LINES, new Map([[1, '2']]), 'EUR', [{ position: 1, quantity: '2.5' }])).toEqual({
      lines: [{ position: 1, quantity: '2.5', unit_price: '400', net: '1000.00' }],
    });
    expect(creditLines(LINES, new Map([[1, '2']]), 'EUR', [{ position: 1, quantity: '5.01' }])).toEqual({ problem: CREDIT_MESSAGES.tooMuch(1, '5'), index: 0 });
    expect(creditLines(LINES, new Map(), 'EUR', [{ position: 3, quantity: '1' }, { position: 9, quantity: '1' }])).toEqual({ problem: CREDIT_MESSAGES.unknownPosition(9), index: 1 });
    expect(creditLines(LINES, new Map(), 'EUR', [{ position: 3, quantity: '0.5' }, { position: 3, quantity: '0.5' }])).toEqual({ problem: CREDIT_MESSAGES.twice(3), index: 1 });
  });

  it('rounds a net to the currency (JPY has no decimals)', () => {
    const r = creditLines([{ position: 1, description: 'x', quantity: '3', unit: 'kg', unit_price: '33.5' }], new Map(), 'JPY');
    expect(r).toEqual({ lines: [{ position: 1, quantity: '3', unit_price: '33.5', net: '101' }] });
  });
});
