/**
 * Overdue invoice reminders (issue 38): a company's contacts hear, by their notification choices (event
 * 'invoice_overdue', instant mail by default), of each issued invoice past its due day with something open, on its
 * 1st, 7th and 30th day overdue (REMINDER_DAYS). Each reminder day is stored in invoice_reminders (migration 0037) in
 * the transaction that queues the mails; its key makes a second run, or a second instance, send nothing twice, and no
 * invoice is reminded twice on one calendar day. A run that missed days sends the latest reminder reached, once.
 */
import { sql } from 'drizzle-orm';
import { REMINDER_DAYS, reminderDue } from '@domain/billing/receivables';
import { moneyString } from '@domain/money/currencies';
import type { Db } from '@server/db/client';
import { companyMailAudience } from '@server/mail/audience';
import { msg } from '@domain/common/i18n';
import { invoiceOverdueMail } from '@server/mail/templates';
import { notify, type NotifyDeps } from '@server/notifications/dispatch';
import { openInvoices, today } from './receivables';

const BATCH = 200;

/** Where a customer reads what they owe (the reminder's link). */
export const statementLink = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}/billing/statement`;

type DueRow = { id: string; number: string; company_id: string; currency: string; issue_date: string; due_date: string; payable: string; open: string; days: number; sent: number[] };

/** The latest reminder day reached by `days` overdue, in SQL (REMINDER_DAYS, highest first). */
const latestReached = sql.raw(`CASE ${[...REMINDER_DAYS].reverse().map((d) => `WHEN o.days >= ${d} THEN ${d}`).join(' ')} END`);

/** Sends the reminders due on `now`'s UTC day; answers how many invoices were reminded. */
export async function remindOverdueInvoices(db: Db, deps: NotifyDeps, now: Date = new Date()): Promise<number> {
  const day = today(now);
  const due = await db.execute<DueRow>(sql`
    SELECT o.id, o.number, o.company_id, o.currency, o.issue_date::text AS issue_date, o.due_date::text AS due_date,
      o.payable::text AS payable, o.open::text AS open, o.days,
      coalesce((SELECT array_agg(r.overdue_day) FROM invoice_reminders r WHERE r.invoice_id = o.id), '{}') AS sent
    FROM (${openInvoices({ asOf: day, overdueOnly: true })}) o
    WHERE o.open > 0 AND o.days >= ${REMINDER_DAYS[0]}
      AND NOT EXISTS (SELECT 1 FROM invoice_reminders r WHERE r.invoice_id = o.id AND (r.overdue_day >= ${latestReached} OR r.sent_on = ${day}::date))
    ORDER BY o.due_date, o.id
    LIMIT ${BATCH}`);
  let reminded = 0;
  for (const row of due.rows) {
    const reminder = reminderDue(Number(row.days), (row.sent ?? []).map(Number));
    if (reminder === null) continue;
    const sent = await db.transaction(async (tx) => {
      // The claim: whoever stores the row sends; another run or instance finds it and sends nothing.
      const claimed = await tx.execute<{ invoice_id: string }>(sql`
        INSERT INTO invoice_reminders (invoice_id, overdue_day, sent_on) VALUES (${row.id}, ${reminder}, ${day}::date)
        ON CONFLICT DO NOTHING RETURNING invoice_id`);
      if (claimed.rows.length === 0) return false;
      const audience = await companyMailAudience(tx, row.company_id);
      const facts = {
        number: row.number, company_name: audience.company_name, currency: row.currency, issue_date: row.issue_date, due_date: row.due_date,
        payable: moneyString(row.payable, row.currency), open: moneyString(row.open, row.currency), days_overdue: Number(row.days),
      };
      const url = statementLink(deps.publicUrl);
      await notify(
        tx,
        deps,
        'invoice_overdue',
        audience.emails.map((to) => ({
          to,
          key: `invoice-overdue:${row.id}:${reminder}:${to}`,
          mail: (tr) => invoiceOverdueMail(tr, to, facts, url),
          line: {
            title: msg('Invoice {number}'),
            detail: msg('{open_money} open, {days, plural, one {# day} other {# days}} overdue'),
            values: { number: row.number, open_money: `${facts.open} ${row.currency}`, days: facts.days_overdue },
            url,
          },
          shipmentId: null,
        })),
      );
      await tx.execute(sql`UPDATE invoice_reminders SET recipients = ${audience.emails.length} WHERE invoice_id = ${row.id} AND overdue_day = ${reminder}`);
      return true;
    });
    if (sent) reminded++;
  }
  return reminded;
}
