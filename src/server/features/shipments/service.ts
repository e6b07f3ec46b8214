import { announceWebhook } from '@server/features/webhooks/index';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { customers, shipment_containers, shipment_events, shipments } from '@server/db/schema';
import {
  SHIPMENT_MESSAGES, STATUS_MESSAGES, normalizeShipment, placeLabel, resolveLoadingType, statusChangeProblem, statusLabel, validateShipmentForm,
  type ShipmentInput,
} from '@domain/shipments/index';
import type { ShipmentStatus } from '@domain/common/enums';
import type { SessionUser } from '@server/http/context';
import { conflict, forbidden, invalid, isUniqueViolation, notFound } from '@server/http/errors';
import { notify, type NotifyDeps } from '@server/notifications/dispatch';
import { shipmentCreatedMail, shipmentDatesMail, shipmentStatusMail, type ShipmentMailFacts } from '@server/mail/templates';
import { checkReferences, diffChanges, fillPortCountries, initialChanges, toColumns, type FormColumns } from './persist';
import { assertShipmentId, loadContainers } from './read';
import { insertFieldLines, loadMoneyFields, splitMoney, writeMoneyFields } from './field-lines';
import { applyTemplate, followConditions } from '@server/checklist/items';
import { companyMailAudience, mailFacts, shipmentLink } from '@server/mail/audience';
import { msg } from '@domain/common/i18n';
import { can } from '@domain/access/permissions';

/** Where mail links start and the secret that signs their unsubscribe links (server/notifications). */
export type WriteDeps = NotifyDeps;

const INITIAL_STATUS: ShipmentStatus = 'in_progress';

/** The ordered submit checks; the first failure answers 400 with its message on its field. */
function assertValid(input: ShipmentInput): void {
  const issue = validateShipmentForm(input);
  if (issue) throw invalid(issue.message, { [issue.field]: issue.message });
}

async function assertUniqueReference(db: Db | Tx, reference: string, exceptId?: string): Promise<void> {
  const where = exceptId
    ? and(eq(shipments.reference_number, reference), ne(shipments.id, exceptId))
    : eq(shipments.reference_number, reference);
  const [dup] = await db.select({ id: shipments.id }).from(shipments).where(where).limit(1);
  if (dup) throw duplicate(reference);
}

const duplicate = (reference: string) => {
  const message = SHIPMENT_MESSAGES.duplicateReference(reference);
  return conflict(message, { reference_number: message });
};

/** Runs a write; a unique violation on the reference number (a concurrent twin) becomes the 409. */
export async function guardDuplicate<T>(reference: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (isUniqueViolation(e, 'shipments_reference_unique')) throw duplicate(reference);
    throw e;
  }
}

async function insertContainers(tx: Tx, shipmentId: string, containers: FormColumnsContainers) {
  if (containers.length === 0) return;
  await tx.insert(shipment_containers).values(containers.map((c, position) => ({ ...c, shipment_id: shipmentId, position })));
}
type FormColumnsContainers = ReturnType<typeof normalizeShipment>['containers'];

/** A checked shipment ready to insert: its row values and container rows. */
export type PreparedShipment = { columns: FormColumns; containers: FormColumnsContainers };

/** The submit checks, the port countries, the directory references and the row values of a shipment form. */
export async function prepareShipment(db: Db | Tx, input: ShipmentInput, loadingType: 'export' | 'import'): Promise<PreparedShipment> {
  assertValid(input);
  const normalized = normalizeShipment(await fillPortCountries(db, input));
  return { columns: toColumns(normalized, loadingType, await checkReferences(db, normalized)), containers: normalized.containers };
}

/**
 * Creates a shipment (staff). Admins must choose the loading type; export and import handlers get their
 * own role. Status in_progress, the creator as handler and editor. In one transaction: the row, its
 * containers, the 'created' event and one outbox mail per contact of the company that has an email.
 */
export async function createShipment(db: Db, user: SessionUser, input: ShipmentInput, deps: WriteDeps): Promise<string> {
  const loading = resolveLoadingType(user.role, input.loading_type);
  if ('issue' in loading) throw invalid(loading.issue.message, { [loading.issue.field]: loading.issue.message });
  const prepared = await prepareShipment(db, input, loading.loading_type);
  const reference = prepared.columns.reference_number;
  // A second shipment with this reference fails on the unique index; guardDuplicate answers it with the 409.
  return guardDuplicate(reference, () =>
    db.transaction((tx) => insertShipment(tx, deps, prepared, { status: INITIAL_STATUS, handlerId: user.id, actorId: user.id })),
  );
}

/**
 * Inserts a prepared shipment in the caller's transaction: the row, its containers, its checklist, the 'created' event and the
 * company's contacts told by their choices. A duplicate reference fails on the unique index (guardDuplicate).
 */
export async function insertShipment(
  tx: Tx,
  deps: WriteDeps,
  { columns, containers }: PreparedShipment,
  o: { status: ShipmentStatus; handlerId: string | null; actorId: string; extra?: Partial<typeof shipments.$inferInsert> },
): Promise<string> {
  const reference = columns.reference_number;
  const { row: values, money } = splitMoney(columns);
  const [row] = await tx
    .insert(shipments)
    .values({ ...values, ...o.extra, status: o.status, handler_id: o.handlerId, updated_by: o.actorId })
    .returning({ id: shipments.id });
  const id = row!.id;
  await insertFieldLines(tx, [{ shipmentId: id, money }], o.actorId);
  await insertContainers(tx, id, containers);
  // Its document checklist, from the template of its type and direction (issue 16).
  await applyTemplate(tx, [id]);
  await tx.insert(shipment_events).values({ shipment_id: id, actor_id: o.actorId, kind: 'created', changes: initialChanges({ ...columns, ...o.extra }, o.status, o.handlerId) });

  const audience = await companyMailAudience(tx, columns.company_id);
  if (audience.emails.length) {
    // The mail shows the values just written: no need to read the row back.
    const facts: ShipmentMailFacts = {
      id,
      reference_number: reference,
      type: columns.type,
      status: o.status,
      company_name: audience.company_name,
      cargo_description: columns.cargo_description,
      origin_city: columns.origin_city ?? null,
      origin_country: columns.origin_country ?? null,
      destination_city: columns.destination_city ?? null,
      destination_country: columns.destination_country ?? null,
      estimated_departure: columns.estimated_departure ?? null,
      estimated_arrival: columns.estimated_arrival ?? null,
    };
    const url = shipmentLink(deps.publicUrl, id);
    await notify(
      tx,
      deps,
      'shipment_created',
      audience.emails.map((to) => ({
        to,
        key: `shipment-created:${id}:${to}`,
        mail: (tr) => shipmentCreatedMail(tr, to, facts, statusLabel(o.status), url),
        line: {
          title: '{reference}',
          detail: msg('new {type, select, air {air} sea {sea} land {land} partial {partial} other {{type}}} shipment, {origin_label} → {destination_label}'),
          values: { reference, type: columns.type, origin_label: placeLabel(facts.origin_city, facts.origin_country), destination_label: placeLabel(facts.destination_city, facts.destination_country) },
          url,
        },
        shipmentId: id,
      })),
    );
  }
  await announceWebhook(tx, { event: 'shipment_created', key: `shipment-created:${id}`, shipmentId: id });
  return id;
}

/**
 * New estimated dates, by whichever path they came (a staff edit, a carrier's arrival event): the company's contacts
 * are told by their choices and the webhook subscriptions hear `dates_changed`, once per history row.
 */
async function datesChanged(
  tx: Tx,
  deps: WriteDeps,
  id: string,
  companyId: string,
  eventId: string,
  old: { estimated_departure: Date | null; estimated_arrival: Date | null },
  changes: { estimated_departure: unknown; estimated_arrival: unknown },
) {
  await noticeDatesChanged(tx, deps, id, companyId, eventId, old);
  await announceWebhook(tx, { event: 'dates_changed', key: `shipment-dates:${eventId}`, shipmentId: id, detail: { changes } });
}

/** Every contact of the company hears of new estimated dates, by their choice (issue 17: in the digest by default). */
async function noticeDatesChanged(tx: Tx, deps: WriteDeps, id: string, companyId: string, eventId: string, old: { estimated_departure: Date | null; estimated_arrival: Date | null }) {
  const audience = await companyMailAudience(tx, companyId);
  if (audience.emails.length === 0) return;
  const facts = await mailFacts(tx, id);
  const url = shipmentLink(deps.publicUrl, id);
  // The digest's line names the dates that moved by the minute a mail shows; each reader's digest writes the moments
  // as their mails do (issue 42).
  const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : '');
  const moved = (from: Date | null, to: Date | string | null) => iso(from).slice(0, 16) !== iso(to).slice(0, 16);
  const departure = moved(old.estimated_departure, facts.estimated_departure);
  const detail =
    departure && moved(old.estimated_arrival, facts.estimated_arrival)
      ? msg('estimated departure {departure_from_time} → {departure_to_time}; arrival {arrival_from_time} → {arrival_to_time}')
      : departure
        ? msg('estimated departure {departure_from_time} → {departure_to_time}')
        : msg('estimated arrival {arrival_from_time} → {arrival_to_time}');
  const values = {
    reference: facts.reference_number,
    departure_from_time: iso(old.estimated_departure), departure_to_time: iso(facts.estimated_departure),
    arrival_from_time: iso(old.estimated_arrival), arrival_to_time: iso(facts.estimated_arrival),
  };
  await notify(
    tx,
    deps,
    'dates_changed',
    audience.emails.map((to) => ({
      to,
      key: `shipment-dates:${eventId}:${to}`,
      mail: (tr) => shipmentDatesMail(tr, to, facts, old, url),
      line: { title: '{reference}', detail, values, url },
      shipmentId: id,
    })),
  );
}

/**
 * Edits a shipment (admins; the route checks the permission). Same validation and normalisation as create;
 * the status and handler never change here; containers are replaced; the editor becomes updated_by and an
 * 'updated' event lists exactly the changed fields as { from, to }. A save that changes nothing writes nothing.
 */
export async function updateShipment(db: Db, user: SessionUser, id: string, input: ShipmentInput, deps: WriteDeps): Promise<void> {
  assertShipmentId(id);
  const [exists] = await db.select({ loading_type: shipments.loading_type }).from(shipments).where(eq(shipments.id, id));
  if (!exists) throw notFound(SHIPMENT_MESSAGES.notFound);
  assertValid(input);
  const normalized = normalizeShipment(await fillPortCountries(db, input));
  const refs = await checkReferences(db, normalized);

  await guardDuplicate(normalized.reference_number ?? '', () =>
    db.transaction(async (tx) => {
      const [oldRow] = await tx.select().from(shipments).where(eq(shipments.id, id)).for('update');
      if (!oldRow) throw notFound(SHIPMENT_MESSAGES.notFound);
      const old = { ...oldRow, ...(await loadMoneyFields(tx, [id])).get(id)! };
      const columns: FormColumns = toColumns(normalized, input.loading_type ?? old.loading_type, refs);
      await assertUniqueReference(tx, columns.reference_number, id);
      const oldContainers = await loadContainers(tx, id);
      const changes = diffChanges(old, oldContainers, columns, normalized.containers);
      if (Object.keys(changes).length === 0) return;

      const { row, money } = splitMoney(columns);
      await tx.update(shipments).set({ ...row, updated_by: user.id, updated_at: sql`now()` }).where(eq(shipments.id, id));
      await writeMoneyFields(tx, id, money, user.id);
      if (changes.containers) {
        await tx.delete(shipment_containers).where(eq(shipment_containers.shipment_id, id));
        await insertContainers(tx, id, normalized.containers);
      }
      const [event] = await tx.insert(shipment_events).values({ shipment_id: id, actor_id: user.id, kind: 'updated', changes }).returning({ id: shipment_events.id });
      // The checklist's conditional rows follow the goods (issue 41).
      if (changes.dangerous_goods || changes.temperature_controlled || changes.type || changes.loading_type) await followConditions(tx, id);
      if (changes.estimated_departure || changes.estimated_arrival) {
        await datesChanged(tx, deps, id, columns.company_id, event!.id, old, { estimated_departure: changes.estimated_departure ?? null, estimated_arrival: changes.estimated_arrival ?? null });
      }
    }),
  );
}

/**
 * Changes the status (admin, or the shipment's handler) under the rules of decision 0141. In one transaction:
 * the status, the editor, a 'status_changed' event and an outbox mail to the company's primary contact.
 */
export async function changeShipmentStatus(db: Db, user: SessionUser, id: string, status: ShipmentStatus, deps: WriteDeps): Promise<void> {
  assertShipmentId(id);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: shipments.status, handler_id: shipments.handler_id, company_id: shipments.company_id })
      .from(shipments)
      .where(eq(shipments.id, id))
      .for('update');
    if (!row) throw notFound(SHIPMENT_MESSAGES.notFound);
    if (!can(user.role, 'shipments:any_handler') && row.handler_id !== user.id) throw forbidden(STATUS_MESSAGES.notYourShipment);
    const problem = statusChangeProblem(row.status, status, user.role);
    if (problem) throw invalid(problem, { status: problem });

    await tx.update(shipments).set({ status, updated_by: user.id, updated_at: sql`now()` }).where(eq(shipments.id, id));
    const [event] = await tx
      .insert(shipment_events)
      .values({ shipment_id: id, actor_id: user.id, kind: 'status_changed', changes: { status: { from: row.status, to: status } } })
      .returning({ id: shipment_events.id });
    await announceWebhook(tx, { event: 'status_changed', key: `shipment-status:${event!.id}`, shipmentId: id, detail: { changes: { status: { from: row.status, to: status } } } });

    const [primary] = await tx
      .select({ email: customers.email })
      .from(customers)
      .where(and(eq(customers.company_id, row.company_id), eq(customers.is_primary_contact, true), isNotNull(customers.email), ne(customers.email, '')))
      .limit(1);
    if (primary?.email) {
      const to = primary.email.trim().toLowerCase();
      const facts = await mailFacts(tx, id);
      const url = shipmentLink(deps.publicUrl, id);
      await notify(tx, deps, 'status_changed', [
        {
          to,
          key: `shipment-status:${event!.id}:${to}`,
          mail: (tr) => shipmentStatusMail(tr, to, facts, statusLabel(row.status), statusLabel(status), url),
          line: { title: '{reference}', detail: '{from_label} → {to_label}', values: { reference: facts.reference_number, from_label: statusLabel(row.status), to_label: statusLabel(status) }, url },
          shipmentId: id,
        },
      ]);
    }
  });
}

/**
 * Moves a shipment's estimated arrival (issue 18: a carrier's estimated or actual arrival at the destination), in the
 * caller's transaction, the way a staff edit does: the column and editor, an 'updated' history row with the change,
 * and the company's contacts told by their choices; the exception rules follow from the column (migration 0019's
 * trigger). The time is kept to the minute, as the form keeps it. False when it is already that time.
 */
export async function moveEstimatedArrival(tx: Tx, deps: WriteDeps, id: string, arrival: Date, actorId: string | null): Promise<boolean> {
  const [old] = await tx
    .select({ estimated_departure: shipments.estimated_departure, estimated_arrival: shipments.estimated_arrival, company_id: shipments.company_id })
    .from(shipments)
    .where(eq(shipments.id, id))
    .for('update');
  if (!old) return false;
  const next = new Date(Math.floor(arrival.getTime() / 60_000) * 60_000);
  if (old.estimated_arrival?.getTime() === next.getTime()) return false;
  await tx.update(shipments).set({ estimated_arrival: next, updated_by: actorId, updated_at: sql`now()` }).where(eq(shipments.id, id));
  const changes = { estimated_arrival: { from: old.estimated_arrival?.toISOString() ?? null, to: next.toISOString() } };
  const [event] = await tx.insert(shipment_events).values({ shipment_id: id, actor_id: actorId, kind: 'updated', changes }).returning({ id: shipment_events.id });
  await datesChanged(tx, deps, id, old.company_id, event!.id, old, { estimated_departure: null, estimated_arrival: changes.estimated_arrival });
  return true;
}
