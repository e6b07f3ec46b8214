/**
 * Staff's side of a request (issue 15, decision record 0233): take or assign it, save a quote as a draft, send it,
 * or decline the request with a reason; and the expiry warning two days before a sent quote's validity ends.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { charge_codes, charge_lines, request_quotes, requests, users } from '@server/db/schema';
import { REQUEST_MESSAGES, utcDay, type RequestMode } from '@domain/requests/schema';
import { QUOTE_MESSAGES, quoteFitProblem, quotedMode, validateQuote, type QuoteInput } from '@domain/requests/quote-schema';
import { customerTotals } from '@domain/requests/quote-lines';
import { lineAmount } from '@domain/billing/lines';
import type { Actor } from '@server/http/context';
import { conflict, forbidden, invalid } from '@server/http/errors';
import { recordAudit } from '@server/audit/audit-log';
import type { WriteDeps } from '@server/features/shipments/index';
import { requestFacts, tellDeclined, tellQuoteExpiring, tellQuoteSent, totalsLine } from './mails';
import { lockRequest, recordRequestEvent } from './service';
import { can } from '@domain/access/permissions';

const OPEN = new Set(['submitted', 'quoted']);

/**
 * Makes `handlerId` the request's handler (null: nobody). Admins choose anyone of the staff who handle its direction;
 * an export or import handler takes requests of their direction for themselves only.
 */
export async function assignRequestHandler(db: Db, actor: Actor, id: string, handlerId: string | null): Promise<void> {
  const user = actor.user;
  await db.transaction(async (tx) => {
    const r = await lockRequest(tx, id, null);
    if (!can(user.role, 'requests:any_direction') && (handlerId !== user.id || r.direction !== user.role)) throw forbidden(REQUEST_MESSAGES.handlerRole);
    let name: string | null = null;
    if (handlerId) {
      const [h] = await tx.select({ name: users.name, role: users.role }).from(users).where(eq(users.id, handlerId));
      if (!h || (!can(h.role, 'requests:any_direction') && h.role !== r.direction)) throw invalid(REQUEST_MESSAGES.handlerNotStaff, { handler_id: REQUEST_MESSAGES.handlerNotStaff });
      name = h.name;
    }
    if (r.handler_id === handlerId) return;
    await tx.update(requests).set({ handler_id: handlerId, updated_at: new Date() }).where(eq(requests.id, r.id));
    await recordRequestEvent(tx, r, user.id, 'assigned', { handler: name });
    await recordAudit(tx, { action: 'request.handler_assigned', actor: user, target: r.number, details: { handler_id: handlerId, handler: name }, ip: actor.ip });
  });
}

/** Every charge code a line names must be in the list (an unknown one answers 400 on its line). */
async function assertKnownCodes(tx: Tx, lines: QuoteInput['lines']): Promise<void> {
  const codes = [...new Set(lines.flatMap((l) => (l.code ? [l.code] : [])))];
  if (codes.length === 0) return;
  const known = new Set((await tx.select({ code: charge_codes.code }).from(charge_codes).where(inArray(charge_codes.code, codes))).map((c) => c.code));
  const i = lines.findIndex((l) => l.code && !known.has(l.code));
  if (i >= 0) {
    const message = QUOTE_MESSAGES.unknownCode(lines[i]!.code!);
    throw invalid(message, { [`lines.${i}.code`]: message });
  }
}

/** The quote's lines as charge lines of the request, in the order given (amount = quantity x unit price, rounded). */
export function quoteLineRows(requestId: string, lines: QuoteInput['lines'], userId: string) {
  return lines.map((l, position) => ({
    request_id: requestId,
    position,
    side: l.side,
    category: l.category,
    code: l.code ?? null,
    description: l.description,
    quantity: l.quantity,
    unit: l.unit,
    unit_price: l.unit_price,
    amount: lineAmount(l.quantity, l.unit_price, l.currency),
    currency: l.currency,
    vat_category: l.vat_category ?? null,
    vat_rate: l.vat_category ? (l.vat_rate ?? '0') : null,
    exemption_reason: l.vat_category ? l.exemption_reason : null,
    created_by: userId,
  }));
}

/**
 * Saves the quote as a draft (lines replaced in order). A quote saved after it was sent goes back to being a draft:
 * the customer no longer sees it until it is sent again. The one who saves it handles the request when nobody does.
 */
export async function saveQuote(db: Db, actor: Actor, id: string, q: QuoteInput): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await lockRequest(tx, id, null);
    if (!OPEN.has(r.status)) throw conflict(REQUEST_MESSAGES.notQuotable);
    const mode = r.mode as RequestMode;
    const issue = validateQuote(q, mode) ?? fitProblem(r, q, mode);
    if (issue) throw invalid(issue.message, { [issue.field]: issue.message });
    await assertKnownCodes(tx, q.lines);
    const now = new Date();
    const head = {
      mode: quotedMode(q, mode),
      transport_mode: quotedMode(q, mode) === 'partial' ? q.transport_mode : null,
      valid_until: q.valid_until,
      transit_days: q.transit_days,
      terms: q.terms,
      customer_note: q.customer_note,
      sent_at: null,
      sent_by: null,
      expiry_warned_at: null,
      updated_at: now,
      updated_by: actor.user.id,
    };
    await tx.insert(request_quotes).values({ request_id: r.id, company_id: r.company_id, ...head }).onConflictDoUpdate({ target: request_quotes.request_id, set: head });
    await tx.delete(charge_lines).where(eq(charge_lines.request_id, r.id));
    await tx.insert(charge_lines).values(quoteLineRows(r.id, q.lines, actor.user.id));
    await tx
      .update(requests)
      .set({ status: 'submitted', valid_until: null, handler_id: r.handler_id ?? actor.user.id, updated_at: now })
      .where(eq(requests.id, r.id));
    await recordRequestEvent(tx, r, actor.user.id, 'quote_saved', { withdrawn: r.status === 'quoted' }, true);
  });
}

function fitProblem(r: typeof requests.$inferSelect, q: QuoteInput, mode: RequestMode) {
  const type = quotedMode(q, mode);
  const transport = type === 'partial' ? q.transport_mode : type;
  return quoteFitProblem(r, transport ?? null);
}

/** Sends the saved draft: the request is quoted until its validity day, and the requester is told. */
export async function sendQuote(db: Db, actor: Actor, id: string, deps: WriteDeps): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await lockRequest(tx, id, null);
    if (!OPEN.has(r.status)) throw conflict(REQUEST_MESSAGES.notQuotable);
    const [q] = await tx.select().from(request_quotes).where(eq(request_quotes.request_id, r.id));
    if (!q) throw conflict(QUOTE_MESSAGES.noDraft);
    if (q.sent_at) throw conflict(QUOTE_MESSAGES.notDraft);
    const lines = await tx.select({ side: charge_lines.side, amount: charge_lines.amount, currency: charge_lines.currency }).from(charge_lines).where(eq(charge_lines.request_id, r.id));
    // The draft may have been saved days ago: its validity day is checked again now.
    if (!q.valid_until || q.valid_until < utcDay()) throw invalid(QUOTE_MESSAGES.validUntilPast, { valid_until: QUOTE_MESSAGES.validUntilPast });
    const now = new Date();
    await tx.update(request_quotes).set({ sent_at: now, sent_by: actor.user.id }).where(eq(request_quotes.request_id, r.id));
    await tx.update(requests).set({ status: 'quoted', valid_until: q.valid_until, updated_at: now }).where(eq(requests.id, r.id));
    const totals = customerTotals(lines);
    await recordRequestEvent(tx, r, actor.user.id, 'quote_sent', { totals: totalsLine(totals), valid_until: q.valid_until });
    await tellQuoteSent(tx, deps, await requestFacts(tx, r.id), now, q.valid_until, totals, q.customer_note);
  });
}

/** Declines an open request with a reason the customer reads. */
export async function declineRequest(db: Db, actor: Actor, id: string, reason: string, deps: WriteDeps): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await lockRequest(tx, id, null);
    if (!OPEN.has(r.status)) throw conflict(REQUEST_MESSAGES.notDeclinable);
    await tx.update(requests).set({ status: 'declined', decline_reason: reason, updated_at: new Date() }).where(eq(requests.id, r.id));
    await recordRequestEvent(tx, r, actor.user.id, 'declined', { reason });
    await tellDeclined(tx, deps, await requestFacts(tx, r.id), reason);
  });
}

export const EXPIRY_WARNING_DAYS = 2;

/**
 * Tells the requester of each sent quote whose validity ends within two days, once (any instance may run it: the
 * quotes are claimed with SKIP LOCKED and marked in the same transaction). Returns how many were told.
 */
export async function warnExpiringQuotes(db: Db, deps: WriteDeps, now: Date = new Date()): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const last = new Date(now.getTime() + EXPIRY_WARNING_DAYS * 86_400_000).toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ request_id: request_quotes.request_id, valid_until: request_quotes.valid_until })
      .from(request_quotes)
      .innerJoin(requests, eq(requests.id, request_quotes.request_id))
      .where(and(
        sql`${request_quotes.sent_at} is not null and ${request_quotes.expiry_warned_at} is null`,
        sql`${request_quotes.valid_until} between ${today} and ${last}`,
        eq(requests.status, 'quoted'),
      ))
      .limit(200)
      .for('update', { of: request_quotes, skipLocked: true });
    for (const q of due) {
      await tx.update(request_quotes).set({ expiry_warned_at: now }).where(eq(request_quotes.request_id, q.request_id));
      await tellQuoteExpiring(tx, deps, await requestFacts(tx, q.request_id), q.valid_until!);
    }
    return due.length;
  });
}
