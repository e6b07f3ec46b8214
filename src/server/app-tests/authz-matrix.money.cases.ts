/**
 * Matrix cases of money (issue 38, decision record 0257): exchange rates. Staff read and convert; administrators
 * import the ECB's file and enter rates; customers and anonymous callers reach nothing. Each request changes nothing:
 * reads, a conversion that needs no rate, and bodies that are refused (400). What the routes do is tested in
 * features/exchange-rates/exchange-rates.api.test.ts.
 */
import { ADMIN, EMPTY, STAFF, type Case } from './authz-matrix.rows';

export const MONEY_CASES: Record<string, Case[]> = {
  'POST /api/exchange-rates/ecb': [{ label: 'not an ECB file', path: () => '/api/exchange-rates/ecb', body: EMPTY, expect: ADMIN(400) }],
  'POST /api/exchange-rates': [{ label: 'no rate', path: () => '/api/exchange-rates', body: EMPTY, expect: ADMIN(400) }],
  'GET /api/exchange-rates': [{ path: () => '/api/exchange-rates', expect: STAFF(200) }],
  'GET /api/exchange-rates/convert': [
    { label: 'euro to euro', path: () => '/api/exchange-rates/convert?amount=10&from=EUR&to=EUR&on=2026-01-05', expect: STAFF(200) },
  ],
};
