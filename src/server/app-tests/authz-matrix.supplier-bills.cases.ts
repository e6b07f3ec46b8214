/**
 * Matrix cases of supplier bills and the payables ageing (issue 39, decision record 0264): staff read, enter, upload
 * and match; administrators record payments to suppliers and read the payables ageing; customers and anonymous callers
 * reach nothing. Each request changes nothing: reads, bodies that are refused (400), a file without a name (415) and
 * missing bills (404). What the routes do: features/supplier-bills/supplier-bills.api.test.ts.
 */
import { ADMIN, EMPTY, MISSING, STAFF, type Case } from './authz-matrix.rows';

export const SUPPLIER_BILL_CASES: Record<string, Case[]> = {
  'GET /api/supplier-bills': [{ path: () => '/api/supplier-bills', expect: STAFF(200) }],
  'POST /api/supplier-bills': [{ label: 'no bill', path: () => '/api/supplier-bills', body: EMPTY, expect: STAFF(400) }],
  'GET /api/supplier-bills/:id': [{ label: 'missing', path: () => `/api/supplier-bills/${MISSING()}`, expect: STAFF(404) }],
  'PUT /api/supplier-bills/:id': [{ label: 'no bill', path: () => `/api/supplier-bills/${MISSING()}`, body: EMPTY, expect: STAFF(400) }],
  'DELETE /api/supplier-bills/:id': [{ label: 'missing', path: () => `/api/supplier-bills/${MISSING()}`, expect: STAFF(404) }],
  'POST /api/supplier-bills/:id/document': [{ label: 'no file name', path: () => `/api/supplier-bills/${MISSING()}/document`, body: EMPTY, expect: STAFF(415) }],
  'PUT /api/supplier-bills/:id/lines/:position/match': [
    { label: 'no cost line', path: () => `/api/supplier-bills/${MISSING()}/lines/1/match`, body: EMPTY, expect: STAFF(400) },
    { label: 'missing bill', path: () => `/api/supplier-bills/${MISSING()}/lines/1/match`, body: () => ({ charge_line_id: MISSING() }), expect: STAFF(404) },
  ],
  'DELETE /api/supplier-bills/:id/lines/:position/match': [{ label: 'missing bill', path: () => `/api/supplier-bills/${MISSING()}/lines/1/match`, expect: STAFF(404) }],
  'POST /api/supplier-bills/:id/payments': [{ label: 'no amount', path: () => `/api/supplier-bills/${MISSING()}/payments`, body: EMPTY, expect: ADMIN(400) }],
  'GET /api/payables/ageing': [{ path: () => '/api/payables/ageing', expect: ADMIN(200) }],
};
