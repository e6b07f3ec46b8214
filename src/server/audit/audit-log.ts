import { desc, eq, like, or, sql, type SQL, and } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { audit_log, users } from '@server/db/schema';
import { contains, offsetOf, toPage } from '@server/http/list';
import type { AuditAction, AuditQuery, AuditRow } from '@domain/audit/schema';
import type { Page } from '@domain/common/list-schema';

export type AuditEntry = {
  action: AuditAction;
  /** The signed-in user who acted; null for an anonymous attempt (a failed sign-in). */
  actor: { id: string; email: string } | null;
  /** The e-mail an anonymous attempt named, when there is no actor. */
  email?: string | undefined;
  target?: string | null | undefined;
  details?: Record<string, unknown>;
  ip?: string | null | undefined;
};

/** Writes one audit row; inside the caller's transaction when given one, so it commits with the change. */
export async function recordAudit(db: Db | Tx, e: AuditEntry): Promise<void> {
  await db.insert(audit_log).values({
    actor_id: e.actor?.id ?? null,
    actor_email: e.actor?.email ?? e.email ?? null,
    action: e.action,
    target: e.target ?? null,
    details: e.details ?? {},
    ip_address: e.ip ?? null,
  });
}

/** Newest first, filtered by category and by a search over the actor's e-mail, the target and the address. */
export async function listAudit(db: Db, q: AuditQuery): Promise<Page<AuditRow>> {
  const where: SQL[] = [];
  if (q.category) where.push(like(audit_log.action, `${q.category}.%`));
  if (q.q) where.push(or(contains(audit_log.actor_email, q.q), contains(audit_log.target, q.q), contains(audit_log.ip_address, q.q))!);
  const condition = where.length ? and(...where) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({
        id: audit_log.id,
        created_at: audit_log.created_at,
        actor_email: audit_log.actor_email,
        actor_name: users.name,
        action: audit_log.action,
        target: audit_log.target,
        details: audit_log.details,
        ip_address: audit_log.ip_address,
      })
      .from(audit_log)
      .leftJoin(users, eq(users.id, audit_log.actor_id))
      .where(condition)
      .orderBy(desc(audit_log.created_at), desc(audit_log.id))
      .limit(q.pageSize)
      .offset(offsetOf(q.page, q.pageSize)),
    db.select({ n: sql<number>`count(*)::int` }).from(audit_log).where(condition),
  ]);
  return toPage(
    rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    Number(total[0]?.n ?? 0),
    q.page,
    q.pageSize,
  );
}
