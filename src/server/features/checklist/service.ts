/**
 * The document checklist (issue 16, decision record 0238): templates per shipment type and direction, a shipment's
 * items copied from its template, the document that satisfies each, staff review, and the overdue count and list.
 *
 * An item's due day is computed on read from the shipment's estimated departure or arrival (DUE_ON below, the SQL twin
 * of dueOn in src/domain/checklist/schema.ts), so it follows every change of the dates. The overdue rule is OVERDUE below,
 * the SQL twin of checklistState: a required item without a document, due before today (UTC), on an open shipment.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { checklist_template_items, document_assignments, shipment_checklist_items, shipments } from '@server/db/schema';
import type { Actor, SessionUser } from '@server/http/context';
import { conflict, forbidden, notFound } from '@server/http/errors';
import { offsetOf, toPage } from '@server/http/list';
import { isRecordId } from '@domain/common/ids';
import type { Page } from '@domain/common/list-schema';
import type { LoadingType, ShipmentType } from '@domain/common/enums';
import {
  CHECKLIST_MESSAGES, TEMPLATE_KEYS, checklistState, daysOverdue, urgentRejection, utcToday,
  type ChecklistItem, type ChecklistTemplate, type OverdueQuery, type OverdueRow, type ReviewInput, type ShipmentChecklist, type TemplateItem,
} from '@domain/checklist/schema';
import { SHIPMENT_MESSAGES } from '@domain/shipments/index';
import { msg } from '@domain/common/i18n';
import type { ChecklistCondition } from '@domain/checklist/schema';
import { recordAudit } from '@server/audit/audit-log';
import { notify, type NotifyDeps } from '@server/notifications/dispatch';
import { checklistRejectedMail } from '@server/mail/templates';
import { companyMailAudience, shipmentLink } from '@server/mail/audience';
import { assertShipmentReadable, type ReadScope } from '@server/features/shipments/index';
import { applyTemplate } from '@server/checklist/items';
import { DUE_ON } from '@server/db/checklist-fit';
import { can, isCustomer } from '@domain/access/permissions';
import { isoOrNull, isoTime } from '@server/db/times';

/** Overdue: required, no document, due before today (UTC), on a shipment not delivered or completed. */
export const OVERDUE = sql`i.document_name IS NULL AND i.required AND s.status NOT IN ('delivered', 'completed')
  AND ${DUE_ON} < (now() AT TIME ZONE 'UTC')::date`;

/** Whose overdue items: an admin every shipment's, a handler their own, a customer their company's that they provide. */
function overdueScope(user: Pick<SessionUser, 'id' | 'role' | 'company_id'>): SQL {
  if (can(user.role, 'shipments:any_handler')) return sql`true`;
  if (isCustomer(user.role)) return sql`s.company_id = ${user.company_id ?? '00000000-0000-0000-0000-000000000000'} AND i.provider = 'customer'`;
  return sql`s.handler_id = ${user.id}`;
}

type RawItem = {
  id: string;
  position: number;
  name: string;
  provider: 'customer' | 'forwarder';
  required: boolean;
  anchor: 'departure' | 'arrival';
  offset_days: number;
  due_on: string | null;
  status: string;
  document_name: string | null;
  document_original_name: string | null;
  received_at: Date | string | null;
  received_by_name: string | null;
  approved_at: Date | string | null;
  approved_by_name: string | null;
  rejected_name: string | null;
  reject_reason: string | null;
  rejected_at: Date | string | null;
  rejected_by_name: string | null;
};

function toItem(r: RawItem, today: string): ChecklistItem {
  const document = r.document_name ? { name: r.document_name, original_name: r.document_original_name ?? r.document_name } : null;
  return {
    id: r.id,
    position: Number(r.position),
    name: r.name,
    provider: r.provider,
    required: r.required,
    anchor: r.anchor,
    offset_days: Number(r.offset_days),
    due_on: r.due_on,
    state: checklistState({ has_document: document !== null, approved: r.approved_at !== null, required: r.required, due_on: r.due_on, shipment_status: r.status }, today),
    document,
    received_at: document ? isoOrNull(r.received_at) : null,
    received_by_name: document ? r.received_by_name : null,
    approved_at: document ? isoOrNull(r.approved_at) : null,
    approved_by_name: document ? r.approved_by_name : null,
    rejected: r.reject_reason && r.rejected_at ? { original_name: r.rejected_name, reason: r.reject_reason, at: isoTime(r.rejected_at), by_name: r.rejected_by_name } : null,
  };
}

/** A shipment's checklist in order (customers: their company's shipment only, else 404; run inside the customer scope). */
export async function getChecklist(db: Db, user: SessionUser, shipmentId: string, scope: ReadScope, now = new Date()): Promise<ShipmentChecklist> {
  await assertShipmentReadable(db, shipmentId, scope);
  const r = await db.execute<RawItem>(sql`
    SELECT i.id, i.position, i.name, i.provider, i.required, i.anchor, i.offset_days, to_char(${DUE_ON}, 'YYYY-MM-DD') AS due_on, s.status,
      i.document_name, f.original_name AS document_original_name,
      i.received_at, ru.full_name AS received_by_name, i.approved_at, au.full_name AS approved_by_name,
      i.rejected_name, i.reject_reason, i.rejected_at, ju.full_name AS rejected_by_name
    FROM shipment_checklist_items i
    JOIN shipments s ON s.id = i.shipment_id
    LEFT JOIN files f ON f.name = i.document_name
    LEFT JOIN users ru ON ru.id = i.received_by
    LEFT JOIN users au ON au.id = i.approved_by
    LEFT JOIN users ju ON ju.id = i.rejected_by
    WHERE i.shipment_id = ${shipmentId}
    ORDER BY i.position, i.id`);
  const today = utcToday(now);
  const handler = isCustomer(user.role) ? null : await handlerOf(db, shipmentId);
  return { items: r.rows.map((row) => toItem(row, today)), can_manage: can(user.role, 'shipments:any_handler') || (handler !== null && handler === user.id) };
}

async function handlerOf(db: Db | Tx, shipmentId: string): Promise<string | null> {
  const [s] = await db.select({ handler_id: shipments.handler_id }).from(shipments).where(eq(shipments.id, shipmentId));
  return s?.handler_id ?? null;
}

/** Staff may change a checklist when they may put documents on its shipment: admins any, handlers their own. */
function assertManages(user: SessionUser, handlerId: string | null): void {
  if (!can(user.role, 'shipments:any_handler') && handlerId !== user.id) throw forbidden(CHECKLIST_MESSAGES.notYourShipment);
}

/** Gives a shipment without a checklist (one made before checklists, or whose template was empty) its template's items. */
export async function applyChecklist(db: Db, actor: Actor, shipmentId: string): Promise<number> {
  if (!isRecordId(shipmentId)) throw notFound(SHIPMENT_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const [s] = await tx
      .select({ handler_id: shipments.handler_id, type: shipments.type, loading_type: shipments.loading_type })
      .from(shipments)
      .where(eq(shipments.id, shipmentId))
      .for('update');
    if (!s) throw notFound(SHIPMENT_MESSAGES.notFound);
    assertManages(actor.user, s.handler_id);
    const [existing] = await tx.select({ id: shipment_checklist_items.id }).from(shipment_checklist_items).where(eq(shipment_checklist_items.shipment_id, shipmentId)).limit(1);
    if (existing) throw conflict(CHECKLIST_MESSAGES.hasChecklist);
    const n = await applyTemplate(tx, [shipmentId]);
    if (n === 0) throw conflict(CHECKLIST_MESSAGES.noTemplate);
    return n;
  });
}

/** An item with its shipment's facts, locked for the change; 404 unknown (and, for a customer, another company's). */
export async function lockedItem(tx: Db | Tx, user: SessionUser, itemId: string, lock: boolean) {
  if (!isRecordId(itemId)) throw notFound(CHECKLIST_MESSAGES.notFound);
  const q = tx
    .select({
      id: shipment_checklist_items.id,
      name: shipment_checklist_items.name,
      provider: shipment_checklist_items.provider,
      document_name: shipment_checklist_items.document_name,
      approved_at: shipment_checklist_items.approved_at,
      shipment_id: shipments.id,
      company_id: shipments.company_id,
      handler_id: shipments.handler_id,
      reference_number: shipments.reference_number,
    })
    .from(shipment_checklist_items)
    .innerJoin(shipments, eq(shipments.id, shipment_checklist_items.shipment_id))
    .where(eq(shipment_checklist_items.id, itemId));
  const [item] = lock ? await q.for('update', { of: shipment_checklist_items }) : await q;
  if (!item || (isCustomer(user.role) && item.company_id !== user.company_id)) throw notFound(CHECKLIST_MESSAGES.notFound);
  return item;
}
export type LockedItem = Awaited<ReturnType<typeof lockedItem>>;

/** An approved document stays until staff reject it: a new one is not taken in silence (409). */
export function assertNotApproved(item: Pick<LockedItem, 'approved_at' | 'document_name'>): void {
  if (item.approved_at && item.document_name) throw conflict(CHECKLIST_MESSAGES.alreadyApproved);
}

/** Records the document that satisfies an item: received, waiting for review; a former rejection is cleared. */
export async function markReceived(tx: Tx, itemId: string, documentName: string, by: string): Promise<void> {
  await tx
    .update(shipment_checklist_items)
    .set({
      document_name: documentName, received_at: new Date(), received_by: by, approved_at: null, approved_by: null,
      rejected_name: null, reject_reason: null, rejected_at: null, rejected_by: null,
    })
    .where(eq(shipment_checklist_items.id, itemId));
}

/** Staff satisfy an item with a document already on the shipment (not a draft); audited. */
export async function attachDocument(db: Db, actor: Actor, itemId: string, documentName: string): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await lockedItem(tx, actor.user, itemId, true);
    assertManages(actor.user, item.handler_id);
    assertNotApproved(item);
    const [assignment] = await tx
      .select({ draft: document_assignments.draft })
      .from(document_assignments)
      .where(and(eq(document_assignments.document_name, documentName), eq(document_assignments.shipment_id, item.shipment_id)));
    if (!assignment) throw conflict(CHECKLIST_MESSAGES.documentNotOnShipment);
    if (assignment.draft) throw conflict(CHECKLIST_MESSAGES.draftDocument);
    await markReceived(tx, item.id, documentName, actor.user.id);
    await auditItem(tx, actor, 'document.checklist_received', item, { document: documentName });
  });
}

async function auditItem(tx: Tx, actor: Actor, action: 'document.checklist_received' | 'document.checklist_approved' | 'document.checklist_rejected', item: LockedItem, details: Record<string, unknown>) {
  await recordAudit(tx, { action, actor: actor.user, target: `${item.reference_number}: ${item.name}`, details: { item_id: item.id, shipment_id: item.shipment_id, ...details }, ip: actor.ip });
}

/**
 * Staff approve the received document, or reject it with a reason: the item is missing again, the file stays on the
 * shipment, and for a document the customer provides their company's contacts are told.
 */
export async function reviewItem(db: Db, actor: Actor, itemId: string, input: ReviewInput, deps: NotifyDeps): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await lockedItem(tx, actor.user, itemId, true);
    assertManages(actor.user, item.handler_id);
    if (!item.document_name) throw conflict(CHECKLIST_MESSAGES.notReceived);
    const now = new Date();
    if (input.decision === 'approve') {
      if (item.approved_at) throw conflict(CHECKLIST_MESSAGES.alreadyApproved);
      await tx.update(shipment_checklist_items).set({ approved_at: now, approved_by: actor.user.id }).where(eq(shipment_checklist_items.id, item.id));
      await auditItem(tx, actor, 'document.checklist_approved', item, { document: item.document_name });
      return;
    }
    const [file] = await tx.execute<{ original_name: string }>(sql`SELECT original_name FROM files WHERE name = ${item.document_name}`).then((r) => r.rows);
    const [due] = await tx.execute<{ due_on: string | null }>(sql`
      SELECT to_char(${DUE_ON}, 'YYYY-MM-DD') AS due_on FROM shipment_checklist_items i JOIN shipments s ON s.id = i.shipment_id WHERE i.id = ${item.id}`).then((r) => r.rows);
    await tx
      .update(shipment_checklist_items)
      .set({
        document_name: null, received_at: null, received_by: null, approved_at: null, approved_by: null,
        rejected_name: file?.original_name ?? null, reject_reason: input.reason!, rejected_at: now, rejected_by: actor.user.id,
      })
      .where(eq(shipment_checklist_items.id, item.id));
    await auditItem(tx, actor, 'document.checklist_rejected', item, { document: item.document_name, reason: input.reason });
    // The company's contacts hear that a document they provide is needed again (by their choices for "Documents due").
    if (item.provider === 'customer') {
      const audience = await companyMailAudience(tx, item.company_id);
      const url = shipmentLink(deps.publicUrl, item.shipment_id);
      const fileName = file?.original_name ?? null;
      await notify(
        tx,
        deps,
        'checklist_due',
        audience.emails.map((to) => ({
          to,
          key: `checklist-rejected:${item.id}:${now.getTime()}:${to}`,
          mail: (tr) => checklistRejectedMail(tr, to, item.reference_number, item.name, fileName, input.reason!, url),
          line: { title: '{reference}', detail: msg('{item_label} rejected: {reason}'), values: { reference: item.reference_number, item_label: item.name, reason: input.reason! }, url },
          shipmentId: item.shipment_id,
          urgent: urgentRejection(due?.due_on ?? null, utcToday(now)),
        })),
      );
    }
  });
}

type RawOverdue = Omit<OverdueRow, 'days_overdue'>;

/** How many required items are overdue on the shipments of a staff member's scope (an admin: all; a handler: their own), as SQL. */
export function overdueCountSql(user: Pick<SessionUser, 'id' | 'role'>): SQL {
  return sql`(SELECT count(*)::int FROM shipment_checklist_items i JOIN shipments s ON s.id = i.shipment_id
    WHERE ${OVERDUE} AND ${overdueScope({ ...user, company_id: null })})`;
}

/** How many items are overdue in the user's scope, and the first `limit`, the longest overdue first. */
export async function overdueSummary(db: Db, user: SessionUser, limit = 5): Promise<{ total: number; rows: OverdueRow[] }> {
  const page = await listOverdue(db, user, { page: 1, pageSize: limit, dir: 'asc' });
  return { total: page.total, rows: page.rows };
}

/** One page of overdue items in the user's scope, the longest overdue first (dir=asc: due earliest first), with the exact total. */
export async function listOverdue(db: Db, user: SessionUser, q: OverdueQuery & { page: number; pageSize: number }, now = new Date()): Promise<Page<OverdueRow>> {
  const where = sql`${OVERDUE} AND ${overdueScope(user)}${q.provider ? sql` AND i.provider = ${q.provider}` : sql``}`;
  const dir = q.dir === 'desc' ? sql.raw('DESC') : sql.raw('ASC');
  const [rows, total] = await Promise.all([
    db.execute<RawOverdue>(sql`
      SELECT i.id, i.name, i.provider, to_char(${DUE_ON}, 'YYYY-MM-DD') AS due_on, s.id AS shipment_id, s.reference_number, s.type, s.loading_type,
        s.status, c.name AS company_name, u.full_name AS handler_name
      FROM shipment_checklist_items i
      JOIN shipments s ON s.id = i.shipment_id
      LEFT JOIN companies c ON c.id = s.company_id
      LEFT JOIN users u ON u.id = s.handler_id
      WHERE ${where}
      ORDER BY ${DUE_ON} ${dir}, s.reference_number ${dir}, i.position
      LIMIT ${q.pageSize} OFFSET ${offsetOf(q.page, q.pageSize)}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM shipment_checklist_items i JOIN shipments s ON s.id = i.shipment_id WHERE ${where}`),
  ]);
  const today = utcToday(now);
  return toPage(
    rows.rows.map((r) => ({ ...r, days_overdue: daysOverdue(r.due_on, today) })),
    Number(total.rows[0]?.n ?? 0),
    q.page,
    q.pageSize,
  );
}

// --- templates -------------------------------------------------------------------------------------------------

/** The audit target of a template's saves. */
const templateTarget = (type: ShipmentType, direction: LoadingType) => `${type} ${direction} checklist`;

/** Every template (8: type x direction), in the page's order, with who changed each last. */
export async function listTemplates(db: Db): Promise<ChecklistTemplate[]> {
  const [r, changes] = await Promise.all([
    db.execute<{ shipment_type: ShipmentType; loading_type: LoadingType; name: string; provider: 'customer' | 'forwarder'; required: boolean; anchor: 'departure' | 'arrival'; offset_days: number; applies_when: ChecklistCondition }>(sql`
      SELECT t.shipment_type, t.loading_type, t.name, t.provider, t.required, t.anchor, t.offset_days, t.applies_when
      FROM checklist_template_items t ORDER BY t.shipment_type, t.loading_type, t.position`),
    // Who saved each template last: its audit entry, which an emptied template (no rows to carry it) keeps too.
    db.execute<{ target: string; created_at: Date | string; name: string | null }>(sql`
      SELECT DISTINCT ON (a.target) a.target, a.created_at, coalesce(u.full_name, a.actor_email) AS name
      FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
      WHERE a.action = 'settings.checklist_template'
      ORDER BY a.target, a.created_at DESC`),
  ]);
  const lastOf = new Map(changes.rows.map((c) => [c.target, c]));
  return TEMPLATE_KEYS.map(({ type, direction }) => {
    const rows = r.rows.filter((x) => x.shipment_type === type && x.loading_type === direction);
    const last = lastOf.get(templateTarget(type, direction));
    return {
      type,
      direction,
      items: rows.map((x) => ({ name: x.name, provider: x.provider, required: x.required, anchor: x.anchor, offset_days: Number(x.offset_days), applies_when: x.applies_when })),
      updated_at: last ? isoTime(last.created_at) : null,
      updated_by_name: last?.name ?? null,
    };
  });
}


/** Replaces one template's items (admins; audited with the items before and after). Shipments made before keep their own. */
export async function setTemplate(db: Db, actor: Actor, type: ShipmentType, direction: LoadingType, items: TemplateItem[]): Promise<ChecklistTemplate> {
  await db.transaction(async (tx) => {
    // One save of a template at a time, also when it has no rows to lock yet (two first saves would clash on the positions).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`checklist-template:${type}:${direction}`}))`);
    const before = await tx
      .select({
        name: checklist_template_items.name, provider: checklist_template_items.provider, required: checklist_template_items.required, anchor: checklist_template_items.anchor,
        offset_days: checklist_template_items.offset_days, applies_when: checklist_template_items.applies_when,
      })
      .from(checklist_template_items)
      .where(and(eq(checklist_template_items.shipment_type, type), eq(checklist_template_items.loading_type, direction)))
      .orderBy(asc(checklist_template_items.position))
      .for('update');
    await tx.delete(checklist_template_items).where(and(eq(checklist_template_items.shipment_type, type), eq(checklist_template_items.loading_type, direction)));
    if (items.length > 0) {
      const at = new Date();
      await tx.insert(checklist_template_items).values(
        items.map((item, i) => ({ ...item, shipment_type: type, loading_type: direction, position: i + 1, updated_at: at, updated_by: actor.user.id })),
      );
    }
    await recordAudit(tx, { action: 'settings.checklist_template', actor: actor.user, target: templateTarget(type, direction), details: { before, after: items }, ip: actor.ip });
  });
  return (await listTemplates(db)).find((t) => t.type === type && t.direction === direction)!;
}
