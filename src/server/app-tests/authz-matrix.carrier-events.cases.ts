/**
 * Matrix cases of carrier events (issue 18, decision record 0244): the DCSA intake (staff and staff keys), the read
 * side and a shipment's carrier timeline (everyone signed in; a customer only their company's), the inbox and its
 * actions (staff). Every request changes nothing: invalid bodies (400), missing events (404) and reads.
 */
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { EMPTY, MISSING, SIGNED_IN, STAFF, STAFF_OR_404, type Case, type Ids } from './authz-matrix.rows';

/** A customer's DCSA answer holds events, each of a shipment of their company. */
async function eventsAreOwn(res: Response, x: Ids): Promise<void> {
  const { events } = (await res.json()) as { events: { eventID: string }[] };
  expect(events.length).toBeGreaterThan(0);
  const list = sql.join(events.map((e) => sql`${e.eventID}`), sql`, `);
  const r = await x.db.execute<{ n: number }>(sql`select count(*)::int as n from carrier_events where external_id in (${list}) and company_id is distinct from ${x.ownCompany}`);
  expect(r.rows[0]!.n).toBe(0);
}

export const CARRIER_EVENT_CASES: Record<string, Case[]> = {
  'POST /api/dcsa/v3/events': [
    { label: 'empty event', path: () => '/api/dcsa/v3/events', body: EMPTY, expect: STAFF(400) },
    { label: 'event without a time', path: () => '/api/dcsa/v3/events', body: () => [{ eventID: `matrix-${MISSING()}` }], expect: STAFF(400) },
  ],
  'GET /api/dcsa/v3/events': [
    { path: () => '/api/dcsa/v3/events?limit=50', expect: SIGNED_IN(200), customerCheck: eventsAreOwn },
    { label: 'unknown event type', path: () => '/api/dcsa/v3/events?eventTypes=CARGO', expect: SIGNED_IN(400) },
    { label: 'forged cursor', path: () => '/api/dcsa/v3/events?cursor=not-a-cursor', expect: SIGNED_IN(400) },
  ],
  'GET /api/shipments/:id/carrier-events': [
    { label: 'own company', path: (x) => `/api/shipments/${x.ownShipment}/carrier-events`, expect: SIGNED_IN(200) },
    { label: 'other company', path: (x) => `/api/shipments/${x.otherShipment}/carrier-events`, expect: STAFF_OR_404(200) },
    { label: 'missing', path: () => `/api/shipments/${MISSING()}/carrier-events`, expect: { anonymous: 401, customer: 404, export: 404, import: 404, admin: 404 } },
  ],
  'GET /api/carrier-events/inbox': [
    { path: () => '/api/carrier-events/inbox', expect: STAFF(200) },
    { label: 'dismissed', path: () => '/api/carrier-events/inbox?state=dismissed', expect: STAFF(200) },
    { label: 'unknown state', path: () => '/api/carrier-events/inbox?state=lost', expect: STAFF(400) },
  ],
  'POST /api/carrier-events/:id/attach': [
    { label: 'empty body', path: () => `/api/carrier-events/${MISSING()}/attach`, body: EMPTY, expect: STAFF(400) },
    { label: 'missing event', path: () => `/api/carrier-events/${MISSING()}/attach`, body: () => ({ reference_number: 'NO-SUCH-REF' }), expect: STAFF(404) },
  ],
  'POST /api/carrier-events/:id/dismiss': [{ label: 'missing event', path: () => `/api/carrier-events/${MISSING()}/dismiss`, expect: STAFF(404) }],
};
