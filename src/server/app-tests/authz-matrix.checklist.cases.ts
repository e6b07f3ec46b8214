/**
 * Matrix cases of the document checklist (issue 16). Nothing here changes a row: reads, invalid bodies (400), missing
 * items or shipments (404), an upload without a file name (415, refused before a byte is stored). A customer reads
 * their own company's checklist and uploads for the items they provide; staff attach, review, apply and read the
 * overdue list; admins keep the templates.
 */
import { ADMIN, MISSING, SIGNED_IN, STAFF, STAFF_OR_404, type Case } from './authz-matrix.rows';

const APPROVE = () => ({ decision: 'approve' });

export const CHECKLIST_CASES: Record<string, Case[]> = {
  'GET /api/shipments/:id/checklist': [
    { label: 'own company', path: (x) => `/api/shipments/${x.ownShipment}/checklist`, expect: SIGNED_IN(200) },
    { label: 'other company', path: (x) => `/api/shipments/${x.otherShipment}/checklist`, expect: STAFF_OR_404(200) },
    { label: 'missing', path: () => `/api/shipments/${MISSING()}/checklist`, expect: SIGNED_IN(404) },
  ],
  'POST /api/shipments/:id/checklist': [
    { label: 'missing', path: () => `/api/shipments/${MISSING()}/checklist`, body: () => ({}), expect: STAFF(404) },
  ],
  'POST /api/checklist-items/:id/document': [
    { label: 'no document', path: () => `/api/checklist-items/${MISSING()}/document`, body: () => ({}), expect: STAFF(400) },
    { label: 'missing', path: () => `/api/checklist-items/${MISSING()}/document`, body: () => ({ document_name: 'x.pdf' }), expect: STAFF(404) },
  ],
  'POST /api/checklist-items/:id/upload': [
    // No X-File-Name: refused by the document rules (415) before the item is looked up or a byte stored.
    { label: 'no file name', path: () => `/api/checklist-items/${MISSING()}/upload`, body: () => ({}), expect: SIGNED_IN(415) },
  ],
  'POST /api/checklist-items/:id/review': [
    { label: 'no decision', path: () => `/api/checklist-items/${MISSING()}/review`, body: () => ({}), expect: STAFF(400) },
    { label: 'missing', path: () => `/api/checklist-items/${MISSING()}/review`, body: APPROVE, expect: STAFF(404) },
  ],
  'GET /api/checklist/overdue': [{ path: () => '/api/checklist/overdue', expect: STAFF(200) }],
  // Issue 45: the papers a customer's company owes; staff have the overdue list instead.
  'GET /api/checklist/owed': [{ path: () => '/api/checklist/owed', expect: { anonymous: 401, customer: 200, export: 403, import: 403, admin: 403 } }],
  'GET /api/settings/checklist-templates': [{ path: () => '/api/settings/checklist-templates', expect: ADMIN(200) }],
  'PUT /api/settings/checklist-templates/:type/:direction': [
    { label: 'no items', path: () => '/api/settings/checklist-templates/sea/export', body: () => ({}), expect: ADMIN(400) },
    { label: 'unknown type', path: () => '/api/settings/checklist-templates/ship/export', body: () => ({ items: [] }), expect: ADMIN(400) },
  ],
};
