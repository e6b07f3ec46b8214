/**
 * Matrix cases of the conversation on shipments and requests and of files on requests (issue 15, decision record
 * 0235). Nothing here writes a message or a file: reads, invalid bodies (400), uploads without a file name (415),
 * and a missing subject (404). Another company's thread is 404 to a customer; marking a thread read writes no row
 * the fingerprint holds.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { MISSING, SIGNED_IN, STAFF_OR_404, type Case, type Ids } from './authz-matrix.rows';

/** A customer's list of threads holds only their company's. */
async function ownThreadsOnly(res: Response, ids: Ids) {
  const body = (await res.json()) as { items: { id: string }[] };
  expect(body.items.length).toBeGreaterThan(0);
  for (const item of body.items) {
    const r = await ids.db.execute<{ company_id: string }>(sql`select company_id from threads where id = ${item.id}`);
    expect(r.rows[0]?.company_id).toBe(ids.ownCompany);
  }
}

const conversation = (base: 'shipments' | 'requests', own: (x: Parameters<Case['path']>[0]) => string, other: (x: Parameters<Case['path']>[0]) => string): Record<string, Case[]> => ({
  [`GET /api/${base}/:id/messages`]: [
    { label: 'own company', path: (x) => `/api/${base}/${own(x)}/messages`, expect: SIGNED_IN(200) },
    { label: 'other company', path: (x) => `/api/${base}/${other(x)}/messages`, expect: STAFF_OR_404(200) },
    { label: 'missing', path: () => `/api/${base}/${MISSING()}/messages`, expect: SIGNED_IN(404) },
    { label: 'before not a time', path: (x) => `/api/${base}/${own(x)}/messages?before=soon`, expect: SIGNED_IN(400) },
  ],
  [`POST /api/${base}/:id/messages`]: [
    { label: 'empty body', path: (x) => `/api/${base}/${own(x)}/messages`, body: () => ({ body: '   ' }), expect: SIGNED_IN(400) },
    { label: 'missing', path: () => `/api/${base}/${MISSING()}/messages`, body: () => ({ body: 'Hello' }), expect: SIGNED_IN(404) },
  ],
  [`POST /api/${base}/:id/messages/read`]: [
    { label: 'other company', path: (x) => `/api/${base}/${other(x)}/messages/read`, body: () => ({}), expect: STAFF_OR_404(204) },
    { label: 'missing', path: () => `/api/${base}/${MISSING()}/messages/read`, body: () => ({}), expect: SIGNED_IN(404) },
  ],
});

export const MESSAGE_CASES: Record<string, Case[]> = {
  ...conversation('shipments', (x) => x.ownShipment, (x) => x.otherShipment),
  ...conversation('requests', (x) => x.ownRequest, (x) => x.otherRequest),
  'POST /api/messages/:id/attachments': [
    { label: 'no file name', path: () => `/api/messages/${MISSING()}/attachments`, body: () => ({}), expect: SIGNED_IN(415) },
  ],
  'POST /api/requests/:id/attachments': [
    { label: 'no file name', path: (x) => `/api/requests/${x.otherRequest}/attachments`, body: () => ({}), expect: SIGNED_IN(415) },
  ],
  'GET /api/threads': [
    { path: () => '/api/threads', expect: SIGNED_IN(200), customerCheck: ownThreadsOnly },
    { label: 'unread not a flag', path: () => '/api/threads?unread=maybe', expect: SIGNED_IN(400) },
  ],
  'GET /api/threads/unread': [{ path: () => '/api/threads/unread', expect: SIGNED_IN(200) }],
};
