/**
 * Matrix cases of payments and receivables (issue 38): administrators record payments and read the ageing report
 * and the overdue invoices; everyone signed in reads payments and statements, a customer only their company's (another
 * company's statement is 404). Each request changes nothing: reads, and a payment body that is refused (400). What
 * the routes do is tested in features/payments/*.api.test.ts.
 */
import { ADMIN, EMPTY, MISSING, SIGNED_IN, STAFF_OR_404, type Case, type Ids } from './authz-matrix.rows';

/** Every row of a customer's answer is their own company's. */
const ownRows = async (res: Response, x: Ids) => {
  const body = (await res.json()) as { rows: { company_id: string }[] };
  for (const row of body.rows) if (row.company_id !== x.ownCompany) throw new Error(`a payment of company ${row.company_id} shown to the customer`);
};

export const PAYMENT_CASES: Record<string, Case[]> = {
  'POST /api/payments': [{ label: 'no amount', path: () => '/api/payments', body: EMPTY, expect: ADMIN(400) }],
  'GET /api/payments': [
    { path: () => '/api/payments', expect: SIGNED_IN(200), customerCheck: ownRows },
    { label: 'other company', path: (x) => `/api/payments?company_id=${x.otherCompany}`, expect: SIGNED_IN(200), customerCheck: ownRows },
  ],
  'GET /api/companies/:id/statement': [
    { label: 'own company', path: (x) => `/api/companies/${x.ownCompany}/statement`, expect: SIGNED_IN(200) },
    { label: 'other company', path: (x) => `/api/companies/${x.otherCompany}/statement`, expect: STAFF_OR_404(200) },
    { label: 'missing', path: () => `/api/companies/${MISSING()}/statement`, expect: SIGNED_IN(404) },
  ],
  'GET /api/reports/ageing': [{ path: () => '/api/reports/ageing', expect: ADMIN(200) }],
  'GET /api/reports/overdue-invoices': [{ path: () => '/api/reports/overdue-invoices', expect: ADMIN(200) }],
};
