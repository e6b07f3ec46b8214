/**
 * The customer's answers to a sent quote besides accepting it (issue 45): decline it with a reason, or ask for a
 * revision with a note, which puts the request back in the handler's queue with its quote as the handler's draft
 * (the history keeps what was quoted). Only the request's company; the handler (or the direction's staff) is told.
 */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { request_quotes, requests } from '@server/db/schema';
import { QUOTE_DECLINE_REASON_LABELS, REQUEST_MESSAGES, type QuoteDeclineInput } from '@domain/requests/schema';
import type { Actor } from '@server/http/context';
import { conflict } from '@server/http/errors';
import { recordAudit } from '@server/audit/audit-log';
import { customerCompanyId } from '@server/policy';
import type { WriteDeps } from '@server/features/shipments/index';
import { requestFacts, tellAnswer } from './mails';
import { lockRequest, recordRequestEvent } from './service';

/**
 * The customer's own request, locked, with a sent quote to answer (409 otherwise; 404 for another company's). Stored
 * `quoted` covers an expired quote too (expiry is read from the validity day): the customer may still say why, or
 * ask for a new one.
 */
async function lockAnswerable(tx: Tx, actor: Actor, id: string) {
  const r = await lockRequest(tx, id, customerCompanyId(actor.user));
  if (r.status !== 'quoted') throw conflict(REQUEST_MESSAGES.notAnswerable);
  return r;
}

export async function declineQuote(db: Db, actor: Actor, id: string, input: QuoteDeclineInput, deps: WriteDeps): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await lockAnswerable(tx, actor, id);
    await tx.update(requests).set({ status: 'declined', updated_at: new Date() }).where(eq(requests.id, r.id));
    await recordRequestEvent(tx, r, actor.user.id, 'quote_declined', { reason: input.reason, note: input.note || null });
    await recordAudit(tx, { action: 'request.quote_declined', actor: actor.user, target: r.number, details: { reason: input.reason }, ip: actor.ip });
    // The reason goes as its label, translated for each reader (a Turkish handler reads 'Çok pahalı'), the note as written.
    await tellAnswer(tx, deps, await requestFacts(tx, r.id), 'quote_declined', actor.user.full_name, input.note || undefined, QUOTE_DECLINE_REASON_LABELS[input.reason]);
  });
}

export async function requestRevision(db: Db, actor: Actor, id: string, note: string, deps: WriteDeps): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await lockAnswerable(tx, actor, id);
    // The sent quote becomes the handler's draft again (as when a handler withdraws it to change it).
    await tx.update(request_quotes).set({ sent_at: null }).where(eq(request_quotes.request_id, r.id));
    await tx.update(requests).set({ status: 'submitted', valid_until: null, updated_at: new Date() }).where(eq(requests.id, r.id));
    await recordRequestEvent(tx, r, actor.user.id, 'revision_requested', { note });
    await recordAudit(tx, { action: 'request.revision_requested', actor: actor.user, target: r.number, details: {}, ip: actor.ip });
    await tellAnswer(tx, deps, await requestFacts(tx, r.id), 'revision_requested', actor.user.full_name, note);
  });
}
