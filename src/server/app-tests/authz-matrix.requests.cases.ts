/**
 * Matrix cases of booking requests and quotes (issue 15). Every request changes nothing: reads, invalid bodies (400),
 * and changes a closed request refuses (409): the demo customer's declined request cannot be cancelled, quoted, sent,
 * declined or accepted. Another company's request is 404 to a customer, as a missing one is to everyone.
 */
import { expect } from 'vitest';
import { MISSING, SIGNED_IN, STAFF, STAFF_OR_404, type Case, type Expect } from './authz-matrix.rows';
import { DEMO_ADDRESS_BOOK } from '@server/db/seed/demo-address-book';

const OTHER_COMPANY_PARTY = DEMO_ADDRESS_BOOK.other[0]!.name;

const CUSTOMER = (s: number): Expect => ({ anonymous: 401, customer: s, export: 403, import: 403, admin: 403 });

/** A customer's list holds only their company's requests. */
async function ownRowsOnly(res: Response, ids: { ownCompany: string }) {
  const body = (await res.json()) as { rows: { company_id: string }[] };
  expect(body.rows.length).toBeGreaterThan(0);
  for (const r of body.rows) expect(r.company_id).toBe(ids.ownCompany);
}

/** The customer's quote download is a PDF file. */
async function isPdf(res: Response) {
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

/** The customer's address book holds their company's parties, never another company's (the demo's, issue 45). */
async function ownPartiesOnly(res: Response) {
  const body = (await res.json()) as { rows: { name: string }[] };
  expect(body.rows.length).toBeGreaterThan(0);
  expect(body.rows.map((r) => r.name)).not.toContain(OTHER_COMPANY_PARTY);
}

export const REQUEST_CASES: Record<string, Case[]> = {
  'GET /api/address-book': [{ path: () => '/api/address-book', expect: CUSTOMER(200), customerCheck: ownPartiesOnly }],
  'GET /api/requests': [
    { path: () => '/api/requests', expect: SIGNED_IN(200), customerCheck: ownRowsOnly },
    { label: "another company's filter", path: (x) => `/api/requests?company_id=${x.otherCompany}`, expect: SIGNED_IN(200), customerCheck: ownRowsOnly },
    { label: 'unknown status', path: () => '/api/requests?status=late', expect: SIGNED_IN(400) },
  ],
  'POST /api/requests': [{ label: 'empty body', path: () => '/api/requests', body: () => ({}), expect: CUSTOMER(400) }],
  'GET /api/requests/:id': [
    { label: 'own company', path: (x) => `/api/requests/${x.ownRequest}`, expect: SIGNED_IN(200) },
    { label: 'other company', path: (x) => `/api/requests/${x.otherRequest}`, expect: STAFF_OR_404(200) },
    { label: 'missing', path: () => `/api/requests/${MISSING()}`, expect: SIGNED_IN(404) },
  ],
  // Issue 16: the quote as a PDF. No quote yet (the own latest request is waiting) is 404 to everyone.
  'GET /api/requests/:id/quote.pdf': [
    { label: 'own company, sent quote', path: (x) => `/api/requests/${x.ownQuotedRequest}/quote.pdf`, expect: SIGNED_IN(200), customerCheck: isPdf },
    { label: 'other company, sent quote', path: (x) => `/api/requests/${x.otherQuotedRequest}/quote.pdf`, expect: STAFF_OR_404(200) },
    { label: 'own company, no quote', path: (x) => `/api/requests/${x.ownRequest}/quote.pdf`, expect: SIGNED_IN(404) },
    { label: 'missing', path: () => `/api/requests/${MISSING()}/quote.pdf`, expect: SIGNED_IN(404) },
  ],
  // Issue 40: the indicative price; another company's request is 404 to a customer (the setting is off in the matrix's data).
  'GET /api/requests/:id/indicative-price': [
    { label: 'own company', path: (x) => `/api/requests/${x.ownRequest}/indicative-price`, expect: SIGNED_IN(200) },
    { label: 'other company', path: (x) => `/api/requests/${x.otherRequest}/indicative-price`, expect: STAFF_OR_404(200) },
    { label: 'missing', path: () => `/api/requests/${MISSING()}/indicative-price`, expect: SIGNED_IN(404) },
  ],
  'POST /api/requests/:id/cancel': [
    { label: 'own, declined', path: (x) => `/api/requests/${x.ownDeclinedRequest}/cancel`, body: () => ({}), expect: CUSTOMER(409) },
    { label: 'other company', path: (x) => `/api/requests/${x.otherRequest}/cancel`, body: () => ({}), expect: CUSTOMER(404) },
  ],
  'POST /api/requests/:id/accept': [
    { label: 'own, declined', path: (x) => `/api/requests/${x.ownDeclinedRequest}/accept`, body: () => ({}), expect: CUSTOMER(409) },
    { label: 'other company', path: (x) => `/api/requests/${x.otherRequest}/accept`, body: () => ({}), expect: CUSTOMER(404) },
  ],
  // Issue 45: the customer's answers to a quote; a declined request has none to answer.
  'POST /api/requests/:id/quote/decline': [
    { label: 'own, declined', path: (x) => `/api/requests/${x.ownDeclinedRequest}/quote/decline`, body: () => ({ reason: 'too_expensive' }), expect: CUSTOMER(409) },
    { label: 'other company', path: (x) => `/api/requests/${x.otherRequest}/quote/decline`, body: () => ({ reason: 'too_expensive' }), expect: CUSTOMER(404) },
  ],
  'POST /api/requests/:id/quote/revision': [
    { label: 'own, declined', path: (x) => `/api/requests/${x.ownDeclinedRequest}/quote/revision`, body: () => ({ note: 'Cheaper, please' }), expect: CUSTOMER(409) },
    { label: 'other company', path: (x) => `/api/requests/${x.otherRequest}/quote/revision`, body: () => ({ note: 'Cheaper, please' }), expect: CUSTOMER(404) },
  ],
  'PUT /api/requests/:id/handler': [
    { label: 'not an id', path: (x) => `/api/requests/${x.ownRequest}/handler`, body: () => ({ handler_id: 'someone' }), expect: STAFF(400) },
  ],
  'PUT /api/requests/:id/quote': [
    { label: 'declined request', path: (x) => `/api/requests/${x.ownDeclinedRequest}/quote`, body: () => ({ lines: [] }), expect: STAFF(409) },
    { label: 'no charges', path: (x) => `/api/requests/${x.otherRequest}/quote`, body: () => ({ lines: [] }), expect: STAFF(400) },
  ],
  'POST /api/requests/:id/quote/send': [
    { label: 'declined request', path: (x) => `/api/requests/${x.ownDeclinedRequest}/quote/send`, body: () => ({}), expect: STAFF(409) },
  ],
  'POST /api/requests/:id/decline': [
    { label: 'no reason', path: (x) => `/api/requests/${x.ownRequest}/decline`, body: () => ({}), expect: STAFF(400) },
  ],
};
