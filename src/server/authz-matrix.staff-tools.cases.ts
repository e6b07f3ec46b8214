/**
 * Matrix cases of the staff's working tools past the spec (issue 17): the Exceptions page and its thresholds.
 * Every request changes nothing: reads, a bad kind (400) and an invalid threshold body (400).
 */
import { ADMIN, EMPTY, STAFF, type Case } from './authz-matrix.rows';

export const STAFF_TOOL_CASES: Record<string, Case[]> = {
  // Exceptions (decision 0230): staff read (a handler their own shipments, an admin all); admins set the thresholds.
  'GET /api/exceptions': [
    { path: () => '/api/exceptions', expect: STAFF(200) },
    { label: 'arrival moved, oldest first', path: () => '/api/exceptions?kind=arrival_moved&dir=asc', expect: STAFF(200) },
    { label: 'unknown kind', path: () => '/api/exceptions?kind=late', expect: STAFF(400) },
  ],
  'GET /api/exceptions/counts': [{ path: () => '/api/exceptions/counts', expect: STAFF(200) }],
  'GET /api/exceptions/settings': [{ path: () => '/api/exceptions/settings', expect: STAFF(200) }],
  'PUT /api/exceptions/settings': [{ label: 'empty body', path: () => '/api/exceptions/settings', body: EMPTY, expect: ADMIN(400) }],
};
