import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ENGLISH, type Reader } from '@domain/common/i18n';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '@server/db/client';
import { readTogether } from '@server/db/customer-scope';
import {
  carriers, companies, consolidation_agents, requests, service_providers, shipment_containers, shipment_events, shipments, users,
} from '@server/db/schema';
import {
  SHIPMENT_MESSAGES, containerIsoCode, customerShipmentSchema, dateMovesOf, storedCargoCalculation, storedDataChecks, trackingEmbedUrl,
  statusMilestones, transportOf, type CustomerShipment, type CustomerShipmentEvent, type DateMoves, type ShipmentDetail, type ShipmentEvent,
} from '@domain/shipments/index';
import type { SessionUser } from '@server/http/context';
import { notFound } from '@server/http/errors';
import { customerCompanyId } from '@server/policy';
import { UUID_PATTERN as UUID } from '@domain/common/ids';
import { isCustomer } from '@domain/access/permissions';
import { jobTotals } from '@domain/billing/supplier-bills';
import { loadJobBillLines, loadLineMoney, loadMoneyFields } from './field-lines';

/** Who reads: staff see every shipment; a customer only their company's (the scope is in the SQL). */
export type ReadScope = { companyId: string | null };

/** The scope of a signed-in user: staff read every shipment, a customer only their company's. */
export const readScopeOf = (user: SessionUser): ReadScope => ({ companyId: isCustomer(user.role) ? customerCompanyId(user) : null });


/** 404 with the spec's message for an id that is not a uuid (never a database error). */
export function assertShipmentId(id: string): void {
  if (!UUID.test(id)) throw notFound(SHIPMENT_MESSAGES.notFound);
}

const scoped = (id: string, scope: ReadScope): SQL | undefined =>
  scope.companyId ? and(eq(shipments.id, id), eq(shipments.company_id, scope.companyId)) : eq(shipments.id, id);

/** Dates become ISO strings; everything else is kept. */
function jsonReady<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

export type ShipmentRow = typeof shipments.$inferSelect;

const containerColumns = {
  type: shipment_containers.type,
  number: shipment_containers.number,
  carrier_seal_number: shipment_containers.carrier_seal_number,
  weight: shipment_containers.weight,
  volume: shipment_containers.volume,
  packages_count: shipment_containers.packages_count,
  package_type: shipment_containers.package_type,
  free_days: shipment_containers.free_days,
};

/** A shipment's containers in their order. */
export async function loadContainers(db: Db | Tx, id: string) {
  return db.select(containerColumns).from(shipment_containers).where(eq(shipment_containers.shipment_id, id)).orderBy(asc(shipment_containers.position));
}

/** The containers of many shipments (by shipment id), each list in its order: one query. */
export async function loadContainersOf(db: Db | Tx, ids: string[]) {
  const out = new Map<string, Awaited<ReturnType<typeof loadContainers>>>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ shipment_id: shipment_containers.shipment_id, ...containerColumns })
    .from(shipment_containers)
    .where(inArray(shipment_containers.shipment_id, ids))
    .orderBy(asc(shipment_containers.shipment_id), asc(shipment_containers.position));
  for (const { shipment_id, ...c } of rows) out.set(shipment_id, [...(out.get(shipment_id) ?? []), c]);
  return out;
}

/** One shipment with the names of its company, handler, editor, carrier, service provider and consolidation agent. */
function detailSelect(db: Db | Tx) {
  const handler = alias(users, 'handler');
  const editor = alias(users, 'editor');
  return db
    .select({
      s: shipments,
      company_name: companies.name,
      handler_full_name: handler.name,
      updated_by_full_name: editor.name,
      carrier_record_name: carriers.name,
      carrier_type: carriers.carrier_type,
      service_provider_name: service_providers.name,
      consolidation_agent_name: consolidation_agents.name,
    })
    .from(shipments)
    .innerJoin(companies, eq(companies.id, shipments.company_id))
    .leftJoin(handler, eq(handler.id, shipments.handler_id))
    .leftJoin(editor, eq(editor.id, shipments.updated_by))
    .leftJoin(carriers, eq(carriers.id, shipments.carrier_id))
    .leftJoin(service_providers, eq(service_providers.id, shipments.service_provider_id))
    .leftJoin(consolidation_agents, eq(consolidation_agents.id, shipments.consolidation_agent_id));
}

function prepareDetail(db: Db) {
  return {
    staff: detailSelect(db).where(eq(shipments.id, sql.placeholder('id'))).prepare('shipment_detail_staff'),
    customer: detailSelect(db)
      .where(and(eq(shipments.id, sql.placeholder('id')), eq(shipments.company_id, sql.placeholder('companyId'))))
      .prepare('shipment_detail_customer'),
  };
}
const preparedDetail = new WeakMap<Db, ReturnType<typeof prepareDetail>>();
/** The same statements for transactions, one pair per driver (keyed by the transaction session's class). */
const preparedInTx = new WeakMap<object, ReturnType<typeof prepareDetail>>();

/**
 * The detail row within the scope. Built and prepared once per database (decision record 0195: building this
 * 7-table select cost ~3 ms of CPU per call, and the named statement spares PostgreSQL re-planning the join).
 * Inside a transaction (a customer's reads run in one, decision record 0020) the statement prepared once is run on
 * the transaction's connection: Drizzle's prepared queries of both drivers send through their `client`, which a
 * shadow object replaces; a change of role on a connection makes PostgreSQL re-plan it under the new policies.
 */
function findDetail(db: Db | Tx, id: string, scope: ReadScope) {
  let prepared: ReturnType<typeof prepareDetail> | undefined;
  if ('rollback' in db) {
    const session = (db as unknown as { session: { client: unknown; constructor: object } }).session;
    prepared = preparedInTx.get(session.constructor);
    if (!prepared) preparedInTx.set(session.constructor, (prepared = prepareDetail(db as unknown as Db)));
    const onTx = <Q extends object>(q: Q): Q => Object.create(q, { client: { value: session.client } }) as Q;
    prepared = { staff: onTx(prepared.staff), customer: onTx(prepared.customer) };
  } else {
    prepared = preparedDetail.get(db);
    if (!prepared) preparedDetail.set(db, (prepared = prepareDetail(db)));
  }
  return scope.companyId ? prepared.customer.execute({ id, companyId: scope.companyId }) : prepared.staff.execute({ id });
}

type DateChangeJson = { from: unknown; to: unknown } | null;

/**
 * How the shipment's estimated departure and arrival moved (issue 45): its 'updated' history rows that changed either
 * date, oldest first, read with the shipment's index on (shipment_id, created_at). Staff edits and carrier arrival
 * events both write such a row (service.ts); a customer reads them under row-level security (migration 0008).
 */
async function loadDateMoves(db: Db | Tx, id: string, current: { estimated_departure: Date | null; estimated_arrival: Date | null }): Promise<DateMoves> {
  const departure = sql<DateChangeJson>`${shipment_events.changes} -> 'estimated_departure'`;
  const arrival = sql<DateChangeJson>`${shipment_events.changes} -> 'estimated_arrival'`;
  const rows = await db
    .select({ departure, arrival, created_at: shipment_events.created_at })
    .from(shipment_events)
    .where(and(eq(shipment_events.shipment_id, id), eq(shipment_events.kind, 'updated'), sql`(${departure} is not null or ${arrival} is not null)`))
    .orderBy(asc(shipment_events.created_at));
  return dateMovesOf(rows, current);
}

/**
 * One shipment with company, handler, editor, carrier, service provider and consolidation agent names,
 * its containers, the per-currency money, the tracking frame address and how its estimated dates moved.
 * Staff get everything; a customer gets the customer view, and 404 for another company's shipment.
 */
export async function getShipment(
  db: Db | Tx,
  id: string,
  scope: ReadScope,
  trackingTemplate: string | undefined,
  reader: Reader = ENGLISH,
): Promise<ShipmentDetail | CustomerShipment> {
  assertShipmentId(id);
  const [found] = await findDetail(db, id, scope);
  if (!found) throw notFound(SHIPMENT_MESSAGES.notFound);
  const { s, ...names } = found;
  // The rest at once on the pool (staff), one after another in a customer's transaction (readTogether). Money is
  // staff-only: a customer's read never touches the cost lines (their view has no field of it either).
  const staff = !scope.companyId;
  const [containerRows, requestRows, dateMoves, moneyFields, lines, bills] = await readTogether(db as Db, [
    () => loadContainers(db, id),
    () => db.select({ id: requests.id, number: requests.number }).from(requests).where(eq(requests.shipment_id, id)),
    () => loadDateMoves(db, id, s),
    async () => (staff ? (await loadMoneyFields(db, [id])).get(id)! : null),
    async () => (staff ? loadLineMoney(db, id) : null),
    async () => (staff ? loadJobBillLines(db, id) : null),
  ] as const);
  const containers = containerRows.map((c) => ({ ...c, iso_code: containerIsoCode(c.type) }));
  const request = requestRows[0];
  const money = staff ? { fields: moneyFields, lines: lines!, bills: bills! } : null;

  const detail = {
    ...jsonReady(s),
    ...money?.fields,
    ...names,
    containers,
    // Per currency over all the shipment's charge lines (issue 38), the cost actual where supplier bills are matched
    // (issue 39), exact decimal strings.
    totals: money ? jobTotals(money.lines, money.bills) : [],
    // Trackable off: no map, so no tracker address either (also for staff, whose page shows no map then).
    tracking_embed_url: s.trackable ? trackingEmbedUrl(trackingTemplate, s.customer_reference) : null,
    cargo_calculation: storedCargoCalculation({ ...s, transport: transportOf(s) }, reader),
    data_checks: storedDataChecks({ ...s, containers }),
    request: request ?? null,
    date_moves: dateMoves,
  } as unknown as ShipmentDetail;
  // A customer's answer goes through the customer schema: fields not listed there never leave the server.
  return scope.companyId ? customerShipmentSchema.parse(detail) : detail;
}

/**
 * A shipment's reference number when the shipment is within the scope, else null (never an error): what the shipment
 * page's HTML shows before the app has run (server/http/page-preloads.ts, decision record 0306).
 */
export async function shipmentReference(db: Db | Tx, id: string, scope: ReadScope): Promise<string | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select({ reference: shipments.reference_number }).from(shipments).where(scoped(id, scope));
  return row?.reference ?? null;
}

/** 404 'Shipment not found or access denied' unless the shipment exists within the scope (a customer: own company). */
export async function assertShipmentReadable(db: Db | Tx, id: string, scope: ReadScope): Promise<void> {
  assertShipmentId(id);
  const [exists] = await db.select({ id: shipments.id }).from(shipments).where(scoped(id, scope));
  if (!exists) throw notFound(SHIPMENT_MESSAGES.notFound);
}

/**
 * The history of one shipment, newest first. Staff: every event with the actor's name and the changes.
 * A customer (scoped to their company): only creation and status changes, with the status values only.
 */
export async function listShipmentEvents(db: Db, id: string, scope: ReadScope): Promise<(ShipmentEvent | CustomerShipmentEvent)[]> {
  await assertShipmentReadable(db, id, scope);

  if (scope.companyId) {
    const rows = await db
      .select({ id: shipment_events.id, kind: shipment_events.kind, changes: shipment_events.changes, created_at: shipment_events.created_at })
      .from(shipment_events)
      .innerJoin(shipments, eq(shipments.id, shipment_events.shipment_id))
      .where(
        and(
          eq(shipment_events.shipment_id, id),
          eq(shipments.company_id, scope.companyId),
          inArray(shipment_events.kind, ['created', 'status_changed']),
        ),
      )
      .orderBy(desc(shipment_events.created_at), desc(shipment_events.id));
    return statusMilestones(rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })));
  }

  const rows = await db
    .select({
      id: shipment_events.id,
      kind: shipment_events.kind,
      changes: shipment_events.changes,
      actor_id: shipment_events.actor_id,
      actor_full_name: users.name,
      created_at: shipment_events.created_at,
    })
    .from(shipment_events)
    .leftJoin(users, eq(users.id, shipment_events.actor_id))
    .where(eq(shipment_events.shipment_id, id))
    .orderBy(desc(shipment_events.created_at), desc(shipment_events.id));
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}
