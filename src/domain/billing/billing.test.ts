import { describe, expect, it } from 'vitest';
import { FIELD_LINES, SEED_FIELDS, lineAmount, lineTotals, marginPercent } from './lines';
import { invoiceState, openAmount, type StateInput } from './state';
import { dec } from '@domain/money/decimal';

describe('charge lines', () => {
  it('rounds quantity x unit price half away from zero to the currency minor unit (ISO 4217)', () => {
    expect(lineAmount('3', '33.335', 'EUR')).toBe('100.01'); // 100.005 -> 100.01
    expect(lineAmount('1', '-0.005', 'EUR')).toBe('-0.01');
    expect(lineAmount('2', '1000.5', 'JPY')).toBe('2001'); // JPY has no minor unit
    expect(lineAmount('1', '1.2345', 'BHD')).toBe('1.235'); // three decimals
    expect(lineAmount('1250.5', '0.18', 'USD')).toBe('225.09'); // 225.09 per kg line
  });

  it('maps each of the seed sixteen fields to one line of its side and category', () => {
    expect(SEED_FIELDS).toHaveLength(16);
    expect(new Set(SEED_FIELDS.map((f) => `${FIELD_LINES[f].side}:${FIELD_LINES[f].category}`)).size).toBe(16);
    expect(FIELD_LINES.freight_cost).toEqual({ side: 'buy', category: 'freight', code: 'FRT' });
    expect(FIELD_LINES.other_charges.side).toBe('sell');
  });

  it('totals per currency: revenue, cost, profit, margin, billed and unbilled, in decimals', () => {
    const totals = lineTotals([
      { side: 'sell', amount: '1000.10', currency: 'USD', invoice_id: 'inv-1' },
      { side: 'sell', amount: '0.20', currency: 'USD' },
      { side: 'buy', amount: '700.20', currency: 'USD' },
      { side: 'buy', amount: '50', currency: 'EUR' },
      { side: 'sell', amount: '5000', currency: 'JPY' },
    ]);
    expect(totals).toEqual([
      { currency: 'USD', total_revenue: '1000.30', total_cost: '700.20', profit: '300.10', margin_percent: '30.00', billed: '1000.10', unbilled: '0.20' },
      { currency: 'EUR', total_revenue: '0.00', total_cost: '50.00', profit: '-50.00', margin_percent: '-9999.00', billed: '0.00', unbilled: '0.00' },
      { currency: 'JPY', total_revenue: '5000', total_cost: '0', profit: '5000', margin_percent: '100.00', billed: '0', unbilled: '5000' },
    ]);
    // 0.1 + 0.2 is 0.3 exactly here, unlike binary floats.
    expect(lineTotals([{ side: 'sell', amount: '0.1', currency: 'EUR' }, { side: 'sell', amount: '0.2', currency: 'EUR' }])[0]?.total_revenue).toBe('0.30');
  });

  it('margin is clamped to ±9999 % and 0 when there is neither revenue nor profit (decision 0143)', () => {
    expect(marginPercent(dec('1'), dec('-200'))).toBe('-9999.00');
    expect(marginPercent(dec('0'), dec('0'))).toBe('0.00');
    expect(marginPercent(dec('0'), dec('5'))).toBe('9999.00');
    expect(marginPercent(dec('3'), dec('1'))).toBe('33.33');
    expect(marginPercent(dec('3'), dec('2'))).toBe('66.67');
  });
});

describe('invoice state', () => {
  const issued: StateInput = { kind: 'invoice', status: 'issued', payable: '1656.25', paid: '0', credited: '0', due_date: '2026-01-15' };

  it('follows payments, credit notes and the due day', () => {
    expect(invoiceState({ ...issued, status: 'draft' }, '2026-01-01')).toBe('draft');
    expect(invoiceState(issued, '2026-01-15')).toBe('issued'); // due today is not overdue
    expect(invoiceState(issued, '2026-01-16')).toBe('overdue');
    expect(invoiceState({ ...issued, paid: '656.25' }, '2026-01-10')).toBe('partly_paid');
    expect(invoiceState({ ...issued, paid: '656.25' }, '2026-03-31')).toBe('overdue');
    expect(invoiceState({ ...issued, paid: '1000', credited: '656.25' }, '2026-03-31')).toBe('paid');
    expect(invoiceState({ ...issued, paid: '2000' }, '2026-03-31')).toBe('paid');
    expect(invoiceState({ ...issued, credited: '1656.25' }, '2026-03-31')).toBe('credited');
    expect(invoiceState({ ...issued, kind: 'credit_note' }, '2026-03-31')).toBe('issued');
  });

  it('an overpayment leaves nothing open (the rest is a credit on the account)', () => {
    expect(openAmount({ payable: '100.00', paid: '150.00', credited: '0' })).toBe('0');
    expect(openAmount({ payable: '1656.25', paid: '656.25', credited: '0.25' })).toBe('999.75');
  });
});
