/**
 * Reading conversations (issue 15, decision record 0235): a subject's thread, the threads a person follows, and the
 * sidebar's unread count. A customer's reads run under row-level security (withCustomerScope) and filter internal
 * notes in the SQL as well; staff read internal notes too.
 *
 * Whose threads: a customer's are their company's threads with a message they may read; a staff member's are the
 * threads of what they handle and those they have read or written in. A thread is unread when its last message the
 * reader may read is newer than their last reading (writing a message reads the thread up to it).
 */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withCustomerScope } from '../../db/customer-scope';
import { files, message_attachments, messages, thread_reads } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { customerCompanyId } from '../../policy';
import { THREAD_PAGE_SIZE, THREADS_PAGE_SIZE, excerpt, type Attachment, type Message, type SubjectKind, type Thread, type ThreadList } from '../../../domain/messages';
import { subjectFor, threadIdOf } from './subject';

type MessageRow = Pick<typeof messages.$inferSelect, 'id' | 'author_id' | 'author_name' | 'author_is_staff' | 'body' | 'internal' | 'created_at'>;

export const toMessage = (m: MessageRow, attachments: Attachment[], readerId: string): Message => ({
  id: m.id,
  author_name: m.author_name,
  author_is_staff: m.author_is_staff,
  mine: m.author_id === readerId,
  body: m.body,
  internal: m.internal,
  created_at: m.created_at.toISOString(),
  attachments,
});

/** The newest THREAD_PAGE_SIZE messages (before `before`, when given), returned oldest first. */
export async function getThread(db: Db, user: SessionUser, kind: SubjectKind, id: string, before?: string): Promise<Thread> {
  const customer = user.role === 'customer';
  return withCustomerScope(db, user, async (d) => {
    await subjectFor(d, user, kind, id);
    const threadId = await threadIdOf(d, kind, id);
    if (!threadId) return { thread_id: null, read_at: null, messages: [], has_more: false };
    const rows = await d
      .select({
        id: messages.id, author_id: messages.author_id, author_name: messages.author_name, author_is_staff: messages.author_is_staff,
        body: messages.body, internal: messages.internal, created_at: messages.created_at,
      })
      .from(messages)
      .where(and(eq(messages.thread_id, threadId), customer ? eq(messages.internal, false) : undefined, before ? lt(messages.created_at, new Date(before)) : undefined))
      .orderBy(desc(messages.created_at), desc(messages.id))
      .limit(THREAD_PAGE_SIZE + 1);
    const page = rows.slice(0, THREAD_PAGE_SIZE).reverse();
    const files = await attachmentsOf(d, page.map((m) => m.id), customer);
    const [read] = await d.select({ read_at: thread_reads.read_at }).from(thread_reads).where(and(eq(thread_reads.user_id, user.id), eq(thread_reads.thread_id, threadId)));
    return {
      thread_id: threadId,
      read_at: read ? read.read_at.toISOString() : null,
      messages: page.map((m) => toMessage(m, files.get(m.id) ?? [], user.id)),
      has_more: rows.length > THREAD_PAGE_SIZE,
    };
  });
}

/** Each message's attachments, by message id (a customer: never an internal note's). */
async function attachmentsOf(d: Db, ids: string[], customer: boolean): Promise<Map<string, Attachment[]>> {
  const out = new Map<string, Attachment[]>();
  if (ids.length === 0) return out;
  const rows = await d
    .select({ message_id: message_attachments.message_id, name: files.name, original_name: files.original_name, size: files.size, content_type: files.content_type })
    .from(message_attachments)
    .innerJoin(files, eq(files.name, message_attachments.document_name))
    .where(and(inArray(message_attachments.message_id, ids), customer ? eq(message_attachments.internal, false) : undefined))
    .orderBy(message_attachments.created_at, files.original_name);
  for (const { message_id, size, ...a } of rows) out.set(message_id, [...(out.get(message_id) ?? []), { ...a, size: Number(size) }]);
  return out;
}

/** The part of a query that picks the reader's threads and says which are unread. */
function readerScope(user: SessionUser) {
  if (user.role === 'customer') {
    return {
      where: sql`t.company_id = ${customerCompanyId(user)} and t.last_public_at is not null`,
      lastAt: sql`t.last_public_at`,
      visible: sql`not m.internal`,
    };
  }
  return { where: sql`(t.handler_id = ${user.id} or r.user_id is not null)`, lastAt: sql`t.last_message_at`, visible: sql`true` };
}

/** The threads the reader follows, latest first (at most THREADS_PAGE_SIZE), and how many of them are unread. */
export async function listThreads(db: Db, user: SessionUser, unreadOnly: boolean): Promise<ThreadList> {
  const s = readerScope(user);
  return withCustomerScope(db, user, async (d) => {
    const r = await d.execute<{
      id: string; kind: SubjectKind; subject_id: string; label: string; company_name: string; last_at: string | Date;
      last_author: string; last_body: string; last_internal: boolean; unread: boolean;
    }>(sql`
      select t.id, case when t.shipment_id is not null then 'shipment' else 'request' end as kind,
        coalesce(t.shipment_id, t.request_id) as subject_id, coalesce(s.reference_number, q.number) as label,
        c.name as company_name, ${s.lastAt} as last_at, lm.author_name as last_author, lm.body as last_body,
        lm.internal as last_internal, ${s.lastAt} > coalesce(r.read_at, '-infinity') as unread
      from threads t
      join companies c on c.id = t.company_id
      left join shipments s on s.id = t.shipment_id
      left join requests q on q.id = t.request_id
      left join thread_reads r on r.thread_id = t.id and r.user_id = ${user.id}
      cross join lateral (
        select m.author_name, m.body, m.internal from messages m
        where m.thread_id = t.id and ${s.visible} order by m.created_at desc, m.id desc limit 1) lm
      where ${s.where} ${unreadOnly ? sql`and ${s.lastAt} > coalesce(r.read_at, '-infinity')` : sql``}
      order by ${s.lastAt} desc, t.id desc
      limit ${THREADS_PAGE_SIZE}`);
    return {
      items: r.rows.map((x) => ({
        id: x.id, kind: x.kind, subject_id: x.subject_id, label: x.label, company_name: x.company_name,
        last_at: new Date(x.last_at).toISOString(), last_author: x.last_author, last_excerpt: excerpt(x.last_body),
        last_internal: x.last_internal, unread: x.unread,
      })),
      unread: await countUnread(d, user),
    };
  });
}

export async function unreadThreads(db: Db, user: SessionUser): Promise<number> {
  return withCustomerScope(db, user, (d) => countUnread(d, user));
}

/** The sidebar's number. Staff: the threads they handle plus those they read, each branch on its own index. */
async function countUnread(d: Db, user: SessionUser): Promise<number> {
  const r =
    user.role === 'customer'
      ? await d.execute<{ n: number }>(sql`
          select count(*)::int as n from threads t
          left join thread_reads r on r.thread_id = t.id and r.user_id = ${user.id}
          where t.company_id = ${customerCompanyId(user)} and t.last_public_at > coalesce(r.read_at, '-infinity')`)
      : await d.execute<{ n: number }>(sql`
          select count(*)::int as n from (
            select t.id from threads t
            left join thread_reads r on r.thread_id = t.id and r.user_id = ${user.id}
            where t.handler_id = ${user.id} and t.last_message_at > coalesce(r.read_at, '-infinity')
            union
            select t.id from thread_reads r join threads t on t.id = r.thread_id
            where r.user_id = ${user.id} and t.last_message_at > r.read_at) x`);
  return Number(r.rows[0]?.n ?? 0);
}
