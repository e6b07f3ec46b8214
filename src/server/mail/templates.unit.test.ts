/**
 * Issue 8: HTML mail escapes every value it interpolates. Every template this module exports is called with
 * hostile text in every value a user can influence (names, company, reference, cargo, cities, countries, status
 * texts, and the link); the HTML must show it as text. A new template without a case here fails the inventory test.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '@domain/common/html';
import * as templates from './templates';
import { translatorFor } from '@server/i18n';

const en = translatorFor('en');
import type { Mail } from './outbox';
import type { ShipmentMailFacts } from './templates';

const PAYLOAD = '<img src=x onerror=alert(1)>';

function facts(text: string): ShipmentMailFacts {
  return {
    id: '7d3c1b5e-0000-4000-8000-000000000000',
    reference_number: `REF-${text}`,
    type: 'air',
    status: 'pending',
    company_name: text,
    cargo_description: `Cargo ${text}`,
    origin_city: text,
    origin_country: text,
    destination_city: `${text} city`,
    destination_country: text,
    estimated_departure: '2026-03-01T09:30:00.000Z',
    estimated_arrival: null,
  };
}

/** One call per exported template, with `text` in every value a user can influence. */
const CASES: Record<string, (text: string) => Mail> = {
  confirmAccountMail: (text) => templates.confirmAccountMail(en, 'a@example.com', text, `http://localhost:3000/api/auth/verify-email?token=${text}`),
  resetPasswordMail: (text) => templates.resetPasswordMail(en, 'a@example.com', text, `http://localhost:3000/reset?token=${text}`),
  shipmentCreatedMail: (text) => templates.shipmentCreatedMail(en, 'a@example.com', facts(text), text, `http://localhost:3000/shipments/${text}`),
  shipmentStatusMail: (text) => templates.shipmentStatusMail(en, 'a@example.com', facts(text), text, `${text} now`, `http://localhost:3000/shipments/${text}`),
  // One shipment (its detail rows) and several (a list of links): both shapes of the handler mail (issue 21).
  handlerAssignedMail: (text) => {
    const one = templates.handlerAssignedMail(en, 'a@example.com', text, `${text} admin`, [facts(text)], (id) => `http://localhost:3000/shipment/${id}?${text}`, `http://localhost:3000/my-shipments?${text}`);
    const many = templates.handlerAssignedMail(en, 'a@example.com', text, `${text} admin`, [facts(text), facts(`${text}2`)], (id) => `http://localhost:3000/shipment/${id}?${text}`, `http://localhost:3000/my-shipments?${text}`);
    return { ...one, html: `${one.html}${many.html}` };
  },
  // Issue 17: with the unsubscribe footer every instant notification carries (its event name, links and settings).
  shipmentDatesMail: (text) =>
    templates.withUnsubscribe(en, 
      templates.shipmentDatesMail(en, 'a@example.com', facts(text), { estimated_departure: null, estimated_arrival: '2026-02-20T08:00:00.000Z' }, `http://localhost:3000/all-shipments/${text}`),
      text,
      { page: `http://localhost:3000/unsubscribe?token=${text}`, oneClick: `http://localhost:3000/api/unsubscribe?token=${text}` },
      `http://localhost:3000/profile?${text}`,
    ),
  documentAddedMail: (text) => templates.documentAddedMail(en, 'a@example.com', facts(text), `${text}.pdf`, `http://localhost:3000/all-shipments/${text}`),
  requestMail: (text) =>
    templates.requestMail(en, 
      'a@example.com',
      `Quote ${text}`,
      `${text} sent a quote`,
      { number: `RQ-${text}`, company_name: text, mode: text, route: `${text} → ${text}`, cargo_ready_date: text, cargo_description: `Cargo ${text}` },
      `http://localhost:3000/requests/${text}`,
      [`Note: ${text}`],
    ),
  messagesMail: (text) =>
    templates.messagesMail(en, 
      'a@example.com',
      { label: `CD-${text}`, company_name: text },
      [
        { author_name: text, created_at: '2026-11-26T09:30:00Z', body: `Hello ${text}\nsecond line`, internal: false, attachments: [`${text}.pdf`] },
        { author_name: `Staff ${text}`, created_at: '2026-11-26T09:31:00Z', body: text, internal: true, attachments: [] },
      ],
      `http://localhost:3000/all-shipments/${text}#messages`,
    ),
  // Issue 16: the checklist's mails: a customer's upload to the handler; documents due to the company's contacts.
  checklistReceivedMail: (text) =>
    templates.checklistReceivedMail(en, 'a@example.com', `REF-${text}`, `Invoice ${text}`, `${text}.pdf`, text, `${text} Ltd`, `http://localhost:3000/shipment/${text}`),
  checklistDueMail: (text) =>
    templates.checklistDueMail(en, 'a@example.com', `REF-${text}`, [{ name: text, due_on: '2026-11-28' }, { name: `VGM ${text}`, due_on: text }], `http://localhost:3000/all-shipments/${text}`),
  checklistRejectedMail: (text) =>
    templates.checklistRejectedMail(en, 'a@example.com', `REF-${text}`, `Invoice ${text}`, `${text}.pdf`, `Reason ${text}`, `http://localhost:3000/all-shipments/${text}`),
  invoiceOverdueMail: (text) =>
    templates.invoiceOverdueMail(en, 
      'a@example.com',
      { number: `INV-${text}`, company_name: `${text} Ltd`, issue_date: '2026-01-01', due_date: text, payable: '1656.25', open: text, currency: 'EUR', days_overdue: 7 },
      `http://localhost:3000/billing/statement?${text}`,
    ),
  webhookPausedMail: (text) => templates.webhookPausedMail(en, 'a@example.com', text, `https://hooks.example.com/${text}`, new Date('2026-11-20T10:00:00Z'), `http://localhost:3000/webhooks?${text}`),
  digestMail: (text) =>
    templates.digestMail(en, 
      'a@example.com',
      '2026-03-01',
      [{ label: text, lines: [{ title: `REF-${text}`, detail: `${text} changed`, url: `http://localhost:3000/all-shipments/${text}` }] }],
      [{ label: text, count: 3, url: `http://localhost:3000/exceptions?${text}` }],
    ),
};

/** The HTML with the template's own markup removed: what is left is text, and must hold no '<' or '>'. */
function textOutsideTags(html: string): string {
  return html.replace(/<\/?(?:!doctype html|html|body|h2|h3|p|a|strong|table|tr|td|ul|li)(?:\s[^<>]*)?>/gi, '');
}

describe('mail templates', () => {
  it('every exported template has a case here', () => {
    const exported = Object.entries(templates)
      .filter(([name, value]) => typeof value === 'function' && name.endsWith('Mail'))
      .map(([name]) => name)
      .sort();
    expect(exported).toEqual(Object.keys(CASES).sort());
  });

  it.each(Object.keys(CASES))('%s shows a company named <img src=x onerror=alert(1)> as text', (name) => {
    const mail = CASES[name]!(PAYLOAD);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toMatch(/onerror=alert\(1\)>/);
    expect(mail.html).toContain(escapeHtml(PAYLOAD));
    expect(textOutsideTags(mail.html)).not.toMatch(/[<>]/);
  });

  it.each(Object.keys(CASES))('%s escapes any text in any value (property, 1,000 runs)', (name) => {
    const hostile = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('"><script>alert(1)</script>', "' onmouseover='alert(1)", '</td></tr></table><form action=//evil>', '&lt;already&gt;', '<!--', ']]>'),
    );
    fc.assert(
      fc.property(hostile, (text) => {
        const html = CASES[name]!(text).html;
        expect(textOutsideTags(html)).not.toMatch(/[<>]/);
        // Attribute values stay closed: every href is a whole quoted value without a raw quote inside.
        for (const m of html.matchAll(/<a href="([^"]*)"/g)) expect(m[1]).not.toMatch(/[<>']/);
        if (/[<>&"']/.test(text)) expect(html).toContain(escapeHtml(text));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("checklist mails in the reader's language (issue 42)", () => {
  const tr = translatorFor('tr', 'Europe/Istanbul');
  it("names a template's paper in Turkish and an office's own paper as written", () => {
    const due = templates.checklistDueMail(tr, 'a@example.com', 'CD-S2612-1096', [{ name: 'Packing List', due_on: '2026-12-05' }], 'http://localhost:3000/all-shipments/1');
    expect(due.subject).toContain('Çeki Listesi');
    expect(due.text).toContain('Çeki Listesi');
    expect(due.text).not.toContain('Packing List');
    const own = templates.checklistDueMail(tr, 'a@example.com', 'CD-S2612-1096', [{ name: 'Fumigation {certificate}', due_on: '2026-12-05' }], 'http://localhost:3000/all-shipments/1');
    expect(own.subject).toContain('Fumigation {certificate}');
    const rejected = templates.checklistRejectedMail(tr, 'a@example.com', 'CD-S2612-1096', 'Commercial Invoice', 'invoice.pdf', 'unsigned', 'http://localhost:3000/all-shipments/1');
    expect(rejected.subject).toContain('Ticari Fatura');
  });
});
