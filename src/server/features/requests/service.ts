/**
 * A customer's side of a request (issue 15, decision record 0233): submit, cancel, and accept a quote, which books
 * the shipment. Each change writes its history row and tells the other side in the same transaction; the request row
 * is locked first, so two acceptances of one quote queue up and the second is told it was already accepted (409).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { SEED_FIELDS } from '@domain/billing/lines';
import { charge_lines, companies, request_events, request_quotes, requests } from '@server/db/schema';
import {
  REQUEST_MESSAGES, equipmentLabel, normalizeRequest, inFormOrder, requestEndLabel, requestIssues, requestNumber, shipmentReferenceOf, utcDay,
  type RequestInput, type RequestIssue,
} from '@domain/requests/schema';
import { quotedMode } from '@domain/requests/quote-schema';
import { shipmentInputSchema } from '@domain/shipments/schema';
import type { Actor } from '@server/http/context';
import { conflict, invalid, isUniqueViolation, notFound } from '@server/http/errors';
import { customerCompanyId } from '@server/policy';
import { recordAudit } from '@server/audit/audit-log';
import { insertShipment, prepareShipment, type WriteDeps } from '@server/features/shipments/index';
import { requestFacts, tellAnswer, tellNewRequest } from './mails';
import { keepParties } from './address-book';
import { namedParties } from '@domain/requests/parties';
import { assertRequestId } from './read';

/** A history row of the request, in the caller's transaction. */
export async function recordRequestEvent(
  tx: Tx,
  r: { id: string; company_id: string },
  actorId: string | null,
  kind: string,
  detail: Record<string, unknown> = {},
  internal = false,
): Promise<void> {
  await tx.insert(request_events).values({ request_id: r.id, company_id: r.company_id, actor_id: actorId, kind, detail, internal });
}

/** The request row, locked for this transaction; 404 when missing or (for a customer) another company's. */
export async function lockRequest(tx: Tx, id: string, companyId: string | null) {
  assertRequestId(id);
  const where = companyId ? and(eq(requests.id, id), eq(requests.company_id, companyId)) : eq(requests.id, id);
  const [r] = await tx.select().from(requests).where(where).for('update');
  if (!r) throw notFound(REQUEST_MESSAGES.notFound);
  return r;
}

/**
 * The airports and ports a request names must be in the directory (issue 37): by IATA code for an airport, by name for
 * a port (what the form's pickers send). Answers a problem per unknown one, on its input.
 */
async function unknownPlaces(db: Db, r: RequestInput): Promise<RequestIssue[]> {
  const ends = ['origin', 'destination'] as const;
  const airports = ends.map((e) => r[`${e}_airport`]);
  const ports = ends.map((e) => r[`${e}_port`]);
  if (![...airports, ...ports].some(Boolean)) return [];
  const known = (await db.execute<{ a0: boolean; a1: boolean; p0: boolean; p1: boolean }>(sql`select
    exists(select 1 from airports where iata_code = ${airports[0] ?? ''}) as a0, exists(select 1 from airports where iata_code = ${airports[1] ?? ''}) as a1,
    exists(select 1 from seaports where name = ${ports[0] ?? ''}) as p0, exists(select 1 from seaports where name = ${ports[1] ?? ''}) as p1`)).rows[0]!;
  const issues: RequestIssue[] = [];
  ends.forEach((end, i) => {
    const [airport, port] = [airports[i], ports[i]];
    if (airport && !known[`a${i}` as 'a0']) issues.push({ field: `${end}_airport`, message: REQUEST_MESSAGES.unknownAirport(end, airport) });
    if (port && !known[`p${i}` as 'p0']) issues.push({ field: `${end}_port`, message: REQUEST_MESSAGES.unknownPort(end) });
  });
  return issues;
}

/** Submits a request for the customer's company: a number of its month, the history row, the staff told. */
export async function createRequest(db: Db, actor: Actor, input: RequestInput, deps: WriteDeps): Promise<{ id: string; number: string }> {
  const companyId = customerCompanyId(actor.user);
  // Every problem at once, on its field, in the form's order (the message is the first one's).
  const issues = inFormOrder([...requestIssues(input), ...(await unknownPlaces(db, input))]);
  if (issues.length > 0) throw invalid(issues[0]!.message, Object.fromEntries(issues.map((i) => [i.field, i.message])));
  const n = normalizeRequest(input);
  return db.transaction(async (tx) => {
    const now = new Date();
    const period = now.toISOString().slice(2, 7).replace('-', '');
    const counter = await tx.execute<{ last: number }>(sql`
      insert into request_counters (period, last) values (${period}, 1)
      on conflict (period) do update set last = request_counters.last + 1
      returning last`);
    const number = requestNumber(now, counter.rows[0]!.last);
    const end = (e: 'origin' | 'destination') => requestEndLabel({ airport: n[`${e}_airport`], port: n[`${e}_port`], city: n[`${e}_city`], country: n[`${e}_country`] });
    const [row] = await tx
      .insert(requests)
      .values({
        number,
        company_id: companyId,
        requested_by: actor.user.id,
        mode: n.mode,
        direction: n.direction,
        sea_load: n.sea_load,
        equipment: n.equipment,
        origin_airport: n.origin_airport, origin_port: n.origin_port, origin_address: n.origin_address, origin_city: n.origin_city, origin_country: n.origin_country,
        destination_airport: n.destination_airport, destination_port: n.destination_port, destination_address: n.destination_address,
        destination_city: n.destination_city, destination_country: n.destination_country,
        cargo_ready_date: n.cargo_ready_date!,
        incoterm: n.incoterm,
        incoterm_place: n.incoterm ? n.incoterm_place : null,
        cargo_description: n.cargo_description!,
        pieces: n.pieces,
        weight_gross: n.weight_gross!,
        volume: n.volume,
        weight_chargeable: n.weight_chargeable,
        dangerous_goods: n.dangerous_goods,
        un_number: n.un_number,
        hazard_class: n.hazard_class,
        notes: n.notes,
        po_number: n.po_number,
        weight_unit: n.weight_unit,
        weight_entered: n.weight_entered,
        shipper_name: n.shipper_name, shipper_address: n.shipper_address,
        consignee_name: n.consignee_name, consignee_address: n.consignee_address,
        notify_name: n.notify_name, notify_address: n.notify_address,
        search: sql`cargodesk_fold(${[number, n.cargo_description, end('origin'), end('destination')].join(' ')}::text || ' ' || (select name from ${companies} where id = ${companyId}))`,
      })
      .returning({ id: requests.id, company_id: requests.company_id });
    if (n.save_parties) await keepParties(tx, companyId, namedParties(n));
    await recordRequestEvent(tx, row!, actor.user.id, 'submitted', { number });
    await tellNewRequest(tx, deps, await requestFacts(tx, row!.id), actor.user.full_name);
    return { id: row!.id, number };
  });
}

/** The customer withdraws a request before accepting it (a sent or expired quote included). */
export async function cancelRequest(db: Db, actor: Actor, id: string, deps: WriteDeps): Promise<void> {
  const companyId = customerCompanyId(actor.user);
  await db.transaction(async (tx) => {
    const r = await lockRequest(tx, id, companyId);
    if (r.status !== 'submitted' && r.status !== 'quoted') throw conflict(REQUEST_MESSAGES.notCancellable);
    await tx.update(requests).set({ status: 'cancelled', updated_at: new Date() }).where(eq(requests.id, r.id));
    await recordRequestEvent(tx, r, actor.user.id, 'cancelled');
    await tellAnswer(tx, deps, await requestFacts(tx, r.id), 'cancelled', actor.user.full_name);
  });
}

/**
 * Accepts the sent, unexpired quote: the shipment is made from the request and the quote (route, cargo, pieces,
 * incoterm, the customer as shipper of an export or consignee of an import, an FCL request's equipment as its
 * containers), status pending_approval, the request's handler as its handler, and both records linked; the quote's
 * charge lines, sell and buy, are copied onto it as the shipment's own lines (issue 38). Only the request's company;
 * the first acceptance is the only one.
 */
export async function acceptRequest(db: Db, actor: Actor, id: string, deps: WriteDeps): Promise<{ shipment_id: string; reference_number: string }> {
  const companyId = customerCompanyId(actor.user);
  try {
    return await db.transaction(async (tx) => {
      const r = await lockRequest(tx, id, companyId);
      if (r.status === 'accepted') throw conflict(REQUEST_MESSAGES.alreadyAccepted);
      if (r.status !== 'quoted') throw conflict(REQUEST_MESSAGES.notAcceptable);
      const [q] = await tx.select().from(request_quotes).where(and(eq(request_quotes.request_id, r.id), sql`${request_quotes.sent_at} is not null`));
      if (!q) throw conflict(REQUEST_MESSAGES.noQuote);
      if (!q.valid_until || q.valid_until < utcDay()) throw conflict(REQUEST_MESSAGES.expired);
      const lines = await tx.select().from(charge_lines).where(eq(charge_lines.request_id, r.id)).orderBy(asc(charge_lines.position), asc(charge_lines.id));

      const reference = shipmentReferenceOf(r.number);
      const parsed = shipmentInputSchema.safeParse(bookingOf(r, q, lines, reference));
      if (!parsed.success) throw invalid(parsed.error.issues[0]!.message);
      const input = parsed.data;
      const prepared = await prepareShipment(tx, input, r.direction);
      // The containers booked (types and counts); their numbers and seals come with the carrier's release.
      prepared.containers = containersOf(r.equipment);
      const shipmentId = await insertShipment(tx, deps, prepared, { status: 'pending_approval', handlerId: r.handler_id ?? q.sent_by, actorId: actor.user.id });
      await bookLines(tx, shipmentId, lines, actor.user.id);
      await tx.update(requests).set({ status: 'accepted', shipment_id: shipmentId, updated_at: new Date() }).where(eq(requests.id, r.id));
      await recordRequestEvent(tx, r, actor.user.id, 'accepted', { shipment_reference: reference });
      await recordAudit(tx, { action: 'request.accepted', actor: actor.user, target: r.number, details: { shipment_reference: reference, shipment_id: shipmentId }, ip: actor.ip });
      await tellAnswer(tx, deps, await requestFacts(tx, r.id), 'accepted', actor.user.full_name, reference);
      return { shipment_id: shipmentId, reference_number: reference };
    });
  } catch (e) {
    if (isUniqueViolation(e, 'requests_shipment_unique')) throw conflict(REQUEST_MESSAGES.alreadyAccepted);
    if (isUniqueViolation(e, 'shipments_reference_unique')) throw conflict(REQUEST_MESSAGES.referenceTaken);
    throw e;
  }
}

type RequestRow = typeof requests.$inferSelect;
type QuoteRow = typeof request_quotes.$inferSelect;
type LineRow = typeof charge_lines.$inferSelect;

/** One container row per container of the request's equipment, in its order: '2 x 40HC' is two rows of 40HC. */
export function containersOf(equipment: RequestRow['equipment']) {
  return equipment.flatMap((e) => Array.from({ length: e.count }, () => ({ type: e.type, number: '', carrier_seal_number: '', weight: 0, volume: 0, packages_count: null, package_type: null, free_days: null })));
}

/** The quote's lines become the shipment's: copied as they are (sell and buy), the shipment's own, on no seed field. */
async function bookLines(tx: Tx, shipmentId: string, lines: LineRow[], actorId: string): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(charge_lines).values(
    lines.map(({ id: _id, request_id: _request, shipment_id: _shipment, field: _field, invoice_id: _invoice, created_at: _c, updated_at: _u, created_by: _by, ...l }) => ({
      ...l,
      shipment_id: shipmentId,
      request_id: null,
      field: null,
      invoice_id: null,
      created_by: actorId,
    })),
  );
}

/**
 * The shipment form a quote books, as staff would have typed it (checked by the shipment's own rules). Its money is
 * the quote's charge lines (bookLines), not the seed's sixteen fields; the request's parties and PO number are its
 * own, and without a shipper (export) or consignee (import) named, the request's company is that party, whose name
 * and address the shipment copies from the directory.
 */
export function bookingOf(r: RequestRow, q: QuoteRow, lines: Pick<LineRow, 'side' | 'currency'>[], reference: string): Record<string, unknown> {
  const type = quotedMode({ mode: q.mode as never }, r.mode as never);
  const packages = r.pieces.reduce((n, p) => n + p.count, 0) || r.equipment.reduce((n, e) => n + e.count, 0) || 1;
  const land = (e: 'origin' | 'destination') => r[`${e}_address`] ?? [r[`${e}_city`], r[`${e}_country`]].filter(Boolean).join(', ');
  const instructions = [
    r.equipment.length ? `Requested equipment: ${equipmentLabel(r.equipment)}` : null,
    q.transit_days ? `Quoted transit time: ${q.transit_days} days` : null,
    r.notes ? `Customer notes: ${r.notes}` : null,
  ].filter(Boolean);
  return {
    type,
    transport_mode: type === 'partial' ? q.transport_mode : null,
    reference_number: reference,
    company_id: r.company_id,
    origin_airport: r.origin_airport, origin_port: r.origin_port, origin_city: r.origin_city, origin_country: r.origin_country,
    origin_address: land('origin') || null,
    destination_airport: r.destination_airport, destination_port: r.destination_port, destination_city: r.destination_city,
    destination_country: r.destination_country, destination_address: land('destination') || null,
    pickup_date: r.cargo_ready_date,
    cargo_description: r.cargo_description,
    packages_count: packages,
    weight_gross: r.weight_gross,
    volume: r.pieces.length ? null : r.volume,
    pieces: r.pieces,
    dangerous_goods: r.dangerous_goods,
    un_number: r.un_number,
    hazard_class: r.hazard_class,
    incoterm: r.incoterm,
    incoterm_place: r.incoterm_place,
    // The parties the request names; else the customer is the shipper of an export, the consignee of an import.
    shipper_company_id: r.direction === 'export' && !r.shipper_name ? r.company_id : null,
    shipper_name: r.shipper_name, shipper_address: r.shipper_address,
    consignee_company_id: r.direction === 'import' && !r.consignee_name ? r.company_id : null,
    consignee_name: r.consignee_name, consignee_address: r.consignee_address,
    notify_name: r.notify_name, notify_address: r.notify_address,
    po_number: r.po_number,
    currency: (lines.find((l) => l.side === 'sell') ?? lines[0])?.currency,
    special_instructions: instructions.length ? instructions.join('\n') : null,
    // The form's sixteen fields stay empty: a zero default would make sixteen empty field lines beside the quote's.
    ...Object.fromEntries(SEED_FIELDS.map((f) => [f, null])),
  };
}
