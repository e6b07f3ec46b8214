/**
 * Notification choices (issue 17, decision record 0231): read and save a person's choices (their own on My Profile,
 * a contact's by an admin, one event by an unsubscribe link), and decide for a list of recipients how each is told
 * about an event. Keyed by the address mailed, trimmed and in lower case.
 */
import { msg } from '@domain/common/i18n';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { customers, notification_preferences, notification_profiles, users } from '@server/db/schema';
import {
  DEFAULT_DIGEST_HOUR, DIGEST_TOPIC, NOTIFICATION_EVENTS, eventsFor,
  type NotificationEvent, type UnsubscribeTopic, type NotificationMode, type NotificationSettings, type NotificationSettingsInput,
} from '@domain/notifications/schema';
import { notFound } from '@server/http/errors';
import { isRecordId } from '@domain/common/ids';
import { isStaff } from '@domain/access/permissions';

export const addressOf = (email: string) => email.trim().toLowerCase();

/** Whether the address is a staff member's (their events) or a customer contact's. */
async function audienceOf(db: Db | Tx, email: string): Promise<'customer' | 'staff'> {
  const [u] = await db.select({ role: users.role }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  return u && isStaff(u.role) ? 'staff' : 'customer';
}

export async function getNotificationSettings(db: Db | Tx, rawEmail: string): Promise<NotificationSettings> {
  const email = addressOf(rawEmail);
  const audience = await audienceOf(db, email);
  const [prefs, [profile]] = await Promise.all([
    db.select({ event: notification_preferences.event, mode: notification_preferences.mode }).from(notification_preferences).where(eq(notification_preferences.email, email)),
    db.select().from(notification_profiles).where(eq(notification_profiles.email, email)),
  ]);
  const chosen = new Map(prefs.map((p) => [p.event, p.mode]));
  return {
    email,
    audience,
    choices: eventsFor(audience).map((event) => {
      const def = NOTIFICATION_EVENTS[event];
      const mode = chosen.get(event);
      return { event, label: def.label, hint: def.hint, mode: mode ?? def.default, modes: [...def.modes], is_default: mode === undefined };
    }),
    digest_hour: profile?.digest_hour ?? DEFAULT_DIGEST_HOUR,
    time_zone: profile?.time_zone ?? 'UTC',
    saved: !!profile,
  };
}

/** Saves the choices given (events of the person's audience only) and the digest's hour and time zone. */
export async function saveNotificationSettings(db: Db, rawEmail: string, input: NotificationSettingsInput, actorId: string | null): Promise<NotificationSettings> {
  const email = addressOf(rawEmail);
  await db.transaction(async (tx) => {
    const allowed = new Set<string>(eventsFor(await audienceOf(tx, email)));
    const rows = Object.entries(input.choices)
      .filter(([event]) => allowed.has(event))
      .map(([event, mode]) => ({ email, event, mode: mode, updated_by: actorId }));
    if (rows.length > 0) {
      await tx
        .insert(notification_preferences)
        .values(rows)
        .onConflictDoUpdate({ target: [notification_preferences.email, notification_preferences.event], set: { mode: sql`excluded.mode`, updated_at: sql`now()`, updated_by: actorId } });
    }
    await tx
      .insert(notification_profiles)
      .values({ email, digest_hour: input.digest_hour, time_zone: input.time_zone })
      .onConflictDoUpdate({ target: notification_profiles.email, set: { digest_hour: input.digest_hour, time_zone: input.time_zone, updated_at: sql`now()` } });
  });
  return getNotificationSettings(db, email);
}

/** One event off for one address (the unsubscribe link); the digest's link turns off every event that is daily. */
export async function turnOff(db: Db, email: string, topic: UnsubscribeTopic): Promise<void> {
  const events = topic === DIGEST_TOPIC ? await dailyEvents(db, email) : [topic];
  if (events.length === 0) return;
  await db
    .insert(notification_preferences)
    .values(events.map((event) => ({ email, event, mode: 'off' as const })))
    .onConflictDoUpdate({ target: [notification_preferences.email, notification_preferences.event], set: { mode: 'off', updated_at: sql`now()` } });
}

/** The events that go to the address's daily digest (their choice, or the default where they chose nothing). */
async function dailyEvents(db: Db, email: string): Promise<NotificationEvent[]> {
  return (await getNotificationSettings(db, email)).choices.filter((c) => c.mode === 'daily').map((c) => c.event);
}

/** What an unsubscribe link's topic is now for the address: the event's mode, or for the digest 'daily' while any event is. */
export async function topicMode(db: Db, email: string, topic: UnsubscribeTopic): Promise<NotificationMode> {
  if (topic !== DIGEST_TOPIC) return modeOf(db, email, topic);
  return (await dailyEvents(db, email)).length > 0 ? 'daily' : 'off';
}

export async function modeOf(db: Db, email: string, event: NotificationEvent): Promise<NotificationMode> {
  return (await modesFor(db, [email], event)).get(email) ?? NOTIFICATION_EVENTS[event].default;
}

/** Each recipient's mode for the event (the default where they chose nothing), in one query. */
export async function modesFor(db: Db | Tx, emails: string[], event: NotificationEvent): Promise<Map<string, NotificationMode>> {
  const out = new Map<string, NotificationMode>(emails.map((e) => [e, NOTIFICATION_EVENTS[event].default]));
  if (emails.length === 0) return out;
  const rows = await db
    .select({ email: notification_preferences.email, mode: notification_preferences.mode })
    .from(notification_preferences)
    .where(and(eq(notification_preferences.event, event), inArray(notification_preferences.email, emails)));
  for (const r of rows) out.set(r.email, r.mode);
  return out;
}

/** A contact of the company (the admin's dialog): its address, or 404 when the contact is not the company's. */
export async function contactAddress(db: Db, companyId: string, contactId: string): Promise<string> {
  if (!isRecordId(companyId) || !isRecordId(contactId)) throw notFound(msg('Contact not found'));
  const [c] = await db
    .select({ email: customers.email })
    .from(customers)
    .where(and(eq(customers.id, contactId), eq(customers.company_id, companyId)));
  if (!c?.email?.trim()) throw notFound(msg('Contact not found'));
  return addressOf(c.email);
}
