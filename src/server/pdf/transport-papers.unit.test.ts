/** The transport documents (issue 41): the house bill of lading, the house air waybill and the CMR, box by box. */
import { describe, expect, it } from 'vitest';
import { CONTAINERS, TURKISH } from './test-fixtures';
import { NOTIFY, PARTIES, expectAll, inputOf, parse } from './paper-test-fixtures';
import type { PaperCharge } from './types';

describe('transport documents', () => {
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
      'Flight/Date TK6421/28',
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
    // Two onward flights fill the second and third routing boxes; each flight prints with its day.
    const onward = [
      { airport: 'IST', carrier: 'TK', flight_number: 'TK1765', departure_date: '2026-11-29' },
      { airport: 'FRA', carrier: 'LH', flight_number: 'LH1346', departure_date: '2026-11-30' },
    ];
    const routed = await parse({ ...inputOf('hawb', { onward_flights: onward, commodity_item_number: '2199' }), charges: air });
    expectAll(routed.text, ['To IST', 'By first carrier Turkish Cargo', 'to FRA', 'by TK', 'to WAW', 'by LH', 'Flight/Date TK6421/28 TK1765/29 LH1346/30',
      // A commodity item number makes the rate per kg a specific commodity rate: class C, the item in its column.
      '48 pallets 20,250.75 K C 2199 20,251 1.85 37,464.35 Cotton fabric rolls',
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
      // ADR 5.4.1.1.1's entry: UN number, proper shipping name (the description), class, packing group, (tunnel code).
      'Dangerous goods (ADR): UN 1263 COTTON FABRIC ROLLS, DYED, FOR UPHOLSTERY, 3, II, (D/E)',
    ]);
    expect(text).not.toMatch(/16 Carrier \(name, address, country\) Ege Global/);
  });

  it("issue 41's boxes in Turkish: the air waybill's routing, flights and rating, the booking's cut-offs and depots", async () => {
    const onward = [{ airport: 'IST', carrier: 'TK', flight_number: 'TK1765', departure_date: '2026-11-29' }];
    const hawb = await parse({ ...inputOf('hawb', { onward_flights: onward, commodity_item_number: '2199' }), tr: TURKISH });
    expectAll(hawb.text, ['İlk taşıyıcı Turkish Cargo', 'varış WAW', 'taşıyıcı TK', 'Uçuş/Tarih TK6421/28 TK1765/29']);
    const booking = await parse({ ...inputOf('booking_confirmation'), tr: TURKISH });
    expectAll(booking.text, ['Belge kesim zamanı 25 Kasım 2026 12:00 UTC', 'VGM kesim zamanı 26 Kasım 2026 10:00 UTC', 'Boş konteyner alım deposu Kemalpaşa Empty Depot']);
    expect(booking.text).not.toContain('cut-off');
  });
});
