import { escapeHtml } from '@domain/common/html';
import { checklistItemName } from '@domain/checklist/item-names';
import { upperCase } from '@domain/common/text';
import { routeLabel, statusLabel as statusLabelOf } from '@domain/shipments/index';
import type { Translator } from '@server/i18n';
import type { Mail } from './outbox';
import { lineText, type DigestLine } from './digest-line';
import { mailDateTime, mailDay } from './moments';

// Every mail is written in its reader's language (issue 42): the first argument of each is the reader's translator
// (`readerOf` in audience.ts: a customer's contact reads the company's language, staff their own). The English texts
// are the spec's, word for word; each is one ICU message so a translation can order the words as its language does.

function layout(tr: Translator, title: string, body: string): string {
  return `<!doctype html><html lang="${escapeHtml(tr.locale)}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<h2 style="color:#1c4e80;margin:0 0 16px">${escapeHtml(title)}</h2>
${body}
<p style="color:#6b7280;font-size:12px;margin-top:32px">${escapeHtml(tr.t('This is an automated message from Cargodesk. Please do not reply.'))}</p>
</body></html>`;
}

const automated = (tr: Translator) => tr.t('This is an automated message from Cargodesk.');

function button(tr: Translator, url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#1c7ed6;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(tr.t('Or open this link: {url}', { url }))}</p>`;
}

function factTable(rows: [string, string][]): string {
  return `<table style="border-collapse:collapse;width:100%">${rows
    .map(
      ([k, v]) =>
        `<tr><td style="padding:6px 8px;color:#6b7280;border-bottom:1px solid #e5e7eb;white-space:nowrap">${escapeHtml(k)}</td><td style="padding:6px 8px;border-bottom:1px solid #e5e7eb">${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>`;
}

export function confirmAccountMail(tr: Translator, to: string, name: string, url: string): Mail {
  return {
    to,
    subject: tr.t('Confirm your Cargodesk account'),
    html: layout(
      tr,
      tr.t('Confirm your account'),
      `<p>${escapeHtml(tr.t('Hello {name},', { name }))}</p><p>${escapeHtml(tr.t('Please confirm your email address to finish your Cargodesk registration.'))}</p>${button(tr, url, tr.t('Confirm my account'))}`,
    ),
    text: `${tr.t('Hello {name},', { name })}\n\n${tr.t('Confirm your Cargodesk account: {url}', { url })}\n`,
  };
}

export function resetPasswordMail(tr: Translator, to: string, name: string, url: string): Mail {
  return {
    to,
    subject: tr.t('Reset your Cargodesk password'),
    html: layout(
      tr,
      tr.t('Reset your password'),
      `<p>${escapeHtml(tr.t('Hello {name},', { name }))}</p><p>${escapeHtml(tr.t('We received a request to reset your password. The link is valid for one hour.'))}</p>${button(tr, url, tr.t('Set a new password'))}<p>${escapeHtml(tr.t('If you did not ask for this, you can ignore this mail.'))}</p>`,
    ),
    text: `${tr.t('Hello {name},', { name })}\n\n${tr.t('Set a new Cargodesk password: {url}', { url })}\n`,
  };
}

// Shipment notifications (spec section 7). Every interpolated value goes through escapeHtml.

export type ShipmentMailFacts = {
  id: string;
  reference_number: string;
  type: string;
  status: string;
  company_name: string;
  cargo_description: string;
  origin_city: string | null;
  origin_country: string | null;
  destination_city: string | null;
  destination_country: string | null;
  estimated_departure: Date | string | null;
  estimated_arrival: Date | string | null;
};

/** 'EXPORT' / 'IMPORT' in the reader's language and casing ('İHRACAT' in Turkish). */
function typeText(tr: Translator, type: string): string {
  const word = type === 'export' ? tr.t('Export') : type === 'import' ? tr.t('Import') : type;
  return upperCase(word, tr.locale);
}

function shipmentRows(tr: Translator, s: ShipmentMailFacts, statusText: string): string {
  return factTable([
    [tr.t('Reference'), s.reference_number],
    [tr.t('Company'), s.company_name],
    [tr.t('Type'), typeText(tr, s.type)],
    [tr.t('Status'), statusText],
    [tr.t('Route'), routeLabel(s, tr)],
    [tr.t('Cargo'), s.cargo_description],
    [tr.t('Estimated Departure'), mailDateTime(tr, s.estimated_departure)],
    [tr.t('Estimated Arrival'), mailDateTime(tr, s.estimated_arrival)],
  ]);
}

/** To each contact of the company when a shipment is created: subject 'New Shipment Created - {reference_number}'. */
export function shipmentCreatedMail(tr: Translator, to: string, s: ShipmentMailFacts, statusText: string, url: string): Mail {
  const status = tr.t(statusText);
  return {
    to,
    subject: tr.t('New Shipment Created - {reference}', { reference: s.reference_number }),
    html: layout(
      tr,
      tr.t('New Shipment Created'),
      `<p>${escapeHtml(tr.t('A new shipment has been created for {company}.', { company: s.company_name }))}</p>${shipmentRows(tr, s, status)}${button(tr, url, tr.t('View shipment'))}`,
    ),
    text: `${tr.t('New shipment {reference} ({type}) for {company}: {status}.', { reference: s.reference_number, type: typeText(tr, s.type), company: s.company_name, status })}\n${url}\n${automated(tr)}\n`,
  };
}

/** To the company's primary contact when a shipment's status changes. */
export function shipmentStatusMail(tr: Translator, to: string, s: ShipmentMailFacts, fromText: string, statusText: string, url: string): Mail {
  const from = tr.t(fromText);
  const status = tr.t(statusText);
  const values = { reference: s.reference_number, from, status };
  return {
    to,
    subject: tr.t('Shipment {reference} status updated: {status}', values),
    html: layout(
      tr,
      tr.t('Shipment Status Updated'),
      `<p>${tr.t('The status of shipment {reference} changed from <strong>{from}</strong> to <strong>{status}</strong>.', escaped(values))}</p>${shipmentRows(tr, s, status)}${button(tr, url, tr.t('View shipment'))}`,
    ),
    text: `${tr.t('Shipment {reference}: {from} -> {status}.', values)}\n${url}\n${automated(tr)}\n`,
  };
}

/** The values of a message whose English holds markup (<strong>): each escaped, the message itself ours. */
function escaped(values: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, escapeHtml(String(v))]));
}

/** To the company's contacts when a shipment's estimated departure or arrival changes (issue 17). */
export function shipmentDatesMail(tr: Translator, to: string, s: ShipmentMailFacts, old: { estimated_departure: Date | string | null; estimated_arrival: Date | string | null }, url: string): Mail {
  const line = (label: string, from: Date | string | null, next: Date | string | null) =>
    mailDateTime(tr, from) === mailDateTime(tr, next) ? '' : `<li>${escapeHtml(label)}: ${escapeHtml(mailDateTime(tr, from))} → <strong>${escapeHtml(mailDateTime(tr, next))}</strong></li>`;
  return {
    to,
    subject: tr.t('Shipment {reference}: new estimated dates', { reference: s.reference_number }),
    html: layout(
      tr,
      tr.t('Estimated Dates Changed'),
      `<p>${escapeHtml(tr.t('The estimated dates of shipment {reference} changed:', { reference: s.reference_number }))}</p><ul>${line(tr.t('Estimated Departure'), old.estimated_departure, s.estimated_departure)}${line(tr.t('Estimated Arrival'), old.estimated_arrival, s.estimated_arrival)}</ul>${shipmentRows(tr, s, tr.t(statusLabelOf(s.status)))}${button(tr, url, tr.t('View shipment'))}`,
    ),
    text: `${tr.t('Shipment {reference}: estimated departure {departure}, estimated arrival {arrival}.', { reference: s.reference_number, departure: mailDateTime(tr, s.estimated_departure), arrival: mailDateTime(tr, s.estimated_arrival) })}\n${url}\n${automated(tr)}\n`,
  };
}

/** To the company's contacts when a document is added to a shipment (issue 17). */
export function documentAddedMail(tr: Translator, to: string, s: ShipmentMailFacts, documentName: string, url: string): Mail {
  const values = { document: documentName, reference: s.reference_number };
  return {
    to,
    subject: tr.t('Shipment {reference}: document added', values),
    html: layout(
      tr,
      tr.t('Document Added'),
      `<p>${tr.t('The document <strong>{document}</strong> was added to shipment {reference}. Open the shipment to view or download it.', escaped(values))}</p>${button(tr, url, tr.t('View shipment'))}`,
    ),
    text: `${tr.t('Document {document} added to shipment {reference}.', values)}\n${url}\n${automated(tr)}\n`,
  };
}

/**
 * To the staff member who was made handler (issue 21), by someone else: one mail per assignment, listing every
 * shipment of it (a bulk assignment is one mail). `urlOf` gives each shipment's staff page.
 */
export function handlerAssignedMail(tr: Translator, to: string, name: string, assignedBy: string, shipmentsAssigned: ShipmentMailFacts[], urlOf: (id: string) => string, listUrl: string): Mail {
  const one = shipmentsAssigned.length === 1 ? shipmentsAssigned[0] : undefined;
  const count = shipmentsAssigned.length;
  const subject = one ? tr.t('Shipment {reference} assigned to you', { reference: one.reference_number }) : tr.t('{count} shipments assigned to you', { count });
  const made = one
    ? tr.t('{by} made you the handler of shipment {reference}.', { by: assignedBy, reference: one.reference_number })
    : tr.t('{by} made you the handler of {count} shipments.', { by: assignedBy, count });
  const intro = `<p>${escapeHtml(tr.t('Hello {name},', { name }))}</p><p>${escapeHtml(made)}</p>`;
  const body = one
    ? `${shipmentRows(tr, one, tr.t(statusLabelOf(one.status)))}${button(tr, urlOf(one.id), tr.t('View shipment'))}`
    : `<ul>${shipmentsAssigned
        .map((s) => `<li><a href="${escapeHtml(urlOf(s.id))}">${escapeHtml(s.reference_number)}</a>: ${escapeHtml(s.company_name)}, ${escapeHtml(routeLabel(s, tr))}</li>`)
        .join('')}</ul>${button(tr, listUrl, tr.t('View my shipments'))}`;
  const lines = shipmentsAssigned.map((s) => `${s.reference_number} ${urlOf(s.id)}`).join('\n');
  return { to, subject, html: layout(tr, tr.t('Shipments Assigned to You'), intro + body), text: `${tr.t('{by} made you the handler of:', { by: assignedBy })}\n${lines}\n${automated(tr)}\n` };
}

/** What a request's mails show (issue 15). */
export type RequestMailFacts = { number: string; company_name: string; mode: string; route: string; cargo_ready_date: string; cargo_description: string };

/**
 * One shape for every request mail: a heading, a sentence, the request's facts, more lines and a button to its page.
 * The heading, the sentence and the lines come in the reader's language (requests/mails.ts writes them with `tr`).
 */
export function requestMail(tr: Translator, to: string, heading: string, lead: string, r: RequestMailFacts, url: string, more: string[] = []): Mail {
  const rows = [
    [tr.t('Request'), r.number],
    [tr.t('Company'), r.company_name],
    [tr.t('Mode'), tr.t(r.mode)],
    [tr.t('Route'), r.route],
    [tr.t('Cargo ready'), r.cargo_ready_date],
    [tr.t('Cargo'), r.cargo_description],
  ]
    .map(([k, v]) => `<tr><td style="color:#6b7280;padding:2px 12px 2px 0">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`)
    .join('');
  const extra = more.map((line) => `<p style="white-space:pre-wrap">${escapeHtml(line)}</p>`).join('');
  return {
    to,
    subject: `${heading}: ${r.number}`,
    html: layout(tr, heading, `<p>${escapeHtml(lead)}</p><table style="border-collapse:collapse">${rows}</table>${extra}${button(tr, url, tr.t('Open the request'))}`),
    text: `${lead}\n${r.number}, ${r.company_name}, ${r.route}\n${more.join('\n')}\n${url}\n${automated(tr)}\n`,
  };
}

/** One message of a conversation mail. */
export type MailMessage = { author_name: string; created_at: Date | string; body: string; internal: boolean; attachments: string[] };

/**
 * New messages on a shipment's or request's thread (issue 15, decision 0235): every message of the group (those within
 * the mail window), oldest first, with its text as written (line breaks kept) and a link to the page.
 */
export function messagesMail(tr: Translator, to: string, subject: { label: string; company_name: string }, list: MailMessage[], url: string): Mail {
  const heading = tr.t('{count, plural, one {New message on {label}} other {# new messages on {label}}}', { count: list.length, label: subject.label });
  const block = (m: MailMessage) => {
    const note = m.internal ? ` · ${tr.t('internal note (staff only)')}` : '';
    const files = m.attachments.length > 0 ? `<p style="color:#6b7280;margin:4px 0 0">${escapeHtml(tr.t('Attached: {files}', { files: m.attachments.join(', ') }))}</p>` : '';
    return `<table style="border-collapse:collapse;margin:12px 0;width:100%"><tr><td style="border-left:3px solid ${m.internal ? '#b45309' : '#1d4ed8'};padding:4px 12px"><p style="color:#6b7280;margin:0 0 4px">${escapeHtml(m.author_name)} · ${escapeHtml(mailDateTime(tr, m.created_at))}${escapeHtml(note)}</p><p style="white-space:pre-wrap;margin:0">${escapeHtml(m.body)}</p>${files}</td></tr></table>`;
  };
  const textOf = (m: MailMessage) =>
    `${m.author_name}, ${mailDateTime(tr, m.created_at)}${m.internal ? ` (${tr.t('internal note')})` : ''}:\n${m.body}${m.attachments.length > 0 ? `\n${tr.t('Attached: {files}', { files: m.attachments.join(', ') })}` : ''}\n`;
  return {
    to,
    subject: `${heading} (${subject.company_name})`,
    html: layout(tr, heading, `${list.map(block).join('')}${button(tr, url, tr.t('Open the conversation'))}`),
    text: `${heading}\n\n${list.map(textOf).join('\n')}\n${url}\n${automated(tr)}\n`,
  };
}

// Notification choices (issue 17, decision 0231): the footer of a mail a person can stop, and the daily digest.

/** Adds the footer links (stop these mails, all choices) and the RFC 8058 one-click headers to an instant mail. */
export function withUnsubscribe(tr: Translator, mail: Mail, what: string, urls: { page: string; oneClick: string }, settingsUrl: string): Mail {
  const footer = `<p style="color:#6b7280;font-size:12px">${escapeHtml(tr.t('You get this mail for: {what}.', { what: tr.t(what) }))} <a href="${escapeHtml(urls.page)}">${escapeHtml(tr.t('Unsubscribe from these mails'))}</a> · <a href="${escapeHtml(settingsUrl)}">${escapeHtml(tr.t('Notification settings'))}</a></p>`;
  return {
    ...mail,
    html: mail.html.replace('</body></html>', () => `${footer}\n</body></html>`), // a function: no $ patterns in the text
    text: `${mail.text ?? ''}\n${tr.t('Unsubscribe from these mails')}: ${urls.page}\n${tr.t('Notification settings')}: ${settingsUrl}\n`,
    headers: { ...mail.headers, 'List-Unsubscribe': `<${urls.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The daily digest: the day's lines grouped by event, and for staff the exceptions of their shipments. */
export function digestMail(
  tr: Translator,
  to: string,
  day: string,
  groups: { label: string; lines: DigestLine[] }[],
  exceptions: { label: string; count: number; url: string }[],
): Mail {
  // Each line in the reader's language (issue 42): written from its messages and values, an older one as stored.
  const shown = groups.map((g) => ({ label: g.label, lines: g.lines.map((l) => ({ ...lineText(tr, l), url: l.url })) }));
  const total = groups.reduce((n, g) => n + g.lines.length, 0);
  const late = exceptions.filter((e) => e.count > 0);
  const sections = shown
    .filter((g) => g.lines.length > 0)
    .map(
      (g) =>
        `<h3 style="margin:20px 0 8px;font-size:15px">${escapeHtml(tr.t(g.label))}</h3><ul style="padding-left:18px;margin:0">${g.lines
          .map((l) => `<li style="margin:4px 0"><a href="${escapeHtml(l.url)}">${escapeHtml(l.title)}</a>: ${escapeHtml(l.detail)}</li>`)
          .join('')}</ul>`,
    )
    .join('');
  const attention = tr.t('Needs attention');
  const exceptionList = late.length
    ? `<h3 style="margin:20px 0 8px;font-size:15px">${escapeHtml(attention)}</h3><ul style="padding-left:18px;margin:0">${late
        .map((e) => `<li style="margin:4px 0"><a href="${escapeHtml(e.url)}">${escapeHtml(tr.t(e.label))}</a>: ${tr.formats.number(e.count)}</li>`)
        .join('')}</ul>`
    : '';
  const exceptionCount = late.reduce((n, e) => n + e.count, 0);
  const parts = [
    total ? tr.t('{count, plural, one {# update} other {# updates}}', { count: total }) : '',
    late.length ? tr.t('{count} exceptions', { count: tr.formats.number(exceptionCount) }) : '',
  ]
    .filter(Boolean)
    .join(', ');
  // The unsubscribe and settings links are added by withUnsubscribe, as on every other mail.
  const onceADay = tr.t('You get this digest once a day at the hour you chose.');
  const footer = `<p style="color:#6b7280;font-size:12px">${escapeHtml(onceADay)}</p>`;
  const text = [
    ...shown.flatMap((g) => (g.lines.length ? [tr.t(g.label), ...g.lines.map((l) => `- ${l.title}: ${l.detail} ${l.url}`), ''] : [])),
    ...(late.length ? [attention, ...late.map((e) => `- ${tr.t(e.label)}: ${e.count} ${e.url}`), ''] : []),
    onceADay,
  ].join('\n');
  return {
    to,
    subject: tr.t('Your Cargodesk digest for {day}: {parts}', { day, parts }),
    html: layout(tr, tr.t('Your daily digest, {day}', { day }), `${sections}${exceptionList}${footer}`),
    text,
  };
}

/** To a shipment's handler (issue 16): a customer uploaded a document for a checklist item; it waits for review. */
export function checklistReceivedMail(tr: Translator, to: string, reference: string, item: string, fileName: string, by: string, company: string, url: string): Mail {
  const values = { by, company, file: fileName, item: checklistItemName(item, (m) => tr.t(m)), reference };
  return {
    to,
    subject: tr.t('Shipment {reference}: {item} received', values),
    html: layout(
      tr,
      tr.t('Checklist Document Received'),
      `<p>${tr.t('{by} of {company} uploaded <strong>{file}</strong> for <strong>{item}</strong> on shipment {reference}. Open the shipment to approve or reject it.', escaped(values))}</p>${button(tr, url, tr.t('Review on the shipment'))}`,
    ),
    text: `${tr.t('{by} of {company} uploaded {file} for {item} on shipment {reference}. Approve or reject it on the shipment:', values)}\n${url}\n${automated(tr)}\n`,
  };
}

/** To a company's contacts (issue 17's "checklist item due"): the documents they provide for a shipment that are due soon. */
export function checklistDueMail(tr: Translator, to: string, reference: string, items: { name: string; due_on: string }[], url: string): Mail {
  const due = (i: { name: string; due_on: string }) => tr.t('{item}: due {day}', { item: checklistItemName(i.name, (m) => tr.t(m)), day: mailDay(tr, i.due_on) });
  const list = items.map((i) => `<li>${escapeHtml(due(i))}</li>`).join('');
  const need = tr.t('We need these documents for shipment {reference}:', { reference });
  return {
    to,
    subject:
      items.length === 1
        ? tr.t('Shipment {reference}: {item} is due', { reference, item: checklistItemName(items[0]!.name, (m) => tr.t(m)) })
        : tr.t('Shipment {reference}: {count} documents are due', { reference, count: items.length }),
    html: layout(tr, tr.t('Documents Due'), `<p>${escapeHtml(need)}</p><ul>${list}</ul><p>${escapeHtml(tr.t("Upload them on the shipment's page."))}</p>${button(tr, url, tr.t('Upload on the shipment'))}`),
    text: `${need}\n${items.map((i) => `- ${due(i)}`).join('\n')}\n${tr.t("Upload them on the shipment's page: {url}", { url })}\n${automated(tr)}\n`,
  };
}

/** To a company's contacts (issue 16): staff rejected a document they provided for a checklist item; it is needed again. */
export function checklistRejectedMail(tr: Translator, to: string, reference: string, item: string, fileName: string | null, reason: string, url: string): Mail {
  const values = { item: checklistItemName(item, (m) => tr.t(m)), file: fileName ? ` (${fileName})` : '', reference };
  return {
    to,
    subject: tr.t('Shipment {reference}: {item} rejected', values),
    html: layout(
      tr,
      tr.t('Document Rejected'),
      `<p>${tr.t('We could not accept <strong>{item}</strong>{file} for shipment {reference}.', escaped(values))}</p><p>${escapeHtml(tr.t('Reason: {reason}', { reason }))}</p><p>${escapeHtml(tr.t("Please upload a corrected document on the shipment's page."))}</p>${button(tr, url, tr.t('Upload on the shipment'))}`,
    ),
    text: `${tr.t('We could not accept {item}{file} for shipment {reference}.', values)}\n${tr.t('Reason: {reason}', { reason })}\n${tr.t('Please upload a corrected document: {url}', { url })}\n${automated(tr)}\n`,
  };
}

/** To a webhook's owner (issue 18): deliveries failed for a day without a break, so the webhook is paused. */
export function webhookPausedMail(tr: Translator, to: string, name: string, url: string, failingSince: Date, settingsUrl: string): Mail {
  const since = mailDateTime(tr, failingSince);
  return {
    to,
    subject: tr.t('Your Cargodesk webhook is paused'),
    html: layout(
      tr,
      tr.t('Webhook paused'),
      `<p>${escapeHtml(tr.t('Hello {name},', { name }))}</p><p>${tr.t('Every delivery to <strong>{url}</strong> has failed since {since}, so we paused this webhook. Events are not sent to it while it is paused.', escaped({ url, since }))}</p><p>${escapeHtml(tr.t('Check the delivery log for the errors, fix the receiver, then resume the webhook.'))}</p>${button(tr, settingsUrl, tr.t('Open webhooks'))}`,
    ),
    text: `${tr.t('Hello {name},', { name })}\n\n${tr.t('Every delivery to {url} has failed since {since}, so we paused this webhook. Fix the receiver, then resume it:', { url, since })}\n${settingsUrl}\n`,
  };
}

/** The facts an overdue invoice's reminder tells (issue 38): amounts as decimal strings in the invoice's currency. */
export type OverdueInvoiceFacts = { number: string; company_name: string; currency: string; issue_date: string; due_date: string; payable: string; open: string; days_overdue: number };

/** To a company's contacts (issue 38): an invoice is past its due date with something open (1st, 7th, 30th day). */
export function invoiceOverdueMail(tr: Translator, to: string, i: OverdueInvoiceFacts, url: string): Mail {
  const english = tr.locale === 'en';
  const money = (amount: string) => (english ? `${amount} ${i.currency}` : tr.formats.money(amount, i.currency));
  const day = (value: string) => (english ? value : tr.formats.day(value));
  const values = { number: i.number, due: day(i.due_date), open: money(i.open), payable: money(i.payable), issued: day(i.issue_date) };
  const table = factTable([
    [tr.t('Invoice'), i.number],
    [tr.t('Company'), i.company_name],
    [tr.t('Issued'), values.issued],
    [tr.t('Due'), values.due],
    [tr.t('Invoice total'), values.payable],
    [tr.t('Open amount'), values.open],
  ]);
  const paid = tr.t('If you have already paid, thank you: please ignore this reminder. Your statement shows every invoice and payment.');
  return {
    to,
    subject: tr.t('{days, plural, one {Invoice {number} is # day overdue} other {Invoice {number} is # days overdue}}', { days: i.days_overdue, number: i.number }),
    html: layout(
      tr,
      tr.t('Invoice Overdue'),
      `<p>${tr.t('Invoice <strong>{number}</strong> was due on {due} and {open} is still open.', escaped(values))}</p>${table}<p>${escapeHtml(paid)}</p>${button(tr, url, tr.t('Open the statement'))}`,
    ),
    text: `${tr.t('Invoice {number} was due on {due} and {open} is still open (invoice total {payable}, issued {issued}).', values)}\n${tr.t('If you have already paid, thank you: please ignore this reminder. Your statement: {url}', { url })}\n${automated(tr)}\n`,
  };
}
