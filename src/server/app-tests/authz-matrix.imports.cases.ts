/**
 * Matrix cases of bulk import (issue 18, decision record 0245): staff import; customers and anonymous callers reach
 * nothing. Each request changes nothing: reads, a missing query (400) and imports that do not exist (404). What an
 * import does is tested in features/imports/imports.api.test.ts.
 */
import { EMPTY, MISSING, STAFF, type Case } from './authz-matrix.rows';

export const IMPORT_CASES: Record<string, Case[]> = {
  'GET /api/imports/templates/:file': [
    { label: 'shipments CSV', path: () => '/api/imports/templates/shipments.csv', expect: STAFF(200) },
    { label: 'companies XLSX', path: () => '/api/imports/templates/companies.xlsx', expect: STAFF(200) },
    { label: 'air rate sheet CSV', path: () => '/api/imports/templates/rates-air.csv', expect: STAFF(200) },
  ],
  'GET /api/imports': [{ path: () => '/api/imports', expect: STAFF(200) }],
  'POST /api/imports': [
    { label: 'no kind', path: () => '/api/imports', body: EMPTY, expect: STAFF(400) },
    { label: 'rate sheet without a file name', path: () => '/api/imports?kind=rate_cards', body: EMPTY, expect: STAFF(415) },
  ],
  'GET /api/imports/:id': [{ label: 'missing import', path: () => `/api/imports/${MISSING()}`, expect: STAFF(404) }],
  'POST /api/imports/:id/commit': [{ label: 'missing import', path: () => `/api/imports/${MISSING()}/commit`, body: EMPTY, expect: STAFF(404) }],
};
