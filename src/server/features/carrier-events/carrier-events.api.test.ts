/**
 * Carrier events in the DCSA Track & Trace 3.0 standard (issue 18, decision record 0244), on PGlite and PostgreSQL:
 * intake (valid, invalid with JSON paths, repeated, unmatched, all three event types, a failed check digit kept with a
 * warning), matching precedence, the estimated arrival moved by an arrival at the destination, the inbox (attach,
 * dismiss, audit), a shipment's carrier timeline, and the read side (filters, paging, company isolation in the API and
 * under row-level security).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { loadRefs, ref, seaBody, type Refs } from '@server/features/shipments/test-fixtures';
import { withCustomerScope } from '@server/db/customer-scope';
import type { SessionUser } from '@server/http/context';
import type { CarrierEvent, InboxEvent } from '@domain/carrier-events/schema';
import { dcsaEventSchema } from './dcsa';
import { equipment, id, shipmentEvent, transport } from './test-fixtures';

let t: TestApp;
let refs: Refs;
const cookies: Record<'admin' | 'export' | 'customer', string> = { admin: '', export: '', customer: '' };
/** The customer's sea shipment (container C1, BL1, booking BK1, to Rotterdam) and another company's (C2, BL2). */
let own: { id: string; reference_number: string };
let other: { id: string; reference_number: string };
const C1 = 'TGHU1000002';
const C2 = 'TGHU2000007';
const C3 = 'TGHU3000001';
const BAD = 'TGHU1000001'; // check digit should be 2
const BL1 = `BL1${Date.now().toString(36).toUpperCase()}`;
const BL2 = `BL2${Date.now().toString(36).toUpperCase()}`;
const BK1 = `BK1${Date.now().toString(36).toUpperCase()}`;
type Intake = { feedbackElements: { severity: string; message: string; propertyPath?: string }[]; results: { eventID: string; outcome: string; shipment_id: string | null; warnings: string[] }[] };
const post = (body: unknown, cookie = cookies.export) => t.request('/api/dcsa/v3/events', { cookie, body });
async function posted(body: unknown): Promise<Intake> {
  const res = await post(body);
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get('API-Version')).toBe('3.0.0');
  return (await res.json()) as Intake;
}
const count = async (q: ReturnType<typeof sql>) => Number((await t.db.execute<{ n: number }>(q)).rows[0]!.n);

async function timeline(shipment: string, cookie = cookies.customer): Promise<CarrierEvent[]> {
  const res = await t.request(`/api/shipments/${shipment}/carrier-events`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as CarrierEvent[];
}

beforeAll(async () => {
  t = await createTestApp();
  refs = await loadRefs(t);
  for (const role of ['admin', 'export', 'customer'] as const) cookies[role] = await t.signIn(`${role}@cargodesk.test`);
  const make = async (company: string, container: string, bl: string, booking: string | null) => {
    const res = await t.request('/api/shipments', {
      cookie: cookies.export,
      body: seaBody(refs, {
        company_id: company, reference_number: ref('DCSA'), customer_reference: bl, carrier_booking_reference: booking, container_number: container,
        estimated_arrival: '2026-12-01T10:00Z', containers: [{ type: '40HC', number: container, carrier_seal_number: 'SL-1' }],
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { id: string; reference_number: string };
  };
  own = await make(refs.anatolia, C1, BL1, BK1);
  other = await make(refs.rhein, C2, BL2, null);
});
afterAll(async () => t?.close());

describe('intake', () => {
  it('takes the three event types in the standard body, matches each, and puts them on the timeline for staff and customer', async () => {
    const ids = [id('equipment'), id('transport'), id('shipment')];
    const answer = await posted({ events: [equipment(ids[0]!, C1), transport(ids[1]!, { bl: BL1, place: 'NLAMS' }), shipmentEvent(ids[2]!, { booking: BK1 })] });
    expect(answer.results.map((r) => [r.eventID, r.outcome, r.shipment_id])).toEqual(ids.map((e) => [e, 'matched', own.id]));
    const rows = (await t.db.execute<{ external_id: string; matched_by: string; company_id: string }>(sql`select external_id, matched_by, company_id from carrier_events where external_id in (${sql.join(ids.map((x) => sql`${x}`), sql`, `)}) order by external_id`)).rows;
    expect(Object.fromEntries(rows.map((r) => [r.external_id, r.matched_by]))).toEqual({ [ids[0]!]: 'container', [ids[1]!]: 'bl', [ids[2]!]: 'booking' });
    expect(new Set(rows.map((r) => r.company_id))).toEqual(new Set([refs.anatolia]));

    for (const cookie of [cookies.customer, cookies.admin]) {
      const events = await timeline(own.id, cookie);
      const arrival = events.find((e) => e.kind === 'transport' && e.code === 'ARRI')!;
      expect(arrival).toMatchObject({ classifier: 'estimated', title: 'Arrived (estimated)', location_code: 'NLAMS', location_name: 'Port of Amsterdam', vessel_name: 'King of the Seas', vessel_imo: '9321483', voyage: '2103S', transport_mode: 'vessel' });
      expect(events.find((e) => e.kind === 'equipment')).toMatchObject({ code: 'LOAD', classifier: 'actual', title: 'Loaded', container_number: C1, container_warning: null });
      expect(events.find((e) => e.kind === 'shipment')).toMatchObject({ code: 'CONF', title: 'Shipment confirmed', booking_reference: BK1 });
    }
  });

  it('takes a bare list and a single event object too; IoT events are answered skipped', async () => {
    const a = await posted([equipment(id('list'), C1, 'GTIN')]);
    expect(a.results[0]!.outcome).toBe('matched');
    const single = id('single');
    const b = await posted(equipment(single, C1, 'DISC'));
    expect(b.results).toEqual([{ eventID: single, outcome: 'matched', shipment_id: own.id, warnings: [] }]);
    const iot = await posted({ events: [{ eventID: id('iot'), eventDateTime: '2025-01-23T01:23:45Z', eventClassification: { eventTypeCode: 'IOT', eventClassifierCode: 'ACT', iotEventTypeCode: 'DETC' }, iotDetails: { iotEventCode: 'DRO' } }] });
    expect(iot.results[0]!.outcome).toBe('skipped');
    expect(iot.feedbackElements[0]).toMatchObject({ severity: 'INFO', propertyPath: '$.events[0]' });
  });

  it('refuses an invalid body with every problem named by its JSON path, and stores none of it', async () => {
    const good = id('good-in-bad-batch');
    const before = await count(sql`select count(*)::int as n from carrier_events`);
    const bad1 = { ...transport(id('bad')), eventLocation: { UNLocationCode: 'nl-ams' } };
    const { eventDateTime: _drop, ...bad2 } = equipment(id('bad'), C1);
    const bad3 = { ...shipmentEvent(id('bad')), eventClassification: { eventTypeCode: 'SHIPMENT', eventClassifierCode: 'MAYBE', shipmentEventTypeCode: 'CONF' } };
    const bad4 = { ...equipment(id('bad'), C1), eventDateTime: '23/01/2025 01:23' };
    const bad5 = { ...shipmentEvent(id('bad')), eventClassification: { eventTypeCode: 'SHIPMENT', eventClassifierCode: 'ACT', shipmentEventTypeCode: 'CONF', transportEventTypeCode: 'ARRI' } };
    const res = await post([equipment(good, C1), bad1, bad2, bad3, bad4, bad5]);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.message).toMatch(/^Invalid event: \[1\]\.eventLocation\.UNLocationCode: UN\/LOCODE must be/);
    expect(Object.keys(body.error.fields).sort()).toEqual(
      ['[1].eventLocation.UNLocationCode', '[2].eventDateTime', '[3].eventClassification.eventClassifierCode', '[4].eventDateTime', '[5].eventClassification.transportEventTypeCode'].sort(),
    );
    expect(body.error.fields['[4].eventDateTime']).toMatch(/RFC 3339/);
    expect(body.error.fields['[5].eventClassification.transportEventTypeCode']).toBe('transportEventTypeCode is only for TRANSPORT events');
    expect(await count(sql`select count(*)::int as n from carrier_events`)).toBe(before);

    // In the standard's body the paths start at events; a missing eventID and a missing type code are named too.
    const wrapped = await post({ events: [{ eventDateTime: '2025-01-23T01:23:45Z', eventClassification: { eventTypeCode: 'EQUIPMENT', eventClassifierCode: 'ACT' } }] });
    const fields = ((await wrapped.json()) as { error: { fields: Record<string, string> } }).error.fields;
    expect(Object.keys(fields).sort()).toEqual(['events[0].equipmentDetails.equipmentReference', 'events[0].eventClassification.equipmentEventTypeCode', 'events[0].eventID'].sort());
    expect((await post('not json at all')).status).toBe(400);
  });

  it('stores an event once per eventID: a repeat is accepted, answered duplicate and changes nothing', async () => {
    const e = equipment(id('repeat'), C1, 'GTOT');
    await posted({ events: [e] });
    const again = await posted({ events: [e, { ...e, eventLocation: { UNLocationCode: 'DEHAM' } }] });
    expect(again.results.map((r) => r.outcome)).toEqual(['duplicate', 'duplicate']);
    expect(again.feedbackElements[0]).toMatchObject({ severity: 'INFO', propertyPath: '$.events[0].eventID' });
    expect(await count(sql`select count(*)::int as n from carrier_events where external_id = ${e.eventID}`)).toBe(1);
    expect((await timeline(own.id)).filter((x) => x.code === 'GTOT')).toHaveLength(1);
  });

  it('keeps a container number that fails the ISO 6346 check digit, with a warning', async () => {
    const answer = await posted({ events: [equipment(id('check-digit'), BAD, 'GTIN')] });
    expect(answer.results[0]).toMatchObject({ outcome: 'unmatched', warnings: [expect.stringMatching(/TGHU1000001 has an invalid check digit \(expected 2\)/)] });
    expect(answer.feedbackElements).toContainEqual(expect.objectContaining({ severity: 'WARN', propertyPath: '$.events[0].equipmentDetails.equipmentReference' }));
    const [row] = (await t.db.execute<{ container_number: string; container_warning: string }>(sql`select container_number, container_warning from carrier_events where external_id = ${answer.results[0]!.eventID}`)).rows;
    expect(row).toEqual({ container_number: BAD, container_warning: 'Container number TGHU1000001 has an invalid check digit (expected 2)' });
  });

  it('matches by container number first, then BL number, then booking reference', async () => {
    // The container is the other company's shipment, the BL and booking the customer's: the container wins.
    const a = await posted([{ ...transport(id('precedence'), { bl: BL1, container: C2 }), shipmentDetails: { documentReference: { typeCode: 'TRD', reference: BL1 }, additionalDocumentReferences: [{ typeCode: 'BKG', reference: BK1 }] } }]);
    expect(a.results[0]!.shipment_id).toBe(other.id);
    const b = await posted([shipmentEvent(id('precedence'), { booking: BK1, bl: BL2 })]);
    expect(b.results[0]!.shipment_id).toBe(other.id);
    const c = await posted([shipmentEvent(id('precedence'), { booking: BK1.toLowerCase() })]);
    expect(c.results[0]!.shipment_id).toBe(own.id);
  });
});

describe('estimated arrival', () => {
  const eta = async () => (await t.db.execute<{ eta: Date }>(sql`select estimated_arrival as eta from shipments where id = ${own.id}`)).rows[0]!.eta;

  it('an estimated, then an actual arrival at the destination port moves it as a staff edit does (history, notice, webhook); elsewhere or planned does not', async () => {
    // The customer's company listens for new dates (the address is never called here: nothing drains the outbox).
    const hook = await t.request('/api/webhooks', { cookie: cookies.customer, body: { url: 'http://127.0.0.1:9/dates', events: ['dates_changed'] } });
    expect(hook.status, await hook.clone().text()).toBe(201);
    const before = new Date(await eta()).toISOString();
    await posted([transport(id('eta-elsewhere'), { bl: BL1, place: 'DEHAM', at: '2026-12-05T08:00:00Z' })]);
    await posted([transport(id('eta-planned'), { bl: BL1, place: 'NLRTM', classifier: 'PLN', at: '2026-12-06T08:00:00Z' })]);
    await posted([transport(id('eta-departure'), { bl: BL1, place: 'NLRTM', code: 'DEPA', at: '2026-12-06T08:00:00Z' })]);
    expect(new Date(await eta()).toISOString()).toBe(before);

    await posted([transport(id('eta-est'), { bl: BL1, place: 'NLRTM', at: '2026-12-04T09:30:45+01:00' })]);
    expect(new Date(await eta()).toISOString()).toBe('2026-12-04T08:30:00.000Z');
    const [history] = (await t.db.execute<{ changes: Record<string, { from: string; to: string }> }>(sql`select changes from shipment_events where shipment_id = ${own.id} and kind = 'updated' order by created_at desc limit 1`)).rows;
    expect(history!.changes).toEqual({ estimated_arrival: { from: before, to: '2026-12-04T08:30:00.000Z' } });
    // The company's contacts are told by their choices (estimated dates: the daily digest by default), and the
    // arrival's move is recorded for the exception rules (migration 0019's trigger).
    expect(await count(sql`select count(*)::int as n from notification_digest_items where shipment_id = ${own.id}`) + await count(sql`select count(*)::int as n from outbox where payload::text like ${`%${own.reference_number}%`}`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from shipments where id = ${own.id} and arrival_shifted_at is not null`)).toBe(1);
    // The company's webhook hears it once, as it hears a staff edit.
    expect(await count(sql`select count(*)::int as n from webhook_deliveries where company_id = ${refs.anatolia} and event = 'dates_changed'`)).toBe(1);

    await posted([transport(id('eta-act'), { bl: BL1, place: 'NLRTM', classifier: 'ACT', at: '2026-12-04T11:00:00Z' })]);
    expect(new Date(await eta()).toISOString()).toBe('2026-12-04T11:00:00.000Z');
  });
});

describe('inbox', () => {
  const inbox = async (qs = '') => {
    const res = await t.request(`/api/carrier-events/inbox${qs}`, { cookie: cookies.export });
    expect(res.status).toBe(200);
    return (await res.json()) as { rows: InboxEvent[]; total: number };
  };

  it('an unmatched event waits in the inbox; attaching it by reference number applies it as a match (audited)', async () => {
    const e = id('unmatched');
    const answer = await posted([transport(e, { bl: 'NOBODY0001', place: 'NLRTM', at: '2026-12-10T06:00:00Z' })]);
    expect(answer.results[0]).toMatchObject({ outcome: 'unmatched', shipment_id: null });
    const waiting = (await inbox(`?q=${e}`)).rows;
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ external_id: e, state: 'unmatched', bl_number: 'NOBODY0001', location_code: 'NLRTM', kind: 'transport', code: 'ARRI' });
    expect((await timeline(own.id)).some((x) => x.occurred_at === '2026-12-10T06:00:00.000Z')).toBe(false);

    const wrong = await t.request(`/api/carrier-events/${waiting[0]!.id}/attach`, { cookie: cookies.export, body: { reference_number: 'NO-SUCH-SHIPMENT' } });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { fields: Record<string, string> } }).error.fields.reference_number).toBe('No shipment with reference number NO-SUCH-SHIPMENT');

    const res = await t.request(`/api/carrier-events/${waiting[0]!.id}/attach`, { cookie: cookies.export, body: { reference_number: own.reference_number.toLowerCase() } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()) as InboxEvent).toMatchObject({ state: 'matched', matched_by: 'manual', shipment_id: own.id, shipment_reference: own.reference_number });
    expect((await inbox(`?q=${e}`)).rows).toHaveLength(0);
    expect((await timeline(own.id)).some((x) => x.occurred_at === '2026-12-10T06:00:00.000Z')).toBe(true);
    // Applied as a match: an estimated arrival at the destination moves the estimated arrival.
    expect(await count(sql`select count(*)::int as n from shipments where id = ${own.id} and estimated_arrival = '2026-12-10T06:00:00Z'`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from audit_log where action = 'shipment.carrier_event_attached' and target = ${own.reference_number}`)).toBe(1);
    const again = await t.request(`/api/carrier-events/${waiting[0]!.id}/attach`, { cookie: cookies.export, body: { reference_number: other.reference_number } });
    expect(again.status).toBe(409);
    expect((await t.request(`/api/carrier-events/${waiting[0]!.id}/dismiss`, { cookie: cookies.export, method: 'POST' })).status).toBe(409);
  });

  it('dismissing takes it out of the inbox once (audited); a customer cannot see the inbox', async () => {
    const e = id('dismiss');
    await posted([equipment(e, C3, 'DISC')]);
    const row = (await inbox(`?q=${e}`)).rows[0]!;
    for (let i = 0; i < 2; i++) {
      const res = await t.request(`/api/carrier-events/${row.id}/dismiss`, { cookie: cookies.export, method: 'POST' });
      expect(res.status).toBe(200);
      expect(((await res.json()) as InboxEvent).state).toBe('dismissed');
    }
    expect((await inbox(`?q=${e}`)).rows).toHaveLength(0);
    expect((await inbox(`?state=dismissed&q=${e}`)).rows).toHaveLength(1);
    expect(await count(sql`select count(*)::int as n from audit_log where action = 'shipment.carrier_event_dismissed' and target = ${e}`)).toBe(1);
    expect((await t.request('/api/carrier-events/inbox', { cookie: cookies.customer })).status).toBe(403);
    expect((await post([equipment(id('customer'), C1)], cookies.customer)).status).toBe(403);
  });
});

describe('a Track & Trace 2.2 message', () => {
  it('is answered with one problem that names the version, and nothing is stored', async () => {
    const v2 = (eventID: string) => ({
      eventID, eventCreatedDateTime: '2021-01-09T14:12:56+01:00', eventType: 'EQUIPMENT', eventClassifierCode: 'ACT', eventDateTime: '2019-11-12T07:41:00+08:30',
      equipmentEventTypeCode: 'LOAD', equipmentReference: C1, eventLocation: { locationName: 'Hamburg', UNLocationCode: 'DEHAM' },
    });
    const list = Array.from({ length: 7 }, (_, i) => v2(id(`v2-${i}`)));
    const before = await count(sql`select count(*)::int as n from carrier_events`);
    const res = await post(list);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { error: { message: string; fields: Record<string, string> } };
    expect(Object.keys(answer.error.fields)).toEqual(['[0]']);
    expect(answer.error.message).toMatch(/Track & Trace 2\.2/);
    expect(JSON.stringify(answer)).not.toContain('eventClassification is required');
    expect(await count(sql`select count(*)::int as n from carrier_events`)).toBe(before);
  });
});

describe('read side (GET /api/dcsa/v3/events)', () => {
  type Read = { events: Record<string, unknown>[] };
  const read = async (qs: string, cookie = cookies.customer) => {
    const res = await t.request(`/api/dcsa/v3/events${qs}`, { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return { body: (await res.json()) as Read, next: res.headers.get('Next-Page-Cursor'), version: res.headers.get('API-Version') };
  };
  const refsOf = (events: Record<string, unknown>[]) => events.map((e) => e.eventID as string);

  it('answers events in the standard shape that our own schema of the standard accepts, with the shipment’s references', async () => {
    const { body, version } = await read(`?equipmentReference=${C1}&limit=100`);
    expect(version).toBe('3.0.0');
    expect(body.events.length).toBeGreaterThan(2);
    for (const e of body.events) expect(dcsaEventSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
    const load = body.events.find((e) => (e.eventClassification as Record<string, string>).equipmentEventTypeCode === 'LOAD')!;
    expect(load).toMatchObject({
      eventDateTime: '2025-01-23T01:23:45.000Z',
      eventLocation: { UNLocationCode: 'NLAMS', locationName: 'Port of Amsterdam' },
      eventClassification: { eventTypeCode: 'EQUIPMENT', eventClassifierCode: 'ACT', equipmentEventTypeCode: 'LOAD' },
      equipmentDetails: { equipmentReference: C1 },
      shipmentDetails: { documentReference: { typeCode: 'TRD', reference: BL1 }, additionalDocumentReferences: [{ typeCode: 'BKG', reference: BK1 }] },
    });
  });

  it('answers the carrier’s eventUpdatedDateTime, and eventUpdatedDateTimeMin/Max compare it (issue 37)', async () => {
    // The transport events above carry the carrier's eventUpdatedDateTime 2025-01-23T01:23:45Z; the equipment events none.
    const events = (await read(`?transportDocumentReference=${BL1}&eventTypes=TRANSPORT&limit=100`)).body.events;
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(e.eventUpdatedDateTime).toBe('2025-01-23T01:23:45.000Z');
    const carriers = (await read(`?transportDocumentReference=${BL1}&eventUpdatedDateTimeMax=2025-01-24T00:00:00Z&limit=100`)).body.events;
    expect(refsOf(carriers).sort()).toEqual(refsOf(events).sort());
    // An event sent without one answers when we received it, and is compared by it.
    const loads = (await read(`?equipmentReference=${C1}&equipmentEventTypeCode=LOAD&limit=100`)).body.events;
    expect(loads.length).toBeGreaterThan(0);
    for (const e of loads) expect(Date.parse(e.eventUpdatedDateTime as string)).toBeGreaterThan(Date.now() - 3_600_000);
  });

  it('filters by the standard’s references, event types and codes, and times', async () => {
    const byType = (await read(`?transportDocumentReference=${BL1}&eventTypes=TRANSPORT`)).body.events;
    expect(byType.length).toBeGreaterThan(0);
    for (const e of byType) expect((e.eventClassification as Record<string, string>).eventTypeCode).toBe('TRANSPORT');
    const arrivals = (await read(`?carrierBookingReference=${BK1}&transportEventTypeCode=ARRI`)).body.events;
    expect(arrivals.length).toBeGreaterThan(0);
    for (const e of arrivals) expect((e.eventClassification as Record<string, string>).transportEventTypeCode).toBe('ARRI');
    const confirmed = (await read(`?carrierBookingReference=${BK1}&shipmentEventTypeCode=CONF`)).body.events;
    expect(confirmed.length).toBeGreaterThan(0);
    const loads = (await read(`?equipmentReference=${C1}&equipmentEventTypeCode=LOAD,GTIN`)).body.events;
    expect(new Set(loads.map((e) => (e.eventClassification as Record<string, string>).equipmentEventTypeCode))).toEqual(new Set(['LOAD', 'GTIN']));
    expect((await read(`?equipmentReference=${C1}&eventTypes=IOT,REEFER`)).body.events).toEqual([]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await read(`?equipmentReference=${C1}&eventUpdatedDateTimeMin=${future}`)).body.events).toEqual([]);
    expect((await read(`?equipmentReference=${C1}&eventCreatedDateTime:gte=${future}`)).body.events).toEqual([]);
    expect((await read(`?equipmentReference=${C1}&eventCreatedDateTime:lt=${future}`)).body.events.length).toBeGreaterThan(0);
    const bad = await t.request('/api/dcsa/v3/events?eventUpdatedDateTimeMin=yesterday', { cookie: cookies.customer });
    expect(bad.status).toBe(400);
  });

  it('pages with limit and the Next-Page-Cursor header: every event once, the last page without a cursor', async () => {
    const all = refsOf((await read(`?transportDocumentReference=${BL1}&limit=100`)).body.events);
    expect(all.length).toBeGreaterThan(4);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await read(`?transportDocumentReference=${BL1}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.body.events.length).toBeLessThanOrEqual(2);
      seen.push(...refsOf(page.body.events));
      cursor = page.next;
      pages++;
    } while (cursor && pages < 50);
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / 2));
    expect((await t.request('/api/dcsa/v3/events?cursor=forged', { cookie: cookies.customer })).status).toBe(400);
  });

  it('a customer reads only their company’s events; staff read every company’s', async () => {
    const mine = refsOf((await read('?limit=100')).body.events);
    expect(mine.length).toBeGreaterThan(0);
    const companies = (await t.db.execute<{ company_id: string }>(sql`select distinct company_id from carrier_events where external_id in (${sql.join(mine.map((x) => sql`${x}`), sql`, `)})`)).rows;
    expect(companies).toEqual([{ company_id: refs.anatolia }]);
    expect((await read(`?equipmentReference=${C2}`)).body.events).toEqual([]);
    expect((await read(`?transportDocumentReference=${BL2}`)).body.events).toEqual([]);
    expect((await read(`?equipmentReference=${C2}`, cookies.admin)).body.events.length).toBeGreaterThan(0);
    // The other company's shipment timeline: 404 for the customer.
    expect((await t.request(`/api/shipments/${other.id}/carrier-events`, { cookie: cookies.customer })).status).toBe(404);
    expect((await timeline(other.id, cookies.admin)).length).toBeGreaterThan(0);
  });

  it('row-level security: under the customer scope, a query with no where sees only the company’s matched events', async () => {
    const user = (await t.db.execute<{ id: string }>(sql`select id from users where email = 'customer@cargodesk.test'`)).rows[0]!;
    const customer = { id: user.id, email: 'customer@cargodesk.test', full_name: 'x', role: 'customer', company_id: refs.anatolia, session_id: 'x', two_factor_enabled: false, two_factor_required: false, two_factor_setup_required: false, language: null } as SessionUser;
    const seen = await withCustomerScope(t.db, customer, async (d) => (await d.execute<{ company_id: string | null }>(sql`select company_id from carrier_events`)).rows);
    expect(seen.length).toBe(await count(sql`select count(*)::int as n from carrier_events where company_id = ${refs.anatolia}`));
    expect(seen.every((r) => r.company_id === refs.anatolia)).toBe(true);
    expect(await count(sql`select count(*)::int as n from carrier_events where company_id is distinct from ${refs.anatolia}`)).toBeGreaterThan(0);
    const otherSeen = await withCustomerScope(t.db, { ...customer, company_id: refs.rhein }, async (d) => (await d.execute<{ company_id: string | null }>(sql`select company_id from carrier_events`)).rows);
    expect(otherSeen.every((r) => r.company_id === refs.rhein)).toBe(true);
    expect(otherSeen.length).toBeGreaterThan(0);
  });
});

describe('with service keys (decision 0242)', () => {
  /** A key made through the API by a person; the requests below carry only the key: no cookie and no Origin. */
  const keyOf = async (cookie: string, body: Record<string, unknown>) => {
    const res = await t.request('/api/api-keys', { cookie, body });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { secret: string }).secret;
  };
  const withKey = (key: string, path: string, body?: unknown) => t.request(path, { body, headers: { authorization: `Bearer ${key}`, origin: '' } });

  it('a carrier posts with a staff key and the event is on the customer’s timeline; a company key may not post', async () => {
    const carrier = await keyOf(cookies.admin, { name: 'Carrier feed', role: 'export' });
    const eventID = id('keyed');
    const res = await withKey(carrier, '/api/dcsa/v3/events', { events: [equipment(eventID, C1, 'DISC')] });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as Intake).results).toEqual([expect.objectContaining({ eventID, outcome: 'matched', shipment_id: own.id })]);
    expect((await timeline(own.id)).map((e) => e.code)).toContain('DISC');
    const company = await keyOf(cookies.customer, { name: 'Our ERP' });
    expect((await withKey(company, '/api/dcsa/v3/events', { events: [equipment(id('refused'), C1)] })).status).toBe(403);
  });

  it('a company key reads its company’s events in the standard’s shape, never another company’s', async () => {
    await posted({ events: [equipment(id('other-co'), C2, 'GTOT')] });
    const company = await keyOf(cookies.customer, { name: 'Event reader' });
    const res = await withKey(company, '/api/dcsa/v3/events?limit=100');
    expect(res.status).toBe(200);
    const events = ((await res.json()) as { events: { equipmentDetails?: { equipmentReference?: string } }[] }).events;
    const containers = new Set(events.map((e) => e.equipmentDetails?.equipmentReference).filter(Boolean));
    expect(containers.has(C1)).toBe(true);
    expect(containers.has(C2)).toBe(false);
    expect((await withKey(company, `/api/dcsa/v3/events?equipmentReference=${C2}`)).status).toBe(200);
    expect(((await (await withKey(company, `/api/dcsa/v3/events?equipmentReference=${C2}`)).json()) as { events: unknown[] }).events).toEqual([]);
  });
});
