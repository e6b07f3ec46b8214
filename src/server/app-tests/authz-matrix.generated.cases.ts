/**
 * Matrix cases of papers generated from shipments and of the letterhead (issue 16). Nothing here generates or saves:
 * reads, invalid bodies (400), a missing shipment or version (404), a logo that is not an image (415). Staff read the
 * versions of any shipment; customers never reach these routes (403), not even for their own shipment.
 */
import { ADMIN, MISSING, STAFF, type Case } from './authz-matrix.rows';

export const GENERATED_CASES: Record<string, Case[]> = {
  'GET /api/shipments/:id/generated-documents': [
    { label: 'own company', path: (x) => `/api/shipments/${x.ownShipment}/generated-documents`, expect: STAFF(200) },
    { label: 'other company', path: (x) => `/api/shipments/${x.otherShipment}/generated-documents`, expect: STAFF(200) },
    { label: 'missing', path: () => `/api/shipments/${MISSING()}/generated-documents`, expect: STAFF(404) },
  ],
  'POST /api/shipments/:id/generated-documents': [
    { label: 'unknown kind', path: (x) => `/api/shipments/${x.ownShipment}/generated-documents`, body: () => ({ kind: 'invoice' }), expect: STAFF(400) },
    { label: 'missing', path: () => `/api/shipments/${MISSING()}/generated-documents`, body: () => ({ kind: 'debit_note' }), expect: STAFF(404) },
  ],
  'POST /api/generated-documents/:id/final': [
    { label: 'missing', path: () => `/api/generated-documents/${MISSING()}/final`, body: () => ({}), expect: STAFF(404) },
  ],
  'GET /api/settings/letterhead': [{ path: () => '/api/settings/letterhead', expect: ADMIN(200) }],
  'PUT /api/settings/letterhead': [{ label: 'no name', path: () => '/api/settings/letterhead', body: () => ({ name: '' }), expect: ADMIN(400) }],
  'GET /api/settings/letterhead/logo': [{ label: 'none set', path: () => '/api/settings/letterhead/logo', expect: ADMIN(404) }],
  'DELETE /api/settings/letterhead/logo': [{ label: 'none set', path: () => '/api/settings/letterhead/logo', expect: ADMIN(404) }],
  'PUT /api/settings/letterhead/logo': [{ label: 'not an image', path: () => '/api/settings/letterhead/logo', body: () => ({ not: 'an image' }), expect: ADMIN(415) }],
};
