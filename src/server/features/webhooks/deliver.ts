/**
 * Sending one webhook delivery (the outbox worker's handler for kind 'webhook', decision record 0243). Signs under the
 * Standard Webhooks convention with the official `standardwebhooks` library (webhook-id, webhook-timestamp,
 * webhook-signature = v1,<base64 HMAC-SHA256 of "id.timestamp.body">), posts through the network guard, logs the
 * attempt, and answers the worker: sent, or retry with backoff. A subscription failing for a day without a break is
 * paused and its owner mailed through the mail outbox; its waiting deliveries are then not sent.
 */
import { Webhook } from 'standardwebhooks';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import type { Logger } from '@server/logger';
import { users, webhook_attempts, webhook_deliveries, webhook_subscriptions } from '@server/db/schema';
import { enqueueMail, type ClaimedWebhook } from '@server/mail/outbox';
import { readerOf } from '@server/mail/audience';
import { webhookPausedMail } from '@server/mail/templates';
import type { WebhookHandler } from '@server/mail/worker';
import { DELIVERY_ERRORS, WEBHOOK_PAUSE_AFTER_HOURS } from '@domain/webhooks/schema';
import { guardedPost, type WebhookNet } from '@server/http/net-guard';

/** Tries of one delivery before it is given up (the backoff reaches an hour; the day's pause usually comes first). */
export const WEBHOOK_MAX_ATTEMPTS = 40;

/** The `webhook-id` of a delivery: stable across retries and replays, no full stop (the spec's rule). */
export const messageIdOf = (deliveryId: string) => `msg_${deliveryId.replace(/-/g, '')}`;

export type DeliveryDeps = { db: Db; net: WebhookNet; logger: Logger; publicUrl: string };

/** Signs and posts one body; the outcome as the attempt log keeps it. */
export async function sendSigned(url: string, secret: string, msgId: string, body: string, net: WebhookNet): Promise<{ ok: boolean; code: number | null; error: string | null }> {
  const at = new Date();
  const signature = new Webhook(secret).sign(msgId, at, body);
  try {
    const answer = await guardedPost(url, body, {
      'content-type': 'application/json',
      'user-agent': 'Cargodesk-Webhooks/1',
      'webhook-id': msgId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    }, net);
    const ok = answer.status >= 200 && answer.status < 300;
    const error = ok ? null : answer.status >= 300 && answer.status < 400 ? DELIVERY_ERRORS.redirect(answer.location) : `HTTP ${answer.status}`;
    return { ok, code: answer.status, error: error?.slice(0, 500) ?? null };
  } catch (e) {
    return { ok: false, code: null, error: deliveryError(e).slice(0, 500) };
  }
}

const TLS_CODES = /^(CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(VERIFY|GET)_|ERR_TLS_CERT_ALTNAME_INVALID)/;

/** A failure without an answer in words for the deliveries page: the network guard's and the timeout's are ours already. */
export function deliveryError(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return DELIVERY_ERRORS[code];
    if (TLS_CODES.test(code)) return DELIVERY_ERRORS.certificate;
  }
  return e instanceof Error ? e.message : String(e);
}

export function webhookHandler(deps: DeliveryDeps): WebhookHandler {
  const { db } = deps;
  return async (row: ClaimedWebhook) => {
    const [d] = await db
      .select({
        id: webhook_deliveries.id, payload: webhook_deliveries.payload, subscription_id: webhook_deliveries.subscription_id, company_id: webhook_deliveries.company_id,
        state: webhook_deliveries.state, url: webhook_subscriptions.url, secret: webhook_subscriptions.secret, status: webhook_subscriptions.status,
      })
      .from(webhook_deliveries)
      .innerJoin(webhook_subscriptions, eq(webhook_subscriptions.id, webhook_deliveries.subscription_id))
      .where(eq(webhook_deliveries.id, row.payload.delivery_id));
    // Deleted with its subscription: nothing to send.
    if (!d) return 'sent';
    // Cancelled while it waited (its shipment moved to another company, migration 0030): never sent.
    if (d.state === 'cancelled') return 'sent';
    if (d.status !== 'active') {
      await db.update(webhook_deliveries).set({ state: 'cancelled' }).where(eq(webhook_deliveries.id, d.id));
      return 'sent';
    }
    const started = Date.now();
    const outcome = await sendSigned(d.url, d.secret, messageIdOf(d.id), d.payload, deps.net);
    const attempt = { delivery_id: d.id, subscription_id: d.subscription_id, company_id: d.company_id, ok: outcome.ok, response_code: outcome.code, error: outcome.error, duration_ms: Date.now() - started };
    return db.transaction(async (tx) => {
      await tx.insert(webhook_attempts).values(attempt);
      if (outcome.ok) {
        await tx.update(webhook_deliveries).set({ state: 'succeeded' }).where(eq(webhook_deliveries.id, d.id));
        await tx.update(webhook_subscriptions).set({ failing_since: null, last_delivery_at: sql`now()` }).where(eq(webhook_subscriptions.id, d.subscription_id));
        return 'sent' as const;
      }
      deps.logger.warn({ deliveryId: d.id, attempts: row.attempts, code: outcome.code, err: outcome.error }, 'webhook delivery failed; will retry');
      const [sub] = await tx
        .update(webhook_subscriptions)
        .set({ failing_since: sql`coalesce(${webhook_subscriptions.failing_since}, now())`, last_delivery_at: sql`now()` })
        .where(eq(webhook_subscriptions.id, d.subscription_id))
        .returning({ failing_since: webhook_subscriptions.failing_since, over: sql<boolean>`${webhook_subscriptions.failing_since} <= now() - make_interval(hours => ${WEBHOOK_PAUSE_AFTER_HOURS})` });
      if (sub?.over) {
        await pauseFailing(tx, d.subscription_id, deps.publicUrl, sub.failing_since!);
        await tx.update(webhook_deliveries).set({ state: 'failed' }).where(eq(webhook_deliveries.id, d.id));
        return { retry: outcome.error ?? 'failed', maxAttempts: 0 };
      }
      if (row.attempts >= WEBHOOK_MAX_ATTEMPTS) await tx.update(webhook_deliveries).set({ state: 'failed' }).where(eq(webhook_deliveries.id, d.id));
      return { retry: outcome.error ?? 'failed', maxAttempts: WEBHOOK_MAX_ATTEMPTS };
    });
  };
}

/** Pauses a subscription after a day of failures and mails its owner (the person who made it), once per failing run. */
async function pauseFailing(tx: Tx, subscriptionId: string, publicUrl: string, failingSince: Date): Promise<void> {
  const [sub] = await tx
    .update(webhook_subscriptions)
    .set({ status: 'paused', paused_reason: 'failing', updated_at: sql`now()` })
    .where(eq(webhook_subscriptions.id, subscriptionId))
    .returning({ url: webhook_subscriptions.url, created_by: webhook_subscriptions.created_by });
  if (!sub?.created_by) return;
  const [owner] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, sub.created_by));
  if (!owner) return;
  const settingsUrl = `${publicUrl.replace(/\/$/, '')}/webhooks`;
  await enqueueMail(tx, `webhook-paused:${subscriptionId}:${failingSince.getTime()}`, webhookPausedMail(await readerOf(tx, owner.email), owner.email, owner.name, sub.url, failingSince, settingsUrl));
}
