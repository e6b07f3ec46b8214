/**
 * Reading conversations (issue 15, decision record 0235): a subject's thread, the threads a person follows, and the
 * sidebar's unread count. A customer's reads run under row-level security (withCustomerScope) and filter internal
 * notes in the SQL as well; staff read internal notes too.
 *
 * Whose threads: a customer's are their company's threads with a message they may read; a staff member's are the
 * threads of what they handle and those they have read or written in. A thread is unread when its last message the
 * reader may read is newer than their last reading (writing a message reads the thread up to it).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { withCustomerScope } from '@server/db/customer-scope';
import { message_attachments, messages } from '@server/db/schema';
import type { SessionUser } from '@server/http/context';
import { customerCompanyId } from '@server/policy';
import { THREAD_PAGE_SIZE, THREADS_PAGE_SIZE, excerpt, type Attachment, type Message, type SubjectKind, type Thread, type ThreadList } from '@domain/messages/schema';
import { threadOfSubject } from './subject';
import { isCustomer } from '@domain/access/permissions';

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
  const customer = isCustomer(user.role);
  return withCustomerScope(db, user, async (d) => {
    // The read check, the thread and the reader's mark in one round trip; the messages with their files in another.
    const found = await threadOfSubject(d, user, kind, id);
    if (!found.thread_id) return { thread_id: null, read_at: null, messages: [], has_more: false };
    const thread = { id: found.thread_id, read_at: found.read_at };
    // Each value comes as the answer writes it, so the server parses no timestamp and no JSON per row (200 of each cost
    // it about 2 ms, the tail of S13; building the whole page as JSON in the database cost the database more). Times
    // are ISO 8601 in UTC to the microsecond ('…T09:30:00.123456Z'), so a page's first time given back as `before` is
    // exact; the SQL holds no colon (pgbench, which the benchmark replays it with, reads ':name' as a variable).
    const r = await d.execute<{ id: string; author_id: string | null; author_name: string; author_is_staff: boolean; body: string; internal: boolean; at: string; files: string }>(sql`
      select m.id, m.author_id, m.author_name, m.author_is_staff, m.body, m.internal,
        (to_json(m.created_at at time zone 'UTC') #>> '{}') || 'Z' as at, a.files
      from ${messages} m
      cross join lateral (
        select coalesce(json_agg(json_build_object('name', ma.document_name, 'original_name', ma.original_name, 'size', ma.size, 'content_type', ma.content_type)
          order by ma.created_at, ma.original_name), '[]')::text as files
        from ${message_attachments} ma
        where ma.message_id = m.id ${customer ? sql`and not ma.internal` : sql``}) a
      where m.thread_id = ${thread.id} ${customer ? sql`and not m.internal` : sql``}
        ${before ? sql`and m.created_at < ${before}` : sql``}
      order by m.created_at desc, m.id desc
      limit ${THREAD_PAGE_SIZE + 1}`);
    const page = r.rows.slice(0, THREAD_PAGE_SIZE).reverse();
    const row = {
      has_more: r.rows.length > THREAD_PAGE_SIZE,
      messages: page.map((m): Message => ({
        id: m.id, author_name: m.author_name, author_is_staff: m.author_is_staff, mine: m.author_id === user.id, body: m.body,
        internal: m.internal, created_at: m.at, attachments: m.files === '[]' ? [] : (JSON.parse(m.files) as Attachment[]),
      })),
    };
    return { thread_id: thread.id, read_at: thread.read_at ? thread.read_at.toISOString() : null, messages: row.messages, has_more: row.has_more };
  });
}

/** The part of a query that picks the reader's threads and says which are unread. */
function readerScope(user: SessionUser) {
  if (isCustomer(user.role)) {
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
    isCustomer(user.role)
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
