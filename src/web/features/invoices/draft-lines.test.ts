import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@domain/billing/schema';
import { adjustmentProblems, blankAdjustment, blankLine, lineProblems, liveTotals, netOf, toAdjustmentInput, type EditorAdjustment, type EditorLine } from './draft-lines';

const line = (patch: Partial<EditorLine>): EditorLine => ({ ...blankLine({ category: 'S', rate: '25', reason: '' }), description: 'x', ...patch });
const adjustment = (kind: EditorAdjustment['kind'], patch: Partial<EditorAdjustment>): EditorAdjustment => ({ ...blankAdjustment(kind, { category: 'S', rate: '25', reason: '' }), ...patch });

describe('the draft editor', () => {
  it("computes Peppol's example invoice live: 1,325.00 net, 331.25 VAT, 1,656.25 payable", () => {
    const lines = [line({ quantity: '7', unit_price: '400' }), line({ quantity: '3', unit_price: '-500' }), line({ quantity: '1', unit_price: '25' })];
    const t = liveTotals(lines, 'EUR')!;
    expect(t.totals.tax_exclusive).toBe('1325.00');
    expect(t.totals.tax).toBe('331.25');
    expect(t.totals.payable).toBe('1656.25');
  });
  it('taxes each category on its total: 10.99, 4.95 and 0.08 at 19% give 3.04', () => {
    const lines = ['10.99', '4.95', '0.08'].map((p) => line({ unit_price: p, vat_rate: '19' }));
    lines.push(line({ unit_price: '100', vat_category: 'E', vat_rate: '0', exemption_reason: 'Art. 132' }));
    const t = liveTotals(lines, 'EUR')!;
    expect(t.tax_subtotals).toEqual([
      { category: 'S', rate: '19.00', taxable: '16.02', tax: '3.04' },
      { category: 'E', rate: '0.00', taxable: '100.00', tax: '0.00' },
    ]);
  });
  it("rounds a line to the currency's minor unit and keeps a converted line's server net", () => {
    expect(netOf(line({ quantity: '3', unit_price: '0.335' }), 'EUR')).toBe('1.01');
    expect(netOf(line({ quantity: '3', unit_price: '0.5' }), 'JPY')).toBe('2');
    expect(netOf(line({ converted: { net: '911.99', source_amount: '1000.00', source_currency: 'USD', exchange_rate: '0.911992', exchange_rate_date: '2023-04-26' } }), 'EUR')).toBe('911.99');
    expect(netOf(line({ unit_price: '12,5' }), 'EUR')).toBeNull();
  });
  it('names what is wrong with a line', () => {
    expect(lineProblems(line({ unit_price: '10' }))).toEqual({});
    expect(lineProblems(line({ description: ' ', quantity: '0', unit_price: 'x' }))).toEqual({
      description: 'Description is required', quantity: BILLING_MESSAGES.invoiceQuantity, unit_price: 'A price such as 450 or 12.75',
    });
    expect(lineProblems(line({ quantity: '-3', unit_price: '500' }))).toEqual({});
    expect(lineProblems(line({ unit_price: '1', vat_category: 'AE', vat_rate: '0' })).exemption_reason).toBe('This VAT category needs an exemption reason');
    expect(lineProblems(line({ unit_price: '1', vat_category: 'S', vat_rate: '0' })).vat_rate).toBe('A standard-rated line needs a VAT rate above 0');
  });
  it("computes Peppol's example with its insurance as a document-level charge: 1,300.00 lines, 1,325.00 net, 331.25 VAT", () => {
    const lines = [line({ quantity: '7', unit_price: '400' }), line({ quantity: '-3', unit_price: '500' })];
    const t = liveTotals(lines, 'EUR', [adjustment('charge', { reason: 'Insurance', amount: '25' })])!;
    expect(t.totals).toMatchObject({ lines: '1300.00', allowances: '0.00', charges: '25.00', tax_exclusive: '1325.00', tax: '331.25', payable: '1656.25' });
    const discounted = liveTotals(lines, 'EUR', [adjustment('allowance', { reason: 'Volume discount', amount: '100' })])!;
    expect(discounted.totals).toMatchObject({ lines: '1300.00', allowances: '100.00', tax_exclusive: '1200.00', tax: '300.00', payable: '1500.00' });
    // An amount not typed out yet is left out of the totals, never counted as 0 or NaN.
    expect(liveTotals(lines, 'EUR', [adjustment('charge', { reason: 'Insurance', amount: '2,5' })])!.totals.tax_exclusive).toBe('1300.00');
  });
  it("names what is wrong with an allowance or charge in the server's words, and sends what the server takes", () => {
    expect(adjustmentProblems(adjustment('allowance', { reason: 'Discount', amount: '10' }))).toEqual({});
    expect(adjustmentProblems(adjustment('allowance', { reason: ' ', amount: '-5' }))).toEqual({
      reason: 'Give the reason, such as Insurance or Discount', amount: BILLING_MESSAGES.positiveAmount,
    });
    expect(adjustmentProblems(adjustment('charge', { reason: 'Insurance', amount: '0' })).amount).toBe(BILLING_MESSAGES.positiveAmount);
    expect(adjustmentProblems(adjustment('charge', { reason: 'Handling', amount: '5', vat_category: 'E', vat_rate: '0' })).exemption_reason).toBe('This VAT category needs an exemption reason');
    expect(toAdjustmentInput(adjustment('charge', { reason: ' Insurance ', amount: ' 25 ', exemption_reason: 'ignored' }))).toEqual({
      kind: 'charge', reason: 'Insurance', amount: '25', vat_category: 'S', vat_rate: '25', exemption_reason: null,
    });
  });
});
