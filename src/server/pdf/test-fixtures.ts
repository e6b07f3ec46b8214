/** A shipment and letterhead for the PDF tests: parties with Turkish, Polish and German letters, charges in two currencies. */
import type { GeneratedKind } from '@domain/generated-documents/schema';
import type { ContainerView, ShipmentDetail } from '@domain/shipments/views-schema';
import { containerCheckDigit, containerIsoCode } from '@domain/cargo/trade-numbers';
import { translatorFor } from '@server/i18n';
import type { PaperCharge, PdfInput } from './types';

/** The papers in English, as every test before issue 42 read them; TURKISH: the same papers for a Turkish company. */
export const ENGLISH = translatorFor('en', 'UTC', '');
export const TURKISH = translatorFor('tr', 'UTC', '');

/** A valid ISO 6346 number from an owner code with category and a 6-digit serial. */
export function containerNumber(prefix: string, serial: number): string {
  const first10 = `${prefix}${String(serial).padStart(6, '0')}`;
  return `${first10}${containerCheckDigit(first10)}`;
}

const container = (number: string, seal: string, type: string, weight: number, volume: number): ContainerView => ({
  number,
  carrier_seal_number: seal,
  type,
  weight,
  volume,
  packages_count: 16,
  package_type: 'pallet',
  free_days: null,
  iso_code: containerIsoCode(type),
});

export const CONTAINERS: ContainerView[] = [
  container('MSCU1234566', 'SL-884201', '40HC', 8200.5, 67.5),
  container('MAEU7654320', 'SL-884202', '40HC', 7950, 66.25),
  // Its own free time, shorter than the shipment's 7 days (issue 41).
  { ...container('TGHU9988774', 'SL-884203', '20DC', 4100.25, 31.1), free_days: 4 },
];

/** Internal values that must never reach a customer's paper. */
export const SECRETS = { internal_notes: 'Rate agreed on the annual contract: do not disclose', freight_cost: 9876.54, customs_cost: 4321.98 };

export function shipmentFixture(over: Partial<ShipmentDetail> = {}): ShipmentDetail {
  const money = {
    service_charge: 1200,
    service_charge_currency: 'USD',
    customs_charge: 350.5,
    customs_charge_currency: 'EUR',
    insurance_charge: null,
    insurance_charge_currency: 'USD',
    handling_charge: 75.25,
    handling_charge_currency: 'EUR',
    documentation_charge: 45,
    documentation_charge_currency: 'USD',
    storage_charge: 0,
    storage_charge_currency: 'USD',
    delivery_charge: 12345.67,
    delivery_charge_currency: 'USD',
    other_charges: null,
    other_charges_currency: 'USD',
    freight_cost: SECRETS.freight_cost,
    freight_cost_currency: 'USD',
    customs_cost: SECRETS.customs_cost,
    customs_cost_currency: 'EUR',
    insurance_cost: null,
    insurance_cost_currency: 'USD',
    handling_cost: 31.5,
    handling_cost_currency: 'EUR',
    documentation_cost: null,
    documentation_cost_currency: 'USD',
    storage_cost: null,
    storage_cost_currency: 'USD',
    delivery_cost: 5555.55,
    delivery_cost_currency: 'USD',
    other_costs: null,
    other_costs_currency: 'USD',
  };
  return {
    id: '6f1f8a1e-54f5-4b39-9d57-1e8a3b1e2f10',
    reference_number: 'CD-S2611-1096',
    type: 'sea',
    transport_mode: null,
    loading_type: 'import',
    priority: false,
    trackable: true,
    status: 'in_transit',
    company_id: '0b0c1a7e-3d2b-4d4e-8a8e-1c2b3a4d5e6f',
    company_name: 'Anatolia Tekstil A.Ş.',
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-25T16:30:00.000Z',
    origin_address: 'Organize Sanayi Bölgesi, 3. Cadde No: 14',
    origin_city: 'İzmir',
    origin_country: 'TR',
    origin_postal_code: '35620',
    origin_airport: 'ADB',
    origin_port: 'İzmir (Alsancak)',
    destination_address: 'ul. Przemysłowa 7',
    destination_city: 'Łódź',
    destination_country: 'PL',
    destination_postal_code: '90-001',
    destination_airport: 'WAW',
    destination_port: 'Gdańsk',
    estimated_departure: '2026-11-28T09:30:00.000Z',
    estimated_arrival: '2026-12-09T06:00:00.000Z',
    pickup_date: '2026-11-27T07:15:00.000Z',
    delivery_date: null,
    cargo_description: 'Cotton fabric rolls, dyed, for upholstery',
    cargo_value: 84250,
    cargo_value_currency: 'EUR',
    cargo_insurance_value: null,
    cargo_insurance_value_currency: 'USD',
    package_type: 'pallet',
    packages_count: 48,
    weight_gross: 20250.75,
    weight_net: 19800,
    volume: 164.85,
    length: null,
    width: null,
    height: null,
    pieces: [
      { count: 40, length: 120, width: 80, height: 150, unit: 'cm', weight: 420 },
      { count: 8, length: 120, width: 100, height: 160, unit: 'cm', weight: 430.5 },
    ],
    hs_code: '52085900',
    dangerous_goods: true,
    un_number: 'UN1263',
    hazard_class: '3',
    packing_group: 'II',
    tunnel_code: 'D/E',
    temperature_controlled: false,
    temperature_range_min: null,
    temperature_range_max: null,
    customer_reference: 'MEDUIZ123456',
    po_number: 'PO-4711',
    carrier_booking_reference: 'MSC-BKG-2611-4471',
    container_number: null,
    house_bl_number: 'CDKIZM2611000123',
    freight_terms: 'prepaid',
    freight_payable_at: 'İzmir',
    shipped_on_board_date: '2026-11-28T16:00:00.000Z',
    pre_carriage_by: 'Truck',
    place_of_receipt: 'Manisa',
    on_carriage_by: 'Rail',
    place_of_delivery: 'Łódź',
    marks_and_numbers: 'ANATOLIA / ŁÓDŹ\nPALLETS 1-48\nMADE IN TÜRKİYE',
    shipper_account_number: 'SHP-4471',
    consignee_account_number: null,
    declared_value_carriage: null,
    sender_instructions: 'Export declaration EX-2611-0042 at Kapıkule; T1 transit to Łódź',
    cash_on_delivery: null,
    cash_on_delivery_currency: 'EUR',
    special_agreements: 'Temperature above 5 °C; no transhipment',
    trailer_plate_number: '35 TR 0042',
    documents_cutoff: '2026-11-25T12:00:00.000Z',
    vgm_cutoff: '2026-11-26T10:00:00.000Z',
    port_cutoff: '2026-11-27T16:00:00.000Z',
    empty_pickup_depot: 'Kemalpaşa Empty Depot',
    full_return_depot: 'Alsancak Terminal Gate 3',
    pickup_terminal: 'DCT Gdańsk',
    free_time_days: 7,
    release_conditions: 'Original B/L surrendered and freight paid',
    incoterm: 'FOB',
    incoterm_place: 'İzmir',
    incoterm_version: '2020',
    shipper_name: 'Anatolia Tekstil A.Ş.',
    shipper_address: 'Büyükdere Cad. No: 120, Şişli, İstanbul, Türkiye',
    consignee_name: 'Müller Maschinenbau GmbH',
    consignee_address: 'ul. Długa 15, 80-827 Gdańsk, Poland',
    notify_name: 'Łódź Logistyka Sp. z o.o.',
    notify_address: 'ul. Piotrkowska 104, 90-926 Łódź, Poland',
    customs_status: 'documentation_required',
    tracking_number: null,
    tracking_url: null,
    special_instructions: 'Keep dry. Do not stack more than two pallets high.',
    containers: CONTAINERS,
    tracking_embed_url: null,
    request: null,
    date_moves: { departure: null, arrival: null },
    carrier_id: null,
    service_provider_id: null,
    consolidation_agent_id: null,
    handler_id: null,
    updated_by: null,
    weight_chargeable: 20251,
    weight_volumetric: 13740.5,
    volumetric_factor: 1000,
    cargo_calculation: null,
    shipper_company_id: null,
    consignee_company_id: null,
    notify_company_id: null,
    data_checks: [],
    door_delivery: true,
    stackable: false,
    carrier_name: 'Turkish Cargo',
    vessel_name: 'MSC Aurora',
    vessel_flag: 'PA',
    imo_number: '9876543',
    voyage_number: 'AX612W',
    seal_number: null,
    truck_plate_number: '35 ABC 123',
    truck_type: 'box',
    flight_number: 'TK6421',
    mawb_number: '235-12345675',
    hawb_number: 'HAWB-IZ-2611-77',
    onward_flights: [],
    commodity_item_number: null,
    customs_declaration_number: null,
    currency: 'USD',
    payment_terms: 'net_30',
    payment_due_date: '2026-12-26T00:00:00.000Z',
    internal_notes: SECRETS.internal_notes,
    ...money,
    handler_full_name: 'Deniz Yılmaz',
    updated_by_full_name: null,
    carrier_record_name: null,
    carrier_type: null,
    service_provider_name: null,
    consolidation_agent_name: null,
    totals: [],
    ...over,
  };
}

export const LETTERHEAD: PdfInput['letterhead'] = {
  name: 'Ege Global Lojistik A.Ş.',
  address: 'Cumhuriyet Bulvarı No: 42, Kat 5, Konak, 35250 İzmir, Türkiye',
  phone: '+90 232 555 01 23',
  email: 'ops@egeglobal.example',
  tax_id: 'TR 1234567890',
  logo: null,
  registration_number: 'MERSIS 0123456789000015',
  place_of_issue: 'İzmir',
  bl_signed_as: 'agent',
  bl_terms: 'FIATA Multimodal Transport Bill of Lading, standard conditions (FBL 2023)',
  iata_agent_code: '34-4 7890/1234',
  iata_account: 'EGE-IZM-01',
  bank: { name: 'Ziraat Bankası', iban: 'TR330006100519786457841326', bic: 'TCZBTR2A' },
};

const fieldCharge = (category: PaperCharge['category'], code: string, amount: string, currency: string): PaperCharge => ({
  category, code, description: null, quantity: '1', unit: 'shipment', unit_price: amount, amount, currency, vat_category: null, vat_rate: null,
});

/**
 * The fixture shipment's charges as its papers print them: its five charge fields (their lines: no description, 1 per
 * shipment) and two lines of the Charges panel, a BAF per container and a VAT-rated THC. USD 13,590.67 and EUR 716.75
 * due, never added together (14,307.42).
 */
export const CHARGES: PaperCharge[] = [
  fieldCharge('service', 'SRV', '1200.00', 'USD'),
  fieldCharge('customs', 'CUS', '350.50', 'EUR'),
  fieldCharge('handling', 'HDL', '75.25', 'EUR'),
  fieldCharge('documentation', 'DOC', '45.00', 'USD'),
  fieldCharge('delivery', 'DEL', '12345.67', 'USD'),
  { category: 'freight', code: 'BAF', description: 'Bunker surcharge', quantity: '2', unit: 'container', unit_price: '85.00', amount: '170.00', currency: 'EUR', vat_category: null, vat_rate: null },
  { category: 'handling', code: 'THC', description: 'Terminal handling Gdańsk', quantity: '1', unit: 'container', unit_price: '121.00', amount: '121.00', currency: 'EUR', vat_category: 'S', vat_rate: '20' },
];

export function inputFor(kind: GeneratedKind, over: Partial<PdfInput> = {}): PdfInput {
  return {
    kind,
    shipment: shipmentFixture(),
    charges: CHARGES,
    company: { name: 'Anatolia Tekstil A.Ş.', address: 'Büyükdere Cad. No: 120\n34394 Şişli, İstanbul\nTürkiye' },
    letterhead: LETTERHEAD,
    version: 2,
    generatedAt: new Date('2026-11-26T10:04:00.000Z'),
    tr: ENGLISH,
    ...over,
  };
}

/** The bytes of an ended pdfkit document. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
