/**
 * Issue 8, bad input: property tests (fast-check, 1,000 runs per route) over the body of every create and update
 * route the app has (read from `app.routes`) and of Better Auth's public endpoints: a valid body with some fields
 * replaced by hostile values, dropped or joined by strangers; whole bodies of the wrong shape; and text that is not
 * JSON. Never a 5xx, and a 4xx always in our error shape with a clear message. The inputs tried are printed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { SERVICE_TYPES } from '@domain/common/enums';
import { airBody, loadRefs, type Refs } from '@server/features/shipments/test-fixtures';
import { AUTH_BODY_ROUTES, anyJsonValue, anyText, answerProblems, apiRoutes, fillPath, loadPathIds, sentTexts, type PathIds, type Route } from './bad-input.cases';

const RUNS = 1000;
const NO_IDS = new Proxy({}, { get: () => 'x' }) as PathIds & Refs;

/** Routes whose body is not JSON, with where their hostile input is tested instead. */
const NOT_JSON: Record<string, string> = {
  'POST /api/documents': 'a raw file body: documents-upload.api.test.ts and documents-memory.api.test.ts',
  'POST /api/unsubscribe': 'an RFC 8058 form body; the signed token in the query is the input: notifications.api.test.ts',
  'POST /api/requests/:id/cancel': 'no body; the request in the path is the input: requests.api.test.ts',
  'POST /api/requests/:id/accept': 'no body; the request in the path is the input: requests.api.test.ts',
  'POST /api/requests/:id/quote/send': 'no body; the saved draft is the input: requests.api.test.ts',
  'POST /api/shipments/:id/messages/read': 'no body; the thread in the path is the input: messages.api.test.ts',
  'POST /api/requests/:id/messages/read': 'no body; the thread in the path is the input: messages.api.test.ts',
  'POST /api/messages/:id/attachments': 'a raw file body: messages.api.test.ts (type, content, limits, scopes)',
  'POST /api/requests/:id/attachments': 'a raw file body: messages.api.test.ts (type, content, limits, scopes)',
  'POST /api/generated-documents/:id/final': 'no body; the version in the path is the input: generated-documents.api.test.ts',
  'PUT /api/settings/letterhead/logo': 'a raw image body: generated-documents.api.test.ts (type by content, size limit)',
  'POST /api/shipments/:id/checklist': 'no body; the shipment in the path is the input: checklist.api.test.ts',
  'POST /api/carrier-events/:id/dismiss': 'no body; the event in the path is the input: carrier-events.api.test.ts',
  'POST /api/checklist-items/:id/upload': 'a raw file body: checklist.api.test.ts (type by content, provider, company, handler)',
  'POST /api/jobs/:name/run': 'no body; the job in the path is the input (an unknown one is a 400): jobs.api.test.ts',
  'POST /api/jobs/:name/:id/retry': 'no body; the failed run in the path is the input: jobs.api.test.ts',
  'POST /api/webhooks/:id/secret': 'no body; the subscription in the path is the input: webhooks.api.test.ts',
  'POST /api/webhooks/:id/deliveries/:deliveryId/replay': 'no body; the delivery in the path is the input: webhooks.api.test.ts',
  'POST /api/imports': 'a raw CSV or XLSX body: imports.api.test.ts (types, sizes, headers, every row rule)',
  'POST /api/imports/:id/commit': 'no body; the checked import in the path is the input: imports.api.test.ts',
  'POST /api/exchange-rates/ecb': "the ECB's XML as published: exchange-rates.api.test.ts (not a rate file, bad dates and rates, size)",
  'POST /api/supplier-bills/:id/document': "a raw file body: supplier-bills.api.test.ts (the documents' upload rules, nothing kept on a refusal)",
};

/** Routes only a customer may use: their bodies are sent as the demo customer. */
const AS_CUSTOMER = new Set(['POST /api/requests', 'POST /api/requests/:id/quote/decline', 'POST /api/requests/:id/quote/revision']);

/** A valid body per write route ("METHOD /api/path"), made from real ids. */
function samples(ids: PathIds, refs: Refs): Record<string, Record<string, unknown>> {
  const organisation = { country: 'Türkiye', registration_number: 'FZ-1', contact_email: 'ops@fuzz.example', contact_phone: '+90 212 000 00 00', website: 'fuzz.example' };
  // The cargo data of issue 14: dimension lines, parties, incoterm place, HS code, dangerous goods.
  const cargoData = {
    pieces: [{ count: 2, length: 120, width: 80, height: 150, unit: 'cm', weight: 250 }, { count: 1, length: 40, width: 30, height: 20, unit: 'in', weight: null }],
    shipper_company_id: refs.anatolia,
    consignee_name: 'Müller & Söhne Handels GmbH',
    consignee_address: 'Königsallee 18, 40212 Düsseldorf',
    incoterm: 'FCA',
    incoterm_place: 'Istanbul',
    hs_code: '6204.62',
    dangerous_goods: true,
    un_number: 'UN1263',
    hazard_class: '3',
    // The transport document's boxes (issue 41).
    freight_terms: 'collect',
    freight_payable_at: 'Düsseldorf',
    marks_and_numbers: 'FUZZ / DÜSSELDORF\n1-3',
    // The ADR entry, the booking's cut-offs and the arrival's terminal and free time (issue 41, migration 0052).
    packing_group: 'II',
    tunnel_code: 'D/E',
    documents_cutoff: '2026-11-25T12:00:00.000Z',
    vgm_cutoff: '2026-11-26T10:00:00.000Z',
    pickup_terminal: 'Ambarlı Kumport',
    free_time_days: 7,
    release_conditions: 'Telex release',
    // The air waybill's second and third routing boxes (issue 41, migration 0053).
    onward_flights: [{ airport: 'VIE', carrier: 'OS', flight_number: 'OS128', departure_date: '2026-11-29' }],
  };
  return {
    'POST /api/eligibility': { email: 'nobody@example.com' },
    'POST /api/exchange-rates': { rate_date: '2026-01-05', currency: 'USD', rate: '1.0965' },
    // Issue 38: a payment on the account (no invoice: the seed has none); each valid run records one.
    'POST /api/payments': { company_id: refs.anatolia, received_on: '2026-03-01', amount: '120.50', currency: 'EUR', method: 'bank_transfer', reference: 'TT-FUZZ', note: 'Fuzz run' },
    // Issue 38: a cost line with its supplier and VAT; a charge line; a new charge code (the clear 409 once it exists).
    'POST /api/shipments/:id/charges': {
      side: 'buy', category: 'freight', code: 'FRT', description: 'Ocean freight', quantity: '2', unit: 'container', unit_price: '950.50', currency: 'USD',
      vat_category: 'S', vat_rate: '20', supplier_kind: 'carrier', supplier_id: ids.carriers,
    },
    'PATCH /api/shipments/:id/charges/:lineId': { side: 'sell', category: 'freight', code: 'BAF', quantity: 2, unit: 'container', unit_price: '85', currency: 'EUR', vat_category: 'Z', vat_rate: '0' },
    'POST /api/charge-codes': { code: 'FUZZ', category: 'other', name: 'Fuzz fee', active: true },
    'PATCH /api/charge-codes/:code': { name: 'Bad-input probe', category: 'other', active: true },
    // Issue 38: invoices, credit notes and the billing settings.
    'POST /api/invoices': { company_id: ids.companies, currency: 'EUR', buyer_reference: 'PO-1', lines: [{ description: 'Fuzz charge', quantity: '2', unit_price: '10.50', vat_category: 'S', vat_rate: '20' }] },
    'PATCH /api/invoices/:id': { note: 'Fuzz', lines: [{ description: 'Fuzz charge', quantity: '-1', unit_price: '3', vat_category: 'E', vat_rate: '0', exemption_reason: 'Exempt' }] },
    'POST /api/invoices/:id/issue': { issue_date: '2026-01-15' },
    'POST /api/invoices/:id/credit-notes': { reason: 'Fuzz credit', lines: [{ position: 1, quantity: '0.01' }] },
    // Issue 39: a supplier bill (the clear 409 once its number exists), the probe bill replaced, a match, a payment.
    'POST /api/supplier-bills': {
      supplier_kind: 'carrier', supplier_id: ids.carriers, number: 'FUZZ-BILL-1', bill_date: '2026-01-10', due_date: '2026-02-09', currency: 'EUR', vat: '19.00',
      lines: [{ description: 'Fuzz freight', amount: '100.00', shipment_id: ids.shipments }, { description: 'Fuzz discount', amount: '-5.00' }], note: 'Fuzz run',
    },
    'PUT /api/supplier-bills/:id': {
      supplier_kind: 'carrier', supplier_id: ids.carriers, number: 'PROBE-BILL-1', bill_date: '2026-01-01', due_date: '2026-02-01', currency: 'EUR', vat: '0',
      lines: [{ description: 'Probe freight', amount: '1000.00', shipment_id: ids.shipments }], note: null,
    },
    'PUT /api/supplier-bills/:id/lines/:position/match': { charge_line_id: ids.supplierBillBuyLine, shipment_id: ids.shipments },
    'POST /api/supplier-bills/:id/payments': { paid_on: '2026-02-01', amount: '0.01', reference: 'FUZZ-PAY', note: 'Fuzz payment' },
    // Issue 40: an air buy card with breaks and surcharges (the clear 409 once its days are taken), and a lookup.
    'POST /api/rate-cards': {
      side: 'buy', mode: 'air', origin: 'IST', destination: 'FRA', currency: 'EUR', valid_from: '2026-01-01', valid_to: '2026-01-31', priority: 5, carrier_id: ids.carriers,
      freight: { basis: 'per_kg', minimum: '75.00', breaks: [{ from: '0', rate: '4.10' }, { from: '45', rate: '3.20' }, { from: '100', rate: '2.60' }] },
      surcharges: [{ code: 'FSC', basis: 'per_kg', amount: '0.85' }, { code: 'DOC', basis: 'per_shipment', amount: '25' }],
    },
    'POST /api/rates/lookup': {
      mode: 'air', origin: 'IST', destination: 'FRA', date: '2026-01-15', pieces: [{ count: 3, length: 120, width: 80, height: 100, unit: 'cm', weight: 150 }], weight_gross: '450', currency: 'USD',
    },
    'POST /api/rate-cards/:id/copy': { valid_from: '2027-01-01', valid_to: '2027-01-31', priority: 3 },
    'POST /api/rate-zones': { code: '@FUZZ-AIR', name: 'Fuzz airports', kind: 'airports', members: ['MUC', 'STR', 'NUE'] },
    'PUT /api/rate-zones/:id': { code: '@PROBE', name: 'Probe ports', kind: 'locodes', members: ['DEHAM', 'DEBRV'] },
    'PUT /api/settings/billing': {
      legal_name: 'Fuzz Lojistik A.Ş.', address: 'Kordon 1, İzmir', country: 'TR', vat_number: 'TR1234567890', tax_office: 'Konak', iban: 'TR33 0006 1005 1978 6457 8413 26',
      bic: 'CDSKTR2IXXX', bank_name: 'Demo Bank', payment_terms_days: 30, default_currency: 'EUR', default_vat_category: 'S', default_vat_rate: '20', default_exemption_reason: '', invoice_note: '',
      rates_next_break: true, rates_indicative_price: false,
    },
    'PUT /api/settings/accounting': {
      datev_chart: 'SKR04', datev_consultant_number: 29098, datev_client_number: 55003, fiscal_year_start_month: 1, account_length: 4, debtor_account: '10000',
      bank_account: '1800', revenue_accounts: { 'S 19': '4400', 'S 20': '4401', G: '4120' }, xero_account_code: '200', xero_tax_types: { 'S 20': 'KDV 20%' },
      quickbooks_item: 'Services', quickbooks_tax_codes: {},
    },
    'POST /api/account/confirm': { token: 'no-such-token', email: 'nobody@example.com', password: 'some-password' },
    'PUT /api/me/language': { language: 'tr' },
    'POST /api/airports': { iata_code: 'QQA', name: 'Fuzz Field', iso_country: 'TR', municipality: 'Bursa' },
    'PUT /api/airports/:id': { iata_code: 'IST', name: 'Istanbul Airport', iso_country: 'TR', municipality: 'Istanbul' },
    'POST /api/seaports': { name: 'Fuzz Port', country: 'Turkey', un_code: 'TRFZZ' },
    'PUT /api/seaports/:id': { name: 'Fuzz Port Two', country: 'Turkey', un_code: 'TRFZY' },
    'POST /api/companies': { name: 'Fuzz Trading Ltd', address: '1 Quay Road' },
    'PUT /api/companies/:id': { name: 'Anatolia Textiles Ltd', address: 'Nilufer OSB, Bursa', vat_number: 'TR4810234567', country: 'TR', payment_terms_days: 30 },
    'POST /api/companies/:id/contacts': { first_name: 'Ada', last_name: 'Fuzz', email: 'ada.fuzz@example.com', phone: '+90 555 000 00 00', position: 'Buyer', is_primary_contact: false },
    'POST /api/staff': { full_name: 'Fuzz Person', email: 'fuzz.person@cargodesk.test', role: 'export' },
    'PUT /api/staff/:id': { full_name: 'Can Demir', role: 'import' },
    'POST /api/carriers': { name: 'Fuzz Air', carrier_type: 'airline', iata_prefix: '235', iata_code: 'TK', volumetric_divisor: 5000, ...organisation },
    'PUT /api/carriers/:id': { name: 'Fuzz Air Two', carrier_type: 'shipping_line', scac: 'MAEU', ...organisation },
    'POST /api/service-providers': { name: 'Fuzz Customs', service_type: SERVICE_TYPES[0], ...organisation },
    'PUT /api/service-providers/:id': { name: 'Fuzz Customs Two', service_type: SERVICE_TYPES[1], ...organisation },
    'POST /api/consolidation-agents': { name: 'Fuzz Consol', ...organisation },
    'PUT /api/consolidation-agents/:id': { name: 'Fuzz Consol Two', ...organisation },
    'POST /api/shipments': airBody(refs, { loading_type: 'export', ...cargoData }),
    'PUT /api/shipments/:id': airBody(refs, { loading_type: 'export', ...cargoData }),
    // A status the shipment does not have (loadPathIds picks a shipment that is not delivered).
    'POST /api/shipments/:id/status': { status: 'delivered' },
    'PUT /api/documents/:name/assignment': { shipment_id: ids.shipments },
    // Unassigning is valid for any shipment an admin names (an assignment must fit the shipment's direction).
    'PUT /api/shipments/:id/handler': { handler_id: null },
    'POST /api/shipments/handler': { shipment_ids: [ids.shipments], handler_id: null },
    // Off: turning it on needs an enrolled admin (409 here), and would hold every staff account if it succeeded.
    'PUT /api/settings/two-factor': { require_for_staff: false },
    'PUT /api/exceptions/settings': { arrival_moved_days: 2, no_change_days: 14 },
    'PUT /api/notifications': { choices: { status_changed: 'instant' }, digest_hour: 8, time_zone: 'Europe/Istanbul' },
    'PUT /api/companies/:id/contacts/:contactId/notifications': { choices: { document_added: 'off' }, digest_hour: 18, time_zone: 'UTC' },
    // Each valid run makes a link on one shipment; past 20 active links the answer is the clear 409.
    'POST /api/shipments/:id/share-links': { expires_in_days: 7 },
    // Issue 15: a sea FCL request with every kind of field; a quote in two currencies; an assignment; a decline.
    'POST /api/requests': {
      mode: 'sea', direction: 'export', sea_load: 'fcl', equipment: [{ type: '40HC', count: 2 }],
      origin_port: 'Istanbul', origin_city: 'Istanbul', origin_country: 'Turkey', destination_port: 'Rotterdam', destination_city: 'Rotterdam', destination_country: 'Netherlands',
      cargo_ready_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10), incoterm: 'FOB', incoterm_place: 'Ambarli',
      cargo_description: 'Cotton towels', pieces: cargoData.pieces, weight_gross: 12000, dangerous_goods: true, un_number: 'UN1263', hazard_class: '3', notes: 'Two drops',
    },
    'PUT /api/requests/:id/quote': {
      mode: 'sea', valid_until: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10), transit_days: 9, terms: 'Subject to space', customer_note: 'Thank you',
      // Issue 38: charge lines, a charge with VAT, an exempt one with its reason, and a cost.
      lines: [
        { side: 'sell', category: 'freight', code: 'FRT', description: 'Ocean freight', quantity: '2', unit: 'container', unit_price: '1200.50', currency: 'USD', vat_category: 'S', vat_rate: '20' },
        { side: 'sell', category: 'handling', code: 'THC', quantity: '1', unit: 'shipment', unit_price: '120', currency: 'EUR', vat_category: 'E', vat_rate: '0', exemption_reason: 'Exempt service' },
        { side: 'buy', category: 'freight', code: 'FRT', quantity: '2', unit: 'container', unit_price: '950', currency: 'USD' },
      ],
    },
    'PUT /api/requests/:id/handler': { handler_id: null },
    'POST /api/requests/:id/decline': { reason: 'No space this month' },
    // Issue 45: the customer's answers to a quote (their own submitted request: the clear 409 once valid).
    'POST /api/requests/:id/quote/decline': { reason: 'other', note: 'We ship by rail instead' },
    'POST /api/requests/:id/quote/revision': { note: 'Can you quote a 40HC instead of two 20DC?' },
    'POST /api/shipments/:id/messages': { body: 'Cut-off moved to Friday,\nplease confirm.', internal: false },
    'POST /api/requests/:id/messages': { body: 'Can you add insurance?', internal: true },
    // Issue 16: a paper that fits any shipment; the letterhead's text.
    'POST /api/shipments/:id/generated-documents': { kind: 'debit_note' },
    'PUT /api/settings/letterhead': {
      name: 'Fuzz Forwarding A.Ş.', address: 'Kordon 1, İzmir', phone: '+90 232 000 00 00', email: 'ops@fuzz.example', tax_id: 'VKN 1',
      registration_number: 'MERSIS 1', place_of_issue: 'İzmir', bl_prefix: 'FUZZIZM', bl_signed_as: 'agent', bl_terms: 'FIATA FBL',
    },
    // Issue 16: the checklist (a document not on the item's shipment is the clear 409); a review; a template.
    'POST /api/checklist-items/:id/document': { document_name: ids.documents },
    'POST /api/checklist-items/:id/review': { decision: 'reject', reason: 'The invoice is not signed' },
    'PUT /api/settings/checklist-templates/:type/:direction': {
      items: [{ name: 'Commercial Invoice', provider: 'customer', required: true, anchor: 'departure', offset_days: -5 }, { name: 'Fumigation certificate', provider: 'forwarder', required: false, anchor: 'arrival', offset_days: 2, applies_when: 'dangerous_goods' }],
    },
    // Issue 18: DCSA Track & Trace 3.0 events (one of each type, the standard's own example values); attaching an inbox event.
    'POST /api/dcsa/v3/events': {
      events: [
        {
          eventID: 'fuzz-transport-1', eventDateTime: '2025-01-23T01:23:45Z', eventLocation: { UNLocationCode: 'NLAMS', locationName: 'Port of Amsterdam' },
          eventClassification: { eventTypeCode: 'TRANSPORT', eventClassifierCode: 'EST', transportEventTypeCode: 'ARRI' },
          transportDetails: { transportCall: { modeOfTransport: 'VESSEL', vesselTransport: { vesselIMONumber: '9321483', vesselName: 'King of the Seas' }, exportVoyageNumberOrReference: { carrierVoyageNumber: '2103S' } } },
          shipmentDetails: { documentReference: { typeCode: 'TRD', reference: 'HHL71800000' } },
        },
        { eventID: 'fuzz-equipment-1', eventDateTime: '2025-01-23T01:23:45Z', eventClassification: { eventTypeCode: 'EQUIPMENT', eventClassifierCode: 'ACT', equipmentEventTypeCode: 'LOAD' }, equipmentDetails: { equipmentReference: 'APZU4812090', emptyIndicatorCode: 'LADEN' } },
        { eventID: 'fuzz-shipment-1', eventDateTime: '2025-01-23T01:23:45Z', eventClassification: { eventTypeCode: 'SHIPMENT', eventClassifierCode: 'ACT', shipmentEventTypeCode: 'CONF' }, shipmentDetails: { documentReference: { typeCode: 'BKG', reference: 'ABC709951' } } },
      ],
    },
    'POST /api/carrier-events/:id/attach': { reference_number: ids.shipmentReference },
    'POST /api/webhooks': { url: 'http://127.0.0.1:9/fuzz', events: ['status_changed', 'document_added'], description: 'ERP feed' },
    'PATCH /api/webhooks/:id': { status: 'active', description: 'ERP feed', events: ['shipment_created'] },
    // Issue 18: a staff service key (past 20 active keys the clear 409).
    'POST /api/api-keys': { name: 'ERP sync', role: 'export', expires_in_days: 30, rate_limit_per_minute: 60 },
    // Better Auth's public endpoints (their own 4xx shape: { code, message }).
    'POST /api/auth/sign-in/email': { email: 'fuzz@example.com', password: 'wrong-password' },
    'POST /api/auth/sign-up/email': { email: 'stranger@example.com', password: 'secret-pass-1', name: 'x' },
    'POST /api/auth/request-password-reset': { email: 'nobody@example.com', redirectTo: 'http://localhost:3000/signin?type=recovery' },
    'POST /api/auth/reset-password': { token: 'no-such-token', newPassword: 'brand-new-pass' },
    // Without currentPassword: checking one costs a scrypt hash (about 0.2 s), too slow for 1,000 runs, so this
    // property tries the body's shape; the password itself is tested in account.api.test.ts.
    'POST /api/auth/change-password': { newPassword: 'another-pass-1', revokeOtherSessions: false },
  };
}

let t: TestApp;
let admin: string;
let customer: string;
let ids: PathIds;
let validBodies: Record<string, Record<string, unknown>>;
let bodyKeys: Record<string, string[]>;
const SAMPLE_KEYS = Object.keys(samples(NO_IDS, NO_IDS));
let tried = 0;
const triedByRoute: Record<string, number> = {};
let ipCounter = 0;
/** Every request from its own address, so the auth rate limits do not answer instead of the route. */
const nextIp = () => {
  const n = ipCounter++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

type OpenApiBodies = { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>> };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@cargodesk.test');
  customer = await t.signIn('customer@cargodesk.test');
  ids = await loadPathIds(t);
  const refs = await loadRefs(t);
  validBodies = samples(ids, refs);
  validBodies['POST /api/account/confirm'] = await pendingConfirmation();
  // The fields the API description names for each body: hostile values go into those too, not only the sample's.
  const doc = (await (await t.request('/api/openapi.json', { cookie: admin })).json()) as OpenApiBodies;
  bodyKeys = {};
  for (const key of Object.keys(validBodies)) {
    const [method, path] = key.split(' ') as [string, string];
    const op = doc.paths[path.replace(/^\/api/, '').replace(/:([A-Za-z]+)/g, '{$1}')]?.[method.toLowerCase()];
    const described = Object.keys(op?.requestBody?.content?.['application/json']?.schema?.properties ?? {});
    bodyKeys[key] = [...new Set([...Object.keys(validBodies[key]!), ...described])];
  }
});
/** A real confirmation (decision 0249): a pending staff member signs up, and the mail's link carries the token. */
async function pendingConfirmation() {
  const email = 'bad.input.confirm@cargodesk.test';
  const password = 'confirm-pass-1';
  await t.db.execute(sql`insert into pending_staff (full_name, email, role) values ('Bad Input', ${email}, 'export')`);
  const signUp = await t.request('/api/auth/sign-up/email', { body: { email, password, name: 'Bad Input' }, ip: '198.51.100.77' });
  expect(signUp.status).toBe(200);
  await t.worker.drain();
  const mail = t.mailbox.sent.filter((m) => m.to === email).at(-1);
  const link = mail?.html.match(/href="([^"]*confirm=[^"]+)"/)?.[1]?.replace(/&amp;/g, '&');
  const token = link ? new URL(link).searchParams.get('confirm') : null;
  expect(token, 'the confirmation mail carries a token').toBeTruthy();
  return { token: token!, email, password };
}
afterAll(async () => {
  console.log(`bad input, request bodies: ${tried} inputs tried\n${Object.entries(triedByRoute).map(([r, n]) => `  ${r}: ${n}`).join('\n')}`);
  await t?.close();
});

const writeRoutes = () => [...apiRoutes(t).filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method)), ...AUTH_BODY_ROUTES];

type Sent = { body: unknown } | { raw: string };

/** A valid body with 1-3 fields hostile, 0-2 dropped and maybe a stranger; or a whole body of another shape; or not JSON. */
function bodyArbitrary(key: string): fc.Arbitrary<Sent> {
  const valid = validBodies[key]!;
  const keys = bodyKeys[key]!;
  const mutated = fc
    .record({
      changes: fc.array(fc.tuple(fc.constantFrom(...keys), anyJsonValue), { minLength: 1, maxLength: 3 }),
      drop: fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
      stranger: fc.option(fc.tuple(fc.oneof(anyText, fc.constantFrom('__proto__', 'id', 'role', 'company_id', 'created_at')), anyJsonValue), { nil: undefined }),
    })
    .map(({ changes, drop, stranger }): Sent => {
      const body: Record<string, unknown> = { ...valid };
      for (const k of drop) delete body[k];
      for (const [k, v] of changes) body[k] = v;
      if (stranger) Object.defineProperty(body, stranger[0], { value: stranger[1], enumerable: true, writable: true, configurable: true });
      return { body };
    });
  const wholeBody = anyJsonValue.map((body): Sent => ({ body }));
  const notJson = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('{"name": ', '{}}', '[', '{"a":1}garbage', '\u0000', "{'single': 'quotes'}", '{"email": "\\ud800"}')).map((raw): Sent => ({ raw }));
  return fc.oneof({ weight: 8, arbitrary: mutated }, { weight: 1, arbitrary: wholeBody }, { weight: 1, arbitrary: notJson });
}

async function send(route: Route, sent: Sent): Promise<Response> {
  tried++;
  const key = `${route.method} ${route.path}`;
  triedByRoute[key] = (triedByRoute[key] ?? 0) + 1;
  const body = 'raw' in sent ? sent.raw : JSON.stringify(sent.body ?? null);
  return t.request(fillPath(route.path, ids), {
    method: route.method,
    body,
    cookie: AS_CUSTOMER.has(key) ? customer : admin,
    ip: nextIp(),
    headers: { 'content-type': 'application/json' },
  });
}

describe('route inventory', () => {
  it('every create and update route has a valid sample body or a reason it takes no JSON (a new one fails here)', () => {
    const missing = writeRoutes()
      .map((r) => `${r.method} ${r.path}`)
      .filter((k) => !(k in validBodies) && !(k in NOT_JSON));
    expect(missing, 'write routes without a sample in validBodies (bad-input-bodies.api.test.ts)').toEqual([]);
  });

  it('each sample body is accepted as it is (so the mutations start from a valid body)', async () => {
    const refused: string[] = [];
    for (const route of writeRoutes()) {
      const key = `${route.method} ${route.path}`;
      if (!(key in validBodies) || key.startsWith('POST /api/auth/')) continue;
      const res = await send(route, { body: validBodies[key] });
      if (res.status >= 400 && res.status !== 409) refused.push(`${key}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    }
    expect(refused).toEqual([]);
  });
});

describe('what a clear 4xx is', () => {
  const answer = (message: string) => new Response(JSON.stringify({ error: { code: 'invalid_input', message } }), { status: 400 });
  it('a message may quote what was sent; a Zod issue list or JSON it did not send is not for people', async () => {
    const quoted = 'No shipment with reference number x[{"code":1';
    expect(await answerProblems(answer(quoted), 'quoted', sentTexts({ reference_number: 'x[{"code":1' }))).toEqual([]);
    expect(await answerProblems(answer(quoted), 'not sent', sentTexts({ reference_number: 'x' }))).toHaveLength(1);
    expect(await answerProblems(answer('x[{"code":"invalid_type"}]'), 'zod', sentTexts({ name: 'x' }))).toHaveLength(1);
    expect(await answerProblems(answer('Bad\n    at parse (file.ts:1)'), 'stack', sentTexts({ name: 'at' }))).toHaveLength(1);
  });
});

describe(`request bodies (property, ${RUNS} runs per route)`, () => {
  it.each(SAMPLE_KEYS)('%s: no 5xx, a clear 4xx', { timeout: 600_000 }, async (key) => {
    const route = writeRoutes().find((r) => `${r.method} ${r.path}` === key);
    expect(route, `${key} is not a route of the app`).toBeDefined();
    await fc.assert(
      fc.asyncProperty(bodyArbitrary(key), async (sent) => {
        const res = await send(route!, sent);
        const label = `${key} ${JSON.stringify('raw' in sent ? sent.raw : sent.body).slice(0, 200)}`;
        expect(await answerProblems(res, label, 'raw' in sent ? [sent.raw] : sentTexts(sent.body))).toEqual([]);
      }),
      // Found by this property (each a 500 once): a lone surrogate in every sample's first text field (jsonb refused
      // the audit row); a volume whose chargeable weight passed numeric(14,3) (POST /api/requests, sea, 100,000,000 m³).
      { numRuns: RUNS, examples: [...loneSurrogateExample(key), ...oversizedCargoExamples(key)] },
    );
  });
});

/** A sample with cargo measures gets a volume and dimension lines too large to store. */
function oversizedCargoExamples(key: string): [Sent][] {
  const valid = validBodies[key]!;
  if (!('weight_gross' in valid)) return [];
  const line = { count: 100_000, length: 10_000, width: 10_000, height: 10_000, unit: 'cm' };
  return [[{ body: { ...valid, volume: 100_000_000 } }], [{ body: { ...valid, pieces: [line] } }]];
}

/** The sample body with its first string field replaced by half a surrogate pair, as a fast-check example. */
function loneSurrogateExample(key: string): [Sent][] {
  const valid = validBodies[key]!;
  const field = Object.keys(valid).find((k) => typeof valid[k] === 'string');
  return field ? [[{ body: { ...valid, [field]: '\ud800' } }]] : [];
}
