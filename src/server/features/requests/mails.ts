/**
 * Who hears of a request's changes (issue 15), by their notification choices (server/notifications): a new request
 * goes to the staff of its direction (admins when there are none), a sent or expiring quote to the person who asked,
 * an acceptance or cancellation to the request's handler (the direction's staff while it has none).
 */
import { announceWebhook } from '@server/features/webhooks/index';
import { eq } from 'drizzle-orm';
import type { Tx } from '@server/db/client';
import { companies, requests } from '@server/db/schema';
import { REQUEST_MODE_LABELS, requestEndLabel, type RequestMode } from '@domain/requests/schema';
import type { NotificationEvent } from '@domain/notifications/schema';
import { requestMail, type RequestMailFacts } from '@server/mail/templates';
import { notify, type NotifyDeps } from '@server/notifications/dispatch';
import { directionStaff, emailOf } from '@server/mail/audience';

export const requestLink = (publicUrl: string, id: string) => `${publicUrl.replace(/\/$/, '')}/requests/${id}`;

export type RequestFacts = RequestMailFacts & { id: string; direction: 'export' | 'import'; handler_id: string | null; requested_by: string | null };

export async function requestFacts(tx: Tx, id: string): Promise<RequestFacts> {
  const [r] = await tx
    .select({ r: requests, company_name: companies.name })
    .from(requests)
    .innerJoin(companies, eq(companies.id, requests.company_id))
    .where(eq(requests.id, id));
  const x = r!.r;
  const end = (e: 'origin' | 'destination') =>
    requestEndLabel({ airport: x[`${e}_airport`], port: x[`${e}_port`], city: x[`${e}_city`], country: x[`${e}_country`] });
  return {
    id,
    number: x.number,
    company_name: r!.company_name,
    mode: REQUEST_MODE_LABELS[x.mode as RequestMode] ?? x.mode,
    route: `${end('origin')} → ${end('destination')}`,
    cargo_ready_date: x.cargo_ready_date,
    cargo_description: x.cargo_description,
    direction: x.direction,
    handler_id: x.handler_id,
    requested_by: x.requested_by,
  };
}

type Telling = { event: NotificationEvent; key: string; heading: string; lead: string; more?: string[]; detail: string };

async function tell(tx: Tx, deps: NotifyDeps, to: string[], f: RequestFacts, t: Telling): Promise<void> {
  if (to.length === 0) return;
  const url = requestLink(deps.publicUrl, f.id);
  await notify(
    tx,
    deps,
    t.event,
    to.map((email) => ({
      to: email,
      key: `${t.key}:${email}`,
      mail: (tr) => requestMail(tr, email, tr.t(t.heading), tr.t(t.lead), f, url, t.more?.map((line) => tr.t(line))),
      line: { title: f.number, detail: t.detail, url },
      shipmentId: null,
    })),
  );
}

export async function tellNewRequest(tx: Tx, deps: NotifyDeps, f: RequestFacts, by: string): Promise<void> {
  await tell(tx, deps, await directionStaff(tx, f.direction), f, {
    event: 'request_received',
    key: `request-new:${f.id}`,
    heading: 'New request for a quote',
    lead: `${by} of ${f.company_name} asks for a quote.`,
    detail: `new ${f.mode.toLowerCase()} request from ${f.company_name}, ${f.route}`,
  });
}

export async function tellQuoteSent(tx: Tx, deps: NotifyDeps, f: RequestFacts, sentAt: Date, validUntil: string, totals: string, note: string | null): Promise<void> {
  await announceWebhook(tx, { event: 'quote_sent', key: `quote-sent:${f.id}:${sentAt.getTime()}`, requestId: f.id, detail: { valid_until: validUntil, sent_at: sentAt } });
  await tell(tx, deps, await emailOf(tx, f.requested_by), f, {
    event: 'quote_sent',
    key: `quote-sent:${f.id}:${sentAt.getTime()}`,
    heading: 'Your quote is ready',
    lead: `We quoted your request ${f.number}: ${totals}, valid until ${validUntil}.`,
    more: note ? [note] : [],
    detail: `quote ${totals}, valid until ${validUntil}`,
  });
}

export async function tellQuoteExpiring(tx: Tx, deps: NotifyDeps, f: RequestFacts, validUntil: string): Promise<void> {
  await tell(tx, deps, await emailOf(tx, f.requested_by), f, {
    event: 'quote_sent',
    key: `quote-expiring:${f.id}:${validUntil}`,
    heading: 'Your quote expires soon',
    lead: `The quote for ${f.number} is valid until ${validUntil}. Accept it before then to book the shipment.`,
    detail: `quote valid until ${validUntil}`,
  });
}

export async function tellDeclined(tx: Tx, deps: NotifyDeps, f: RequestFacts, reason: string): Promise<void> {
  await tell(tx, deps, await emailOf(tx, f.requested_by), f, {
    event: 'quote_sent',
    key: `request-declined:${f.id}`,
    heading: 'We cannot quote your request',
    lead: `We are sorry: we cannot quote ${f.number}.`,
    more: [`Reason: ${reason}`],
    detail: `declined: ${reason}`,
  });
}

/** A customer's answer to a quote, or a cancellation, to the handler (the direction's staff while nobody handles it). */
export async function tellAnswer(
  tx: Tx,
  deps: NotifyDeps,
  f: RequestFacts,
  answer: 'accepted' | 'cancelled' | 'quote_declined' | 'revision_requested',
  by: string,
  extra?: string,
): Promise<void> {
  const to = f.handler_id ? await emailOf(tx, f.handler_id) : await directionStaff(tx, f.direction);
  const texts = {
    accepted: { heading: 'Quote accepted', lead: `${by} of ${f.company_name} accepted the quote; shipment ${extra} is waiting for approval.`, detail: `accepted, shipment ${extra}` },
    cancelled: { heading: 'Request cancelled', lead: `${by} of ${f.company_name} cancelled the request.`, detail: 'cancelled by the customer' },
    quote_declined: { heading: 'Quote declined', lead: `${by} of ${f.company_name} declined the quote: ${extra}.`, detail: `quote declined: ${extra}` },
    revision_requested: { heading: 'Revision asked for', lead: `${by} of ${f.company_name} asks for a revised quote: ${extra}`, detail: `revision asked for: ${extra}` },
  }[answer];
  // A request is accepted, cancelled or declined once; a revision may be asked for again after the next quote.
  const key = answer === 'revision_requested' ? `request-${answer}:${f.id}:${Date.now()}` : `request-${answer}:${f.id}`;
  await tell(tx, deps, to, f, { event: 'request_answered', key, ...texts });
}
