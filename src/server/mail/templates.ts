import { escapeHtml } from '@domain/common/html';
import { routeLabel, statusLabel as statusLabelOf } from '@domain/shipments/index';
import type { Mail } from './outbox';

function layout(title: string, body: string): string {
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<h2 style="color:#1c4e80;margin:0 0 16px">${escapeHtml(title)}</h2>
${body}
<p style="color:#6b7280;font-size:12px;margin-top:32px">This is an automated message from Cargodesk. Please do not reply.</p>
</body></html>`;
}

function button(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#1c7ed6;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>
<p style="font-size:12px;color:#6b7280">Or open this link: ${escapeHtml(url)}</p>`;
}

export function confirmAccountMail(to: string, name: string, url: string): Mail {
  return {
    to,
    subject: 'Confirm your Cargodesk account',
    html: layout(
      'Confirm your account',
      `<p>Hello ${escapeHtml(name)},</p><p>Please confirm your email address to finish your Cargodesk registration.</p>${button(url, 'Confirm my account')}`,
    ),
    text: `Hello ${name},\n\nConfirm your Cargodesk account: ${url}\n`,
  };
}

export function resetPasswordMail(to: string, name: string, url: string): Mail {
  return {
    to,
    subject: 'Reset your Cargodesk password',
    html: layout(
      'Reset your password',
      `<p>Hello ${escapeHtml(name)},</p><p>We received a request to reset your password. The link is valid for one hour.</p>${button(url, 'Set a new password')}<p>If you did not ask for this, you can ignore this mail.</p>`,
    ),
    text: `Hello ${name},\n\nSet a new Cargodesk password: ${url}\n`,
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

/** '2026-03-01 09:30 UTC', or 'Not set'. */
export function mailDateTime(value: Date | string | null): string {
  if (!value) return 'Not set';
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? 'Not set' : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function shipmentRows(s: ShipmentMailFacts, statusText: string): string {
  const rows: [string, string][] = [
    ['Reference', s.reference_number],
    ['Company', s.company_name],
    ['Type', s.type.toUpperCase()],
    ['Status', statusText],
    ['Route', routeLabel(s)],
    ['Cargo', s.cargo_description],
    ['Estimated Departure', mailDateTime(s.estimated_departure)],
    ['Estimated Arrival', mailDateTime(s.estimated_arrival)],
  ];
  return `<table style="border-collapse:collapse;width:100%">${rows
    .map(
      ([k, v]) =>
        `<tr><td style="padding:6px 8px;color:#6b7280;border-bottom:1px solid #e5e7eb;white-space:nowrap">${escapeHtml(k)}</td><td style="padding:6px 8px;border-bottom:1px solid #e5e7eb">${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>`;
}

/** To each contact of the company when a shipment is created: subject 'New Shipment Created - {reference_number}'. */
export function shipmentCreatedMail(to: string, s: ShipmentMailFacts, statusText: string, url: string): Mail {
  return {
    to,
    subject: `New Shipment Created - ${s.reference_number}`,
    html: layout(
      'New Shipment Created',
      `<p>A new shipment has been created for ${escapeHtml(s.company_name)}.</p>${shipmentRows(s, statusText)}${button(url, 'View shipment')}`,
    ),
    text: `New shipment ${s.reference_number} (${s.type.toUpperCase()}) for ${s.company_name}: ${statusText}.\n${url}\nThis is an automated message from Cargodesk.\n`,
  };
}

/** To the company's primary contact when a shipment's status changes. */
export function shipmentStatusMail(to: string, s: ShipmentMailFacts, fromText: string, statusText: string, url: string): Mail {
  return {
    to,
    subject: `Shipment ${s.reference_number} status updated: ${statusText}`,
    html: layout(
      'Shipment Status Updated',
      `<p>The status of shipment ${escapeHtml(s.reference_number)} changed from <strong>${escapeHtml(fromText)}</strong> to <strong>${escapeHtml(statusText)}</strong>.</p>${shipmentRows(s, statusText)}${button(url, 'View shipment')}`,
    ),
    text: `Shipment ${s.reference_number}: ${fromText} -> ${statusText}.\n${url}\nThis is an automated message from Cargodesk.\n`,
  };
}

/** To the company's contacts when a shipment's estimated departure or arrival changes (issue 17). */
export function shipmentDatesMail(to: string, s: ShipmentMailFacts, old: { estimated_departure: Date | string | null; estimated_arrival: Date | string | null }, url: string): Mail {
  const line = (label: string, from: Date | string | null, next: Date | string | null) =>
    mailDateTime(from) === mailDateTime(next) ? '' : `<li>${escapeHtml(label)}: ${escapeHtml(mailDateTime(from))} → <strong>${escapeHtml(mailDateTime(next))}</strong></li>`;
  return {
    to,
    subject: `Shipment ${s.reference_number}: new estimated dates`,
    html: layout(
      'Estimated Dates Changed',
      `<p>The estimated dates of shipment ${escapeHtml(s.reference_number)} changed:</p><ul>${line('Estimated Departure', old.estimated_departure, s.estimated_departure)}${line('Estimated Arrival', old.estimated_arrival, s.estimated_arrival)}</ul>${shipmentRows(s, statusLabelOf(s.status))}${button(url, 'View shipment')}`,
    ),
    text: `Shipment ${s.reference_number}: estimated departure ${mailDateTime(s.estimated_departure)}, estimated arrival ${mailDateTime(s.estimated_arrival)}.\n${url}\nThis is an automated message from Cargodesk.\n`,
  };
}

/** To the company's contacts when a document is added to a shipment (issue 17). */
export function documentAddedMail(to: string, s: ShipmentMailFacts, documentName: string, url: string): Mail {
  return {
    to,
    subject: `Shipment ${s.reference_number}: document added`,
    html: layout(
      'Document Added',
      `<p>The document <strong>${escapeHtml(documentName)}</strong> was added to shipment ${escapeHtml(s.reference_number)}. Open the shipment to view or download it.</p>${button(url, 'View shipment')}`,
    ),
    text: `Document ${documentName} added to shipment ${s.reference_number}.\n${url}\nThis is an automated message from Cargodesk.\n`,
  };
}

/**
 * To the staff member who was made handler (issue 21), by someone else: one mail per assignment, listing every
 * shipment of it (a bulk assignment is one mail). `urlOf` gives each shipment's staff page.
 */
export function handlerAssignedMail(to: string, name: string, assignedBy: string, shipmentsAssigned: ShipmentMailFacts[], urlOf: (id: string) => string, listUrl: string): Mail {
  const one = shipmentsAssigned.length === 1 ? shipmentsAssigned[0] : undefined;
  const subject = one ? `Shipment ${one.reference_number} assigned to you` : `${shipmentsAssigned.length} shipments assigned to you`;
  const intro = `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(assignedBy)} made you the handler of ${one ? `shipment ${escapeHtml(one.reference_number)}` : `${shipmentsAssigned.length} shipments`}.</p>`;
  const body = one
    ? `${shipmentRows(one, statusLabelOf(one.status))}${button(urlOf(one.id), 'View shipment')}`
    : `<ul>${shipmentsAssigned
        .map((s) => `<li><a href="${escapeHtml(urlOf(s.id))}">${escapeHtml(s.reference_number)}</a>: ${escapeHtml(s.company_name)}, ${escapeHtml(routeLabel(s))}</li>`)
        .join('')}</ul>${button(listUrl, 'View my shipments')}`;
  const lines = shipmentsAssigned.map((s) => `${s.reference_number} ${urlOf(s.id)}`).join('\n');
  return { to, subject, html: layout('Shipments Assigned to You', intro + body), text: `${assignedBy} made you the handler of:\n${lines}\nThis is an automated message from Cargodesk.\n` };
}

/** What a request's mails show (issue 15). */
export type RequestMailFacts = { number: string; company_name: string; mode: string; route: string; cargo_ready_date: string; cargo_description: string };

/** One shape for every request mail: a heading, a sentence, the request's facts, more lines and a button to its page. */
export function requestMail(to: string, heading: string, lead: string, r: RequestMailFacts, url: string, more: string[] = []): Mail {
  const rows = [
    ['Request', r.number],
    ['Company', r.company_name],
    ['Mode', r.mode],
    ['Route', r.route],
    ['Cargo ready', r.cargo_ready_date],
    ['Cargo', r.cargo_description],
  ]
    .map(([k, v]) => `<tr><td style="color:#6b7280;padding:2px 12px 2px 0">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`)
    .join('');
  const extra = more.map((line) => `<p style="white-space:pre-wrap">${escapeHtml(line)}</p>`).join('');
  return {
    to,
    subject: `${heading}: ${r.number}`,
    html: layout(heading, `<p>${escapeHtml(lead)}</p><table style="border-collapse:collapse">${rows}</table>${extra}${button(url, 'Open the request')}`),
    text: `${lead}\n${r.number}, ${r.company_name}, ${r.route}\n${more.join('\n')}\n${url}\nThis is an automated message from Cargodesk.\n`,
  };
}

/** One message of a conversation mail. */
export type MailMessage = { author_name: string; created_at: Date | string; body: string; internal: boolean; attachments: string[] };

/**
 * New messages on a shipment's or request's thread (issue 15, decision 0235): every message of the group (those within
 * the mail window), oldest first, with its text as written (line breaks kept) and a link to the page.
 */
export function messagesMail(to: string, subject: { label: string; company_name: string }, list: MailMessage[], url: string): Mail {
  const heading = list.length === 1 ? `New message on ${subject.label}` : `${list.length} new messages on ${subject.label}`;
  const block = (m: MailMessage) => {
    const note = m.internal ? ' · internal note (staff only)' : '';
    const files = m.attachments.length > 0 ? `<p style="color:#6b7280;margin:4px 0 0">Attached: ${escapeHtml(m.attachments.join(', '))}</p>` : '';
    return `<table style="border-collapse:collapse;margin:12px 0;width:100%"><tr><td style="border-left:3px solid ${m.internal ? '#b45309' : '#1d4ed8'};padding:4px 12px"><p style="color:#6b7280;margin:0 0 4px">${escapeHtml(m.author_name)} · ${escapeHtml(mailDateTime(m.created_at))}${note}</p><p style="white-space:pre-wrap;margin:0">${escapeHtml(m.body)}</p>${files}</td></tr></table>`;
  };
  const textOf = (m: MailMessage) =>
    `${m.author_name}, ${mailDateTime(m.created_at)}${m.internal ? ' (internal note)' : ''}:\n${m.body}${m.attachments.length > 0 ? `\nAttached: ${m.attachments.join(', ')}` : ''}\n`;
  return {
    to,
    subject: `${heading} (${subject.company_name})`,
    html: layout(heading, `${list.map(block).join('')}${button(url, 'Open the conversation')}`),
    text: `${heading}\n\n${list.map(textOf).join('\n')}\n${url}\nThis is an automated message from Cargodesk.\n`,
  };
}

// Notification choices (issue 17, decision 0231): the footer of a mail a person can stop, and the daily digest.

/** Adds the footer links (stop these mails, all choices) and the RFC 8058 one-click headers to an instant mail. */
export function withUnsubscribe(mail: Mail, what: string, urls: { page: string; oneClick: string }, settingsUrl: string): Mail {
  const footer = `<p style="color:#6b7280;font-size:12px">You get this mail for: ${escapeHtml(what)}. <a href="${escapeHtml(urls.page)}">Unsubscribe from these mails</a> · <a href="${escapeHtml(settingsUrl)}">Notification settings</a></p>`;
  return {
    ...mail,
    html: mail.html.replace('</body></html>', () => `${footer}\n</body></html>`), // a function: no $ patterns in the text
    text: `${mail.text ?? ''}\nUnsubscribe from these mails: ${urls.page}\nNotification settings: ${settingsUrl}\n`,
    headers: { ...mail.headers, 'List-Unsubscribe': `<${urls.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export type DigestLine = { title: string; detail: string; url: string };

/** The daily digest: the day's lines grouped by event, and for staff the exceptions of their shipments. */
export function digestMail(
  to: string,
  day: string,
  groups: { label: string; lines: DigestLine[] }[],
  exceptions: { label: string; count: number; url: string }[],
): Mail {
  const total = groups.reduce((n, g) => n + g.lines.length, 0);
  const late = exceptions.filter((e) => e.count > 0);
  const sections = groups
    .filter((g) => g.lines.length > 0)
    .map(
      (g) =>
        `<h3 style="margin:20px 0 8px;font-size:15px">${escapeHtml(g.label)}</h3><ul style="padding-left:18px;margin:0">${g.lines
          .map((l) => `<li style="margin:4px 0"><a href="${escapeHtml(l.url)}">${escapeHtml(l.title)}</a>: ${escapeHtml(l.detail)}</li>`)
          .join('')}</ul>`,
    )
    .join('');
  const exceptionList = late.length
    ? `<h3 style="margin:20px 0 8px;font-size:15px">Needs attention</h3><ul style="padding-left:18px;margin:0">${late
        .map((e) => `<li style="margin:4px 0"><a href="${escapeHtml(e.url)}">${escapeHtml(e.label)}</a>: ${e.count.toLocaleString('en-US')}</li>`)
        .join('')}</ul>`
    : '';
  const parts = [total ? `${total} ${total === 1 ? 'update' : 'updates'}` : '', late.length ? `${late.reduce((n, e) => n + e.count, 0).toLocaleString('en-US')} exceptions` : '']
    .filter(Boolean)
    .join(', ');
  // The unsubscribe and settings links are added by withUnsubscribe, as on every other mail.
  const footer = `<p style="color:#6b7280;font-size:12px">You get this digest once a day at the hour you chose.</p>`;
  const text = [
    ...groups.flatMap((g) => (g.lines.length ? [g.label, ...g.lines.map((l) => `- ${l.title}: ${l.detail} ${l.url}`), ''] : [])),
    ...(late.length ? ['Needs attention', ...late.map((e) => `- ${e.label}: ${e.count} ${e.url}`), ''] : []),
    'You get this digest once a day at the hour you chose.',
  ].join('\n');
  return { to, subject: `Your Cargodesk digest for ${day}: ${parts}`, html: layout(`Your daily digest, ${day}`, `${sections}${exceptionList}${footer}`), text };
}

/** To a shipment's handler (issue 16): a customer uploaded a document for a checklist item; it waits for review. */
export function checklistReceivedMail(to: string, reference: string, item: string, fileName: string, by: string, company: string, url: string): Mail {
  return {
    to,
    subject: `Shipment ${reference}: ${item} received`,
    html: layout(
      'Checklist Document Received',
      `<p>${escapeHtml(by)} of ${escapeHtml(company)} uploaded <strong>${escapeHtml(fileName)}</strong> for <strong>${escapeHtml(item)}</strong> on shipment ${escapeHtml(reference)}. Open the shipment to approve or reject it.</p>${button(url, 'Review on the shipment')}`,
    ),
    text: `${by} of ${company} uploaded ${fileName} for ${item} on shipment ${reference}. Approve or reject it on the shipment:\n${url}\nThis is an automated message from Cargodesk.\n`,
  };
}

/** To a company's contacts (issue 17's "checklist item due"): the documents they provide for a shipment that are due soon. */
export function checklistDueMail(to: string, reference: string, items: { name: string; due_on: string }[], url: string): Mail {
  const list = items.map((i) => `<li><strong>${escapeHtml(i.name)}</strong>: due ${escapeHtml(i.due_on)}</li>`).join('');
  return {
    to,
    subject: `Shipment ${reference}: ${items.length === 1 ? `${items[0]!.name} is due` : `${items.length} documents are due`}`,
    html: layout('Documents Due', `<p>We need these documents for shipment ${escapeHtml(reference)}:</p><ul>${list}</ul><p>Upload them on the shipment's page.</p>${button(url, 'Upload on the shipment')}`),
    text: `We need these documents for shipment ${reference}:\n${items.map((i) => `- ${i.name}: due ${i.due_on}`).join('\n')}\nUpload them on the shipment's page: ${url}\nThis is an automated message from Cargodesk.\n`,
  };
}

/** To a company's contacts (issue 16): staff rejected a document they provided for a checklist item; it is needed again. */
export function checklistRejectedMail(to: string, reference: string, item: string, fileName: string | null, reason: string, url: string): Mail {
  const file = fileName ? ` (${fileName})` : '';
  return {
    to,
    subject: `Shipment ${reference}: ${item} rejected`,
    html: layout(
      'Document Rejected',
      `<p>We could not accept <strong>${escapeHtml(item)}</strong>${escapeHtml(file)} for shipment ${escapeHtml(reference)}.</p><p>Reason: ${escapeHtml(reason)}</p><p>Please upload a corrected document on the shipment's page.</p>${button(url, 'Upload on the shipment')}`,
    ),
    text: `We could not accept ${item}${file} for shipment ${reference}.\nReason: ${reason}\nPlease upload a corrected document: ${url}\nThis is an automated message from Cargodesk.\n`,
  };
}

/** To a webhook's owner (issue 18): deliveries failed for a day without a break, so the webhook is paused. */
export function webhookPausedMail(to: string, name: string, url: string, failingSince: Date, settingsUrl: string): Mail {
  const since = mailDateTime(failingSince);
  return {
    to,
    subject: 'Your Cargodesk webhook is paused',
    html: layout(
      'Webhook paused',
      `<p>Hello ${escapeHtml(name)},</p><p>Every delivery to <strong>${escapeHtml(url)}</strong> has failed since ${escapeHtml(since)}, so we paused this webhook. Events are not sent to it while it is paused.</p><p>Check the delivery log for the errors, fix the receiver, then resume the webhook.</p>${button(settingsUrl, 'Open webhooks')}`,
    ),
    text: `Hello ${name},\n\nEvery delivery to ${url} has failed since ${since}, so we paused this webhook. Fix the receiver, then resume it:\n${settingsUrl}\n`,
  };
}

/** The facts an overdue invoice's reminder tells (issue 38): amounts as decimal strings in the invoice's currency. */
export type OverdueInvoiceFacts = { number: string; company_name: string; currency: string; issue_date: string; due_date: string; payable: string; open: string; days_overdue: number };

/** To a company's contacts (issue 38): an invoice is past its due date with something open (1st, 7th, 30th day). */
export function invoiceOverdueMail(to: string, i: OverdueInvoiceFacts, url: string): Mail {
  const days = `${i.days_overdue} ${i.days_overdue === 1 ? 'day' : 'days'}`;
  const rows: [string, string][] = [
    ['Invoice', i.number],
    ['Company', i.company_name],
    ['Issued', i.issue_date],
    ['Due', i.due_date],
    ['Invoice total', `${i.payable} ${i.currency}`],
    ['Open amount', `${i.open} ${i.currency}`],
  ];
  const table = `<table style="border-collapse:collapse;width:100%">${rows
    .map(([k, v]) => `<tr><td style="padding:6px 8px;color:#6b7280;border-bottom:1px solid #e5e7eb;white-space:nowrap">${escapeHtml(k)}</td><td style="padding:6px 8px;border-bottom:1px solid #e5e7eb">${escapeHtml(v)}</td></tr>`)
    .join('')}</table>`;
  return {
    to,
    subject: `Invoice ${i.number} is ${days} overdue`,
    html: layout(
      'Invoice Overdue',
      `<p>Invoice <strong>${escapeHtml(i.number)}</strong> was due on ${escapeHtml(i.due_date)} and ${escapeHtml(i.open)} ${escapeHtml(i.currency)} is still open.</p>${table}<p>If you have already paid, thank you: please ignore this reminder. Your statement shows every invoice and payment.</p>${button(url, 'Open the statement')}`,
    ),
    text: `Invoice ${i.number} was due on ${i.due_date} and ${i.open} ${i.currency} is still open (invoice total ${i.payable} ${i.currency}, issued ${i.issue_date}).\nIf you have already paid, thank you: please ignore this reminder. Your statement: ${url}\nThis is an automated message from Cargodesk.\n`,
  };
}
