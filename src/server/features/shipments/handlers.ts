import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { collated } from '@server/db/fold';
import { shipment_events, shipments, users } from '@server/db/schema';
import {
  HANDLER_MESSAGES, handlerChangeProblem, type BulkHandlerResult, type HandlerOption, type HandlerProblem,
} from '@domain/shipments/handlers-schema';
import type { LoadingType } from '@domain/common/enums';
import { SHIPMENT_MESSAGES } from '@domain/shipments/index';
import { msg } from '@domain/common/i18n';
import type { Actor } from '@server/http/context';
import { type AppError, conflict, forbidden, invalid, notFound } from '@server/http/errors';
import { notify } from '@server/notifications/dispatch';
import { handlerAssignedMail } from '@server/mail/templates';
import type { Translator } from '@server/i18n';
import { recordAudit } from '@server/audit/audit-log';
import { mailFacts } from '@server/mail/audience';
import type { WriteDeps } from './service';

/** Staff who may handle shipments of this direction (admins and its handlers), by name; all staff without one. */
export async function listHandlerOptions(db: Db, loadingType: LoadingType | undefined): Promise<HandlerOption[]> {
  const roles = loadingType ? ['admin', loadingType] : ['admin', 'export', 'import'];
  const rows = await db
    .select({ id: users.id, full_name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(inArray(users.role, roles as ('admin' | 'export' | 'import')[]))
    .orderBy(asc(collated(users.name)), asc(users.email));
  return rows as HandlerOption[];
}

const staffLink = (publicUrl: string, id: string) => `${publicUrl.replace(/\/$/, '')}/shipment/${id}`;

function toError(problem: HandlerProblem, reference: string | null): AppError {
  const message = reference ? `${reference}: ${problem.message}` : problem.message;
  if (problem.status === 403) return forbidden(message);
  if (problem.status === 409) return conflict(message);
  return invalid(message, { handler_id: message });
}

/**
 * Makes `handlerId` (null: nobody) the handler of every shipment in `ids`, all or none, under the rule of
 * domain/handlers. In one transaction, for each shipment whose handler changes: the handler and editor, a
 * 'handler_assigned' history row (old and new handler by name) and an audit row; then one mail to the new handler
 * when someone else assigned them. Rows are locked in id order, so two assignments of the same shipments queue up
 * (two handlers taking one shipment at once: the second is told who has it).
 */
export async function assignHandler(db: Db, actor: Actor, ids: string[], handlerId: string | null, deps: WriteDeps): Promise<BulkHandlerResult> {
  const { user } = actor;
  const single = ids.length === 1;
  return db.transaction(async (tx) => {
    const target = handlerId ? await staffMember(tx, handlerId) : null;
    if (handlerId && !target) throw invalid(HANDLER_MESSAGES.unknownHandler, { handler_id: HANDLER_MESSAGES.unknownHandler });

    const rows = await tx
      .select({ id: shipments.id, reference_number: shipments.reference_number, loading_type: shipments.loading_type, handler_id: shipments.handler_id })
      .from(shipments)
      .where(inArray(shipments.id, ids))
      .orderBy(asc(shipments.id))
      .for('update');
    if (rows.length !== ids.length) throw notFound(single ? SHIPMENT_MESSAGES.notFound : HANDLER_MESSAGES.someNotFound);
    const names = await namesOf(tx, rows.map((r) => r.handler_id));

    for (const row of rows) {
      const problem = handlerChangeProblem(user, { ...row, handler_name: row.handler_id ? (names.get(row.handler_id) ?? null) : null }, target);
      if (problem) throw toError(problem, single ? null : row.reference_number);
    }
    const changed = rows.filter((r) => r.handler_id !== handlerId);
    if (changed.length === 0) return { changed: 0, unchanged: rows.length };

    const changedIds = changed.map((r) => r.id);
    await tx.update(shipments).set({ handler_id: handlerId, updated_by: user.id, updated_at: sql`now()` }).where(inArray(shipments.id, changedIds));
    const events = await tx.insert(shipment_events).values(
      changed.map((r) => ({
        shipment_id: r.id,
        actor_id: user.id,
        kind: 'handler_assigned' as const,
        changes: { handler: { from: r.handler_id ? (names.get(r.handler_id) ?? null) : null, to: target?.full_name ?? null } },
      })),
    ).returning({ id: shipment_events.id });
    for (const r of changed) {
      await recordAudit(tx, {
        action: 'shipment.handler_assigned',
        actor: { id: user.id, email: user.email },
        target: r.reference_number,
        details: {
          handler: { old: (r.handler_id && names.get(r.handler_id)) || 'Unassigned', new: target?.full_name ?? 'Unassigned' },
          shipment_id: r.id,
          handler_id: handlerId,
        },
        ip: actor.ip,
      });
    }

    if (target && target.id !== user.id) {
      const facts = await Promise.all(changed.map((r) => mailFacts(tx, r.id)));
      const mail = (tr: Translator) =>
        handlerAssignedMail(tr, target.email, target.full_name, user.full_name, facts, (id) => staffLink(deps.publicUrl, id), `${deps.publicUrl.replace(/\/$/, '')}/my-shipments`);
      // One mail per assignment, keyed by its first history row (a retried transaction enqueues it once).
      await notify(tx, deps, 'handler_assigned', [
        {
          to: target.email,
          key: `handler-assigned:${events[0]!.id}:${target.id}`,
          mail,
          line: {
            title: facts.length === 1 ? '{reference}' : msg('{count, plural, one {# shipment} other {# shipments}}'),
            detail: msg('assigned to you by {by}'),
            values: { reference: facts[0]!.reference_number, count: facts.length, by: user.full_name },
            url: facts.length === 1 ? staffLink(deps.publicUrl, facts[0]!.id) : `${deps.publicUrl.replace(/\/$/, '')}/my-shipments`,
          },
          shipmentId: facts.length === 1 ? facts[0]!.id : null,
        },
      ]);
    }
    return { changed: changed.length, unchanged: rows.length - changed.length };
  });
}

async function staffMember(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: users.id, full_name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, ['admin', 'export', 'import'])));
  return row ?? null;
}

async function namesOf(tx: Tx, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}
