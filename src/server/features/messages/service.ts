/**
 * Writing in a conversation (issue 15, decision record 0235): a message (staff may mark it an internal note), and the
 * reader's mark of how far they have read. The thread is made with its first message; writing reads the thread up
 * to the message written. The mails go out in the same transaction, through the outbox.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { messages, thread_reads, threads } from '@server/db/schema';
import type { Actor, SessionUser } from '@server/http/context';
import { forbidden } from '@server/http/errors';
import { MESSAGE_MESSAGES, type Message, type SubjectKind, type messageInputSchema } from '@domain/messages/schema';
import type { z } from 'zod';
import { toMessage } from './read';
import { subjectFor, threadIdOf, threadOfSubject, type Subject } from './subject';
import { tellMessage, type MessageMailDeps } from './mails';
import { can, isStaff } from '@domain/access/permissions';

/** The subject's thread, made if it has none (two first messages at once find the same thread). */
async function ensureThread(tx: Tx, s: Subject): Promise<string> {
  const [made] = await tx
    .insert(threads)
    .values({ shipment_id: s.kind === 'shipment' ? s.id : null, request_id: s.kind === 'request' ? s.id : null, company_id: s.company_id, handler_id: s.handler_id })
    .onConflictDoNothing()
    .returning({ id: threads.id });
  return made?.id ?? (await threadIdOf(tx, s.kind, s.id))!;
}

/** The reader has read the thread up to `at` (never moves back). */
async function readUpTo(tx: Tx | Db, userId: string, threadId: string, at: Date | null): Promise<void> {
  const when = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  await tx
    .insert(thread_reads)
    .values({ user_id: userId, thread_id: threadId, read_at: when })
    .onConflictDoUpdate({ target: [thread_reads.user_id, thread_reads.thread_id], set: { read_at: sql`greatest(${thread_reads.read_at}, excluded.read_at)` } });
}

export async function postMessage(db: Db, actor: Actor, kind: SubjectKind, id: string, input: z.output<typeof messageInputSchema>, deps: MessageMailDeps): Promise<Message> {
  const user = actor.user;
  if (input.internal && !can(user.role, 'messages:internal')) throw forbidden(MESSAGE_MESSAGES.internalStaffOnly);
  return db.transaction(async (tx) => {
    const subject = await subjectFor(tx, user, kind, id);
    const threadId = await ensureThread(tx, subject);
    const [m] = await tx
      .insert(messages)
      .values({
        thread_id: threadId, company_id: subject.company_id, author_id: user.id, author_name: user.full_name,
        author_is_staff: isStaff(user.role), body: input.body, internal: input.internal,
      })
      .returning();
    const at = m!.created_at.toISOString();
    await tx
      .update(threads)
      .set({
        last_message_at: sql`greatest(${threads.last_message_at}, ${at}::timestamptz)`,
        ...(input.internal ? {} : { last_public_at: sql`greatest(coalesce(${threads.last_public_at}, '-infinity'), ${at}::timestamptz)` }),
      })
      .where(eq(threads.id, threadId));
    await readUpTo(tx, user.id, threadId, m!.created_at);
    await tellMessage(tx, deps, subject, user, m!);
    return toMessage(m!, [], user.id);
  });
}

/** Marks the subject's thread read up to now; nothing to do while it has no thread. */
export async function markThreadRead(db: Db, user: SessionUser, kind: SubjectKind, id: string): Promise<void> {
  const { thread_id } = await threadOfSubject(db, user, kind, id);
  if (thread_id) await readUpTo(db, user.id, thread_id, null);
}
