/**
 * Matrix cases of rate cards and the rate lookup (issue 40, decision record 0268): staff read, add, remove and look
 * up; customers and anonymous callers reach nothing. Each request changes nothing: reads, bodies that are refused (400)
 * and missing cards (404). What the routes do: features/rates/rates.api.test.ts.
 */
import { EMPTY, MISSING, STAFF, type Case } from './authz-matrix.rows';

export const RATE_CASES: Record<string, Case[]> = {
  'GET /api/rate-cards': [{ path: () => '/api/rate-cards', expect: STAFF(200) }],
  'POST /api/rate-cards': [{ label: 'no card', path: () => '/api/rate-cards', body: EMPTY, expect: STAFF(400) }],
  'GET /api/rate-cards/:id': [{ label: 'missing', path: () => `/api/rate-cards/${MISSING()}`, expect: STAFF(404) }],
  'POST /api/rate-cards/:id/copy': [{ label: 'missing', path: () => `/api/rate-cards/${MISSING()}/copy`, body: () => ({ valid_from: '2026-02-01', valid_to: '2026-02-28' }), expect: STAFF(404) }],
  'DELETE /api/rate-cards/:id': [{ label: 'missing', path: () => `/api/rate-cards/${MISSING()}`, expect: STAFF(404) }],
  'GET /api/rate-zones': [{ path: () => '/api/rate-zones', expect: STAFF(200) }],
  'POST /api/rate-zones': [{ label: 'no zone', path: () => '/api/rate-zones', body: EMPTY, expect: STAFF(400) }],
  'PUT /api/rate-zones/:id': [{ label: 'missing', path: () => `/api/rate-zones/${MISSING()}`, body: () => ({ code: '@MATRIX', name: 'Matrix', kind: 'airports', members: ['IST'] }), expect: STAFF(404) }],
  'DELETE /api/rate-zones/:id': [{ label: 'missing', path: () => `/api/rate-zones/${MISSING()}`, expect: STAFF(404) }],
  'POST /api/rates/lookup': [
    { label: 'no lane', path: () => '/api/rates/lookup', body: EMPTY, expect: STAFF(400) },
    { label: 'a lane without cards', path: () => '/api/rates/lookup', body: () => ({ mode: 'air', origin: 'IST', destination: 'ZZZ', date: '2026-01-15', chargeable_weight: '100' }), expect: STAFF(200) },
  ],
};
