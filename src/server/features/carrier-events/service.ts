/**
 * Carrier events (issue 18, decision record 0244): intake of DCSA Track & Trace 3.0 events, matching to a shipment,
 * the staff inbox (attach, dismiss), a shipment's carrier timeline and the DCSA read side.
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { carrier_events, shipments } from '@server/db/schema';
import {
  CARRIER_EVENT_MESSAGES, carrierEventTitle, movesEstimatedArrival, pickMatch, type AttachInput, type CarrierEvent, type CarrierEventKind,
  type InboxEvent, type InboxQuery, type MatchCandidate, type MatchedBy,
} from '@domain/carrier-events/schema';
import type { Page } from '@domain/common/list-schema';
import type { Actor } from '@server/http/context';
import { conflict, invalid, notFound } from '@server/http/errors';
import { contains, offsetOf, toPage } from '@server/http/list';
import { withCustomerScope } from '@server/db/customer-scope';
import { recordAudit } from '@server/audit/audit-log';
import { assertShipmentId, assertShipmentReadable, moveEstimatedArrival, readScopeOf, type WriteDeps } from '@server/features/shipments/index';
import { notKeptReason, parseEventsBody, toDcsaEvent, toFacts, type CarrierEventFacts, type Feedback } from './dcsa';
import { isoOrNull } from '@server/db/times';

type Row = typeof carrier_events.$inferSelect;

/** What happened to each event of a POST, in its order. */
export type IntakeResult = {
  eventID: string;
  outcome: 'matched' | 'unmatched' | 'duplicate' | 'skipped';
  shipment_id: string | null;
  warnings: string[];
};

/** The shipments an event's references find, by each reference kind (container, BL number, booking reference). */
async function candidatesOf(db: Db | Tx, f: Pick<CarrierEventFacts, 'container_number' | 'bl_number' | 'booking_reference'>): Promise<MatchCandidate[]> {
  const parts: SQL[] = [];
  if (f.container_number) {
    parts.push(sql`select id as shipment_id, 'container' as by, created_at from shipments where container_number = ${f.container_number}`);
    parts.push(sql`select s.id as shipment_id, 'container' as by, s.created_at from shipment_containers c join shipments s on s.id = c.shipment_id where c.number = ${f.container_number}`);
  }
  if (f.bl_number) parts.push(sql`select id as shipment_id, 'bl' as by, created_at from shipments where upper(customer_reference) = ${f.bl_number.toUpperCase()}`);
  if (f.booking_reference) parts.push(sql`select id as shipment_id, 'booking' as by, created_at from shipments where upper(carrier_booking_reference) = ${f.booking_reference.toUpperCase()}`);
  if (parts.length === 0) return [];
  const r = await db.execute<MatchCandidate>(sql.join(parts, sql` union all `));
  return r.rows;
}

/** The UN/LOCODEs of the shipment's destination port (port names repeat across countries: the country narrows it when set). */
async function destinationCodes(tx: Tx, shipmentId: string): Promise<string[]> {
  const r = await tx.execute<{ un_code: string }>(sql`
    select p.un_code from shipments s join seaports p on p.name = s.destination_port
    where s.id = ${shipmentId} and p.un_code is not null
      and (s.destination_country is null or p.country = s.destination_country or not exists (
        select 1 from seaports q where q.name = s.destination_port and q.country = s.destination_country))`);
  return r.rows.map((x) => x.un_code);
}

/** Puts a stored event on a shipment: its row, and an arrival at the destination moves the estimated arrival. */
async function applyMatch(tx: Tx, deps: WriteDeps, row: Row, shipmentId: string, by: MatchedBy, actorId: string): Promise<void> {
  const [s] = await tx.select({ company_id: shipments.company_id }).from(shipments).where(eq(shipments.id, shipmentId));
  await tx
    .update(carrier_events)
    .set({
      state: 'matched',
      shipment_id: shipmentId,
      company_id: s!.company_id,
      matched_by: by,
      ...(by === 'manual' && { resolved_by: actorId, resolved_at: sql`now()` }),
    })
    .where(eq(carrier_events.id, row.id));
  if (movesEstimatedArrival(row, await destinationCodes(tx, shipmentId))) {
    await moveEstimatedArrival(tx, deps, shipmentId, row.occurred_at!, actorId);
  }
}

/**
 * Takes a POST body of Track & Trace events: every event validated first (a 400 names each problem by its JSON path,
 * nothing stored); then each event stored once per eventID (a repeat is answered `duplicate` and changes nothing),
 * matched to a shipment or left in the inbox. IoT and reefer events and retractions are answered `skipped`.
 */
export async function receiveEvents(db: Db, actor: Actor, body: unknown, deps: WriteDeps): Promise<{ feedbackElements: Feedback[]; results: IntakeResult[] }> {
  const parsed = parseEventsBody(body);
  if (!parsed.ok) throw invalid(parsed.message, parsed.fields);
  const feedbackElements: Feedback[] = [];
  const results: IntakeResult[] = [];
  const pathOf = (i: number, rest = '') => `$${parsed.prefix ? `.${parsed.prefix}` : ''}${Array.isArray(body) || parsed.prefix ? `[${i}]` : ''}${rest}`;

  for (const [i, event] of parsed.events.entries()) {
    const reason = notKeptReason(event);
    if (reason) {
      feedbackElements.push({ severity: 'INFO', message: reason, propertyPath: pathOf(i) });
      results.push({ eventID: event.eventID, outcome: 'skipped', shipment_id: null, warnings: [] });
      continue;
    }
    const facts = toFacts(event);
    const warnings = facts.container_warning ? [`${facts.container_warning}: kept as sent`] : [];
    for (const w of warnings) feedbackElements.push({ severity: 'WARN', message: w, propertyPath: pathOf(i, '.equipmentDetails.equipmentReference') });
    const result = await db.transaction(async (tx): Promise<IntakeResult> => {
      const [row] = await tx
        .insert(carrier_events)
        .values({ ...facts, state: 'unmatched', received_by: actor.user.id, payload: parsed.raw[i] })
        .onConflictDoNothing({ target: carrier_events.external_id })
        .returning();
      if (!row) return { eventID: facts.external_id, outcome: 'duplicate', shipment_id: null, warnings };
      const match = pickMatch(await candidatesOf(tx, facts));
      if (!match) return { eventID: facts.external_id, outcome: 'unmatched', shipment_id: null, warnings };
      await applyMatch(tx, deps, row, match.shipment_id, match.by, actor.user.id);
      return { eventID: facts.external_id, outcome: 'matched', shipment_id: match.shipment_id, warnings };
    });
    if (result.outcome === 'duplicate') feedbackElements.push({ severity: 'INFO', message: `Event ${facts.external_id} was received before: ignored`, propertyPath: pathOf(i, '.eventID') });
    results.push(result);
  }
  return { feedbackElements, results };
}

// ---------------------------------------------------------------------------------------------------------
// Views

function toView(r: Row): CarrierEvent {
  return {
    id: r.id,
    kind: r.kind,
    code: r.code,
    classifier: r.classifier,
    title: carrierEventTitle(r),
    occurred_at: isoOrNull(r.occurred_at),
    received_at: r.received_at.toISOString(),
    location_code: r.location_code,
    location_name: r.location_name,
    transport_mode: r.transport_mode,
    vessel_name: r.vessel_name,
    vessel_imo: r.vessel_imo,
    voyage: r.voyage,
    container_number: r.container_number,
    container_warning: r.container_warning,
    bl_number: r.bl_number,
    booking_reference: r.booking_reference,
  };
}

const toInbox = (r: Row & { shipment_reference: string | null }): InboxEvent => ({
  ...toView(r),
  external_id: r.external_id,
  state: r.state,
  shipment_id: r.shipment_id,
  shipment_reference: r.shipment_reference,
  matched_by: r.matched_by,
});

/** A shipment's carrier events, by when they happen (staff, and the shipment's customer under their scope). */
export async function listShipmentCarrierEvents(db: Db, actor: Actor, shipmentId: string): Promise<CarrierEvent[]> {
  const scope = readScopeOf(actor.user);
  return withCustomerScope(db, actor.user, async (d) => {
    await assertShipmentReadable(d, shipmentId, scope);
    return matchedEvents(d, shipmentId, scope.companyId);
  });
}

/**
 * The carrier events matched to a shipment, the latest first: what its customer reads, and the public page of a share
 * link shows (issue 45). `companyId` keeps them to the company's own (a customer's scope).
 */
export async function matchedEvents(d: Db, shipmentId: string, companyId?: string | null): Promise<CarrierEvent[]> {
  const where = companyId
    ? and(eq(carrier_events.shipment_id, shipmentId), eq(carrier_events.company_id, companyId), eq(carrier_events.state, 'matched'))
    : and(eq(carrier_events.shipment_id, shipmentId), eq(carrier_events.state, 'matched'));
  const rows = await d.select().from(carrier_events).where(where).orderBy(desc(carrier_events.occurred_at), desc(carrier_events.received_at), desc(carrier_events.id));
  return rows.map(toView);
}

/** The staff inbox: events by state (unmatched by default), newest first, searched in their references and place. */
export async function listInbox(db: Db, q: InboxQuery): Promise<Page<InboxEvent>> {
  const filters: SQL[] = [eq(carrier_events.state, q.state)];
  if (q.q) {
    const c = carrier_events;
    filters.push(or(...[c.external_id, c.container_number, c.bl_number, c.booking_reference, c.location_code, c.location_name].map((col) => contains(col, q.q)))!);
  }
  const where = and(...filters);
  const order = q.dir === 'asc' ? [asc(carrier_events.received_at), asc(carrier_events.id)] : [desc(carrier_events.received_at), desc(carrier_events.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ e: carrier_events, shipment_reference: shipments.reference_number })
      .from(carrier_events)
      .leftJoin(shipments, eq(shipments.id, carrier_events.shipment_id))
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(offsetOf(q.page, q.pageSize)),
    db.select({ n: count() }).from(carrier_events).where(where),
  ]);
  return toPage(rows.map((r) => toInbox({ ...r.e, shipment_reference: r.shipment_reference })), total!.n, q.page, q.pageSize);
}

async function lockedEvent(tx: Tx, id: string): Promise<Row> {
  assertShipmentId(id);
  const [row] = await tx.select().from(carrier_events).where(eq(carrier_events.id, id)).for('update');
  if (!row) throw notFound(CARRIER_EVENT_MESSAGES.notFound);
  return row;
}

async function inboxRow(db: Db | Tx, id: string): Promise<InboxEvent> {
  const [r] = await db
    .select({ e: carrier_events, shipment_reference: shipments.reference_number })
    .from(carrier_events)
    .leftJoin(shipments, eq(shipments.id, carrier_events.shipment_id))
    .where(eq(carrier_events.id, id));
  return toInbox({ ...r!.e, shipment_reference: r!.shipment_reference });
}

/** Attaches an inbox event (unmatched or dismissed) to the shipment of that reference number, as a match would. Audited. */
export async function attachEvent(db: Db, actor: Actor, id: string, input: AttachInput, deps: WriteDeps): Promise<InboxEvent> {
  return db.transaction(async (tx) => {
    const row = await lockedEvent(tx, id);
    if (row.state === 'matched') throw conflict(CARRIER_EVENT_MESSAGES.alreadyResolved);
    const [s] = await tx
      .select({ id: shipments.id, reference_number: shipments.reference_number })
      .from(shipments)
      .where(sql`upper(${shipments.reference_number}) = ${input.reference_number.toUpperCase()}`)
      .limit(1);
    if (!s) {
      const message = CARRIER_EVENT_MESSAGES.shipmentNotFound(input.reference_number);
      throw invalid(message, { reference_number: message });
    }
    await applyMatch(tx, deps, row, s.id, 'manual', actor.user.id);
    await recordAudit(tx, {
      action: 'shipment.carrier_event_attached',
      actor: actor.user,
      target: s.reference_number,
      details: { shipment_id: s.id, carrier_event_id: row.id, event_id: row.external_id, kind: row.kind, code: row.code },
      ip: actor.ip,
    });
    return inboxRow(tx, id);
  });
}

/** Dismisses an unmatched event (dismissing twice changes nothing; a matched event cannot be dismissed). Audited. */
export async function dismissEvent(db: Db, actor: Actor, id: string): Promise<InboxEvent> {
  return db.transaction(async (tx) => {
    const row = await lockedEvent(tx, id);
    if (row.state === 'matched') throw conflict(CARRIER_EVENT_MESSAGES.alreadyResolved);
    if (row.state === 'unmatched') {
      await tx.update(carrier_events).set({ state: 'dismissed', resolved_by: actor.user.id, resolved_at: sql`now()` }).where(eq(carrier_events.id, id));
      await recordAudit(tx, {
        action: 'shipment.carrier_event_dismissed',
        actor: actor.user,
        target: row.external_id,
        details: { carrier_event_id: row.id, kind: row.kind, code: row.code, container_number: row.container_number, bl_number: row.bl_number },
        ip: actor.ip,
      });
    }
    return inboxRow(tx, id);
  });
}

// ---------------------------------------------------------------------------------------------------------
// The read side (GET /api/dcsa/v3/events)

/** The read side's filters, in our terms (the route translates the standard's query parameters). */
export type ReadFilters = {
  kinds: CarrierEventKind[] | null;
  shipmentCodes: string[] | null;
  transportCodes: string[] | null;
  equipmentCodes: string[] | null;
  blNumber: string | null;
  bookingReference: string | null;
  containerNumber: string | null;
  /** On the carrier's eventUpdatedDateTime (our receive time for an event without one), as the answer shows it. */
  updatedFrom: { at: Date; inclusive: boolean } | null;
  updatedTo: { at: Date; inclusive: boolean } | null;
  /** On when we received the event (T&T 2.2's eventCreatedDateTime comparisons). */
  receivedFrom: { at: Date; inclusive: boolean } | null;
  receivedTo: { at: Date; inclusive: boolean } | null;
  limit: number;
  /** The last event of the previous page (from the cursor). */
  after: string | null;
};

/** Events of the user's reach (a customer: their company's shipments), oldest received first; one more than the page shows whether another follows. */
export async function readEvents(db: Db, actor: Actor, f: ReadFilters): Promise<{ events: Record<string, unknown>[]; nextAfter: string | null }> {
  const scope = readScopeOf(actor.user);
  const e = carrier_events;
  const where: SQL[] = [eq(e.state, 'matched')];
  if (scope.companyId) where.push(eq(e.company_id, scope.companyId));
  if (f.kinds) where.push(f.kinds.length ? inArray(e.kind, f.kinds) : sql`false`);
  const codes: SQL[] = [];
  if (f.shipmentCodes) codes.push(and(eq(e.kind, 'shipment'), inArray(e.code, f.shipmentCodes))!);
  if (f.transportCodes) codes.push(and(eq(e.kind, 'transport'), inArray(e.code, f.transportCodes))!);
  if (f.equipmentCodes) codes.push(and(eq(e.kind, 'equipment'), inArray(e.code, f.equipmentCodes))!);
  if (codes.length) where.push(or(...codes)!);
  if (f.blNumber) where.push(sql`(upper(${e.bl_number}) = ${f.blNumber.toUpperCase()} or upper(${shipments.customer_reference}) = ${f.blNumber.toUpperCase()})`);
  if (f.bookingReference) {
    where.push(sql`(upper(${e.booking_reference}) = ${f.bookingReference.toUpperCase()} or upper(${shipments.carrier_booking_reference}) = ${f.bookingReference.toUpperCase()})`);
  }
  if (f.containerNumber) where.push(eq(e.container_number, f.containerNumber.toUpperCase().replace(/[\s-]/g, '')));
  const within = (column: SQL, from: ReadFilters['updatedFrom'], to: ReadFilters['updatedTo']) => {
    if (from) where.push(from.inclusive ? sql`${column} >= ${from.at.toISOString()}` : sql`${column} > ${from.at.toISOString()}`);
    if (to) where.push(to.inclusive ? sql`${column} <= ${to.at.toISOString()}` : sql`${column} < ${to.at.toISOString()}`);
  };
  within(sql`coalesce(${e.source_updated_at}, ${e.received_at})`, f.updatedFrom, f.updatedTo);
  within(sql`${e.received_at}`, f.receivedFrom, f.receivedTo);
  if (f.after) {
    assertShipmentId(f.after);
    where.push(sql`(${e.received_at}, ${e.id}) > (select c.received_at, c.id from carrier_events c where c.id = ${f.after})`);
  }
  return withCustomerScope(db, actor.user, async (d) => {
    const rows = await d
      .select({ e, shipment_bl_number: shipments.customer_reference, shipment_booking_reference: shipments.carrier_booking_reference })
      .from(e)
      .innerJoin(shipments, eq(shipments.id, e.shipment_id))
      .where(and(...where))
      .orderBy(asc(e.received_at), asc(e.id))
      .limit(f.limit + 1);
    const page = rows.slice(0, f.limit);
    return {
      events: page.map((r) => toDcsaEvent({ ...r.e, shipment_bl_number: r.shipment_bl_number, shipment_booking_reference: r.shipment_booking_reference })),
      nextAfter: rows.length > f.limit ? page[page.length - 1]!.e.id : null,
    };
  });
}
