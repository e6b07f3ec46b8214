/**
 * Matrix cases of service keys (issue 18, decision record 0242): administrators and customer contacts manage keys;
 * handlers do not. Each request changes nothing: reads, invalid bodies (400) and keys that are missing or belong to
 * another company (404). What a key itself may do is tested in features/api-keys/api-keys.api.test.ts.
 */
import { EMPTY, MISSING, type Case, type Expect } from './authz-matrix.rows';

/** Administrators and customer contacts; handlers are refused. */
const KEY_MANAGERS = (s: number): Expect => ({ anonymous: 401, customer: s, export: 403, import: 403, admin: s });

export const API_KEY_CASES: Record<string, Case[]> = {
  'GET /api/api-keys': [{ path: () => '/api/api-keys', expect: KEY_MANAGERS(200) }],
  'POST /api/api-keys': [{ label: 'empty body', path: () => '/api/api-keys', body: EMPTY, expect: KEY_MANAGERS(400) }],
  'DELETE /api/api-keys/:id': [
    { label: 'missing key', path: () => `/api/api-keys/${MISSING()}`, expect: KEY_MANAGERS(404) },
    { label: 'not a uuid', path: () => '/api/api-keys/not-a-key', expect: KEY_MANAGERS(404) },
    // A revoked key of another company: an administrator's revoke answers it unchanged, a customer never sees it.
    { label: 'revoked key of another company', path: (x) => `/api/api-keys/${x.otherApiKey}`, expect: { anonymous: 401, customer: 404, export: 403, import: 403, admin: 200 } },
  ],
};
