import type { Db } from '@server/db/client';
import type { Logger } from '@server/logger';
import { claimDueMails, markFailed, markSent, releaseClaims, type ClaimedWebhook } from './outbox';
import type { MailTransport } from './transports';
import { isDatabaseUnavailable } from '@server/db/unavailable';

export type OutboxWorker = {
  /** Delivers every due mail now; resolves with the number delivered. Used by the loop and by tests. */
  drain: () => Promise<number>;
  start: () => void;
  /**
   * Stops polling, finishes the mail being sent, hands the rest of the claimed batch back (no lease to wait
   * out), and resolves when the worker no longer touches the database: only then may the pool close.
   */
  stop: () => Promise<void>;
};

/**
 * What the worker does with a row that is not a mail (decision record 0243). A webhook handler records its own
 * attempt and answers 'sent' (delivered, or nothing more to do) or `{ retry }` with the error and the attempt limit.
 */
export type WebhookHandler = (row: ClaimedWebhook) => Promise<'sent' | { retry: string; maxAttempts: number }>;

export function createOutboxWorker(db: Db, transport: MailTransport, logger: Logger, intervalMs = 1000, handlers: { webhook?: WebhookHandler } = {}): OutboxWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;
  /** Set by stop(): the drain in flight ends after the current mail. */
  let stopping = false;

  async function drainOnce(): Promise<number> {
    let delivered = 0;
    while (!stopping) {
      const batch = await claimDueMails(db, 10, 60);
      if (batch.length === 0) return delivered;
      for (const [i, row] of batch.entries()) {
        if (stopping) {
          await releaseClaims(db, batch.slice(i).map((r) => r.id));
          return delivered;
        }
        try {
          if (row.kind === 'webhook') {
            if (!handlers.webhook) throw new Error('no webhook handler in this worker');
            const outcome = await handlers.webhook(row);
            if (outcome === 'sent') {
              await markSent(db, row.id);
              delivered++;
            } else {
              await markFailed(db, row.id, row.attempts, outcome.retry, outcome.maxAttempts);
            }
            continue;
          }
          await transport.send(row.payload, row.idempotency_key);
          await markSent(db, row.id);
          delivered++;
        } catch (e) {
          const message = e instanceof Error ? e.message : String(e);
          logger.warn({ outboxId: row.id, attempts: row.attempts, transport: transport.name, err: message }, 'mail delivery failed; will retry');
          await markFailed(db, row.id, row.attempts, message);
        }
      }
    }
    return delivered;
  }

  const drain = () => {
    running ??= drainOnce().finally(() => {
      running = undefined;
    });
    return running;
  };

  const tick = async () => {
    try {
      await drain();
    } catch (e) {
      // A database restart is expected to happen: the next tick retries (decision record 0031).
      if (isDatabaseUnavailable(e)) logger.warn({ err: e instanceof Error ? e.message.slice(0, 200) : String(e) }, 'outbox worker: database unavailable, will retry');
      else logger.error({ err: e instanceof Error ? e.message : String(e) }, 'outbox worker error');
    }
    if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
  };

  return {
    drain,
    start: () => {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      timer = setTimeout(() => void tick(), 0);
    },
    stop: async () => {
      stopped = true;
      stopping = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
      stopping = false;
    },
  };
}
