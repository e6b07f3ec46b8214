import { describe, expect, it } from 'vitest';
import { daysPastDue } from '@domain/money/ageing';
import { addBuckets, ageingOf, bucketsTotal, ledger, reminderDue } from './receivables';

describe('ageing', () => {
  it("puts the published example in 61-90: due 2026-01-15, as of 2026-03-31 is 75 days", () => {
    expect(daysPastDue('2026-01-15', '2026-03-31')).toBe(75);
    const b = ageingOf('EUR', [{ due_date: '2026-01-15', open: '100.5' }], '2026-03-31');
    expect(b).toEqual({ current: '0.00', '1-30': '0.00', '31-60': '0.00', '61-90': '100.50', '91+': '0.00' });
  });

  it('sums by bucket on the bucket edges, skipping what is not open, in the minor unit of the currency', () => {
    const rows = [
      { due_date: '2026-03-31', open: '10' }, // due today: current
      { due_date: '2026-03-30', open: '1' }, // 1 day: 1-30
      { due_date: '2026-03-01', open: '2' }, // 30 days: 1-30
      { due_date: '2026-02-28', open: '4' }, // 31 days
      { due_date: '2025-12-31', open: '8' }, // 90 days
      { due_date: '2025-12-30', open: '16' }, // 91 days
      { due_date: '2025-01-01', open: '0' },
    ];
    const b = ageingOf('JPY', rows, '2026-03-31');
    expect(b).toEqual({ current: '10', '1-30': '3', '31-60': '4', '61-90': '8', '91+': '16' });
    expect(bucketsTotal('JPY', b)).toBe('41');
    expect(addBuckets('JPY', b, b)['91+']).toBe('32');
  });
});

describe('statement ledger', () => {
  it('runs the balance: invoices debit, credit notes and payments credit; an overpayment goes below zero', () => {
    const out = ledger('EUR', '100', [
      { date: '2026-01-02', kind: 'invoice', id: 'a', number: 'INV-1', reference: null, due_date: '2026-02-01', amount: '1656.25' },
      { date: '2026-01-10', kind: 'payment', id: 'b', number: null, reference: 'TT', due_date: null, amount: '500' },
      { date: '2026-01-11', kind: 'credit_note', id: 'c', number: 'CN-1', reference: null, due_date: null, amount: '156.25' },
      { date: '2026-01-12', kind: 'payment', id: 'd', number: null, reference: null, due_date: null, amount: '1200' },
    ]);
    expect(out.opening).toBe('100.00');
    expect(out.entries.map((e) => [e.debit, e.credit, e.balance])).toEqual([
      ['1656.25', '0.00', '1756.25'],
      ['0.00', '500.00', '1256.25'],
      ['0.00', '156.25', '1100.00'],
      ['0.00', '1200.00', '-100.00'],
    ]);
    expect(out.closing).toBe('-100.00');
  });
});

describe('overdue reminders', () => {
  it('reminds on the 1st, 7th and 30th day overdue, once each', () => {
    expect(reminderDue(0, [])).toBeNull();
    expect(reminderDue(1, [])).toBe(1);
    expect(reminderDue(1, [1])).toBeNull();
    expect(reminderDue(6, [1])).toBeNull();
    expect(reminderDue(7, [1])).toBe(7);
    expect(reminderDue(29, [1, 7])).toBeNull();
    expect(reminderDue(30, [1, 7])).toBe(30);
    expect(reminderDue(400, [1, 7, 30])).toBeNull();
  });

  it('catches up with one reminder after a missed run, not several', () => {
    expect(reminderDue(12, [])).toBe(7);
    expect(reminderDue(45, [1])).toBe(30);
  });
});
