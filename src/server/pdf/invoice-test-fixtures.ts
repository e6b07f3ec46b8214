/** Invoices and credit notes for the PDF and UBL tests (issue 38), on the papers' letterhead (test-fixtures.ts). */
import { invoiceTotals, lineNet, type VatCategory } from '@domain/money/vat';
import { moneyString } from '@domain/money/currencies';
import type { InvoicePdfView } from './types';
import { ENGLISH, LETTERHEAD } from './test-fixtures';

// Invoices and credit notes (issue 38)
/**
 * Invoices for the PDF tests (issue 38): Peppol BIS 3.0's example invoice (7 x 400, 3 x -500 and a 25 charge, all
 * S 25%), a line converted from USD at the ECB rate of 26 April 2023, a credit note, and a long invoice. Totals and
 * tax subtotals are computed by the domain (invoiceTotals), not written by hand, so the test checks the published
 * figures against what the rules give and the paper prints.
 */

type Line = NonNullable<InvoicePdfView['lines']>[number];

export const SELLER = {
  legal_name: 'Ege Global Lojistik ve Dış Ticaret A.Ş.',
  address: 'Cumhuriyet Bulvarı No: 42, Kat 5\n35250 Konak, İzmir',
  country: 'TR',
  vat_number: 'TR3250012345',
  tax_office: 'Kordonboyu Vergi Dairesi',
  iban: 'TR330006100519786457841326',
  bic: 'TCZBTR2AXXX',
  bank_name: 'Türkiye Cumhuriyeti Ziraat Bankası, İzmir Şubesi',
  invoice_note: 'Late payments carry interest at the statutory rate. Please quote the invoice number with your payment.',
};

export const BUYER = {
  name: 'Müller Gıda Şişli Dış Ticaret Ltd. Şti.',
  address: 'Halaskargazi Cad. No: 12, Kat 3\n34371 Şişli, İstanbul',
  country: 'TR',
  vat_number: 'TR6220529513',
  tax_office: 'Şişli Vergi Dairesi',
};

/** A line in the invoice's currency (its net from the domain's rule), or converted from another currency. */
export function line(
  position: number,
  description: string,
  quantity: string,
  unitPrice: string,
  over: Partial<Line> & { currency?: string } = {},
): Line {
  const { currency = 'EUR', ...rest } = over;
  return {
    position,
    description,
    quantity,
    unit: 'shipment',
    unit_price: unitPrice,
    net: moneyString(lineNet(quantity, unitPrice, currency), currency),
    vat_category: 'S',
    vat_rate: '25.00',
    exemption_reason: null,
    shipment_id: null,
    shipment_reference: null,
    source_amount: null,
    source_currency: null,
    exchange_rate: null,
    exchange_rate_date: null,
    ...rest,
  };
}

/** An invoice of these lines with the totals and subtotals the domain computes, issued 26 Nov 2026, due 26 Dec 2026. */
export function invoiceView(lines: Line[], over: Partial<InvoicePdfView> = {}): InvoicePdfView {
  const currency = over.currency ?? 'EUR';
  const adjustments = over.adjustments ?? [];
  const taxed = (a: { amount: string; vat_category: string; vat_rate: string }) => ({ amount: a.amount, vat_category: a.vat_category as VatCategory, vat_rate: a.vat_rate });
  const { totals, tax_subtotals } = invoiceTotals(
    {
      lines: lines.map((l) => ({ amount: l.net, vat_category: l.vat_category as VatCategory, vat_rate: l.vat_rate })),
      allowances: adjustments.filter((a) => a.kind === 'allowance').map(taxed),
      charges: adjustments.filter((a) => a.kind === 'charge').map(taxed),
    },
    currency,
  );
  const reasons = new Map([...lines, ...adjustments].map((l) => [l.vat_category, l.exemption_reason]));
  return {
    id: '8d0f3a52-8d4f-4a0e-9a52-3c1f0b6e2a10',
    kind: 'invoice',
    status: 'issued',
    state: 'issued',
    number: 'INV-2026-000123',
    company_id: '5b7e9f0e-1f0a-4c55-9a52-3c1f0b6e2a11',
    company_name: BUYER.name,
    currency,
    rate_date: null,
    issue_date: '2026-11-26',
    due_date: '2026-12-26',
    credited_invoice_id: null,
    credited_invoice_number: null,
    buyer_reference: 'PO-4711',
    note: null,
    totals: {
      lines: totals.lines, allowance_total: totals.allowances, charge_total: totals.charges, tax_exclusive: totals.tax_exclusive, tax: totals.tax,
      tax_inclusive: totals.tax_inclusive, payable: totals.payable,
    },
    tax_subtotals: tax_subtotals.map((t) => ({ ...t, exemption_reason: reasons.get(t.category) ?? null })),
    adjustments,
    paid: moneyString('0', currency),
    credited: moneyString('0', currency),
    open: totals.payable,
    lines,
    payments: [],
    credit_notes: [],
    seller: SELLER,
    buyer: BUYER,
    created_at: '2026-11-25T15:00:00.000Z',
    issued_at: '2026-11-26T10:04:00.000Z',
    letterhead: LETTERHEAD,
    tr: ENGLISH,
    ...over,
  };
}

/** Peppol BIS Billing 3.0's example invoice: 1,325.00 net, 331.25 VAT, 1,656.25 payable. */
export function peppolInvoice(over: Partial<InvoicePdfView> = {}): InvoicePdfView {
  return invoiceView(
    [
      line(1, 'Ağır yük taşıma İzmir – Gdańsk, 40HC', '7', '400.00', { shipment_reference: 'CD-S2611-1096', unit: 'container' }),
      line(2, 'Rate adjustment, İskenderun pick-up not used', '3', '-500.00', { shipment_reference: 'CD-S2611-1096', unit: 'container' }),
      line(3, 'Documentation and customs filing (şipşak service)', '1', '25.00'),
    ],
    over,
  );
}

/**
 * Peppol BIS 3.0's base-example.xml as an issued invoice (or credit note) of ours: its two lines (7 x 400, -3 x 500)
 * and its document-level insurance charge (25.00), all S 25%: 1,300.00, 1,325.00 net, 331.25 VAT, 1,656.25 payable.
 */
export function peppolExample(kind: 'invoice' | 'credit_note' = 'invoice') {
  return invoiceView(
    [line(1, 'item name', '7', '400'), line(2, 'item name 2', '-3', '500')],
    {
      kind,
      number: kind === 'invoice' ? 'INV-2026-000123' : 'CN-2026-000007',
      credited_invoice_id: kind === 'invoice' ? null : '8d0f3a52-8d4f-4a0e-9a52-3c1f0b6e2a10',
      credited_invoice_number: kind === 'invoice' ? null : 'INV-2026-000123',
      adjustments: [{ kind: 'charge', reason: 'Insurance', amount: '25.00', vat_category: 'S', vat_rate: '25.00', exemption_reason: null }],
    },
  );
}
