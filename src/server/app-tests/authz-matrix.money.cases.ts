/**
 * Matrix cases of money (issue 38, decision record 0257): exchange rates. Staff read and convert; administrators
 * import the ECB's file and enter rates; customers and anonymous callers reach nothing. Each request changes nothing:
 * reads, a conversion that needs no rate, and bodies that are refused (400). What the routes do is tested in
 * features/exchange-rates/exchange-rates.api.test.ts.
 *
 * Charge lines: staff read a shipment's lines, a customer their own company's (another company's is 404); a handler
 * changes the lines of the shipments they handle (the export user handles the own shipment, the import user the
 * other), admins any; the charge codes are read by staff and changed by admins. Bodies are refused (400) or name a
 * missing line (404), so nothing is written. What the routes do: features/charges/charges.api.test.ts.
 */
import { expect } from 'vitest';
import { ADMIN, EMPTY, MISSING, SIGNED_IN, STAFF, STAFF_OR_404, type Case, type Ids } from './authz-matrix.rows';

/** A line the shape accepts whose code is not in the list: the service refuses it (400) after the handler check (403). */
const UNKNOWN_CODE = () => ({ side: 'sell', category: 'freight', code: 'ZZZZ', quantity: '1', unit_price: '10', currency: 'EUR' });

export const MONEY_CASES: Record<string, Case[]> = {
  'POST /api/exchange-rates/ecb': [{ label: 'not an ECB file', path: () => '/api/exchange-rates/ecb', body: EMPTY, expect: ADMIN(400) }],
  'POST /api/exchange-rates': [{ label: 'no rate', path: () => '/api/exchange-rates', body: EMPTY, expect: ADMIN(400) }],
  'GET /api/exchange-rates': [{ path: () => '/api/exchange-rates', expect: STAFF(200) }],
  'GET /api/exchange-rates/convert': [
    { label: 'euro to euro', path: () => '/api/exchange-rates/convert?amount=10&from=EUR&to=EUR&on=2026-01-05', expect: STAFF(200) },
  ],
  'GET /api/shipments/:id/charges': [
    { label: 'own company', path: (x) => `/api/shipments/${x.ownShipment}/charges`, expect: SIGNED_IN(200) },
    { label: 'other company', path: (x) => `/api/shipments/${x.otherShipment}/charges`, expect: STAFF_OR_404(200) },
    { label: 'missing', path: () => `/api/shipments/${MISSING()}/charges`, expect: SIGNED_IN(404) },
  ],
  'POST /api/shipments/:id/charges': [
    { label: 'no line', path: (x) => `/api/shipments/${x.ownShipment}/charges`, body: EMPTY, expect: STAFF(400) },
    // The other shipment is the import user's: the export user is refused by the data, the others reach the code check.
    { label: "another handler's shipment", path: (x) => `/api/shipments/${x.otherShipment}/charges`, body: UNKNOWN_CODE, expect: { ...STAFF(400), export: 403 }, refusedByData: ['export'] },
    { label: 'missing', path: () => `/api/shipments/${MISSING()}/charges`, body: UNKNOWN_CODE, expect: STAFF(404) },
  ],
  'PATCH /api/shipments/:id/charges/:lineId': [
    { label: 'no line', path: (x) => `/api/shipments/${x.ownShipment}/charges/${MISSING()}`, body: EMPTY, expect: STAFF(400) },
    { label: 'missing line', path: (x) => `/api/shipments/${x.otherShipment}/charges/${MISSING()}`, body: UNKNOWN_CODE, expect: { ...STAFF(404), export: 403 }, refusedByData: ['export'] },
  ],
  'DELETE /api/shipments/:id/charges/:lineId': [
    { label: 'missing line', path: (x) => `/api/shipments/${x.ownShipment}/charges/${MISSING()}`, expect: { ...STAFF(404), import: 403 }, refusedByData: ['import'] },
  ],
  'GET /api/charge-codes': [{ path: () => '/api/charge-codes', expect: STAFF(200) }],
  'POST /api/charge-codes': [{ label: 'no code', path: () => '/api/charge-codes', body: EMPTY, expect: ADMIN(400) }],
  'PATCH /api/charge-codes/:code': [
    { label: 'nothing to change', path: () => '/api/charge-codes/FRT', body: EMPTY, expect: ADMIN(400) },
    { label: 'missing', path: () => '/api/charge-codes/ZZZZ', body: () => ({ name: 'Nothing' }), expect: ADMIN(404) },
  ],
};

/** A customer's invoice list holds their company's issued documents only (the demo data has some). */
async function ownIssuedOnly(res: Response, x: Ids): Promise<void> {
  const rows = ((await res.json()) as { rows: { company_id: string; status: string }[] }).rows;
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row).toMatchObject({ company_id: x.ownCompany, status: 'issued' });
}

/**
 * Invoices, credit notes and billing settings (issue 38): staff read and draft, administrators issue and credit, a
 * customer reads their company's issued documents; nothing here changes a row (missing ids, refused bodies). What the
 * routes do is tested in features/invoices/invoices.api.test.ts.
 */
export const INVOICE_CASES: Record<string, Case[]> = {
  'GET /api/invoices': [{ path: () => '/api/invoices?pageSize=100', expect: SIGNED_IN(200), customerCheck: ownIssuedOnly }],
  'GET /api/invoices/ready': [{ path: () => '/api/invoices/ready', expect: STAFF(200) }],
  'GET /api/invoices/:id': [{ label: 'missing', path: () => `/api/invoices/${MISSING()}`, expect: SIGNED_IN(404) }],
  'GET /api/invoices/:id/pdf': [{ label: 'missing', path: () => `/api/invoices/${MISSING()}/pdf`, expect: SIGNED_IN(404) }],
  'GET /api/invoices/:id/ubl': [{ label: 'missing', path: () => `/api/invoices/${MISSING()}/ubl`, expect: SIGNED_IN(404) }],
  'POST /api/invoices': [{ label: 'no company', path: () => '/api/invoices', body: EMPTY, expect: STAFF(400) }],
  'PATCH /api/invoices/:id': [{ label: 'missing', path: () => `/api/invoices/${MISSING()}`, body: EMPTY, expect: STAFF(404) }],
  'DELETE /api/invoices/:id': [{ label: 'missing', path: () => `/api/invoices/${MISSING()}`, expect: STAFF(404) }],
  'POST /api/invoices/:id/issue': [{ label: 'missing', path: () => `/api/invoices/${MISSING()}/issue`, body: EMPTY, expect: ADMIN(404) }],
  'POST /api/invoices/:id/credit-notes': [{ label: 'no reason', path: () => `/api/invoices/${MISSING()}/credit-notes`, body: EMPTY, expect: ADMIN(400) }],
  'GET /api/settings/billing': [{ path: () => '/api/settings/billing', expect: ADMIN(200) }],
  'PUT /api/settings/billing': [{ label: 'nothing given', path: () => '/api/settings/billing', body: EMPTY, expect: ADMIN(400) }],
};

/**
 * The books (issue 39): administrators only. The export asked here is refused (a DATEV batch across two calendar
 * years, 400), so nothing is exported or marked; what the routes do: features/accounting/accounting.api.test.ts.
 */
export const BOOKS_CASES: Record<string, Case[]> = {
  'GET /api/settings/accounting': [{ path: () => '/api/settings/accounting', expect: ADMIN(200) }],
  'PUT /api/settings/accounting': [{ label: 'nothing given', path: () => '/api/settings/accounting', body: EMPTY, expect: ADMIN(400) }],
  'GET /api/accounting/exports': [{ label: 'two calendar years', path: () => '/api/accounting/exports?format=datev&from=2025-12-01&to=2026-01-31', expect: ADMIN(400) }],
  'GET /api/accounting/exports/history': [{ path: () => '/api/accounting/exports/history', expect: ADMIN(200) }],
  'GET /api/accounting/exports/:id': [{ label: 'missing', path: () => `/api/accounting/exports/${MISSING()}`, expect: ADMIN(404) }],
};
