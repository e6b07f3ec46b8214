/**
 * The cases of the authorization matrix (authz-matrix.api.test.ts): for every API route, the expected status
 * per role, with own and other company (and handler) where the route is scoped by them.
 */
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_AUTH_SECRET, type TestApp } from '@tests/helpers/test-app';
import { sign } from '@server/storage/signed-link';
import { DEMO_COMPANY } from '@server/db/seed/demo-fixtures';
import { ADMIN, ANYONE, EMPTY, MISSING, SIGNED_IN, STAFF, STAFF_OR_404, type Case, type Ids } from './authz-matrix.rows';
import { ALERT_CASES } from './authz-matrix.alerts.cases';
import { REQUEST_CASES } from './authz-matrix.requests.cases';
import { MESSAGE_CASES } from './authz-matrix.messages.cases';
import { GENERATED_CASES } from './authz-matrix.generated.cases';
import { CHECKLIST_CASES } from './authz-matrix.checklist.cases';
import { API_KEY_CASES } from './authz-matrix.api-keys.cases';
import { WEBHOOK_CASES } from './authz-matrix.webhooks.cases';
import { CARRIER_EVENT_CASES } from './authz-matrix.carrier-events.cases';
import { IMPORT_CASES } from './authz-matrix.imports.cases';
import { BOOKS_CASES, INVOICE_CASES, MONEY_CASES } from './authz-matrix.money.cases';
import { PAYMENT_CASES } from './authz-matrix.payments.cases';
import { SUPPLIER_BILL_CASES } from './authz-matrix.supplier-bills.cases';
import { RATE_CASES } from './authz-matrix.rates.cases';

export { ROLES, type Ids, type Role } from './authz-matrix.rows';

const MISSING_DOCUMENT = 'Zz9Zz9Zz_no-such-document.pdf';
/** A valid signed link, as the link route would give (signed with the test apps' secret). */
const signedFile = (name: string) => {
  const { expires, signature } = sign(name, TEST_AUTH_SECRET, Date.now());
  return `/api/files/${encodeURIComponent(name)}?expires=${expires}&signature=${signature}`;
};
/** The first row's `column` of a query. */
export async function one<T = string>(db: TestApp['db'], query: ReturnType<typeof sql>, column = 'id'): Promise<T> {
  const r = await db.execute<Record<string, T>>(query);
  const value = r.rows[0]?.[column];
  if (value === undefined) throw new Error(`no row for ${column}`);
  return value;
}

async function rowsOf(res: Response): Promise<Record<string, unknown>[]> {
  return ((await res.json()) as { rows: Record<string, unknown>[] }).rows;
}

/** Every row of a customer's list belongs to their company (and the list is not trivially empty). */
const rowsHaveOwnCompany =
  (column: string) =>
  async (res: Response, x: Ids): Promise<void> => {
    const rows = await rowsOf(res);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row[column]).toBe(x.ownCompany);
  };

/** Every shipment id in a customer's list is one of their company's shipments. */
async function shipmentsAreOwn(res: Response, x: Ids): Promise<void> {
  const rows = await rowsOf(res);
  expect(rows.length).toBeGreaterThan(0);
  const idList = sql.join(rows.map((r) => sql`${String(r.id)}`), sql`, `);
  const foreign = await one<number>(
    x.db,
    sql`select count(*)::int as n from shipments where id::text in (${idList}) and company_id <> ${x.ownCompany}`,
    'n',
  );
  expect(foreign).toBe(0);
}

/**
 * Reference data (airports, sea ports, carriers, providers, agents): staff read, admins write. The airport and port
 * lists are searchable by customers too (`listedToCustomers`): a request's pickers (issue 15).
 */
function referenceRoutes(base: string, realId: (x: Ids) => string, listedToCustomers = false): Record<string, Case[]> {
  return {
    [`GET /api/${base}`]: [{ path: () => `/api/${base}`, expect: listedToCustomers ? SIGNED_IN(200) : STAFF(200) }],
    [`POST /api/${base}`]: [{ path: () => `/api/${base}`, body: EMPTY, expect: ADMIN(400) }],
    [`GET /api/${base}/:id`]: [
      { label: 'existing', path: (x) => `/api/${base}/${realId(x)}`, expect: STAFF(200) },
      { label: 'missing', path: () => `/api/${base}/${MISSING()}`, expect: STAFF(404) },
    ],
    [`PUT /api/${base}/:id`]: [
      { label: 'existing', path: (x) => `/api/${base}/${realId(x)}`, body: EMPTY, expect: ADMIN(400) },
      { label: 'missing', path: () => `/api/${base}/${MISSING()}`, body: EMPTY, expect: ADMIN(400) },
    ],
    [`DELETE /api/${base}/:id`]: [{ label: 'missing', path: () => `/api/${base}/${MISSING()}`, expect: ADMIN(404) }],
  };
}

/** One entry per "METHOD /api/path" of the app (Hono's path syntax). */
export const MATRIX: Record<string, Case[]> = {
  ...ALERT_CASES,
  ...REQUEST_CASES,
  ...MESSAGE_CASES,
  ...GENERATED_CASES,
  ...CHECKLIST_CASES,
  ...API_KEY_CASES,
  ...WEBHOOK_CASES,
  ...CARRIER_EVENT_CASES,
  ...IMPORT_CASES,
  ...MONEY_CASES,
  ...PAYMENT_CASES,
  ...INVOICE_CASES,
  ...BOOKS_CASES,
  ...SUPPLIER_BILL_CASES,
  ...RATE_CASES,
  // Public
  'GET /api/health': [{ path: () => '/api/health', expect: ANYONE(200) }],
  'POST /api/eligibility': [{ path: () => '/api/eligibility', body: EMPTY, expect: ANYONE(400) }],
  'POST /api/account/confirm': [{ path: () => '/api/account/confirm', body: EMPTY, expect: ANYONE(400) }],

  // Signed in, any role
  'GET /api/openapi.json': [{ path: () => '/api/openapi.json', expect: SIGNED_IN(200) }],
  'GET /api/docs': [{ path: () => '/api/docs', expect: SIGNED_IN(200) }],
  'GET /api/me': [{ path: () => '/api/me', expect: SIGNED_IN(200) }],
  'PUT /api/me/language': [
    { path: () => '/api/me/language', body: () => ({ language: 'tr' }), expect: SIGNED_IN(200) },
    { label: 'a language Cargodesk does not speak', path: () => '/api/me/language', body: () => ({ language: 'xx' }), expect: SIGNED_IN(400) },
  ],

  // Dashboard and analytics
  'GET /api/dashboard': [
    {
      path: () => '/api/dashboard',
      expect: SIGNED_IN(200),
      customerCheck: async (res, x) => {
        const body = (await res.json()) as { kind: string; company_name: string; recent: { company_id: string }[] };
        expect(body.kind).toBe('customer');
        expect(body.company_name).toBe(DEMO_COMPANY);
        expect(Object.keys(body)).not.toContain('finance');
        for (const row of body.recent) expect(row.company_id).toBe(x.ownCompany);
      },
    },
  ],
  'GET /api/dashboard/quick-stats': [
    { path: () => '/api/dashboard/quick-stats', expect: { anonymous: 401, customer: 200, export: 403, import: 403, admin: 403 } },
  ],
  'GET /api/analytics/shipments': [
    { label: 'type=air', path: () => '/api/analytics/shipments?type=air', expect: STAFF(200) },
    { label: 'no type', path: () => '/api/analytics/shipments', expect: STAFF(400) },
  ],

  // Reference data
  ...referenceRoutes('airports', (x) => x.airport, true),
  ...referenceRoutes('seaports', (x) => x.seaport, true),
  ...referenceRoutes('carriers', (x) => x.carrier),
  ...referenceRoutes('service-providers', (x) => x.serviceProvider),
  ...referenceRoutes('consolidation-agents', (x) => x.consolidationAgent),

  // Companies and contacts
  'GET /api/companies': [{ path: () => '/api/companies', expect: SIGNED_IN(200), customerCheck: rowsHaveOwnCompany('id') }],
  'GET /api/companies/options': [{ path: () => '/api/companies/options', expect: STAFF(200) }],
  'GET /api/companies/same-name': [
    { label: 'a name', path: () => '/api/companies/same-name?name=anatolia', expect: STAFF(200) },
    { label: 'no name', path: () => '/api/companies/same-name', expect: STAFF(400) },
  ],
  'POST /api/companies': [{ path: () => '/api/companies', body: EMPTY, expect: STAFF(400) }],
  'GET /api/companies/:id': [
    { label: 'own company', path: (x) => `/api/companies/${x.ownCompany}`, expect: SIGNED_IN(200) },
    { label: 'other company', path: (x) => `/api/companies/${x.otherCompany}`, expect: STAFF_OR_404(200) },
    { label: 'missing', path: () => `/api/companies/${MISSING()}`, expect: SIGNED_IN(404) },
  ],
  'PUT /api/companies/:id': [
    { label: 'own company', path: (x) => `/api/companies/${x.ownCompany}`, body: EMPTY, expect: STAFF(400) },
    { label: 'other company', path: (x) => `/api/companies/${x.otherCompany}`, body: EMPTY, expect: STAFF(400) },
    { label: 'missing', path: () => `/api/companies/${MISSING()}`, body: EMPTY, expect: STAFF(400) },
  ],
  'DELETE /api/companies/:id': [
    // Both companies have shipments (asserted in beforeAll), so an allowed delete is refused with 409.
    { label: 'own company', path: (x) => `/api/companies/${x.ownCompany}`, expect: STAFF(409) },
    { label: 'other company', path: (x) => `/api/companies/${x.otherCompany}`, expect: STAFF(409) },
    { label: 'missing', path: () => `/api/companies/${MISSING()}`, expect: STAFF(404) },
  ],
  'GET /api/companies/:id/shipments': [
    { label: 'own company', path: (x) => `/api/companies/${x.ownCompany}/shipments`, expect: SIGNED_IN(200), customerCheck: shipmentsAreOwn },
    { label: 'other company', path: (x) => `/api/companies/${x.otherCompany}/shipments`, expect: STAFF_OR_404(200) },
    { label: 'missing', path: () => `/api/companies/${MISSING()}/shipments`, expect: SIGNED_IN(404) },
  ],
  'GET /api/companies/:id/contacts': [
    {
      label: 'own company',
      path: (x) => `/api/companies/${x.ownCompany}/contacts`,
      expect: SIGNED_IN(200),
      customerCheck: rowsHaveOwnCompany('company_id'),
    },
    { label: 'other company', path: (x) => `/api/companies/${x.otherCompany}/contacts`, expect: STAFF_OR_404(200) },
    { label: 'missing', path: () => `/api/companies/${MISSING()}/contacts`, expect: SIGNED_IN(404) },
  ],
  'POST /api/companies/:id/contacts': [
    { label: 'own company', path: (x) => `/api/companies/${x.ownCompany}/contacts`, body: EMPTY, expect: STAFF(400) },
    { label: 'other company', path: (x) => `/api/companies/${x.otherCompany}/contacts`, body: EMPTY, expect: STAFF(400) },
    { label: 'missing', path: () => `/api/companies/${MISSING()}/contacts`, body: EMPTY, expect: STAFF(400) },
  ],
  'DELETE /api/companies/:id/contacts/:contactId': [
    { label: 'own company, missing contact', path: (x) => `/api/companies/${x.ownCompany}/contacts/${MISSING()}`, expect: STAFF(404) },
    {
      label: "own company, other company's contact",
      path: (x) => `/api/companies/${x.ownCompany}/contacts/${x.otherContact}`,
      expect: STAFF(404),
    },
    {
      label: "other company, own company's contact",
      path: (x) => `/api/companies/${x.otherCompany}/contacts/${x.ownContact}`,
      expect: STAFF(404),
    },
  ],

  // Staff management
  'GET /api/staff': [{ path: () => '/api/staff', expect: ADMIN(200) }],
  'POST /api/staff': [{ path: () => '/api/staff', body: EMPTY, expect: ADMIN(400) }],
  'DELETE /api/staff/pending/:id': [{ label: 'missing', path: () => `/api/staff/pending/${MISSING()}`, expect: ADMIN(404) }],
  'GET /api/staff/:id': [
    { label: 'existing', path: (x) => `/api/staff/${x.exportUser}`, expect: ADMIN(200) },
    { label: 'missing', path: () => `/api/staff/${MISSING()}`, expect: ADMIN(404) },
  ],
  'PUT /api/staff/:id': [
    { label: 'existing', path: (x) => `/api/staff/${x.exportUser}`, body: EMPTY, expect: ADMIN(400) },
    { label: 'missing', path: () => `/api/staff/${MISSING()}`, body: EMPTY, expect: ADMIN(400) },
  ],
  'DELETE /api/staff/:id': [{ label: 'missing', path: () => `/api/staff/${MISSING()}`, expect: ADMIN(404) }],
  'DELETE /api/staff/:id/two-factor': [{ label: 'missing', path: () => `/api/staff/${MISSING()}/two-factor`, expect: ADMIN(404) }],
  'GET /api/audit': [
    { path: () => '/api/audit', expect: ADMIN(200) },
    { label: 'bad category', path: () => '/api/audit?category=nope', expect: ADMIN(400) },
  ],
  // Background jobs (issue 44, decision 0285): admins only; an unknown job (400) and a missing failed run (404) change nothing.
  'GET /api/jobs': [{ path: () => '/api/jobs', expect: ADMIN(200) }],
  'POST /api/jobs/:name/run': [{ label: 'unknown job', path: () => '/api/jobs/no-such-job/run', expect: ADMIN(400) }],
  'POST /api/jobs/:name/:id/retry': [{ label: 'missing', path: () => `/api/jobs/digest-prune/${MISSING()}/retry`, expect: ADMIN(404) }],
  // Security settings (decision 0010): admins read and change; `{}` is invalid, so nothing changes.
  'GET /api/settings/two-factor': [{ path: () => '/api/settings/two-factor', expect: ADMIN(200) }],
  'PUT /api/settings/two-factor': [{ path: () => '/api/settings/two-factor', body: EMPTY, expect: ADMIN(400) }],

  // Shipments
  'GET /api/shipments': [
    { path: () => '/api/shipments', expect: SIGNED_IN(200), customerCheck: rowsHaveOwnCompany('company_id') },
    {
      label: 'pageSize=100, sorted by company',
      path: () => '/api/shipments?pageSize=100&sort=company',
      expect: SIGNED_IN(200),
      customerCheck: rowsHaveOwnCompany('company_id'),
    },
  ],
  'GET /api/shipments.csv': [
    {
      path: () => '/api/shipments.csv',
      expect: SIGNED_IN(200),
      customerCheck: async (res, x) => {
        const lines = (await res.text()).split(/\r?\n/).filter((l) => l.length > 0);
        const own = await one<number>(x.db, sql`select count(*)::int as n from shipments where company_id = ${x.ownCompany}`, 'n');
        expect(lines.length - 1).toBe(own);
        expect(lines[0]).not.toContain('Internal Notes');
        for (const line of lines.slice(1)) expect(line).toContain(DEMO_COMPANY);
      },
    },
  ],
  'POST /api/shipments': [{ path: () => '/api/shipments', body: EMPTY, expect: STAFF(400) }],
  'GET /api/shipments/:id': [
    {
      label: 'own company',
      path: (x) => `/api/shipments/${x.ownShipment}`,
      expect: SIGNED_IN(200),
      customerCheck: async (res, x) => {
        const body = (await res.json()) as Record<string, unknown>;
        expect(body.id).toBe(x.ownShipment);
        // Field-level rule (design.md section 4): no internal notes, costs, charges, totals or profit for customers.
        for (const key of Object.keys(body)) expect(key).not.toMatch(/internal_notes|cost|charge|total|revenue|profit|margin/);
      },
    },
    { label: 'other company', path: (x) => `/api/shipments/${x.otherShipment}`, expect: STAFF_OR_404(200) },
    { label: 'missing', path: () => `/api/shipments/${MISSING()}`, expect: SIGNED_IN(404) },
  ],
  'GET /api/shipments/:id/events': [
    {
      label: 'own company',
      path: (x) => `/api/shipments/${x.ownShipment}/events`,
      expect: SIGNED_IN(200),
      customerCheck: async (res) => {
        const rows = await rowsOf(res);
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) {
          expect(['created', 'status_changed']).toContain(row.kind);
          expect(Object.keys(row)).not.toContain('actor_id');
        }
      },
    },
    { label: 'other company', path: (x) => `/api/shipments/${x.otherShipment}/events`, expect: STAFF_OR_404(200) },
    { label: 'missing', path: () => `/api/shipments/${MISSING()}/events`, expect: SIGNED_IN(404) },
  ],
  'PUT /api/shipments/:id': [
    { label: 'own company', path: (x) => `/api/shipments/${x.ownShipment}`, body: EMPTY, expect: ADMIN(400) },
    { label: 'other company', path: (x) => `/api/shipments/${x.otherShipment}`, body: EMPTY, expect: ADMIN(400) },
    // The shipment body is validated in the service, in the spec's order, after the existence check: so a missing
    // shipment answers 404 even to `{}` (the reference-data and company PUTs validate first and answer 400).
    { label: 'missing', path: () => `/api/shipments/${MISSING()}`, body: EMPTY, expect: ADMIN(404) },
  ],
  'POST /api/shipments/:id/status': [
    { label: 'empty body', path: (x) => `/api/shipments/${x.ownShipment}/status`, body: EMPTY, expect: STAFF(400) },
    // The status it already has: allowed -> 400 "already ...", nothing changes. Only the admin and the handler may.
    {
      label: "export's shipment, same status",
      path: (x) => `/api/shipments/${x.ownShipment}/status`,
      body: (x) => ({ status: x.ownShipmentStatus }),
      expect: { anonymous: 401, customer: 403, export: 400, import: 403, admin: 400 },
      refusedByData: ['import'],
    },
    {
      label: "import's shipment, same status",
      path: (x) => `/api/shipments/${x.otherShipment}/status`,
      body: (x) => ({ status: x.otherShipmentStatus }),
      expect: { anonymous: 401, customer: 403, export: 403, import: 400, admin: 400 },
      refusedByData: ['export'],
    },
    {
      label: 'missing, valid status',
      path: () => `/api/shipments/${MISSING()}/status`,
      body: () => ({ status: 'in_transit' }),
      expect: STAFF(404),
    },
  ],
  // Handlers (issue 21): a case that would change data sends the handler the shipment already has (a no-op 200).
  // Metrics: admins here; a scraper's token is tested in metrics.api.test.ts.
  'PUT /api/shipments/:id/handler': [
    { label: 'empty body', path: (x) => `/api/shipments/${x.ownShipment}/handler`, body: EMPTY, expect: STAFF(400) },
    {
      label: "export's shipment, to export again",
      path: (x) => `/api/shipments/${x.ownShipment}/handler`,
      body: (x) => ({ handler_id: x.exportUser }),
      expect: { anonymous: 401, customer: 403, export: 200, import: 403, admin: 200 },
      refusedByData: ['import'],
    },
    { label: 'missing', path: () => `/api/shipments/${MISSING()}/handler`, body: () => ({ handler_id: null }), expect: STAFF(404) },
  ],
  'POST /api/shipments/handler': [
    { label: 'empty body', path: () => '/api/shipments/handler', body: EMPTY, expect: ADMIN(400) },
    { label: "export's shipment, to export again", path: () => '/api/shipments/handler', body: (x) => ({ shipment_ids: [x.ownShipment], handler_id: x.exportUser }), expect: ADMIN(200) },
  ],
  'GET /api/metrics': [{ path: () => '/api/metrics', expect: ADMIN(200) }],
  'GET /api/handlers': [{ path: () => '/api/handlers?loading_type=export', expect: ADMIN(200) }],

  // Share-tracking links (decision 0228): whoever may read the shipment; an invalid expiry (400) so nothing is made. The page is public.
  'GET /api/shipments/:id/share-links': [{ label: 'own company', path: (x) => `/api/shipments/${x.ownShipment}/share-links`, expect: SIGNED_IN(200) }, { label: 'other company', path: (x) => `/api/shipments/${x.otherShipment}/share-links`, expect: STAFF_OR_404(200) }], 'POST /api/shipments/:id/share-links': [{ label: 'invalid expiry', path: (x) => `/api/shipments/${x.ownShipment}/share-links`, body: () => ({ expires_in_days: 0 }), expect: SIGNED_IN(400) }],
  'DELETE /api/shipments/:id/share-links/:linkId': [{ label: 'own, missing link', path: (x) => `/api/shipments/${x.ownShipment}/share-links/${MISSING()}`, expect: SIGNED_IN(404) }, { label: 'other company', path: (x) => `/api/shipments/${x.otherShipment}/share-links/${MISSING()}`, expect: SIGNED_IN(404) }],
  'GET /api/track/:token': [{ label: 'unknown token', path: () => `/api/track/${'Q'.repeat(43)}`, expect: ANYONE(404) }],
  'GET /api/track/:token/documents/:name': [{ label: 'unknown token', path: (x) => `/api/track/${'Q'.repeat(43)}/documents/${encodeURIComponent(x.ownDocument)}`, expect: ANYONE(404) }],
  // Documents (decision 0174): staff manage; a customer reads only documents on their company's shipments, 404 otherwise.
  'GET /api/documents': [{ path: () => '/api/documents', expect: STAFF(200) }],
  // `{}` as JSON carries no X-File-Name: an allowed role gets the spec's invalid-type answer.
  'POST /api/documents': [{ path: () => '/api/documents', body: EMPTY, expect: STAFF(415) }],
  'GET /api/documents/assignable-shipments': [{ path: () => '/api/documents/assignable-shipments', expect: STAFF(200) }],
  'DELETE /api/documents/:name': [{ label: 'missing', path: () => `/api/documents/${MISSING_DOCUMENT}`, expect: STAFF(404) }],
  'GET /api/documents/:name/link': [
    { label: "own company's", path: (x) => `/api/documents/${x.ownDocument}/link`, expect: SIGNED_IN(200) },
    { label: "other company's", path: (x) => `/api/documents/${x.otherDocument}/link`, expect: STAFF_OR_404(200) },
    { label: 'unassigned', path: (x) => `/api/documents/${x.unassignedDocument}/link`, expect: STAFF_OR_404(200) },
    { label: 'missing', path: () => `/api/documents/${MISSING_DOCUMENT}/link`, expect: SIGNED_IN(404) },
  ],
  'GET /api/files/:name': [
    { label: "own company's, signed", path: (x) => signedFile(x.ownDocument), expect: SIGNED_IN(200) },
    { label: "other company's, signed", path: (x) => signedFile(x.otherDocument), expect: STAFF_OR_404(200) },
    { label: 'unassigned, signed', path: (x) => signedFile(x.unassignedDocument), expect: STAFF_OR_404(200) },
    { label: 'missing, signed', path: () => signedFile(MISSING_DOCUMENT), expect: SIGNED_IN(404) },
    { label: "own company's, forged", path: (x) => `/api/files/${x.ownDocument}?expires=${Math.floor(Date.now() / 1000) + 60}&signature=forged`, expect: SIGNED_IN(403), refusedByData: ['customer', 'export', 'import', 'admin'] },
  ],
  'PUT /api/documents/:name/assignment': [
    { label: 'empty body', path: (x) => `/api/documents/${x.ownDocument}/assignment`, body: EMPTY, expect: STAFF(400) },
    // The shipment it is already on (handled by export): allowed -> 200 with nothing new; import is not its handler.
    {
      label: "export's shipment, already assigned there",
      path: (x) => `/api/documents/${x.ownDocument}/assignment`,
      body: (x) => ({ shipment_id: x.ownDocumentShipment }),
      expect: { anonymous: 401, customer: 403, export: 200, import: 403, admin: 200 },
      refusedByData: ['import'],
    },
    { label: 'missing document', path: () => `/api/documents/${MISSING_DOCUMENT}/assignment`, body: (x) => ({ shipment_id: x.ownShipment }), expect: STAFF(404) },
  ],
  'DELETE /api/documents/:name/assignment': [
    { label: 'unassigned', path: (x) => `/api/documents/${x.unassignedDocument}/assignment`, expect: STAFF(404) },
    { label: 'missing', path: () => `/api/documents/${MISSING_DOCUMENT}/assignment`, expect: STAFF(404) },
  ],
  'GET /api/shipments/:id/documents': [
    {
      label: 'own company',
      path: (x) => `/api/shipments/${x.ownDocumentShipment}/documents`,
      expect: SIGNED_IN(200),
      customerCheck: async (res, x) => {
        const rows = await rowsOf(res);
        expect(rows.map((r) => r.name)).toContain(x.ownDocument);
      },
    },
    { label: 'other company', path: (x) => `/api/shipments/${x.otherShipment}/documents`, expect: STAFF_OR_404(200) },
    { label: 'missing', path: () => `/api/shipments/${MISSING()}/documents`, expect: SIGNED_IN(404) },
  ],
};

