import { describe, expect, it } from 'vitest';
import { billState, billTotals, jobTotals, matchDifference, SUPPLIER_BILL_MESSAGES, tooManyPlaces, type JobLine } from './supplier-bills';
import { supplierBillInputSchema, supplierBillPaymentInputSchema } from './supplier-bills-schema';
import { lineTotals } from './lines';

const CARRIER = '7b0f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const SHIPMENT = '0c1d2e3f-4a5b-4e5f-8a9b-7b0f8a3e1c2d';
const BUY = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const valid = {
  supplier_kind: 'carrier', supplier_id: CARRIER, number: ' MSC-2026-0042 ', bill_date: '2026-11-01', due_date: '2026-12-01', currency: 'eur', vat: '0',
  lines: [{ description: 'Ocean freight', amount: '1850.40', shipment_id: SHIPMENT, charge_line_id: BUY }],
};
const messagesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('a supplier bill as entered', () => {
  it('accepts a valid bill, trims the number and upper-cases the currency', () => {
    const r = supplierBillInputSchema.safeParse(valid);
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ number: 'MSC-2026-0042', currency: 'EUR', lines: [{ amount: '1850.40', shipment_id: SHIPMENT, charge_line_id: BUY }], note: null });
  });

  it('says what is wrong in words a user understands', () => {
    const r = supplierBillInputSchema.safeParse({
      ...valid, supplier_kind: 'airline', number: '', due_date: '2026-10-31', vat: '-1',
      lines: [{ description: '', amount: '1e3', charge_line_id: BUY }],
    });
    expect(r.success).toBe(false);
    const m = messagesOf(r);
    expect(m.supplier_kind).toBe(SUPPLIER_BILL_MESSAGES.supplier);
    expect(m.number).toBe(SUPPLIER_BILL_MESSAGES.number);
    expect(m.vat).toBe(SUPPLIER_BILL_MESSAGES.vat);
    expect(m['lines.0.description']).toBe(SUPPLIER_BILL_MESSAGES.lineDescription);
    expect(m['lines.0.amount']).toBe(SUPPLIER_BILL_MESSAGES.lineAmount);
  });

  it('refuses a due date before the bill date, a match without its shipment, one buy line matched twice, and a total of 0', () => {
    const r = supplierBillInputSchema.safeParse({
      ...valid, due_date: '2026-10-31',
      lines: [{ description: 'A', amount: '10', charge_line_id: BUY }, { description: 'B', amount: '-5', shipment_id: SHIPMENT, charge_line_id: BUY }, { description: 'C', amount: '-5' }],
    });
    const m = messagesOf(r);
    expect(m.due_date).toBe(SUPPLIER_BILL_MESSAGES.dueBeforeBill);
    expect(m['lines.0.charge_line_id']).toBe(SUPPLIER_BILL_MESSAGES.buyLineNoShipment);
    expect(m['lines.1.charge_line_id']).toBe(SUPPLIER_BILL_MESSAGES.matchedTwice);
    expect(m.lines).toBe(SUPPLIER_BILL_MESSAGES.totalPositive);
  });

  it('refuses more decimals than the currency has (JPY none, BHD three)', () => {
    expect(messagesOf(supplierBillInputSchema.safeParse({ ...valid, currency: 'JPY', lines: [{ description: 'A', amount: '100.5' }] }))['lines.0.amount']).toBe('JPY amounts have no decimals');
    expect(supplierBillInputSchema.safeParse({ ...valid, currency: 'JPY', lines: [{ description: 'A', amount: '100.00' }] }).success).toBe(true);
    expect(messagesOf(supplierBillInputSchema.safeParse({ ...valid, currency: 'BHD', vat: '1.2345' })).vat).toBe('BHD amounts have at most 3 decimals');
    expect(tooManyPlaces('1.005', 'EUR')).toBe('EUR amounts have at most 2 decimals');
    expect(tooManyPlaces('1.050', 'EUR')).toBeNull();
  });

  it('refuses a payment of 0, a negative one and a float in exponent form', () => {
    for (const amount of ['0', '-5', '0.00', '1e2', '']) expect(supplierBillPaymentInputSchema.safeParse({ paid_on: '2026-11-02', amount }).success, amount).toBe(false);
    expect(supplierBillPaymentInputSchema.parse({ paid_on: '2026-11-02', amount: 500 })).toMatchObject({ amount: '500', reference: null });
  });
});

describe('bill totals, match difference and state', () => {
  it('sums the lines exactly and adds the VAT', () => {
    expect(billTotals([{ amount: '0.10' }, { amount: '0.20' }, { amount: '-0.05' }], '0.06', 'EUR')).toEqual({ net: '0.25', vat: '0.06', total: '0.31' });
    expect(billTotals([{ amount: '1500' }], '0', 'JPY')).toEqual({ net: '1500', vat: '0', total: '1500' });
  });

  it('the difference is the billed amount minus the accrued one, in one currency only', () => {
    expect(matchDifference({ amount: '1850.40' }, 'EUR', { side: 'buy', amount: '1800.00', currency: 'EUR' })).toEqual({ ok: true, difference: '50.40' });
    expect(matchDifference({ amount: '1790' }, 'EUR', { side: 'buy', amount: '1800.00', currency: 'EUR' })).toEqual({ ok: true, difference: '-10.00' });
    expect(matchDifference({ amount: '100' }, 'EUR', { side: 'buy', amount: '100', currency: 'USD' })).toEqual({ ok: false, message: SUPPLIER_BILL_MESSAGES.currencyMismatch('USD', 'EUR') });
    expect(matchDifference({ amount: '100' }, 'EUR', { side: 'sell', amount: '100', currency: 'EUR' })).toEqual({ ok: false, message: SUPPLIER_BILL_MESSAGES.notABuyLine });
  });

  it('a bill is open, partly paid, overdue or paid', () => {
    const b = { total: '100.00', due_date: '2026-11-30', currency: 'EUR' };
    expect(billState({ ...b, paid: '0' }, '2026-11-28')).toEqual({ open: '100.00', state: 'open' });
    expect(billState({ ...b, paid: '40' }, '2026-11-30')).toEqual({ open: '60.00', state: 'partly_paid' });
    expect(billState({ ...b, paid: '40' }, '2026-12-01')).toEqual({ open: '60.00', state: 'overdue' });
    expect(billState({ ...b, paid: '100.00' }, '2027-01-01')).toEqual({ open: '0.00', state: 'paid' });
  });
});

describe('the job profit with actual costs', () => {
  const lines: JobLine[] = [
    { id: 's1', side: 'sell', amount: '2500.00', currency: 'EUR', invoice_id: 'inv' },
    { id: 'b1', side: 'buy', amount: '1800.00', currency: 'EUR' },
    { id: 'b2', side: 'buy', amount: '150.00', currency: 'EUR' },
    { id: 'b3', side: 'buy', amount: '900.00', currency: 'USD' },
    { id: 's2', side: 'sell', amount: '1200.00', currency: 'USD' },
    { id: 'b0', side: 'buy', amount: '0.00', currency: 'USD' },
  ];

  it('without bills it is the accrued view, equal to lineTotals', () => {
    const t = jobTotals(lines, []);
    expect(t.map((c) => c.cost_basis)).toEqual(['accrued', 'accrued']);
    expect(t.map(({ cost_accrued: _a, cost_actual: _b, profit_accrued: _c, cost_basis: _d, ...rest }) => rest)).toEqual(lineTotals(lines));
    expect(t[0]).toMatchObject({ currency: 'USD', cost_accrued: '900.00', cost_actual: '900.00', profit: '300.00', profit_accrued: '300.00' });
  });

  it('a matched buy line costs what the bill says; the rest stays accrued (mixed), then all actual', () => {
    const one = jobTotals(lines, [{ amount: '1850.40', currency: 'EUR', charge_line_id: 'b1' }]);
    const eur = one.find((c) => c.currency === 'EUR')!;
    expect(eur).toMatchObject({ cost_accrued: '1950.00', cost_actual: '2000.40', total_cost: '2000.40', profit: '499.60', profit_accrued: '550.00', margin_percent: '19.98', cost_basis: 'mixed' });
    expect(one.find((c) => c.currency === 'USD')!.cost_basis).toBe('accrued');

    const all = jobTotals(lines, [
      { amount: '1850.40', currency: 'EUR', charge_line_id: 'b1' },
      { amount: '140.00', currency: 'EUR', charge_line_id: 'b2' },
      { amount: '905.50', currency: 'USD', charge_line_id: 'b3' },
    ]);
    expect(all.map((c) => [c.currency, c.cost_actual, c.profit, c.cost_basis])).toEqual([
      ['USD', '905.50', '294.50', 'actual'], // the USD line of 0 accrues nothing and keeps nothing "accrued"
      ['EUR', '1990.40', '509.60', 'actual'],
    ]);
  });

  it('a bill line on the shipment with no buy line adds to the actual cost, in its own currency', () => {
    const t = jobTotals(lines, [{ amount: '35.00', currency: 'EUR', charge_line_id: null }, { amount: '12.00', currency: 'GBP', charge_line_id: null }]);
    expect(t.find((c) => c.currency === 'EUR')).toMatchObject({ cost_accrued: '1950.00', cost_actual: '1985.00', cost_basis: 'mixed' });
    expect(t.find((c) => c.currency === 'GBP')).toMatchObject({ total_revenue: '0.00', cost_accrued: '0.00', cost_actual: '12.00', profit: '-12.00', cost_basis: 'actual' });
  });

  it('never adds across currencies: a match in another currency counts as a bill line of its own', () => {
    const t = jobTotals(lines, [{ amount: '100.00', currency: 'GBP', charge_line_id: 'b1' }]);
    expect(t.find((c) => c.currency === 'EUR')).toMatchObject({ cost_actual: '1950.00', cost_basis: 'accrued' });
    expect(t.find((c) => c.currency === 'GBP')).toMatchObject({ cost_actual: '100.00' });
  });
});
