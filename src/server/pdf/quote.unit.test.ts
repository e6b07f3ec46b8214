/**
 * The quote from a request as a reader gets it (issue 16): rendered, parsed with pdf.js, and its text checked for the
 * request's and quote's values with Turkish, Polish and German names, totals per currency, the frame, the DRAFT mark
 * of a preview, and never a carrier cost.
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pdfPages } from '@tests/helpers/pdf-text';
import { renderQuote, type QuotePdfInput } from './index';
import { ENGLISH, LETTERHEAD, pdfBytes } from './test-fixtures';

/** Costs on the staff's quote that must never reach the paper (the input type has no field for them either). */
const COSTS = ['1,900.00', '1900', '120.00', '97.50'];

function quoteInput(over: Partial<QuotePdfInput> = {}): QuotePdfInput {
  return {
    request: {
      number: 'RQ-2611-0042',
      mode: 'sea',
      direction: 'export',
      sea_load: 'fcl',
      equipment: [{ type: '40HC', count: 2 }],
      origin_airport: null,
      origin_port: 'İzmir (Alsancak)',
      origin_address: 'Şehitler Cad. No: 7, Alsancak',
      origin_city: 'İzmir',
      origin_country: 'Türkiye',
      destination_airport: null,
      destination_port: 'Gdańsk',
      destination_address: null,
      destination_city: 'Gdańsk',
      destination_country: 'Poland',
      incoterm: 'FOB',
      incoterm_place: 'İzmir',
      cargo_ready_date: '2026-12-01',
      cargo_description: 'Dried figs and hazelnuts, palletised',
      pieces: [{ count: 40, length: 120, width: 80, height: 150, unit: 'cm', weight: 450 }],
      weight_gross: 18_500,
      volume: null,
      dangerous_goods: false,
      un_number: null,
      hazard_class: null,
      handler_name: 'Deniz Yılmaz',
    },
    quote: {
      mode: 'sea',
      transport_mode: null,
      lines: [
        { category: 'freight', code: 'FRT', description: 'Ocean freight İzmir – Gdańsk', quantity: '2', unit: 'container', unit_price: '1200', amount: '2400.00', currency: 'USD', vat_category: 'Z', vat_rate: '0' },
        { category: 'handling', code: 'THC', description: 'Terminal handling', quantity: '1', unit: 'shipment', unit_price: '180.50', amount: '180.50', currency: 'EUR', vat_category: 'S', vat_rate: '20' },
        { category: 'documentation', code: 'DOC', description: 'Bill of lading fee', quantity: '1', unit: 'shipment', unit_price: '65.00', amount: '65.00', currency: 'EUR', vat_category: null, vat_rate: null },
        { category: 'customs', code: null, description: 'Export declaration, Müller broker', quantity: '1', unit: 'shipment', unit_price: '3750.00', amount: '3750.00', currency: 'TRY', vat_category: null, vat_rate: null },
      ],
      valid_until: '2026-12-10',
      transit_days: 12,
      terms: 'Subject to space and equipment availability.',
      customer_note: 'Weekly service via Gdańsk, cut-off Thursday.',
      sent_at: '2026-11-26T10:04:00.000Z',
    },
    company: { name: 'Müller Gıda Şişli', address: 'Halaskargazi Cad. No: 12\n34371 Şişli, İstanbul\nTürkiye' },
    letterhead: LETTERHEAD,
    draft: false,
    printedAt: new Date('2026-11-28T08:00:00.000Z'),
    tr: ENGLISH,
    ...over,
  };
}

async function parse(input: QuotePdfInput): Promise<{ text: string; pages: string[]; bytes: Buffer }> {
  const bytes = await pdfBytes(renderQuote(input));
  if (process.env.QUOTE_PDF_OUT) writeFileSync(process.env.QUOTE_PDF_OUT, bytes);
  const pages = (await pdfPages(bytes)).map((p) => p.replace(/\s+/g, ' '));
  return { text: pages.join(' '), pages, bytes };
}

const expectAll = (text: string, values: string[]) => {
  for (const v of values) expect(text, `expected "${v}"`).toContain(v);
};

describe('the quote PDF', () => {
  it('prints the reference, the customer, the route, the cargo, each charge and a total per currency, in non-ASCII names', async () => {
    const { text, pages, bytes } = await parse(quoteInput());
    expectAll(text, [
      'Quotation',
      'Ref. RQ-2611-0042',
      'Quotation No. RQ-2611-0042',
      // The letterhead.
      LETTERHEAD.name,
      'Cumhuriyet Bulvarı No: 42',
      // The customer, addressed with their Turkish letters.
      'Müller Gıda Şişli',
      'Halaskargazi Cad. No: 12',
      '34371 Şişli, İstanbul',
      // Route and service.
      'Port: İzmir (Alsancak)',
      'İzmir, Türkiye',
      'Port: Gdańsk',
      'Gdańsk, Poland',
      'Sea freight, Full container (FCL)',
      'FOB İzmir',
      'Transit time 12 days',
      'Cargo ready 1 Dec 2026',
      // Cargo as the request holds it: 40 pieces of 1.44 m³ each.
      'Dried figs and hazelnuts, palletised',
      'Pieces 40',
      '18,500 kg',
      '57.600 m³',
      '2 × 40HC',
      // Each line: its code and category, description, quantity x unit price per unit, VAT, currency and amount.
      'FRT · Freight Ocean freight İzmir – Gdańsk 2 × 1,200 per container Z USD 2,400.00',
      'THC · Handling Terminal handling 1 × 180.50 per shipment S 20% EUR 180.50',
      'DOC · Documentation Bill of lading fee 1 × 65.00 per shipment EUR 65.00',
      'Customs Export declaration, Müller broker 1 × 3,750.00 per shipment TRY 3,750.00',
      // A total per currency, never one sum of different currencies.
      'Total USD USD 2,400.00',
      'Total EUR EUR 245.50',
      'Total TRY TRY 3,750.00',
      '2,400.00 USD',
      '245.50 EUR',
      '3,750.00 TRY',
      // Validity, the day it was sent, the contact, the terms.
      'Valid until 10 Dec 2026',
      'This quotation is valid until 10 Dec 2026.',
      'Date 26 Nov 2026',
      'Your contact Deniz Yılmaz',
      'Subject to space and equipment availability.',
      'Weekly service via Gdańsk, cut-off Thursday.',
      // The footer.
      'Quotation · RQ-2611-0042 · issued 2026-11-26 10:04 UTC',
    ]);
    pages.forEach((p, i) => expect(p).toContain(`Page ${i + 1} of ${pages.length}`));
    // No sum across currencies: 2,400 + 245.50 + 3,750 nowhere.
    for (const wrong of ['6,395.50', '2,645.50', '6,150.00']) expect(text).not.toContain(wrong);
    expect(text).not.toContain('DRAFT');
    expect(text).not.toMatch(/\bnull\b|\bundefined\b|\bNaN\b|Version/);
    const raw = bytes.toString('latin1');
    expect(raw).toContain('DejaVuSans');
    expect(raw).not.toContain('Helvetica');
  });

  it('prints what the rates apply to: the equipment, revenue tons or chargeable weight, and the rate basis (issue 41)', async () => {
    const fcl = await parse(quoteInput());
    expect(fcl.text).toContain('Priced on 2 × 40HC Rate basis Freight per container');
    // LCL: 40 pallets of 120 x 80 x 150 cm are 57.6 m³, more than 18.5 t: W/M is the m³.
    const lcl = await parse(quoteInput({ request: { ...quoteInput().request, sea_load: 'lcl' } }));
    expect(lcl.text).toContain('Priced on 57.6 revenue tons (W/M)');
    // Air: IATA's volumetric rule, 80 x 60 x 40 cm = 192,000 cm³ / 6,000 = 32 kg, above the 20 kg gross.
    const r = { ...quoteInput().request, mode: 'air' as const, sea_load: null, pieces: [{ count: 1, length: 80, width: 60, height: 40, unit: 'cm' as const, weight: 20 }], weight_gross: 20 };
    const kgLine = { ...quoteInput().quote.lines[0]!, description: 'Air freight', quantity: '32', unit: 'kg' as const, unit_price: '3.10', amount: '99.20' };
    const air = await parse(quoteInput({ request: r, quote: { ...quoteInput().quote, mode: 'air', lines: [kgLine] } }));
    expect(air.text).toContain('Priced on Chargeable weight 32 kg (volumetric 32 kg) Rate basis Freight per kg');
    // Heavier than its volume: the gross weight is chargeable.
    const heavy = await parse(quoteInput({ request: { ...r, weight_gross: 45.2 }, quote: { ...quoteInput().quote, mode: 'air', lines: [kgLine] } }));
    expect(heavy.text).toContain('Priced on Chargeable weight 45.5 kg (gross)');
  });

  it('never prints a cost, even when the lines handed in still carry one', async () => {
    const input = quoteInput();
    // What a careless caller could pass: the staff quote's lines, costs included (TypeScript allows extra fields).
    const withCosts = { ...input, quote: { ...input.quote, lines: input.quote.lines.map((l, i) => ({ ...l, cost: [1900, 120, 97.5, 1900][i] })) } };
    const { text } = await parse(withCosts);
    for (const cost of COSTS) expect(text).not.toContain(cost);
    expect(text).not.toMatch(/\bcost\b|margin|profit/i);
  });

  it('prints only what the request holds: no incoterm, transit, containers, terms or contact boxes when there are none', async () => {
    const base = quoteInput();
    const { text } = await parse({
      ...base,
      request: { ...base.request, mode: 'air', sea_load: null, equipment: [], incoterm: null, incoterm_place: null, pieces: [], volume: 2.5, handler_name: null,
        origin_port: null, destination_port: null, origin_airport: 'ADB', destination_airport: 'GDN', origin_address: null },
      quote: { ...base.quote, mode: 'air', transit_days: null, terms: null, customer_note: null },
    });
    expectAll(text, ['Air freight', 'Airport: ADB', 'Airport: GDN', '2.500 m³', 'Valid until 10 Dec 2026']);
    for (const absent of ['Incoterms', 'Transit time', 'Containers', 'Pieces', 'Terms', 'Note', 'Your contact', 'Port:']) expect(text).not.toContain(absent);
  });

  it('marks a draft on every page and dates it the day it is printed', async () => {
    const base = quoteInput();
    const { text, pages } = await parse({ ...base, draft: true, quote: { ...base.quote, sent_at: null } });
    expect(text).toContain('DRAFT — not sent');
    for (const p of pages) expect(p).toContain('DRAFT');
    expect(text).toContain('Date 28 Nov 2026');
    expect(text).toContain('Quotation · RQ-2611-0042 · draft printed 2026-11-28 08:00 UTC');
  });

  it('continues a long quote on a second page with the footer on each', async () => {
    const base = quoteInput();
    const long = 'Subject to space, equipment and the carrier’s bill of lading terms. '.repeat(60);
    const { pages } = await parse({ ...base, quote: { ...base.quote, terms: long } });
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((p, i) => expect(p).toContain(`Page ${i + 1} of ${pages.length}`));
    expect(pages[1]).toContain('Quotation · RQ-2611-0042 (continued)');
  });
});
