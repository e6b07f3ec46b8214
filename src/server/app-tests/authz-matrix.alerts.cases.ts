/**
 * Matrix cases of alerts and notifications (issue 17): the Exceptions page and its thresholds, notification choices
 * and the public unsubscribe link. Every request changes nothing: reads, a bad kind, invalid bodies (400) and a
 * token that fails its signature (404).
 */
import { ADMIN, ANYONE, EMPTY, MISSING, SIGNED_IN, STAFF, type Case } from './authz-matrix.rows';

const FORGED = 'c3RhdHVzX2NoYW5nZWQKYUBleGFtcGxlLmNvbQ.forged';

export const ALERT_CASES: Record<string, Case[]> = {
  // Exceptions (decision 0230): staff read (a handler their own shipments, an admin all); admins set the thresholds.
  'GET /api/exceptions': [
    { path: () => '/api/exceptions', expect: STAFF(200) },
    { label: 'arrival moved, oldest first', path: () => '/api/exceptions?kind=arrival_moved&dir=asc', expect: STAFF(200) },
    { label: 'unknown kind', path: () => '/api/exceptions?kind=late', expect: STAFF(400) },
  ],
  'GET /api/exceptions/counts': [{ path: () => '/api/exceptions/counts', expect: STAFF(200) }],
  'GET /api/exceptions/settings': [{ path: () => '/api/exceptions/settings', expect: STAFF(200) }],
  'PUT /api/exceptions/settings': [{ label: 'empty body', path: () => '/api/exceptions/settings', body: EMPTY, expect: ADMIN(400) }],

  // Notification choices (decision 0231): everyone their own; admins a contact's; the unsubscribe link is public.
  'GET /api/notifications': [{ path: () => '/api/notifications', expect: SIGNED_IN(200) }],
  'PUT /api/notifications': [{ label: 'empty body', path: () => '/api/notifications', body: EMPTY, expect: SIGNED_IN(400) }],
  'GET /api/companies/:id/contacts/:contactId/notifications': [
    { label: 'own company contact', path: (x) => `/api/companies/${x.ownCompany}/contacts/${x.ownContact}/notifications`, expect: ADMIN(200) },
    { label: 'contact of another company', path: (x) => `/api/companies/${x.ownCompany}/contacts/${x.otherContact}/notifications`, expect: ADMIN(404) },
    { label: 'missing contact', path: (x) => `/api/companies/${x.ownCompany}/contacts/${MISSING()}/notifications`, expect: ADMIN(404) },
  ],
  'PUT /api/companies/:id/contacts/:contactId/notifications': [
    { label: 'empty body', path: (x) => `/api/companies/${x.ownCompany}/contacts/${x.ownContact}/notifications`, body: EMPTY, expect: ADMIN(400) },
  ],
  'GET /api/unsubscribe': [{ label: 'forged token', path: () => `/api/unsubscribe?token=${FORGED}`, expect: ANYONE(404) }],
  'POST /api/unsubscribe': [{ label: 'forged token', path: () => `/api/unsubscribe?token=${FORGED}`, body: EMPTY, expect: ANYONE(404) }],
};
