/**
 * The daily digest (issue 17, decision record 0231): once a day, at the hour each person chose in their time zone,
 * the lines they asked to get daily, and for staff the exceptions of their shipments, in one mail through the outbox.
 *
 * Exactly once per person and local day, whatever the number of instances or restarts: the digest's row (unique on
 * address and day), the items it takes and its outbox mail are written in one transaction, and only the instance
 * whose insert wins goes on. No mail when there is nothing to say; the day still counts as done.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { notification_digest_items, notification_digests, notification_profiles } from '@server/db/schema';
import { DEFAULT_DIGEST_HOUR, DIGEST_TOPIC, DIGEST_TOPIC_LABEL, NOTIFICATION_EVENTS, digestDue, type NotificationEvent } from '@domain/notifications/schema';
import { EXCEPTION_TABS, exceptionLabel } from '@domain/exceptions/schema';
import { enqueueMail } from '@server/mail/outbox';
import { digestMail, withUnsubscribe } from '@server/mail/templates';
import type { DigestLine } from '@server/mail/digest-line';
import { readerOf } from '@server/mail/audience';
import type { SessionUser } from '@server/http/context';
import { countExceptions } from '@server/features/exceptions/index';
import { settingsUrl, type NotifyDeps } from '@server/notifications/dispatch';
import { modeOf } from '@server/notifications/preferences';
import { unsubscribeToken, unsubscribeUrls } from '@server/notifications/unsubscribe-token';

/** Sent digests and the lines they carried are kept this long (days), then pruned hourly. */
export const DIGEST_KEEP_DAYS = 90;

/**
 * Deletes digests older than DIGEST_KEEP_DAYS (by the day they were for, measured from `now`) and the lines they took.
 * Lines still waiting are never touched. The lines go first: the foreign key would otherwise set their digest_id to
 * null and so put them back in the queue. Answers how many digests were removed.
 */
export async function pruneDigests(db: Db, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - DIGEST_KEEP_DAYS * 86_400_000).toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from notification_digest_items where digest_id in (select id from notification_digests where local_day < ${cutoff}::date)`);
    const gone = await tx.execute(sql`delete from notification_digests where local_day < ${cutoff}::date`);
    return gone.rowCount ?? 0;
  });
}

type Candidate = { email: string; staff: { id: string; role: SessionUser['role'] } | null };

/** Everyone who may have something: addresses with waiting lines, and every staff member (their exceptions). */
async function candidates(db: Db): Promise<Candidate[]> {
  const r = await db.execute<{ email: string; id: string | null; role: SessionUser['role'] | null }>(sql`
    select c.email, u.id, u.role from (
      select distinct email from notification_digest_items where digest_id is null
      union select lower(email) from users where role <> 'customer'
    ) c left join users u on lower(u.email) = c.email and u.role <> 'customer'`);
  return r.rows.map((row) => ({ email: row.email, staff: row.id && row.role ? { id: row.id, role: row.role } : null }));
}

/** Runs every digest due at `now`; answers how many were mailed. */
export async function runDigests(db: Db, deps: NotifyDeps, now: Date = new Date()): Promise<number> {
  const people = await candidates(db);
  if (people.length === 0) return 0;
  const emails = people.map((p) => p.email);
  const [profiles, last] = await Promise.all([
    db.select().from(notification_profiles).where(inArray(notification_profiles.email, emails)),
    db
      .select({ email: notification_digests.email, day: sql<string>`max(${notification_digests.local_day})::text` })
      .from(notification_digests)
      .where(inArray(notification_digests.email, emails))
      .groupBy(notification_digests.email),
  ]);
  const profileOf = new Map(profiles.map((p) => [p.email, p]));
  const lastOf = new Map(last.map((l) => [l.email, l.day]));
  let mailed = 0;
  for (const person of people) {
    const profile = profileOf.get(person.email);
    const { due, day } = digestDue(now, profile?.time_zone ?? 'UTC', profile?.digest_hour ?? DEFAULT_DIGEST_HOUR, lastOf.get(person.email) ?? null);
    if (due && (await sendDigest(db, deps, person, day))) mailed++;
  }
  return mailed;
}

async function sendDigest(db: Db, deps: NotifyDeps, person: Candidate, day: string): Promise<boolean> {
  // Staff with the exceptions digest on: their counts (a handler's own shipments, an admin's all).
  const exceptions =
    person.staff && (await modeOf(db, person.email, 'exceptions')) === 'daily'
      ? await countExceptions(db, person.staff)
      : null;
  return db.transaction(async (tx) => {
    const [digest] = await tx.insert(notification_digests).values({ email: person.email, local_day: day }).onConflictDoNothing().returning({ id: notification_digests.id });
    if (!digest) return false;
    const items = await tx
      .update(notification_digest_items)
      .set({ digest_id: digest.id })
      .where(and(eq(notification_digest_items.email, person.email), isNull(notification_digest_items.digest_id)))
      .returning();
    const base = deps.publicUrl.replace(/\/$/, '');
    const late = exceptions
      ? EXCEPTION_TABS.map((kind) => ({ label: exceptionLabel(kind, exceptions.settings).label, count: exceptions[kind], url: `${base}/exceptions?kind=${kind}` }))
      : [];
    if (items.length === 0 && late.every((e) => e.count === 0)) return false;
    const groups = (Object.keys(NOTIFICATION_EVENTS) as NotificationEvent[]).map((event) => ({
      label: NOTIFICATION_EVENTS[event].label,
      lines: items
        .filter((i) => i.event === event)
        .sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
        // Written again in the reader's language from its messages and values; a line from before 0057 as stored.
        .map((i): DigestLine => (i.line_message ? { ...i.line_message, url: i.url } : { title: i.title, detail: i.detail, url: i.url })),
    }));
    // Like every other mail, the digest carries RFC 8058's one-click headers and an unsubscribe link (issue 37): it
    // stops the digest (every daily choice off).
    const urls = unsubscribeUrls(deps.publicUrl, unsubscribeToken(deps.linkSecret, person.email, DIGEST_TOPIC));
    const settings = settingsUrl(deps.publicUrl);
    const tr = await readerOf(tx, person.email);
    await enqueueMail(tx, `digest:${person.email}:${day}`, withUnsubscribe(tr, digestMail(tr, person.email, day, groups, late), DIGEST_TOPIC_LABEL, urls, settings));
    await tx.update(notification_digests).set({ items: items.length, mailed: true }).where(eq(notification_digests.id, digest.id));
    return true;
  });
}
