import { describe, expect, it } from 'vitest';
import { invoiceTotals, lineNet, taxSubtotals, vatProblem, VAT_MESSAGES } from './vat';

describe('VAT per category, rounded half away from zero on the category total (issue 38, EN 16931 BR-CO-17)', () => {
  // The figures of EN 16931's rounding unit tests (test/Invoice-unit-UBL/BR-CO-17.xml) as quoted in issue 38.
  it.each([
    ['2141.05', '14', '299.75'],
    ['2141.19', '2.1', '44.96'],
    ['-2141.19', '5.5', '-117.77'],
    ['-6491.34', '25', '-1622.84'],
  ])('%s at %s%% is %s', (taxable, rate, tax) => {
    expect(taxSubtotals([{ amount: taxable, vat_category: 'S', vat_rate: rate }], 'EUR')).toEqual([{ category: 'S', rate: Number(rate).toFixed(2), taxable, tax }]);
  });

  it('taxes the sum of the lines, not each line: 10.99, 4.95 and 0.08 at 19% give 3.04 (not 3.05)', () => {
    const lines = ['10.99', '4.95', '0.08'].map((amount) => ({ amount, vat_category: 'S' as const, vat_rate: '19' }));
    expect(taxSubtotals(lines, 'EUR')).toEqual([{ category: 'S', rate: '19.00', taxable: '16.02', tax: '3.04' }]);
  });

  it("totals Peppol's example invoice: 7 x 400, -3 x 500 and a 25 charge at S 25% pay 1,656.25", () => {
    const lines = [
      { amount: lineNet('7', '400', 'EUR'), vat_category: 'S' as const, vat_rate: '25' },
      { amount: lineNet('-3', '500', 'EUR'), vat_category: 'S' as const, vat_rate: '25' },
    ];
    const { totals, tax_subtotals } = invoiceTotals({ lines, charges: [{ amount: '25', vat_category: 'S', vat_rate: '25' }] }, 'EUR');
    expect(totals).toEqual({
      lines: '1300.00', allowances: '0.00', charges: '25.00', tax_exclusive: '1325.00', tax: '331.25', tax_inclusive: '1656.25', prepaid: '0.00', payable: '1656.25',
    });
    expect(tax_subtotals).toEqual([{ category: 'S', rate: '25.00', taxable: '1325.00', tax: '331.25' }]);
  });

  it('groups by category and rate, takes allowances off, counts what was prepaid, and keeps a zero-rated group', () => {
    const { totals, tax_subtotals } = invoiceTotals(
      {
        lines: [
          { amount: '100.00', vat_category: 'S', vat_rate: '20' },
          { amount: '50.00', vat_category: 'S', vat_rate: '20.00' },
          { amount: '200.00', vat_category: 'G', vat_rate: '0' },
        ],
        allowances: [{ amount: '10.00', vat_category: 'S', vat_rate: '20' }],
        prepaid: '100.00',
      },
      'EUR',
    );
    expect(tax_subtotals).toEqual([
      { category: 'S', rate: '20.00', taxable: '140.00', tax: '28.00' },
      { category: 'G', rate: '0.00', taxable: '200.00', tax: '0.00' },
    ]);
    expect(totals).toMatchObject({ lines: '350.00', allowances: '10.00', tax_exclusive: '340.00', tax: '28.00', tax_inclusive: '368.00', payable: '268.00' });
  });

  it("rounds to the currency's minor unit: JPY has none", () => {
    expect(taxSubtotals([{ amount: '1005', vat_category: 'S', vat_rate: '10' }], 'JPY')).toEqual([{ category: 'S', rate: '10.00', taxable: '1005', tax: '101' }]);
    expect(lineNet('3', '33.335', 'EUR').toFixed(2)).toBe('100.01');
  });
});

describe('a line\'s VAT category and rate', () => {
  it('asks a rate above 0 for S, 0 for the others, and an exemption reason for E, AE, K, G and O', () => {
    expect(vatProblem('S', '20', null)).toBeNull();
    expect(vatProblem('S', '0', null)).toBe(VAT_MESSAGES.standardRate);
    expect(vatProblem('Z', '0', null)).toBeNull();
    expect(vatProblem('G', '20', 'Export')).toBe(VAT_MESSAGES.zeroRate);
    for (const c of ['E', 'AE', 'K', 'G', 'O'] as const) {
      expect(vatProblem(c, '0', '')).toBe(VAT_MESSAGES.exemptionReason);
      expect(vatProblem(c, '0', 'Reverse charge')).toBeNull();
    }
  });
});
