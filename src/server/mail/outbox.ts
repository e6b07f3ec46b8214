import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { outbox } from '../db/schema';

/** A mail; `headers` are extra header fields for transports that send headers (SMTP, the dev mailbox), e.g. List-Unsubscribe. */
export type Mail = { to: string; subject: string; html: string; text?: string; headers?: Record<string, string> };

/**
 * Writes a mail to the outbox inside the caller's transaction. The idempotency key makes a retried
 * action enqueue the same mail once; the worker delivers it at least once and transports dedupe by key.
 */
export async function enqueueMail(db: Db | Tx, idempotencyKey: string, mail: Mail): Promise<void> {
  await enqueueMails(db, [{ key: idempotencyKey, mail }]);
}

/** Several mails in one statement (one round trip inside the caller's transaction). */
export async function enqueueMails(db: Db | Tx, mails: { key: string; mail: Mail }[]): Promise<void> {
  if (mails.length === 0) return;
  await db
    .insert(outbox)
    .values(mails.map((m) => ({ idempotency_key: m.key, payload: m.mail })))
    .onConflictDoNothing({ target: outbox.idempotency_key });
}

export type ClaimedMail = { id: string; idempotency_key: string; payload: Mail; attempts: number };

/** Claims due rows with FOR UPDATE SKIP LOCKED so any number of instances can run the worker. */
export async function claimDueMails(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedMail[]> {
  const result = await db.execute<ClaimedMail>(sql`
    update outbox set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
    where id in (
      select id from outbox
      where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id, idempotency_key, payload, attempts`);
  return result.rows;
}

export async function markSent(db: Db, id: string): Promise<void> {
  await db.execute(sql`update outbox set status = 'sent', sent_at = now(), locked_until = null, last_error = null where id = ${id}`);
}

/**
 * Hands claimed rows that were not tried back at once (a worker stopping mid-batch): no lease to wait out, and
 * the claim does not count as an attempt.
 */
export async function releaseClaims(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ locked_until: null, attempts: sql`greatest(${outbox.attempts} - 1, 0)` })
    .where(and(inArray(outbox.id, ids), eq(outbox.status, 'pending')));
}

export const MAX_ATTEMPTS = 12;

/** Backoff: 5 s doubling per attempt, capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 5 * 2 ** Math.max(0, attempts - 1));
}

export async function markFailed(db: Db, id: string, attempts: number, error: string): Promise<void> {
  const dead = attempts >= MAX_ATTEMPTS;
  await db.execute(sql`
    update outbox set
      status = ${dead ? 'dead' : 'pending'},
      next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(attempts)}),
      locked_until = null,
      last_error = ${error.slice(0, 1000)}
    where id = ${id}`);
}
