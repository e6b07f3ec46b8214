/**
 * The generated papers as a reader gets them: each is rendered, its bytes parsed with pdf.js, and its text checked for
 * the shipment's values (non-ASCII names included), the page footer, and what must never be printed.
 */
import { describe, expect, it } from 'vitest';
import bwipjs from 'bwip-js/node';
import { pdfPages } from '@tests/helpers/pdf-text';
import { GENERATED_KIND_INFO, GENERATED_KINDS, type GeneratedKind } from '@domain/generated-documents/schema';
import { containerNumberProblem } from '@domain/cargo/trade-numbers';
import { code128 } from './barcode';
import { renderGeneratedDocument, type PdfInput } from './index';
import { CONTAINERS, LETTERHEAD, SECRETS, TURKISH, containerNumber, inputFor, pdfBytes, shipmentFixture } from './test-fixtures';
import type { PaperCharge } from './types';

type Parsed = { pages: string[]; text: string; bytes: Buffer };

/** Each page's text as pdf.js reads it, runs of whitespace collapsed (wrapped lines become one). */
async function parse(input: PdfInput): Promise<Parsed> {
  const bytes = await pdfBytes(renderGeneratedDocument(input));
  const pages = (await pdfPages(bytes)).map((p) => p.replace(/\s+/g, ' '));
  return { pages, text: pages.join(' '), bytes };
}

/** Input of a kind on a shipment of the kind's transport (air for the HAWB, land for the CMR, sea otherwise). */
function inputOf(kind: GeneratedKind, over: Parameters<typeof shipmentFixture>[0] = {}): PdfInput {
  const transport = kind === 'hawb' ? { type: 'air' as const, containers: [] } : kind === 'cmr' ? { type: 'land' as const, containers: [] } : {};
  return inputFor(kind, { shipment: shipmentFixture({ ...transport, ...over }) });
}

const PARTIES = ['Anatolia Tekstil A.Ş.', 'Büyükdere Cad. No: 120, Şişli, İstanbul', 'Müller Maschinenbau GmbH', 'Gdańsk'];
const NOTIFY = 'Łódź Logistyka Sp. z o.o.';

function expectAll(text: string, values: string[]): void {
  for (const v of values) expect(text, `expected "${v}"`).toContain(v);
}

/** Each charge's row as pdf.js reads it: code and category, description, quantity x unit price, VAT, currency, amount. */
const PRINTED_CHARGES = [
  'SRV · Service 1 × 1,200.00 per shipment USD 1,200.00',
  'CUS · Customs 1 × 350.50 per shipment EUR 350.50',
  'HDL · Handling 1 × 75.25 per shipment EUR 75.25',
  'DOC · Documentation 1 × 45.00 per shipment USD 45.00',
  'DEL · Delivery 1 × 12,345.67 per shipment USD 12,345.67',
  'BAF · Freight Bunker surcharge 2 × 85.00 per container EUR 170.00',
  'THC · Handling Terminal handling Gdańsk 1 × 121.00 per container S 20% EUR 121.00',
];

/** Costs, profit and internal notes are staff-internal: no paper prints them. */
function expectNothingInternal(text: string): void {
  expect(text).not.toContain(SECRETS.internal_notes);
  for (const cost of ['9,876.54', '4,321.98', '5,555.55', '31.50', 'Freight Cost', 'Profit', 'Margin']) expect(text).not.toContain(cost);
}

describe('generated document PDFs', () => {
  // First, so that it measures a process that has not loaded the fonts yet.
  it('renders a first paper cold', async () => {
    const t = performance.now();
    await pdfBytes(renderGeneratedDocument(inputOf('hbl')));
    console.log(`first render (cold, fonts loaded from disk): ${(performance.now() - t).toFixed(1)} ms`);
  });

  it('encodes the barcode as Code 128: start and stop patterns, quiet ASCII only', () => {
    const symbol = code128('CD-S2611-1096')!;
    const widths = symbol.bars.map((b) => b.width);
    // Start B is bar 2, space 1, bar 1, space 2, bar 1, space 4; the stop pattern ends on bars 3, 1 and 2 wide.
    expect(symbol.bars.slice(0, 3)).toEqual([{ x: 0, width: 2 }, { x: 3, width: 1 }, { x: 6, width: 1 }]);
    expect(widths.slice(-3)).toEqual([3, 1, 2]);
    expect(symbol.bars.at(-1)!.x + 2).toBe(symbol.modules);
    // 11 modules per symbol (start, 13 characters or fewer in code set C, check) plus the 13-module stop.
    expect((symbol.modules - 13) % 11).toBe(0);
    expect(code128('İzmir')).toBeNull();
    expect(code128('')).toBeNull();
  });

  it('uses valid ISO 6346 container numbers in its fixture', () => {
    for (const c of CONTAINERS) expect(containerNumberProblem(c.number)).toBeNull();
  });

  it.each(GENERATED_KINDS)('%s: frame, footer and fonts', async (kind) => {
    const { text, pages, bytes } = await parse(inputOf(kind));
    const title = kind === 'cmr' ? 'CMR — International Consignment Note' : GENERATED_KIND_INFO[kind].label;
    expectAll(text, [
      title,
      'CD-S2611-1096',
      'Version 2',
      '26 Nov 2026',
      LETTERHEAD.name,
      'Cumhuriyet Bulvarı No: 42',
      LETTERHEAD.phone,
      LETTERHEAD.email,
      `Tax ID ${LETTERHEAD.tax_id}`,
      `${GENERATED_KIND_INFO[kind].prefix} v2 · CD-S2611-1096 · generated 2026-11-26 10:04 UTC`,
    ]);
    pages.forEach((p, i) => expect(p).toContain(`Page ${i + 1} of ${pages.length}`));
    const raw = bytes.toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    // DejaVu embedded; pdfkit's standard Helvetica never loaded.
    expect(raw).toContain('DejaVuSans');
    expect(raw).not.toContain('Helvetica');
    expect(text).not.toMatch(/\bnull\b|\bundefined\b|\bNaN\b/);
    expectNothingInternal(text);
  });

  it('hbl: our B/L number beside the master B/L and booking, carriage, freight terms, marks, containers with packages, issue block', async () => {
    const { text } = await parse(inputOf('hbl'));
    expectAll(text, [
      ...PARTIES,
      NOTIFY,
      'B/L No. CDKIZM2611000123',
      'Master B/L No. MEDUIZ123456',
      'Carrier booking No. MSC-BKG-2611-4471',
      'Our reference CD-S2611-1096',
      'Vessel and voyage MSC Aurora / AX612W',
      'Pre-carriage by Truck',
      'Place of receipt Manisa',
      'Port of loading İzmir (Alsancak)',
      'Port of discharge Gdańsk',
      'On-carriage by Rail',
      'Place of delivery Łódź',
      'Freight Freight prepaid',
      'Freight payable at İzmir',
      'Particulars furnished by the shipper',
      'Marks and numbers',
      'ANATOLIA / ŁÓDŹ PALLETS 1-48 MADE IN TÜRKİYE',
      ...CONTAINERS.flatMap((c) => [c.number, `Seal ${c.carrier_seal_number}`]),
      '40HC (45G1) 16 pallets 8,200.5 kg 67.500 m³',
      '20DC (22G1)',
      'Total: 3 containers 48 pallets',
      '20,250.75 kg',
      '164.850 m³',
      'Cotton fabric rolls, dyed, for upholstery',
      '5208.59.00',
      'UN1263, class 3',
      'FOB İzmir',
      'Keep dry. Do not stack more than two pallets high.',
      'Shipped on board 28 Nov 2026 MSC Aurora / AX612W',
      'Number of original B/Ls 3 (three)',
      'Place and date of issue İzmir, 26 Nov 2026',
      'subject to the terms and conditions of FIATA Multimodal Transport Bill of Lading, standard conditions (FBL 2023).',
      'Ege Global Lojistik A.Ş. as agent for the carrier Turkish Cargo',
      // The letterhead: registry number and the bank the papers are paid to (IBAN printed in groups of four).
      'Reg. No. MERSIS 0123456789000015',
      'IBAN TR33 0006 1005 1978 6457 8413 26',
      'BIC TCZBTR2A',
    ]);
    expect(text).not.toMatch(/(?<!Master )B\/L No\. MEDUIZ123456/);
  });

  it('hbl: without our number yet, the reference; signed as carrier by the setting; a port-to-port bill leaves the places empty', async () => {
    const input = inputOf('hbl', { house_bl_number: null, place_of_receipt: null, origin_city: 'İzmir', freight_terms: 'collect' });
    const { text } = await parse({ ...input, letterhead: { ...input.letterhead, bl_signed_as: 'carrier' } });
    expect(text).toContain('B/L No. CD-S2611-1096');
    expect(text).toContain('Freight Freight collect');
    expect(text).toContain('Ege Global Lojistik A.Ş. as carrier');
    expect(text).not.toContain('as agent');
    // The origin city is the port of loading's own: no place of receipt beside it.
    expect(text).toContain('Place of receipt Port of loading');
  });

  it('hawb: IATA boxes: numbers, accounts, agent code, routing, charges codes, declared values, rating block, other charges, totals', async () => {
    const air: PaperCharge[] = [
      { category: 'freight', code: 'FRT', description: null, quantity: '20251', unit: 'kg', unit_price: '1.85', amount: '37464.35', currency: 'USD', vat_category: null, vat_rate: null },
      { category: 'freight', code: 'FSC', description: null, quantity: '1', unit: 'shipment', unit_price: '250.00', amount: '250.00', currency: 'USD', vat_category: null, vat_rate: null },
      { category: 'documentation', code: 'AWB', description: null, quantity: '1', unit: 'shipment', unit_price: '45.00', amount: '45.00', currency: 'USD', vat_category: null, vat_rate: null },
    ];
    const { text } = await parse({ ...inputOf('hawb', { freight_terms: 'prepaid', cargo_insurance_value: 90000, cargo_insurance_value_currency: 'EUR' }), charges: air });
    expectAll(text, [
      ...PARTIES,
      'MAWB No. 235-12345675',
      'HAWB No. HAWB-IZ-2611-77',
      "Shipper's account No. SHP-4471",
      "Agent's IATA code 34-4 7890/1234",
      'Account No. EGE-IZM-01',
      'Airport of departure ADB',
      'Airport of destination WAW',
      'To WAW',
      'By first carrier Turkish Cargo',
      'TK6421',
      'Currency USD',
      'CHGS code PP',
      // NVD unless a value is declared for carriage; the customs value is the cargo's.
      'Declared value for carriage NVD',
      'Declared value for customs 84,250.00 EUR',
      'Amount of insurance 90,000.00 EUR',
      'Incoterm and place FOB İzmir',
      `Also notify: ${NOTIFY}`,
      'Dangerous goods: UN1263, class 3',
      // The rating line: pieces, gross, K, rate class Q (over 45 kg), chargeable weight, rate, total.
      '48 pallets 20,250.75 K Q 20,251 1.85 37,464.35 Cotton fabric rolls',
      'Dims: 40 x 120 x 80 x 150 cm, 420 kg each',
      'Volume: 164.850 m³',
      'FSC 250.00 USD (due carrier)',
      'AWB 45.00 USD (due agent)',
      'Weight charge 37,464.35',
      'Total other charges due agent 45.00',
      'Total other charges due carrier 250.00',
      'Total prepaid 37,759.35',
      'At (place) İzmir',
      'Signature of shipper or his agent',
      'Signature of issuing carrier or its agent',
    ]);
    const declared = await parse(inputOf('hawb', { declared_value_carriage: 5000, cargo_value: null, freight_terms: 'collect' }));
    expectAll(declared.text, ['Declared value for carriage 5,000.00 EUR', 'Declared value for customs NCV', 'CHGS code CC', 'Amount of insurance NIL']);
  });

  it('cmr: the numbered boxes with places, dates, goods and vehicle', async () => {
    const carrier = { carrier_record_name: 'Ekol Logistics', freight_terms: 'collect', cash_on_delivery: 2500, cash_on_delivery_currency: 'EUR' };
    const { text } = await parse({ ...inputOf('cmr', carrier), attached: ['Commercial Invoice', 'Packing List'] });
    expectAll(text, [
      ...PARTIES,
      'This carriage is subject, notwithstanding any clause to the contrary, to the Convention on the Contract for the International Carriage of Goods by Road (CMR).',
      '1 Sender',
      '2 Consignee',
      '3 Place of delivery of the goods',
      'ul. Przemysłowa 7 Łódź, PL',
      '4 Place and date of taking over the goods',
      'Organize Sanayi Bölgesi, 3. Cadde No: 14 İzmir, TR 27 Nov 2026, 07:15 UTC',
      '5 Documents attached',
      '7 Number of packages',
      '48',
      'Pallet',
      '10 Statistical number',
      '5208.59.00',
      '11 Gross weight',
      '20,250.75 kg',
      '164.850 m³',
      '13 Sender',
      'Export declaration EX-2611-0042 at Kapıkule; T1 transit to Łódź',
      'Keep dry.',
      '14 Directions as to payment for carriage Carriage forward',
      '15 Cash on delivery 2,500.00 EUR',
      // Box 16 is the road carrier, not the forwarder issuing the note; box 5 the documents received on the checklist.
      '16 Carrier (name, address, country) Ekol Logistics',
      '5 Documents attached Commercial Invoice Packing List',
      '6 Marks and Nos.',
      'ANATOLIA / ŁÓDŹ',
      '17 Successive carriers',
      '18 Carrier',
      '19 Special agreements Temperature above 5 °C; no transhipment',
      '20 To be paid by (sender / consignee) Consignee',
      '21 Established in (place) on (date) İzmir, 26 Nov 2026',
      'Truck plate: 35 ABC 123',
      'Trailer plate: 35 TR 0042',
      'Truck type: Box',
      'Dangerous goods (ADR): UN1263, class 3',
    ]);
    expect(text).not.toMatch(/16 Carrier \(name, address, country\) Ege Global/);
  });

  it('arrival notice: arrival, documents, containers, cargo, customs and the charges due per currency', async () => {
    const { text } = await parse(inputOf('arrival_notice'));
    expectAll(text, [
      'Your shipment is arriving',
      'Müller Maschinenbau GmbH',
      NOTIFY,
      'Anatolia Tekstil A.Ş.',
      'B/L No. MEDUIZ123456',
      'MSC Aurora',
      'Port of discharge Gdańsk',
      'Estimated arrival 9 Dec 2026, 06:00 UTC',
      'Customs status Documentation Required',
      ...CONTAINERS.flatMap((c) => [c.number, c.carrier_seal_number]),
      '48 pallets',
      '20,250.75 kg',
      ...PRINTED_CHARGES,
      'Total USD USD 13,590.67',
      'Total EUR EUR 716.75',
    ]);
    // Only the charges given are listed (the server leaves out lines of 0); currencies are never added together.
    expect(text).not.toContain('Insurance');
    expect(text).not.toContain('Storage');
    expect(text).not.toContain('14,307.42');
  });

  it('arrival notice by air: flight, airports and air waybill numbers', async () => {
    const { text } = await parse(inputOf('arrival_notice', { type: 'air', containers: [] }));
    expectAll(text, ['HAWB No. HAWB-IZ-2611-77', 'MAWB No. 235-12345675', 'Flight TK6421', 'Airport of discharge WAW', 'at WAW on 9 Dec 2026']);
    expect(text).not.toContain('Container No.');
  });

  it('booking confirmation: to the company, route, schedule, equipment, cargo and Incoterm', async () => {
    const { text } = await parse(inputOf('booking_confirmation'));
    expectAll(text, [
      'Booking confirmed',
      'To Anatolia Tekstil A.Ş.',
      '34394 Şişli, İstanbul',
      'Your reference MEDUIZ123456',
      'Anatolia Tekstil A.Ş.',
      'Müller Maschinenbau GmbH',
      'İzmir, TR → Łódź, PL',
      'Port of loading İzmir (Alsancak)',
      'Port of discharge Gdańsk',
      'Estimated departure 28 Nov 2026, 09:30 UTC',
      'Estimated arrival 9 Dec 2026, 06:00 UTC',
      'MSC Aurora / AX612W',
      ...CONTAINERS.flatMap((c) => [c.number, c.carrier_seal_number]),
      '2 x 40HC (45G1), 1 x 20DC (22G1)',
      '48 pallets',
      '20,250.75 kg',
      'FOB İzmir',
      // Issue 41: the carrier and its booking number, each container's packages.
      'Carrier Turkish Cargo',
      'Carrier booking No. MSC-BKG-2611-4471',
      'MSCU1234566 SL-884201 40HC (45G1) 16 pallets 8,200.5 kg',
    ]);
    // The notify party is not one of the booking confirmation's fields.
    expect(text).not.toContain(NOTIFY);
  });

  it('debit note: bill-to, number, terms, charges with a total per currency, nothing internal', async () => {
    const { text } = await parse(inputOf('debit_note'));
    expectAll(text, [
      'Bill to Anatolia Tekstil A.Ş.',
      'Debit note No. CD-S2611-1096-2',
      'Your reference (B/L No.) MEDUIZ123456',
      'Payment terms Net 30',
      'Due date 26 Dec 2026',
      ...PRINTED_CHARGES,
      'Total USD USD 13,590.67',
      'Total EUR EUR 716.75',
      'Total due 13,590.67 USD 716.75 EUR',
    ]);
    expect(text).not.toContain('14,307.42');
    expectNothingInternal(text);
    // No cargo or party data: the debit note lists only the charges and the references.
    for (const v of ['MSCU1234566', 'Müller', 'Cotton fabric']) expect(text).not.toContain(v);
  });

  it('debit note without charges says so, with a zero total in the shipment currency', async () => {
    const { text } = await parse({ ...inputOf('debit_note'), charges: [] });
    expectAll(text, ['No charges are due.', 'Total due 0.00 USD']);
  });

  it('prints empty boxes, never "null", for a shipment with little data', async () => {
    for (const kind of GENERATED_KINDS) {
      const { text } = await parse(
        inputOf(kind, {
          customer_reference: null, shipper_name: null, shipper_address: null, consignee_name: null, consignee_address: null,
          notify_name: null, notify_address: null, vessel_name: null, voyage_number: null, origin_port: null, destination_port: null,
          origin_city: null, origin_country: null, destination_city: null, destination_country: null, origin_address: null,
          destination_address: null, origin_airport: null, destination_airport: null, flight_number: null, carrier_name: null,
          mawb_number: null, hawb_number: null, estimated_arrival: null, estimated_departure: null, pickup_date: null, volume: null,
          weight_chargeable: null, package_type: null, hs_code: null, dangerous_goods: false, un_number: null, hazard_class: null,
          incoterm: null, incoterm_place: null, special_instructions: null, customs_status: null, payment_terms: null,
          payment_due_date: null, truck_plate_number: null, truck_type: null, cargo_value: null, pieces: [], containers: [],
        }),
      );
      expect(text, kind).not.toMatch(/\bnull\b|\bundefined\b|\bNaN\b|N\/A/);
      expect(text, kind).toContain('Page 1 of 1');
    }
  });

  it("hbl for a Turkish company: Turkish labels, dates and numbers, the parties' letters intact", async () => {
    const { text, pages, bytes } = await parse({ ...inputOf('hbl'), tr: TURKISH });
    expectAll(text, [
      ...PARTIES,
      NOTIFY,
      // Labels from the catalog, and Turkish letters printed by the embedded font (ö, ı, â).
      'Gönderici',
      'Alıcı',
      'Gemi ve sefer MSC Aurora / AX612W',
      'Hacim',
      // The issue day, and the weights, volumes and packages as Turkish writes them.
      '26 Kasım 2026',
      '8.200,5 kg',
      '20.250,75 kg',
      '164,850 m³',
      'MEDUIZ123456',
    ]);
    // The paper's own messages print in Turkish once `npm run i18n` has folded their translations into the catalog.
    if (TURKISH.t('B/L No.') !== 'B/L No.') {
      expectAll(text, [
        'İhbar tarafı', 'Konşimento No. CDKIZM2611000123', 'Ana konşimento No. MEDUIZ123456', 'Yükleme limanı İzmir (Alsancak)', 'Tahliye limanı Gdańsk',
        'Navlun Navlun peşin ödenmiştir', 'Mühür SL-884201', '48 palet', 'Sicil No. MERSIS 0123456789000015', 'Turkish Cargo taşıyıcısının acentesi sıfatıyla',
      ]);
    }
    pages.forEach((p, i) => expect(p).toContain(`Sayfa ${i + 1}/${pages.length}`));
    for (const english of ['Shipper', 'Consignee', 'Page 1 of', '26 Nov 2026', '20,250.75']) expect(text).not.toContain(english);
    expect(text).not.toMatch(/\bnull\b|\bundefined\b|\bNaN\b/);
    expect(bytes.toString('latin1')).toContain('/Lang (tr)');
  });

  it('renders the same bytes for the same input (the cached font files are never altered)', async () => {
    const a = await pdfBytes(renderGeneratedDocument(inputOf('arrival_notice')));
    await pdfBytes(renderGeneratedDocument(inputOf('cmr')));
    const b = await pdfBytes(renderGeneratedDocument(inputOf('arrival_notice')));
    expect(b.equals(a)).toBe(true);
  });

  it('embeds a PNG logo, and leaves out a logo it cannot read', async () => {
    const logo = await bwipjs.toBuffer({ bcid: 'qrcode', text: 'LOGO', scale: 2 });
    const withLogo = await parse(inputFor('debit_note', { letterhead: { ...LETTERHEAD, logo } }));
    expect(withLogo.bytes.toString('latin1')).toContain('/Subtype /Image');
    const broken = await parse(inputFor('debit_note', { letterhead: { ...LETTERHEAD, logo: Buffer.from('not an image') } }));
    expect(broken.text).toContain(LETTERHEAD.name);
  });

  describe('a bill of lading with 50 containers', () => {
    const containers = Array.from({ length: 50 }, (_, i) => ({
      number: containerNumber('MSCU', 100000 + i),
      carrier_seal_number: `SL-${900000 + i}`,
      type: '40HC',
      weight: 8000 + i,
      volume: 67.5,
      iso_code: '45G1',
      packages_count: 1,
      package_type: 'pallet',
    }));
    const input = inputFor('hbl', { shipment: shipmentFixture({ containers }) });

    it('continues the table on the next page with its header, and lists every container', async () => {
      const { pages, text } = await parse(input);
      expect(pages.length).toBeGreaterThan(1);
      const withHeader = pages.filter((p) => p.includes('Marks and numbers Container and seal Type (ISO code) Packages'));
      expect(withHeader.length).toBe(pages.length);
      expect(pages[1]).toContain('Particulars furnished by the shipper (continued)');
      for (const c of containers) {
        expect(containerNumberProblem(c.number)).toBeNull();
        expect(text).toContain(c.number);
        expect(text).toContain(c.carrier_seal_number);
      }
      expect(text).toContain('Total: 50 containers');
      pages.forEach((p, i) => expect(p).toContain(`Page ${i + 1} of ${pages.length}`));
    });

    it('renders in well under 500 ms after warm-up', async () => {
      for (let i = 0; i < 3; i++) await pdfBytes(renderGeneratedDocument(input));
      const times: number[] = [];
      for (let i = 0; i < 12; i++) {
        const t = performance.now();
        await pdfBytes(renderGeneratedDocument(input));
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const mean = times.reduce((a, b) => a + b, 0) / times.length;
      const p95 = times[Math.ceil(times.length * 0.95) - 1]!;
      console.log(`50-container HBL: mean ${mean.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, min ${times[0]!.toFixed(1)} ms over ${times.length} warm renders`);
      expect(mean).toBeLessThan(500);
    });
  });
});
