/**
 * Webhook subscriptions (issue 18, decision record 0243): admins manage every subscription (all companies, or one);
 * a customer contact manages their company's, and another company's is a 404. The secret (`whsec_` + base64 of 32
 * random bytes, Standard Webhooks) is shown at creation and rotation only. Every change is audited.
 */
import { msg } from '@domain/common/i18n';
import crypto from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { withCustomerScope } from '@server/db/customer-scope';
import { companies, users, webhook_attempts, webhook_deliveries, webhook_subscriptions } from '@server/db/schema';
import { enqueueWebhookSends } from '@server/mail/outbox';
import type { Actor, SessionUser } from '@server/http/context';
import { AppError, conflict, notFound } from '@server/http/errors';
import { customerCompanyId } from '@server/policy';
import { recordAudit } from '@server/audit/audit-log';
import {
  WEBHOOK_DELIVERY_PAGE_SIZE, WEBHOOK_MAX_PER_OWNER, WEBHOOK_MESSAGES, webhookInputSchema, webhookUpdateSchema, webhookUrlProblem,
  type Webhook, type WebhookDelivery, type WebhookDeliveryList, type WebhookEvent, type WebhookInput, type WebhookList, type WebhookUpdate, type WebhookWithSecret,
} from '@domain/webhooks/schema';
import { BlockedAddressError, checkedAddress, type WebhookNet } from '@server/http/net-guard';
import { messageIdOf } from './deliver';
import { isCustomer } from '@domain/access/permissions';
import { isoOrNull } from '@server/db/times';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const newSecret = () => `whsec_${crypto.randomBytes(32).toString('base64')}`;

/** A customer's subscriptions are their company's; an admin's are all. */
function ownerFilter(user: SessionUser): SQL | undefined {
  return isCustomer(user.role) ? eq(webhook_subscriptions.company_id, customerCompanyId(user)) : undefined;
}

const columns = {
  id: webhook_subscriptions.id, url: webhook_subscriptions.url, description: webhook_subscriptions.description, events: webhook_subscriptions.events,
  status: webhook_subscriptions.status, paused_reason: webhook_subscriptions.paused_reason, company_id: webhook_subscriptions.company_id,
  company_name: companies.name, secret_hint: webhook_subscriptions.secret_hint, created_at: webhook_subscriptions.created_at,
  created_by_name: users.name, failing_since: webhook_subscriptions.failing_since, last_delivery_at: webhook_subscriptions.last_delivery_at,
};

const toWebhook = (r: Row): Webhook => ({
  ...r,
  events: r.events as WebhookEvent[],
  created_at: r.created_at.toISOString(),
  failing_since: isoOrNull(r.failing_since),
  last_delivery_at: isoOrNull(r.last_delivery_at),
});

type Row = Awaited<ReturnType<typeof selectWebhooks>>[number];

function selectWebhooks(d: Db, where: SQL | undefined) {
  return d
    .select(columns)
    .from(webhook_subscriptions)
    .leftJoin(companies, eq(companies.id, webhook_subscriptions.company_id))
    .leftJoin(users, eq(users.id, webhook_subscriptions.created_by))
    .where(where)
    .orderBy(desc(webhook_subscriptions.created_at), desc(webhook_subscriptions.id));
}

export async function listWebhooks(db: Db, user: SessionUser): Promise<WebhookList> {
  const rows = await withCustomerScope(db, user, (d) => selectWebhooks(d, ownerFilter(user)));
  return { rows: rows.map(toWebhook) };
}

/** The subscription if the user may manage it; 404 otherwise (another company's included). */
async function ownWebhook(db: Db, user: SessionUser, id: string): Promise<Webhook> {
  if (!UUID.test(id)) throw notFound(WEBHOOK_MESSAGES.notFound);
  const [row] = await withCustomerScope(db, user, (d) => selectWebhooks(d, and(eq(webhook_subscriptions.id, id), ownerFilter(user))));
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return toWebhook(row);
}

export async function getWebhook(db: Db, user: SessionUser, id: string): Promise<Webhook> {
  return ownWebhook(db, user, id);
}

/** The address's rules, then its host resolved and checked against the network rules (a clear 400 either way). */
async function assertDeliverable(url: string, net: WebhookNet): Promise<void> {
  const problem = webhookUrlProblem(url, net);
  if (problem) throw new AppError('invalid_input', problem, { url: problem });
  try {
    await checkedAddress(new URL(url), net);
  } catch (e) {
    if (e instanceof BlockedAddressError) throw new AppError('invalid_input', e.message, { url: e.message });
    throw e;
  }
}

export async function createWebhook(db: Db, actor: Actor, body: WebhookInput, net: WebhookNet): Promise<WebhookWithSecret> {
  const input = webhookInputSchema.parse(body);
  const user = actor.user;
  let companyId: string | null;
  if (isCustomer(user.role)) companyId = customerCompanyId(user);
  else {
    companyId = input.company_id ?? null;
    if (companyId) {
      const [c] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
      if (!c) throw new AppError('invalid_input', msg('Company not found'), { company_id: msg('Company not found') });
    }
  }
  await assertDeliverable(input.url, net);
  const secret = newSecret();
  const id = await db.transaction(async (tx) => {
    // One creation at a time per owner, so the limit holds under parallel clicks.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`webhooks:${companyId ?? 'all'}`}, 0))`);
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhook_subscriptions)
      .where(companyId ? eq(webhook_subscriptions.company_id, companyId) : isNull(webhook_subscriptions.company_id))) as [{ n: number }];
    if (n >= WEBHOOK_MAX_PER_OWNER) throw conflict(WEBHOOK_MESSAGES.tooMany);
    const [row] = await tx
      .insert(webhook_subscriptions)
      .values({ company_id: companyId, url: input.url, description: input.description, events: input.events, secret, secret_hint: secret.slice(-4), created_by: user.id })
      .returning({ id: webhook_subscriptions.id });
    await recordAudit(tx, {
      action: 'webhook.created', actor: user, target: input.url, ip: actor.ip,
      details: { webhook_id: row!.id, company_id: companyId, events: input.events },
    });
    return row!.id;
  });
  return { ...(await ownWebhook(db, user, id)), secret };
}

export async function updateWebhook(db: Db, actor: Actor, id: string, body: WebhookUpdate, net: WebhookNet): Promise<Webhook> {
  const input = webhookUpdateSchema.parse(body);
  const current = await ownWebhook(db, actor.user, id);
  if (input.url !== undefined && input.url !== current.url) await assertDeliverable(input.url, net);
  const set: Partial<typeof webhook_subscriptions.$inferInsert> = {};
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (input.url !== undefined && input.url !== current.url) {
    set.url = input.url;
    changes.url = { from: current.url, to: input.url };
  }
  if (input.description !== undefined && input.description !== current.description) {
    set.description = input.description;
    changes.description = { from: current.description, to: input.description };
  }
  if (input.events !== undefined && input.events.join() !== current.events.join()) {
    set.events = input.events;
    changes.events = { from: current.events, to: input.events };
  }
  if (input.status !== undefined && input.status !== current.status) {
    set.status = input.status;
    changes.status = { from: current.status, to: input.status };
    // Resuming starts a fresh run: the day's count of failures begins again at the next failure.
    if (input.status === 'active') {
      set.paused_reason = null;
      set.failing_since = null;
    } else set.paused_reason = 'manual';
  }
  if (Object.keys(changes).length === 0) return current;
  await db.transaction(async (tx) => {
    await tx.update(webhook_subscriptions).set({ ...set, updated_at: sql`now()` }).where(eq(webhook_subscriptions.id, id));
    await recordAudit(tx, { action: 'webhook.updated', actor: actor.user, target: set.url ?? current.url, ip: actor.ip, details: { webhook_id: id, changes } });
  });
  return ownWebhook(db, actor.user, id);
}

export async function deleteWebhook(db: Db, actor: Actor, id: string): Promise<void> {
  const current = await ownWebhook(db, actor.user, id);
  await db.transaction(async (tx) => {
    await tx.delete(webhook_subscriptions).where(eq(webhook_subscriptions.id, id));
    await recordAudit(tx, { action: 'webhook.deleted', actor: actor.user, target: current.url, ip: actor.ip, details: { webhook_id: id, company_id: current.company_id } });
  });
}

/** A new secret at once (the old one stops signing); shown this once. */
export async function rotateWebhookSecret(db: Db, actor: Actor, id: string): Promise<WebhookWithSecret> {
  const current = await ownWebhook(db, actor.user, id);
  const secret = newSecret();
  await db.transaction(async (tx) => {
    await tx.update(webhook_subscriptions).set({ secret, secret_hint: secret.slice(-4), updated_at: sql`now()` }).where(eq(webhook_subscriptions.id, id));
    await recordAudit(tx, { action: 'webhook.secret_rotated', actor: actor.user, target: current.url, ip: actor.ip, details: { webhook_id: id, secret_hint: secret.slice(-4) } });
  });
  return { ...(await ownWebhook(db, actor.user, id)), secret };
}

/** The subscription's latest deliveries, newest first, each with its attempts (oldest first). */
export async function listDeliveries(db: Db, user: SessionUser, id: string): Promise<WebhookDeliveryList> {
  await ownWebhook(db, user, id);
  return withCustomerScope(db, user, async (d) => {
    const rows = await d
      .select({ id: webhook_deliveries.id, event: webhook_deliveries.event, state: webhook_deliveries.state, created_at: webhook_deliveries.created_at })
      .from(webhook_deliveries)
      .where(eq(webhook_deliveries.subscription_id, id))
      .orderBy(desc(webhook_deliveries.created_at), desc(webhook_deliveries.id))
      .limit(WEBHOOK_DELIVERY_PAGE_SIZE);
    const attempts = rows.length
      ? await d
          .select()
          .from(webhook_attempts)
          .where(inArray(webhook_attempts.delivery_id, rows.map((r) => r.id)))
          .orderBy(webhook_attempts.at, webhook_attempts.id)
      : [];
    return {
      rows: rows.map((r): WebhookDelivery => ({
        id: r.id,
        message_id: messageIdOf(r.id),
        event: r.event as WebhookEvent,
        state: r.state,
        created_at: r.created_at.toISOString(),
        attempts: attempts
          .filter((a) => a.delivery_id === r.id)
          .map((a) => ({ at: a.at.toISOString(), ok: a.ok, response_code: a.response_code, error: a.error, duration_ms: a.duration_ms })),
      })),
    };
  });
}

/** Sends a delivery again now, with the same webhook-id (receivers dedupe by it); the subscription must be active. */
export async function replayDelivery(db: Db, actor: Actor, id: string, deliveryId: string): Promise<{ id: string; state: 'pending' }> {
  const current = await ownWebhook(db, actor.user, id);
  if (!UUID.test(deliveryId)) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  if (current.status !== 'active') throw conflict(WEBHOOK_MESSAGES.paused);
  return db.transaction(async (tx) => {
    const [d] = await tx
      .update(webhook_deliveries)
      .set({ state: 'pending', replays: sql`${webhook_deliveries.replays} + 1` })
      .where(and(eq(webhook_deliveries.id, deliveryId), eq(webhook_deliveries.subscription_id, id)))
      .returning({ id: webhook_deliveries.id, replays: webhook_deliveries.replays, event: webhook_deliveries.event });
    if (!d) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
    await enqueueWebhookSends(tx, [{ key: `webhook:${d.id}:${d.replays}`, deliveryId: d.id }]);
    await recordAudit(tx, { action: 'webhook.replayed', actor: actor.user, target: current.url, ip: actor.ip, details: { webhook_id: id, delivery_id: d.id, event: d.event } });
    return { id: d.id, state: 'pending' as const };
  });
}
