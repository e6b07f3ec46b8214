/** Fixed demo records: accounts, companies, contacts and reference partners (seeded on first start). */

export const DEMO_ACCOUNTS = [
  { email: 'admin@cargodesk.test', name: 'Aylin Demir', role: 'admin' },
  { email: 'export@cargodesk.test', name: 'Emre Kaya', role: 'export' },
  { email: 'import@cargodesk.test', name: 'Selin Aksoy', role: 'import' },
  { email: 'customer@cargodesk.test', name: 'Mehmet Yilmaz', role: 'customer' },
] as const;

export const DEMO_PENDING_STAFF = [{ full_name: 'Deniz Arslan', email: 'new.staff@cargodesk.test', role: 'export' }] as const;

export const DEMO_COMPANY = 'Anatolia Textiles Ltd';

export const DEMO_COMPANIES: { name: string; address: string | null; language?: string; contacts: { first_name: string; last_name: string; email: string; phone: string; position: string; primary?: boolean }[] }[] = [
  {
    name: DEMO_COMPANY,
    address: 'Organize Sanayi Bolgesi 4. Cadde No:12, 16140 Nilufer, Bursa, Turkey',
    contacts: [
      { first_name: 'Mehmet', last_name: 'Yilmaz', email: 'customer@cargodesk.test', phone: '+90 224 555 0101', position: 'Logistics Manager', primary: true },
      { first_name: 'Zeynep', last_name: 'Celik', email: 'new.customer@cargodesk.test', phone: '+90 224 555 0102', position: 'Export Coordinator' },
    ],
  },
  {
    name: 'Rhein Maschinenbau GmbH',
    address: 'Industriestrasse 45, 40231 Duesseldorf, Germany',
    contacts: [
      { first_name: 'Lukas', last_name: 'Becker', email: 'l.becker@rhein-maschinen.example', phone: '+49 211 555 2040', position: 'Supply Chain Lead', primary: true },
      { first_name: 'Anna', last_name: 'Schmidt', email: 'a.schmidt@rhein-maschinen.example', phone: '+49 211 555 2041', position: 'Purchasing' },
    ],
  },
  {
    name: 'Pacific Electronics Trading Co.',
    address: '88 Queensway, Admiralty, Hong Kong',
    contacts: [{ first_name: 'Wei', last_name: 'Chen', email: 'wei.chen@pacific-electronics.example', phone: '+852 5550 8812', position: 'Operations Director', primary: true }],
  },
  {
    name: 'Atlantic Foods Inc.',
    address: '1200 Harbor Blvd, Newark, NJ 07114, USA',
    contacts: [
      { first_name: 'Sarah', last_name: 'Johnson', email: 's.johnson@atlanticfoods.example', phone: '+1 973 555 0190', position: 'Import Manager', primary: true },
      { first_name: 'David', last_name: 'Miller', email: 'd.miller@atlanticfoods.example', phone: '+1 973 555 0191', position: 'Buyer' },
    ],
  },
  {
    name: 'Nordic Furniture AB',
    address: 'Hamngatan 7, 411 14 Gothenburg, Sweden',
    contacts: [{ first_name: 'Erik', last_name: 'Lindqvist', email: 'erik@nordicfurniture.example', phone: '+46 31 555 7710', position: 'Logistics', primary: true }],
  },
  // The demo's Turkish customer (issue 42): its mails, papers and invoices are in Turkish; its contact has no account
  // yet, so a Turkish customer can sign up with it.
  { name: 'Bosphorus Automotive Parts', address: 'Tuzla Organize Sanayi, 34956 İstanbul, Türkiye', language: 'tr', contacts: [{ first_name: 'Can', last_name: 'Ozturk', email: 'can.ozturk@bosphorus-auto.example', phone: '+90 216 555 3344', position: 'Plant Manager', primary: true }] },
  { name: 'Mediterranean Olive Oil Co.', address: 'Via del Porto 21, 16126 Genoa, Italy', contacts: [{ first_name: 'Giulia', last_name: 'Rossi', email: 'g.rossi@medolive.example', phone: '+39 010 555 6621', position: 'Export Manager', primary: true }] },
  { name: 'Gulf Petrochemicals LLC', address: 'Jebel Ali Free Zone, Dubai, UAE', contacts: [{ first_name: 'Omar', last_name: 'Haddad', email: 'omar.haddad@gulfpetro.example', phone: '+971 4 555 9000', position: 'Procurement', primary: true }] },
  { name: 'Sakura Precision Instruments', address: '2-4-1 Shiba-koen, Minato-ku, Tokyo, Japan', contacts: [{ first_name: 'Haruto', last_name: 'Sato', email: 'h.sato@sakura-precision.example', phone: '+81 3 5550 1234', position: 'Logistics Coordinator', primary: true }] },
  { name: 'Thames Pharma Ltd', address: '14 Canary Wharf, London E14 5AB, United Kingdom', contacts: [{ first_name: 'Oliver', last_name: 'Wright', email: 'o.wright@thamespharma.example', phone: '+44 20 5550 7788', position: 'Cold Chain Manager', primary: true }] },
  { name: 'Iberia Ceramics S.A.', address: 'Poligono Industrial El Collet, 12580 Castellon, Spain', contacts: [] },
  { name: 'Andes Coffee Exporters', address: null, contacts: [{ first_name: 'Lucia', last_name: 'Gomez', email: 'lucia@andescoffee.example', phone: '+57 1 555 4410', position: 'Sales', primary: true }] },
];

export const DEMO_CARRIERS = [
  { name: 'Turkish Cargo', carrier_type: 'airline', iata_prefix: '235', iata_code: 'TK', country: 'Turkey', registration_number: 'TK', contact_email: 'cargo@turkishcargo.example', contact_phone: '+90 212 555 0000', website: 'turkishcargo.example' },
  { name: 'Lufthansa Cargo', carrier_type: 'airline', iata_prefix: '020', iata_code: 'LH', country: 'Germany', registration_number: 'LH', contact_email: 'sales@lhcargo.example', contact_phone: '+49 69 555 0000', website: 'https://lufthansa-cargo.example' },
  { name: 'Emirates SkyCargo', carrier_type: 'airline', iata_prefix: '176', iata_code: 'EK', country: 'United Arab Emirates', registration_number: 'EK', contact_email: null, contact_phone: null, website: null },
  { name: 'Maersk', carrier_type: 'shipping_line', scac: 'MAEU', country: 'Denmark', registration_number: 'MAEU', contact_email: 'booking@maersk.example', contact_phone: '+45 33 55 0000', website: 'maersk.example' },
  { name: 'MSC Mediterranean Shipping', carrier_type: 'shipping_line', scac: 'MSCU', country: 'Switzerland', registration_number: 'MSCU', contact_email: null, contact_phone: '+41 22 555 0000', website: null },
  { name: 'Hapag-Lloyd', carrier_type: 'shipping_line', scac: 'HLCU', country: 'Germany', registration_number: 'HLCU', contact_email: 'info@hapag.example', contact_phone: null, website: 'https://hapag-lloyd.example' },
  { name: 'CMA CGM', carrier_type: 'shipping_line', scac: 'CMDU', country: 'France', registration_number: 'CMDU', contact_email: null, contact_phone: null, website: null },
  { name: 'Ekol Logistics', carrier_type: 'trucking_company', country: 'Turkey', registration_number: 'TR-EKOL-01', contact_email: 'ops@ekol.example', contact_phone: '+90 216 555 1000', website: 'ekol.example' },
  { name: 'DHL Freight', carrier_type: 'trucking_company', country: 'Germany', registration_number: null, contact_email: 'freight@dhl.example', contact_phone: null, website: null },
] as const;

export const DEMO_SERVICE_PROVIDERS = [
  { name: 'Bursa Customs Brokerage', country: 'Turkey', service_type: 'Customs Broker', registration_number: 'GM-1021', contact_email: 'info@bursacustoms.example', contact_phone: '+90 224 555 7000', website: 'bursacustoms.example' },
  { name: 'Allianz Marine Cargo', country: 'Germany', service_type: 'Insurance Provider', registration_number: null, contact_email: 'marine@allianz.example', contact_phone: null, website: 'https://allianz.example' },
  { name: 'Ambarli Container Depot', country: 'Turkey', service_type: 'Container Depot', registration_number: null, contact_email: null, contact_phone: '+90 212 555 8800', website: null },
  { name: 'Rotterdam Warehousing BV', country: 'Netherlands', service_type: 'Warehouse Provider', registration_number: 'KVK-883311', contact_email: 'store@rtmwh.example', contact_phone: null, website: null },
] as const;

export const DEMO_CONSOLIDATION_AGENTS = [
  { name: 'EuroConsol Groupage', country: 'Germany', registration_number: 'HRB 55120', contact_email: 'groupage@euroconsol.example', contact_phone: '+49 40 555 3300', website: 'euroconsol.example' },
  { name: 'Anatolian LCL Services', country: 'Turkey', registration_number: null, contact_email: 'lcl@anatolian.example', contact_phone: '+90 232 555 4400', website: null },
  { name: 'Asia Pacific Consolidators', country: 'Singapore', registration_number: '201912345K', contact_email: null, contact_phone: null, website: 'https://apconsol.example' },
] as const;

export const DEMO_AIRPORTS = ['IST', 'SAW', 'FRA', 'LHR', 'JFK', 'DXB', 'PVG', 'SIN', 'AMS', 'CDG', 'ORD', 'HKG'];
export const DEMO_PORTS = ['TRIST', 'TRMER', 'NLRTM', 'DEHAM', 'CNSHA', 'SGSIN', 'BEANR', 'USNYC', 'ESVLC', 'ITGOA'];
export const DEMO_LAND_CITIES = [
  { city: 'Bursa', country: 'TR', address: 'Nilufer OSB, Bursa' },
  { city: 'Istanbul', country: 'TR', address: 'Hadimkoy Logistics Center, Istanbul' },
  { city: 'Munich', country: 'DE', address: 'Frankfurter Ring 150, Munich' },
  { city: 'Vienna', country: 'AT', address: 'Hafen Wien, Freudenauer Hafenstrasse, Vienna' },
  { city: 'Budapest', country: 'HU', address: 'BILK Logistics Park, Budapest' },
  { city: 'Sofia', country: 'BG', address: 'Ring Road 3, Sofia' },
  { city: 'Milan', country: 'IT', address: 'Via Mecenate 76, Milan' },
];

/** The HS code (6 digits, the international part) of each DEMO_CARGO entry, in the same order. */
export const DEMO_CARGO_HS = [
  '520812', '848790', '852872', '030617', '940360', '870830', '150920', '390110', '901890', '690721',
  '090111', '848180', '300490', '520512', '854143',
];

/** Trading partners abroad: the other party of an export's consignee or an import's shipper (free name and address). */
export const DEMO_PARTNERS: { name: string; address: string }[] = [
  { name: 'Nordic Home Interiors AB', address: 'Hamngatan 12\n111 47 Stockholm\nSweden' },
  { name: 'Müller & Söhne Handels GmbH', address: 'Königsallee 18\n40212 Düsseldorf\nGermany' },
  { name: 'Gdańsk Trading Sp. z o.o.', address: 'ul. Długa 44\n80-827 Gdańsk\nPoland' },
  { name: 'Pacific Rim Imports LLC', address: '2200 E 7th St\nLos Angeles, CA 90023\nUnited States' },
  { name: 'Shenzhen Bright Electronics Co., Ltd.', address: '88 Keji Road, Nanshan\nShenzhen 518057\nChina' },
  { name: 'Al Noor General Trading LLC', address: 'Al Maktoum Road, Deira\nDubai\nUnited Arab Emirates' },
];

/** The Turkish end of a trade whose customer is abroad (it buys our export, or sells us the import). */
export const DEMO_TURKISH_PARTNERS: { name: string; address: string }[] = [
  { name: 'Ege Tekstil San. ve Tic. A.Ş.', address: 'Atatürk OSB 10007 Sok. No:4\n35620 Çiğli, İzmir\nTürkiye' },
  { name: 'Marmara Makine Ltd. Şti.', address: 'GOSB 1200. Sok. No:8\n41480 Gebze, Kocaeli\nTürkiye' },
  { name: 'Kapadokya Gıda A.Ş.', address: 'Kayseri OSB 15. Cad. No:21\n38070 Melikgazi, Kayseri\nTürkiye' },
  { name: 'Akdeniz Seramik San. A.Ş.', address: 'Antalya OSB 3. Kısım No:12\n07190 Döşemealtı, Antalya\nTürkiye' },
];

export const DEMO_CARGO = [
  'Cotton fabric rolls', 'Machine spare parts', 'Consumer electronics', 'Frozen seafood', 'Flat-pack furniture',
  'Automotive brake pads', 'Extra virgin olive oil', 'Polymer granules', 'Medical devices', 'Ceramic tiles',
  'Green coffee beans', 'Industrial valves', 'Pharmaceuticals (2-8 C)', 'Textile yarn', 'Solar panels',
];
