import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { outbox } from '@server/db/schema';

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

export type ClaimedMail = { id: string; idempotency_key: string; payload: Mail; attempts: number; kind: 'mail' };
/** A webhook delivery's row (issue 18, decision record 0243): the delivery it sends. */
export type ClaimedWebhook = { id: string; idempotency_key: string; payload: { delivery_id: string }; attempts: number; kind: 'webhook' };
export type ClaimedRow = ClaimedMail | ClaimedWebhook;

/** Writes a webhook delivery's send to the outbox inside the caller's transaction (once per idempotency key). */
export async function enqueueWebhookSends(db: Db | Tx, rows: { key: string; deliveryId: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(outbox)
    .values(rows.map((r) => ({ kind: 'webhook' as const, idempotency_key: r.key, payload: { delivery_id: r.deliveryId } })))
    .onConflictDoNothing({ target: outbox.idempotency_key });
}

/**
 * Claims due rows with FOR UPDATE SKIP LOCKED so any number of instances can run the worker, oldest due first, and
 * answers them in that order: an UPDATE returns its rows in the order it found them in the table, not in its
 * subquery's, and the worker sends in the order it gets (a shipment's webhooks arrived "document added" before
 * "created" when the rows sat in the table out of order).
 */
export async function claimDueMails(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedRow[]> {
  const result = await db.execute<ClaimedRow>(sql`
    with claimed as (
      update outbox set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
      where id in (
        select id from outbox
        where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by next_attempt_at, created_at
        limit ${limit}
        for update skip locked
      )
      returning id, idempotency_key, payload, attempts, kind, next_attempt_at, created_at
    )
    select id, idempotency_key, payload, attempts, kind from claimed order by next_attempt_at, created_at`);
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

/** `maxAttempts`: mails give up after MAX_ATTEMPTS; a webhook delivery after its own limit (or when its subscription pauses). */
export async function markFailed(db: Db, id: string, attempts: number, error: string, maxAttempts = MAX_ATTEMPTS): Promise<void> {
  const dead = attempts >= maxAttempts;
  await db.execute(sql`
    update outbox set
      status = ${dead ? 'dead' : 'pending'},
      next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(attempts)}),
      locked_until = null,
      last_error = ${error.slice(0, 1000)}
    where id = ${id}`);
}

/**
 * A mail that gathers (decision records 0235, 0250): the pending, untried mail of `group` that is not yet due is
 * rewritten with `render(since)`, since being when the group started. Without one, a new mail is written: for a quiet
 * group (no mail of it in the last `delaySeconds`) due after `firstDelaySeconds` (at once), else due when the window
 * of the group's last mail ends. So the first of a thread's messages goes out at once and the ones that follow within
 * the window go out as one mail. An advisory lock on the group makes two writers of one group take turns; a mail
 * already claimed by the worker is never rewritten (attempts > 0).
 */
export async function enqueueGroupedMail(
  tx: Tx,
  group: { key: string; idempotencyKey: string; delaySeconds: number; firstDelaySeconds?: number },
  render: (since: Date) => Promise<Mail>,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${group.key}, 0))`);
  const pending = await tx.execute<{ id: string; created_at: string | Date }>(sql`
    select id, created_at from outbox
    where group_key = ${group.key} and status = 'pending' and attempts = 0 and next_attempt_at > now()
    order by created_at limit 1
    for update`);
  const row = pending.rows[0];
  if (row) {
    const mail = await render(new Date(row.created_at));
    await tx.update(outbox).set({ payload: mail }).where(eq(outbox.id, row.id));
    return;
  }
  const first = group.firstDelaySeconds ?? 0;
  const times = await tx.execute<{ now: string | Date; due: string | Date }>(sql`
    select now() as now, greatest(now() + make_interval(secs => ${first}), coalesce(max(created_at) + make_interval(secs => ${group.delaySeconds}), '-infinity')) as due
    from outbox where group_key = ${group.key} and created_at > now() - make_interval(secs => ${group.delaySeconds})`);
  const { now, due } = times.rows[0]!;
  const mail = await render(new Date(now));
  await tx
    .insert(outbox)
    .values({ idempotency_key: group.idempotencyKey, payload: mail, group_key: group.key, next_attempt_at: new Date(due) })
    .onConflictDoNothing({ target: outbox.idempotency_key });
}

/** A group's mails that may still change (pending, untried): those whose key starts with `prefix`, locked. */
export async function waitingGroupMails(tx: Tx, prefix: string): Promise<{ id: string; group_key: string; created_at: Date }[]> {
  const r = await tx.execute<{ id: string; group_key: string; created_at: string | Date }>(sql`
    select id, group_key, created_at from outbox
    where group_key like ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} and status = 'pending' and attempts = 0
    order by created_at
    for update`);
  return r.rows.map((x) => ({ ...x, created_at: new Date(x.created_at) }));
}

/** Rewrites a waiting mail (see waitingGroupMails). */
export async function rewriteMail(tx: Tx, id: string, mail: Mail): Promise<void> {
  await tx.update(outbox).set({ payload: mail }).where(and(eq(outbox.id, id), eq(outbox.status, 'pending'), eq(outbox.attempts, 0)));
}
