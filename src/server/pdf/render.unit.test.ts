/**
 * The generated papers as a reader gets them: each is rendered, its bytes parsed with pdf.js, and its text checked for
 * the shipment's values (non-ASCII names included), the page footer, and what must never be printed.
 */
import { describe, expect, it } from 'vitest';
import bwipjs from 'bwip-js/node';
import { GENERATED_KIND_INFO, GENERATED_KINDS } from '@domain/generated-documents/schema';
import { containerNumberProblem } from '@domain/cargo/trade-numbers';
import { code128 } from './barcode';
import { renderGeneratedDocument } from './index';
import { CONTAINERS, LETTERHEAD, SECRETS, TURKISH, containerNumber, inputFor, pdfBytes, shipmentFixture } from './test-fixtures';
import { NOTIFY, PARTIES, expectAll, inputOf, parse } from './paper-test-fixtures';

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

  it('arrival notice: arrival, documents, containers, cargo, customs and the charges due per currency', async () => {
    const { text } = await parse(inputOf('arrival_notice'));
    expectAll(text, [
      'Your shipment is arriving',
      'Müller Maschinenbau GmbH',
      NOTIFY,
      'Anatolia Tekstil A.Ş.',
      // Our house bill's number, then the carrier's master bill (issue 41).
      'B/L No. CDKIZM2611000123',
      'Master B/L No. MEDUIZ123456',
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

  it('arrival notice: the terminal, free time and last free day per container, release conditions and the freight line', async () => {
    const { text } = await parse(inputOf('arrival_notice'));
    expectAll(text, [
      'Pick-up terminal or CFS DCT Gdańsk',
      'Free time 7 days from arrival',
      'Freight Freight prepaid, payable at İzmir',
      'Release conditions Original B/L surrendered and freight paid',
      'Free days Last free day',
      // Arrival 9 Dec 2026, its day the first free one: 7 days end on 15 Dec; the 20DC's own 4 days on 12 Dec.
      'MSCU1234566 SL-884201 40HC (45G1) 16 pallets 8,200.5 kg 67.500 m³ 7 15 Dec 2026',
      'TGHU9988774 SL-884203 20DC (22G1) 16 pallets 4,100.25 kg 31.100 m³ 4 12 Dec 2026',
    ]);
    // Without free time nor release conditions: no free-time columns, and the standing release sentence.
    const none = await parse(inputOf('arrival_notice', { free_time_days: null, release_conditions: null, containers: CONTAINERS.map((c) => ({ ...c, free_days: null })) }));
    expect(none.text).not.toContain('Last free day');
    expect(none.text).toContain('Release conditions Release against payment of the charges due and the original documents or a release by the carrier.');
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
      // The cut-offs and depots.
      'Documents cut-off 25 Nov 2026, 12:00 UTC',
      'VGM cut-off 26 Nov 2026, 10:00 UTC',
      'Port / CY cut-off 27 Nov 2026, 16:00 UTC',
      'Empty pick-up depot Kemalpaşa Empty Depot',
      'Full return to Alsancak Terminal Gate 3',
    ]);
    // By air: no VGM nor depots; the port cut-off is the cargo cut-off.
    const air = await parse(inputOf('booking_confirmation', { type: 'air', containers: [] }));
    expectAll(air.text, ['Documents cut-off 25 Nov 2026, 12:00 UTC', 'Cargo cut-off 27 Nov 2026, 16:00 UTC']);
    expect(air.text).not.toContain('VGM');
    expect(air.text).not.toContain('Kemalpaşa');
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

  it("booking confirmation for a Turkish company: the route's countries in Turkish, an empty end left empty (decision 0307)", async () => {
    const countries = { origin_country: 'Turkey', destination_country: 'Poland' };
    const { text } = await parse({ ...inputOf('booking_confirmation', countries), tr: TURKISH });
    expect(text).toContain('İzmir, Türkiye → Łódź, Polonya');
    expect(text).not.toContain('Turkey');
    // In English as stored.
    expect((await parse(inputOf('booking_confirmation', countries))).text).toContain('İzmir, Turkey → Łódź, Poland');
    const noEnd = await parse({ ...inputOf('booking_confirmation', { ...countries, destination_city: null, destination_country: null }), tr: TURKISH });
    expect(noEnd.text).toContain('İzmir, Türkiye →');
    expect(noEnd.text).not.toContain(TURKISH.t('N/A'));
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
      free_days: null,
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
