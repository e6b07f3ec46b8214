import { describe, expect, it } from 'vitest';
import { chargeLineInputSchema, invoiceDraftInputSchema, paymentInputSchema } from './schema';

const company_id = '0b8f5d6e-9a0c-4c4e-8d2a-2f6c1b1e9a01';
const issuesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('billing contract', () => {
  it('a draft needs lines or shipments, a known currency and a known VAT category', () => {
    expect(issuesOf(invoiceDraftInputSchema.safeParse({ company_id, currency: 'EUR' }))).toEqual({ lines: 'Add at least one line' });
    expect(issuesOf(invoiceDraftInputSchema.safeParse({ company_id, currency: 'XYZ', shipment_ids: [company_id] }))).toEqual({
      currency: 'Choose a currency by its ISO 4217 code (e.g. EUR, USD, TRY)',
    });
    const line = { description: 'Ocean freight', quantity: '1', unit_price: '100', vat_category: 'Q', vat_rate: '0' };
    expect(Object.keys(issuesOf(invoiceDraftInputSchema.safeParse({ company_id, currency: 'EUR', lines: [line] })))).toEqual(['lines.0.vat_category']);
  });

  it('VAT rules per category name the field', () => {
    const line = { description: 'Export freight', quantity: '1', unit_price: '100', vat_category: 'G', vat_rate: '0' };
    expect(issuesOf(invoiceDraftInputSchema.safeParse({ company_id, currency: 'EUR', lines: [line] }))).toEqual({
      'lines.0.exemption_reason': 'This VAT category needs an exemption reason',
    });
    expect(issuesOf(invoiceDraftInputSchema.safeParse({ company_id, currency: 'EUR', lines: [{ ...line, vat_category: 'S' }] }))).toEqual({
      'lines.0.vat_rate': 'A standard-rated line needs a VAT rate above 0',
    });
    const ok = invoiceDraftInputSchema.parse({ company_id, currency: 'eur', lines: [{ ...line, exemption_reason: 'Export outside the EU' }] });
    expect(ok.currency).toBe('EUR');
    expect(ok.lines[0]?.quantity).toBe('1');
  });

  it('charge lines: positive quantity, no negative cost, supplier only on a cost', () => {
    const base = { side: 'sell', category: 'freight', unit_price: '1200', currency: 'USD' };
    expect(chargeLineInputSchema.parse(base)).toMatchObject({ quantity: '1', unit: 'shipment' });
    expect(Object.keys(issuesOf(chargeLineInputSchema.safeParse({ ...base, quantity: '-2' })))).toEqual(['quantity']);
    expect(Object.keys(issuesOf(chargeLineInputSchema.safeParse({ ...base, side: 'buy', unit_price: '-5' })))).toEqual(['unit_price']);
    expect(Object.keys(issuesOf(chargeLineInputSchema.safeParse({ ...base, supplier_kind: 'carrier' })))).toEqual(['supplier_kind']);
    expect(Object.keys(issuesOf(chargeLineInputSchema.safeParse({ ...base, unit_price: '1e3' })))).toEqual(['unit_price']);
  });

  it('payments are positive decimal amounts', () => {
    const p = { company_id, received_on: '2026-03-31', amount: '500.00', currency: 'EUR', method: 'bank_transfer' };
    expect(paymentInputSchema.parse(p).amount).toBe('500.00');
    expect(Object.keys(issuesOf(paymentInputSchema.safeParse({ ...p, amount: '-1' })))).toEqual(['amount']);
    expect(Object.keys(issuesOf(paymentInputSchema.safeParse({ ...p, amount: '0.00' })))).toEqual(['amount']);
    expect(Object.keys(issuesOf(paymentInputSchema.safeParse({ ...p, received_on: '2026-02-30' })))).toEqual(['received_on']);
  });
});
