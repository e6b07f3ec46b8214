/**
 * Who hears of a new message (issue 15, decision record 0235), by their choices for 'message_received': a customer's
 * message goes to the handler (the direction's staff while there is none); a staff member's message to the company's
 * contacts and to the handler; an internal note to the handler only. Never to the author. Instant mails gather per
 * thread and person: the first message of a quiet thread goes out at once (after a short hold for its files), those
 * that follow within the window as one mail, listing each message as the reader may see it, with the files attached
 * (a file uploaded while the mail waits rewrites it). The link opens the page at the conversation (issue 37).
 */
import { announceWebhook } from '@server/features/webhooks/index';
import { sql } from 'drizzle-orm';
import type { Tx } from '@server/db/client';
import type { SessionUser } from '@server/http/context';
import { messagesMail, type MailMessage } from '@server/mail/templates';
import { rewriteMail, waitingGroupMails } from '@server/mail/outbox';
import { FIRST_MESSAGE_MAIL_HOLD_SECONDS, conversationPath, excerpt } from '@domain/messages/schema';
import { instantMail, notify, type NotifyDeps } from '@server/notifications/dispatch';
import { addressOf } from '@server/notifications/preferences';
import { companyMailAudience } from '@server/mail/audience';
import { directionStaff, emailOf, readerOf } from '@server/mail/audience';
import type { Subject } from './subject';
import { isCustomer, isStaff } from '@domain/access/permissions';

export type MessageMailDeps = NotifyDeps & { windowSeconds: number };

type Posted = { id: string; thread_id: string; body: string; internal: boolean };

/** Each address to tell, and whether it is staff's (their link goes to the staff page). */
async function recipients(tx: Tx, subject: Subject, author: SessionUser, internal: boolean): Promise<Map<string, boolean>> {
  const handler = subject.handler_id && subject.handler_id !== author.id ? await emailOf(tx, subject.handler_id) : [];
  const staff = isCustomer(author.role) ? (subject.handler_id ? await emailOf(tx, subject.handler_id) : await directionStaff(tx, subject.direction)) : handler;
  const customers = isCustomer(author.role) || internal ? [] : (await companyMailAudience(tx, subject.company_id)).emails;
  const out = new Map<string, boolean>([...customers.map((e) => [addressOf(e), false] as const), ...staff.map((e) => [addressOf(e), true] as const)]);
  out.delete(addressOf(author.email));
  return out;
}

/** The group's messages for one reader: since the group began, not their own, internal notes only for staff. */
async function groupMessages(tx: Tx, threadId: string, email: string, since: Date): Promise<MailMessage[]> {
  const r = await tx.execute<{ author_name: string; created_at: string | Date; body: string; internal: boolean; attachments: string[] }>(sql`
    with reader as (select id, role from users where lower(email) = ${email} limit 1)
    select m.author_name, m.created_at, m.body, m.internal,
      coalesce(array_agg(ma.original_name order by ma.original_name) filter (where ma.document_name is not null), '{}') as attachments
    from messages m
    left join message_attachments ma on ma.message_id = m.id
    where m.thread_id = ${threadId} and m.created_at >= ${since.toISOString()}
      and m.author_id is distinct from (select id from reader)
      and (not m.internal or coalesce((select role from reader), 'customer') <> 'customer')
    group by m.id
    order by m.created_at, m.id`);
  return r.rows.map((m) => ({ ...m, created_at: new Date(m.created_at) }));
}

const groupKey = (threadId: string, email: string) => `thread:${threadId}:${email}`;
const conversationUrl = (deps: NotifyDeps, subject: Subject, staff: boolean) => `${deps.publicUrl.replace(/\/$/, '')}${conversationPath(subject.kind, subject.id, staff)}`;

/**
 * A file was attached to a message of the thread (issue 37): each of the thread's mails still waiting (not yet tried)
 * is written again, so it names the file. A mail already sent is left as it went; the page shows the file.
 */
export async function retellThread(tx: Tx, deps: NotifyDeps, subject: Subject, threadId: string): Promise<void> {
  const prefix = groupKey(threadId, '');
  for (const row of await waitingGroupMails(tx, prefix)) {
    const email = row.group_key.slice(prefix.length);
    const list = await groupMessages(tx, threadId, email, row.created_at);
    if (list.length === 0) continue;
    const staff = (await tx.execute(sql`select 1 from users where lower(email) = ${email} and role <> 'customer' limit 1`)).rows.length > 0;
    const tr = await readerOf(tx, email);
    await rewriteMail(tx, row.id, instantMail(tr, deps, 'message_received', email, messagesMail(tr, email, subject, list, conversationUrl(deps, subject, staff))));
  }
}

export async function tellMessage(tx: Tx, deps: MessageMailDeps, subject: Subject, author: SessionUser, m: Posted): Promise<void> {
  await announceWebhook(tx, {
    event: 'message_received', key: `message:${m.id}`, subject: { kind: subject.kind, id: subject.id, company_id: subject.company_id },
    message: { id: m.id, author_name: author.full_name, from_staff: isStaff(author.role), body: m.body, internal: m.internal, created_at: new Date() },
  });
  const to = await recipients(tx, subject, author, m.internal);
  if (to.size === 0) return;
  const urlFor = (staff: boolean) => conversationUrl(deps, subject, staff);
  const single: MailMessage = { author_name: author.full_name, created_at: new Date(), body: m.body, internal: m.internal, attachments: [] };
  await notify(
    tx,
    deps,
    'message_received',
    [...to].map(([email, staff]) => ({
      to: email,
      key: `message:${m.id}:${email}`,
      mail: (tr) => messagesMail(tr, email, subject, [single], urlFor(staff)),
      line: { title: '{subject}', detail: '{author}: {excerpt}', values: { subject: subject.label, author: author.full_name, excerpt: excerpt(m.body, 80) }, url: urlFor(staff) },
      shipmentId: subject.kind === 'shipment' ? subject.id : null,
      group: {
        key: groupKey(m.thread_id, email),
        delaySeconds: deps.windowSeconds,
        firstDelaySeconds: Math.min(FIRST_MESSAGE_MAIL_HOLD_SECONDS, deps.windowSeconds),
        render: async (since, tr) => {
          const list = await groupMessages(tx, m.thread_id, email, since);
          return messagesMail(tr, email, subject, list.length > 0 ? list : [single], urlFor(staff));
        },
      },
    })),
  );
}
