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
import type { LineValues, NotificationEvent } from '@domain/notifications/schema';
import { requestMail, type RequestMailFacts } from '@server/mail/templates';
import type { Translator } from '@server/i18n/index';
import { msg } from '@domain/common/i18n';
import { formatAmount } from '@domain/requests/quote-lines';
import { notify, type NotifyDeps } from '@server/notifications/dispatch';
import { directionStaff, emailOf } from '@server/mail/audience';

export const requestLink = (publicUrl: string, id: string) => `${publicUrl.replace(/\/$/, '')}/requests/${id}`;

/** A quote's total per currency, as the customer pays it (exact decimal strings). */
export type Totals = { total: string; currency: string }[];
/** The totals in English, for the request's history: `1,250.00 USD + 80.00 EUR` (a digest line writes them per reader). */
export const totalsLine = (totals: Totals) => totals.map((x) => formatAmount(x.total, x.currency)).join(' + ');
/** The totals as the reader writes money (a Turkish reader: `₺1.234,50`). */
const totalsIn = (tr: Translator, totals: Totals) => totals.map((x) => tr.formats.money(x.total, x.currency)).join(' + ');

export type RequestFacts = RequestMailFacts & { id: string; mode_code: string; direction: 'export' | 'import'; handler_id: string | null; requested_by: string | null };

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
    mode_code: x.mode,
    route: `${end('origin')} → ${end('destination')}`,
    cargo_ready_date: x.cargo_ready_date,
    cargo_description: x.cargo_description,
    direction: x.direction,
    handler_id: x.handler_id,
    requested_by: x.requested_by,
  };
}

/**
 * What a mail tells: its heading (marked with `msg`), its lead and further lines written in the recipient's language
 * by its translator (issue 42: a Turkish customer's quote mail is Turkish, its money and days as Turkish writes them),
 * and the digest line's detail: an English message (marked with `msg`) and its values, written in the reader's
 * language by the digest (the request's number is `{number}`).
 */
type Telling = {
  event: NotificationEvent; key: string; heading: string; lead: (tr: Translator) => string; more?: (tr: Translator) => string[]; detail: string; values?: LineValues;
};

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
      mail: (tr) => requestMail(tr, email, tr.t(t.heading), t.lead(tr), f, url, t.more?.(tr)),
      line: { title: '{number}', detail: t.detail, values: { number: f.number, ...t.values }, url },
      shipmentId: null,
    })),
  );
}

export async function tellNewRequest(tx: Tx, deps: NotifyDeps, f: RequestFacts, by: string): Promise<void> {
  await tell(tx, deps, await directionStaff(tx, f.direction), f, {
    event: 'request_received',
    key: `request-new:${f.id}`,
    heading: msg('New request for a quote'),
    lead: (tr) => tr.t('{by} of {company} asks for a quote.', { by, company: f.company_name }),
    detail: msg('new {mode, select, air {air} sea {sea} land {land} partial {partial} best_offer {best offer} other {{mode}}} request from {company}, {route}'),
    values: { mode: f.mode_code, company: f.company_name, route: f.route },
  });
}

/** A sent quote, to the person who asked; `totals` the customer's total per currency (exact decimals). */
export async function tellQuoteSent(tx: Tx, deps: NotifyDeps, f: RequestFacts, sentAt: Date, validUntil: string, totals: Totals, note: string | null): Promise<void> {
  await announceWebhook(tx, { event: 'quote_sent', key: `quote-sent:${f.id}:${sentAt.getTime()}`, requestId: f.id, detail: { valid_until: validUntil, sent_at: sentAt } });
  await tell(tx, deps, await emailOf(tx, f.requested_by), f, {
    event: 'quote_sent',
    key: `quote-sent:${f.id}:${sentAt.getTime()}`,
    heading: msg('Your quote is ready'),
    lead: (tr) => tr.t('We quoted your request {number}: {totals}, valid until {day}.', { number: f.number, totals: totalsIn(tr, totals), day: tr.formats.day(validUntil) }),
    more: () => (note ? [note] : []),
    detail: msg('quote {totals_money}, valid until {valid_day}'),
    values: { totals_money: totals.map((x) => formatAmount(x.total, x.currency)), valid_day: validUntil },
  });
}

export async function tellQuoteExpiring(tx: Tx, deps: NotifyDeps, f: RequestFacts, validUntil: string): Promise<void> {
  await tell(tx, deps, await emailOf(tx, f.requested_by), f, {
    event: 'quote_sent',
    key: `quote-expiring:${f.id}:${validUntil}`,
    heading: msg('Your quote expires soon'),
    lead: (tr) => tr.t('The quote for {number} is valid until {day}. Accept it before then to book the shipment.', { number: f.number, day: tr.formats.day(validUntil) }),
    detail: msg('quote valid until {valid_day}'),
    values: { valid_day: validUntil },
  });
}

export async function tellDeclined(tx: Tx, deps: NotifyDeps, f: RequestFacts, reason: string): Promise<void> {
  await tell(tx, deps, await emailOf(tx, f.requested_by), f, {
    event: 'quote_sent',
    key: `request-declined:${f.id}`,
    heading: msg('We cannot quote your request'),
    lead: (tr) => tr.t('We are sorry: we cannot quote {number}.', { number: f.number }),
    more: (tr) => [tr.t('Reason: {reason}', { reason })],
    detail: msg('declined: {reason}'),
    values: { reason },
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
  /** A declined quote's reason, as its English label (translated for each reader); `extra` is then the note. */
  reasonLabel?: string,
): Promise<void> {
  const to = f.handler_id ? await emailOf(tx, f.handler_id) : await directionStaff(tx, f.direction);
  const who = { by, company: f.company_name, extra };
  const reason = (tr: Translator) => ({ ...who, reason: tr.t(reasonLabel ?? '') });
  const texts: Record<typeof answer, Pick<Telling, 'heading' | 'lead' | 'detail'>> = {
    accepted: {
      heading: msg('Quote accepted'),
      lead: (tr) => tr.t('{by} of {company} accepted the quote; shipment {extra} is waiting for approval.', who),
      detail: msg('accepted, shipment {extra}'),
    },
    cancelled: { heading: msg('Request cancelled'), lead: (tr) => tr.t('{by} of {company} cancelled the request.', who), detail: msg('cancelled by the customer') },
    quote_declined: {
      heading: msg('Quote declined'),
      lead: (tr) => (extra ? tr.t('{by} of {company} declined the quote: {reason} — {extra}.', reason(tr)) : tr.t('{by} of {company} declined the quote: {reason}.', reason(tr))),
      detail: extra ? msg('quote declined: {reason_label} — {extra}') : msg('quote declined: {reason_label}'),
    },
    revision_requested: { heading: msg('Revision asked for'), lead: (tr) => tr.t('{by} of {company} asks for a revised quote: {extra}', who), detail: msg('revision asked for: {extra}') },
  };
  // A request is accepted, cancelled or declined once; a revision may be asked for again after the next quote.
  const key = answer === 'revision_requested' ? `request-${answer}:${f.id}:${Date.now()}` : `request-${answer}:${f.id}`;
  await tell(tx, deps, to, f, { event: 'request_answered', key, ...texts[answer], values: { extra: extra ?? '', ...(reasonLabel ? { reason_label: reasonLabel } : {}) } });
}
