/**
 * The invoice and credit note PDFs as a reader gets them (issue 38): rendered, parsed with pdf.js, and their text
 * checked for Peppol's published totals, the seller and buyer with Turkish letters, the converted line's rate, the tax
 * summary, the bank details, a credit note's reference and reason, and the pages of a 120-line invoice.
 * INVOICE_PDF_OUT=<dir> writes each paper there (to look at it: pdftoppm -png -r 70).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfPages } from '@tests/helpers/pdf-text';
import { dec } from '@domain/money/decimal';
import { invoiceFileName, renderInvoicePdf, type InvoicePdfView } from './index';
import { TURKISH } from './test-fixtures';
import { BUYER, SELLER, invoiceView, line, peppolInvoice } from './invoice-test-fixtures';
import { LETTERHEAD } from './test-fixtures';

async function parse(view: InvoicePdfView, name: string): Promise<{ text: string; pages: string[]; bytes: Buffer }> {
  const bytes = await renderInvoicePdf(view);
  if (process.env.INVOICE_PDF_OUT) {
    mkdirSync(process.env.INVOICE_PDF_OUT, { recursive: true });
    writeFileSync(path.join(process.env.INVOICE_PDF_OUT, `${name}.pdf`), bytes);
  }
  const pages = (await pdfPages(bytes)).map((p) => p.replace(/\s+/g, ' '));
  return { text: pages.join(' '), pages, bytes };
}

const expectAll = (text: string, values: string[]) => {
  for (const v of values) expect(text, `expected "${v}"`).toContain(v);
};

describe('the invoice PDF', () => {
  it("prints Peppol's example invoice with its published totals: 1,325.00 net, 331.25 VAT, 1,656.25 payable", async () => {
    const view = peppolInvoice();
    // The domain's totals are the published ones (the paper prints what the rules give).
    expect(view.totals).toMatchObject({ tax_exclusive: '1325.00', tax: '331.25', tax_inclusive: '1656.25', payable: '1656.25' });
    const { text, pages, bytes } = await parse(view, 'invoice-peppol');
    expectAll(text, [
      'Invoice',
      'Invoice No. INV-2026-000123',
      'Ref. INV-2026-000123',
      'Issue date 26 Nov 2026',
      'Due date 26 Dec 2026',
      'Your reference PO-4711',
      // The letterhead, the seller and the buyer, with their Turkish letters.
      LETTERHEAD.name,
      SELLER.legal_name,
      'Cumhuriyet Bulvarı No: 42, Kat 5 35250 Konak, İzmir',
      `VAT No. ${SELLER.vat_number}`,
      `Tax office ${SELLER.tax_office}`,
      BUYER.name,
      '34371 Şişli, İstanbul Türkiye',
      `VAT No. ${BUYER.vat_number}`,
      // The lines: description, shipment, quantity, unit, unit price, VAT and net.
      '1 Ağır yük taşıma İzmir – Gdańsk, 40HC Shipment CD-S2611-1096 7 container 400.00 S 25% 2,800.00',
      '2 Rate adjustment, İskenderun pick-up not used Shipment CD-S2611-1096 3 container -500.00 S 25% -1,500.00',
      '3 Documentation and customs filing (şipşak service) 1 shipment 25.00 S 25% 25.00',
      // The VAT summary and the totals.
      'S – Standard rate 25% 1,325.00 331.25',
      'Total 1,325.00 331.25',
      'Total net 1,325.00 EUR',
      'Total VAT 331.25 EUR',
      'Total EUR 1,656.25 EUR',
      'Paid 0.00 EUR',
      'Amount due 1,656.25 EUR',
      // Terms and bank details: the IBAN in groups of four.
      'Payment within 30 days of the invoice date',
      'Please pay 1,656.25 EUR by 26 Dec 2026 to the account below, quoting INV-2026-000123.',
      'IBAN: TR33 0006 1005 1978 6457 8413 26',
      'BIC: TCZBTR2AXXX',
      `Bank: ${SELLER.bank_name}`,
      SELLER.invoice_note,
      'Invoice · INV-2026-000123 · issued 2026-11-26 10:04 UTC',
    ]);
    pages.forEach((p, i) => expect(p).toContain(`Page ${i + 1} of ${pages.length}`));
    expect(text).not.toMatch(/\bnull\b|\bundefined\b|\bNaN\b|DRAFT|Credit/);
    const raw = bytes.toString('latin1');
    expect(raw).toContain('DejaVuSans');
    expect(raw).not.toContain('Helvetica');
    expect(invoiceFileName(view)).toBe('INV-2026-000123.pdf');
  });

  it('shows a converted line with its own amount, currency, the rate and the rate day (ECB, 26 April 2023)', async () => {
    const converted = line(2, 'Ocean freight, Mersin – Hamburg', '1', '911.99', {
      source_amount: '1000.00', source_currency: 'USD', exchange_rate: '0.911993', exchange_rate_date: '2023-04-26', shipment_reference: 'CD-S2304-0007',
    });
    const exempt = line(3, 'Transit insurance', '1', '120.00', { vat_category: 'E', vat_rate: '0.00', exemption_reason: 'Insurance services, Art. 135(1)(a) Directive 2006/112/EC' });
    const view = invoiceView([line(1, 'Terminal handling', '2', '75.50'), converted, exempt], {
      paid: '500.00',
      payments: [{ id: 'p1', company_id: 'c', invoice_id: 'i', received_on: '2026-12-01', amount: '500.00', currency: 'EUR', method: 'bank_transfer', reference: 'EFT 88231', note: null, created_at: '2026-12-01T09:00:00Z' }],
    });
    const { text } = await parse({ ...view, open: dec(view.totals.payable).minus(dec('500.00')).toFixed(2), state: 'partly_paid' }, 'invoice-converted');
    expectAll(text, [
      'Converted from 1,000.00 USD at 1 USD = 0.911993 EUR (rate of 26 Apr 2023)',
      '1 shipment 911.99 S 25% 911.99',
      // 151.00 + 911.99 at 25% = 265.75; 120.00 exempt with its reason.
      'S – Standard rate 25% 1,062.99 265.75',
      'E – Exempt from tax 0% 120.00 0.00 Insurance services, Art. 135(1)(a) Directive 2006/112/EC',
      'Total EUR 1,448.74 EUR',
      'Paid 500.00 EUR',
      'Amount due 948.74 EUR',
      'Payments received',
      '1 Dec 2026 Bank transfer EFT 88231 500.00 EUR',
    ]);
  });

  it("prints a credit note with the invoice it credits, the reason and the credited total, without a payment request", async () => {
    const view = peppolInvoice({
      kind: 'credit_note',
      number: 'CN-2026-000007',
      credited_invoice_id: '8d0f3a52-8d4f-4a0e-9a52-3c1f0b6e2a10',
      credited_invoice_number: 'INV-2026-000123',
      issue_date: '2026-12-02',
      due_date: '2026-12-02',
      issued_at: '2026-12-02T08:30:00.000Z',
      reason: 'Two containers were not loaded: freight credited in full.',
    });
    const { text } = await parse(view, 'credit-note');
    expectAll(text, [
      'Credit note',
      'Credit note No. CN-2026-000007',
      'Credits invoice INV-2026-000123',
      'This credit note credits invoice INV-2026-000123.',
      'Reason Two containers were not loaded: freight credited in full.',
      'Lines credited',
      'Total credited 1,656.25 EUR',
      'Credit note · CN-2026-000007 · issued 2026-12-02 08:30 UTC',
    ]);
    expect(text).not.toContain('Amount due');
    expect(text).not.toContain('Please pay');
  });

  it('marks a draft on every page, without a number', async () => {
    const { text, pages } = await parse(
      peppolInvoice({ status: 'draft', state: 'draft', number: null, issue_date: null, due_date: null, issued_at: null, seller: null, printedAt: new Date('2026-11-28T08:00:00Z') }),
      'invoice-draft',
    );
    expectAll(text, ['DRAFT — not issued', 'Draft (no number yet)', 'Amount due 1,656.25 EUR', 'Invoice · DRAFT · draft printed 2026-11-28 08:00 UTC']);
    // Without a seller copy yet, the letterhead is the seller.
    expect(text).toContain(LETTERHEAD.name);
    for (const p of pages) expect(p).toContain('DRAFT');
  });

  it("prints a Turkish company's invoice in Turkish: its labels, dates, lira and rates as Turkish writes them", async () => {
    const view = invoiceView([line(1, 'Navlun İzmir – Gdańsk, konşimento düzeltme ücreti', '1', '1234.50', { currency: 'TRY', vat_rate: '20.00' })], {
      currency: 'TRY',
      tr: TURKISH,
    });
    const { text, pages, bytes } = await parse(view, 'invoice-tr');
    expectAll(text, [
      // The title and labels from the catalog (ı, ö and ü from the embedded font), the buyer's Turkish letters.
      'Fatura',
      'Kalemler',
      'KDV',
      'Açıklama',
      'Ödendi',
      BUYER.name,
      'Türkiye',
      // Issued 26 Nov 2026, due 26 Dec 2026; 1,234.50 TRY at 20%: 246.90 VAT, 1,481.40 in all.
      '26 Kasım 2026',
      '26 Aralık 2026',
      '1.234,50',
      'S %20',
      '₺1.234,50',
      '₺246,90',
      '₺1.481,40',
    ]);
    // The paper's own messages print in Turkish once `npm run i18n` has folded their translations into the catalog.
    if (TURKISH.t('Invoice No.') !== 'Invoice No.') {
      expectAll(text, ['Fatura No. INV-2026-000123', 'Düzenleme tarihi 26 Kasım 2026', 'Vade tarihi 26 Aralık 2026', 'Toplam KDV ₺246,90', 'Ödenecek tutar ₺1.481,40']);
    }
    pages.forEach((p, i) => expect(p).toContain(`Sayfa ${i + 1}/${pages.length}`));
    for (const english of ['Page 1 of', '26 Nov 2026', '1,234.50', '1,481.40 TRY']) expect(text).not.toContain(english);
    expect(text).not.toMatch(/\bnull\b|\bundefined\b|\bNaN\b/);
    expect(bytes.toString('latin1')).toContain('/Lang (tr)');
  });

  it('prints JPY without decimals and BHD with three', async () => {
    const jpy = await parse(invoiceView([line(1, 'Air freight Narita – İstanbul', '3', '14800', { currency: 'JPY', vat_category: 'G', vat_rate: '0', exemption_reason: 'Export outside the EU' })], { currency: 'JPY' }), 'invoice-jpy');
    expectAll(jpy.text, ['3 shipment 14,800 G 0% 44,400', 'Amount due 44,400 JPY']);
    const bhd = await parse(invoiceView([line(1, 'Handling Bahrain', '1', '12.755', { currency: 'BHD', vat_rate: '10.00' })], { currency: 'BHD' }), 'invoice-bhd');
    expectAll(bhd.text, ['12.755 S 10% 12.755', 'Total VAT 1.276 BHD', 'Amount due 14.031 BHD']);
  });

  it('continues a 120-line invoice over several pages, the header repeated and every page numbered', async () => {
    const lines = Array.from({ length: 120 }, (_, i) =>
      line(i + 1, `Freight İzmir – Köln, container ${i + 1}`, '1', `${1000 + i}.50`, { shipment_reference: `CD-S2611-${String(2000 + i)}` }),
    );
    const view = invoiceView(lines);
    // 120 x 1,000.50 + (0 + ... + 119) = 120,060.00 + 7,140.00 = 127,200.00 net; 25%: 31,800.00.
    expect(view.totals).toMatchObject({ tax_exclusive: '127200.00', tax: '31800.00', tax_inclusive: '159000.00' });
    const { text, pages } = await parse(view, 'invoice-120-lines');
    expect(pages.length).toBe(5);
    pages.forEach((p, i) => expect(p).toContain(`Page ${i + 1} of 5`));
    for (const p of pages.slice(1)) expect(p).toContain('Invoice · INV-2026-000123 (continued)');
    expect(pages[1]).toContain('Lines (continued)');
    // Every line once, the last ones and the totals at the end.
    for (let n = 1; n <= 120; n++) expect(text).toContain(`container ${n} Shipment CD-S2611-${2000 + n - 1}`);
    expectAll(pages.at(-1)!, ['Freight İzmir – Köln, container 120', '1,119.50', 'Total net 127,200.00 EUR', 'Amount due 159,000.00 EUR', 'IBAN: TR33 0006 1005 1978 6457 8413 26']);
  });
});
