/**
 * The UBL e-invoice (issue 39): Peppol BIS Billing 3.0's own example (base-example.xml: 7 x 400 and -3 x 500, a 25.00
 * insurance charge, all S 25%) entered as our invoice comes out with the example's totals, and as a credit note with
 * the same; what the rules ask of parties, prices and identifiers. The official rules run over these documents in
 * tests/einvoice-ubl.unit.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { invoiceView, line, peppolExample } from '@server/pdf/invoice-test-fixtures';
import { escapeXml, invoiceUbl, vatIdentifier } from './ubl';

const text = (xml: string, element: string) => [...xml.matchAll(new RegExp(`<${element}[^>]*>([^<]*)</${element}>`, 'g'))].map((m) => m[1]);

describe('the UBL of an invoice', () => {
  it("has Peppol's example totals: 1,300.00 lines, 25.00 charges, 1,325.00 net, 331.25 VAT, 1,656.25 payable", () => {
    const xml = invoiceUbl(peppolExample());
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"')).toBe(true);
    expect(text(xml, 'cbc:CustomizationID')).toEqual(['urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0']);
    expect(text(xml, 'cbc:InvoiceTypeCode')).toEqual(['380']);
    expect(text(xml, 'cbc:LineExtensionAmount')).toEqual(['1300.00', '2800.00', '-1500.00']);
    expect(text(xml, 'cbc:TaxExclusiveAmount')).toEqual(['1325.00']);
    expect(text(xml, 'cbc:ChargeTotalAmount')).toEqual(['25.00']);
    expect(text(xml, 'cbc:AllowanceTotalAmount')).toEqual([]);
    expect(text(xml, 'cbc:TaxAmount')).toEqual(['331.25', '331.25']);
    expect(text(xml, 'cbc:TaxableAmount')).toEqual(['1325.00']);
    expect(text(xml, 'cbc:TaxInclusiveAmount')).toEqual(['1656.25']);
    expect(text(xml, 'cbc:PayableAmount')).toEqual(['1656.25']);
    expect(text(xml, 'cbc:InvoicedQuantity')).toEqual(['7', '-3']);
    expect(text(xml, 'cbc:PriceAmount')).toEqual(['400', '500']);
    expect(text(xml, 'cbc:AllowanceChargeReason')).toEqual(['Insurance']);
    expect(text(xml, 'cbc:DueDate')).toEqual(['2026-12-26']);
    // The seller's bank account for the payment, the document number as the remittance reference.
    expect(text(xml, 'cbc:PaymentID')).toEqual(['INV-2026-000123']);
    expect(xml).toContain('<cbc:ID>TR330006100519786457841326</cbc:ID>');
    // Both parties' electronic address: their VAT number under Turkey's VAT scheme (EAS 9952).
    expect(text(xml, 'cbc:EndpointID')).toEqual(['TR3250012345', 'TR6220529513']);
    expect(xml).toContain('<cbc:EndpointID schemeID="9952">');
  });

  it('as a credit note: a CreditNote (381) of the same totals, referring to the invoice, with credited quantities', () => {
    const xml = invoiceUbl(peppolExample('credit_note'));
    expect(xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(text(xml, 'cbc:CreditNoteTypeCode')).toEqual(['381']);
    expect(text(xml, 'cbc:CreditedQuantity')).toEqual(['7', '-3']);
    expect(xml).toMatch(/<cac:BillingReference>\n<cac:InvoiceDocumentReference>\n<cbc:ID>INV-2026-000123<\/cbc:ID>/);
    expect(text(xml, 'cbc:PayableAmount')).toEqual(['1656.25']);
    expect(text(xml, 'cbc:DueDate')).toEqual([]);
    expect(xml).not.toContain('InvoiceLine');
  });

  it('bills a negative price as a negative quantity at the positive price (BR-27), and names a converted line\'s rate', () => {
    const xml = invoiceUbl(
      invoiceView([
        line(1, 'Refund of a surcharge', '1', '-40'),
        line(2, 'Documentation fee', '1', '45.600000', { source_amount: '50.00', source_currency: 'USD', exchange_rate: '0.912000', exchange_rate_date: '2026-11-20' }),
      ]),
    );
    expect(text(xml, 'cbc:InvoicedQuantity')).toEqual(['-1', '1']);
    expect(text(xml, 'cbc:PriceAmount')).toEqual(['40', '45.6']);
    expect(text(xml, 'cbc:Note')).toEqual(['Converted from 50.00 USD at 0.912000 EUR per USD (rate of 2026-11-20)']);
  });

  it('writes an exempt category with its reason, and none of the VAT identifiers for outside the scope of VAT (O)', () => {
    const exempt = invoiceUbl(invoiceView([line(1, 'Export freight', '1', '100', { vat_category: 'G', vat_rate: '0.00', exemption_reason: 'Export outside the EU' })]));
    expect(exempt).toMatch(/<cbc:ID>G<\/cbc:ID>\n<cbc:Percent>0<\/cbc:Percent>\n<cbc:TaxExemptionReason>Export outside the EU<\/cbc:TaxExemptionReason>/);
    const outside = invoiceUbl(invoiceView([line(1, 'Disbursement', '1', '100', { vat_category: 'O', vat_rate: '0.00', exemption_reason: 'Not subject to VAT' })]));
    expect(outside).not.toContain('PartyTaxScheme');
    expect(outside).not.toContain('<cbc:Percent>');
    // The number still identifies the parties: their electronic address and legal registration (BR-CO-26).
    expect(text(outside, 'cbc:EndpointID')).toEqual(['TR3250012345', 'TR6220529513']);
    expect(outside).toMatch(/<cbc:RegistrationName>[^<]+<\/cbc:RegistrationName>\n<cbc:CompanyID>TR3250012345<\/cbc:CompanyID>/);
  });

  it('escapes what a name may hold, and refuses a draft', () => {
    expect(escapeXml(`A & B <"Ltd"> 'x'`)).toBe('A &amp; B &lt;&quot;Ltd&quot;&gt; &apos;x&apos;');
    expect(invoiceUbl(invoiceView([line(1, 'Fee & <costs>', '1', '10')]))).toContain('<cbc:Name>Fee &amp; &lt;costs&gt;</cbc:Name>');
    expect(() => invoiceUbl(invoiceView([line(1, 'x', '1', '1')], { status: 'draft', number: null }))).toThrow(/issued/);
  });

  it('gives a VAT number its country prefix (BR-CO-9), EL for Greece', () => {
    expect(vatIdentifier('3250012345', 'TR')).toBe('TR3250012345');
    expect(vatIdentifier('de 123 456 789', 'DE')).toBe('DE123456789');
    expect(vatIdentifier('094259216', 'GR')).toBe('EL094259216');
    expect(vatIdentifier('', 'TR')).toBe('');
  });
});
