import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import type { AppEnv } from './context';
import { WEBHOOK_DELIVERY_STATES } from '@domain/webhooks/schema';

const WEBHOOK_OUTCOMES = WEBHOOK_DELIVERY_STATES;

/**
 * What an operator watches (issue 19, decision 0226), in the Prometheus text format through prom-client: requests by
 * route and status with a latency histogram, the database pool and errors, the outbox's depth and oldest age, and the
 * process (event-loop lag, memory, CPU: prom-client's default metrics). Routes are labelled by their pattern
 * ('/api/shipments/:id'), never the address asked for, so the series stay few.
 */
export type Metrics = {
  registry: Registry;
  /** The text of one scrape. */
  scrape: () => Promise<string>;
  /** Counts and times every request (the first middleware after the request context). */
  middleware: MiddlewareHandler<AppEnv>;
  /** An error the app answered 503 (database unavailable) or 500 (unhandled) for. */
  countError: (kind: 'database_unavailable' | 'internal') => void;
};

export function createMetrics(database: Database, options: { processMetrics: boolean }): Metrics {
  const registry = new Registry();
  // The process's own figures (event-loop lag, memory, CPU, handles): once per process, not per test app.
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'cargodesk_' });
  const requests = new Counter({
    name: 'cargodesk_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'cargodesk_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'cargodesk_errors_total',
    help: 'Requests that failed on our side: the database unavailable (503) or an unhandled error (500)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'cargodesk_db_pool_clients',
    help: "PostgreSQL connection pool clients by state (open, idle, waiting for one); absent on the embedded database",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return;
      this.set({ state: 'open' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  // The outbox figures: one query per scrape (the outbox_due_idx index serves it), shared by the four gauges, which
  // prom-client reads side by side; null when the database did not answer.
  type OutboxFigures = { pending: number; dead: number; oldest: number } | null;
  let reading: Promise<OutboxFigures> | undefined;
  const outboxFigures = (): Promise<OutboxFigures> =>
    (reading ??= database.db
          .execute<{ pending: number; dead: number; oldest: number | null }>(sql`
            select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'dead')::int as dead,
              extract(epoch from now() - min(created_at) filter (where status = 'pending'))::float8 as oldest
            from outbox where status in ('pending', 'dead')`)
          .then((r) => ({ pending: Number(r.rows[0]?.pending ?? 0), dead: Number(r.rows[0]?.dead ?? 0), oldest: Number(r.rows[0]?.oldest ?? 0) }))
          .catch(() => null));
  const outboxGauge = (name: string, help: string, pick: (f: NonNullable<OutboxFigures> | null) => number | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const v = pick(await outboxFigures());
        if (v !== undefined) this.set(v);
      },
    });
  outboxGauge('cargodesk_outbox_pending', 'Outbox rows (mails) not yet delivered', (f) => f?.pending);
  outboxGauge('cargodesk_outbox_oldest_pending_seconds', 'Age of the oldest undelivered outbox row (0 when none)', (f) => f?.oldest);
  outboxGauge('cargodesk_outbox_dead', 'Outbox rows given up after every retry', (f) => f?.dead);
  outboxGauge('cargodesk_outbox_scrape_ok', '1 when the outbox figures were read at this scrape, 0 when the database did not answer', (f) => (f ? 1 : 0));

  // Webhook deliveries (issue 37): how many ended in each outcome, how many wait, and how long the oldest has waited.
  // One query per scrape, shared by both gauges; absent when the database did not answer.
  type WebhookFigures = { states: Record<(typeof WEBHOOK_OUTCOMES)[number], number>; oldest: number } | null;
  let webhookReading: Promise<WebhookFigures> | undefined;
  const webhookFigures = (): Promise<WebhookFigures> =>
    (webhookReading ??= database.db
      .execute<{ pending: number; succeeded: number; failed: number; cancelled: number; oldest: number | null }>(sql`
        select count(*) filter (where state = 'pending')::int as pending, count(*) filter (where state = 'succeeded')::int as succeeded,
          count(*) filter (where state = 'failed')::int as failed, count(*) filter (where state = 'cancelled')::int as cancelled,
          extract(epoch from now() - min(created_at) filter (where state = 'pending'))::float8 as oldest
        from webhook_deliveries`)
      .then((r) => {
        const row = r.rows[0];
        return { states: Object.fromEntries(WEBHOOK_OUTCOMES.map((o) => [o, Number(row?.[o] ?? 0)])) as Record<(typeof WEBHOOK_OUTCOMES)[number], number>, oldest: Number(row?.oldest ?? 0) };
      })
      .catch(() => null));
  new Gauge({
    name: 'cargodesk_webhook_deliveries',
    help: 'Webhook deliveries by outcome: pending (not yet delivered), succeeded, failed (given up) or cancelled (not sent)',
    labelNames: ['outcome'] as const,
    registers: [registry],
    async collect() {
      const f = await webhookFigures();
      if (f) for (const outcome of WEBHOOK_OUTCOMES) this.set({ outcome }, f.states[outcome]);
    },
  });
  new Gauge({
    name: 'cargodesk_webhook_oldest_pending_seconds',
    help: 'Age of the oldest webhook delivery not yet delivered (0 when none)',
    registers: [registry],
    async collect() {
      const f = await webhookFigures();
      if (f) this.set(f.oldest);
    },
  });

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const started = performance.now();
    await next();
    // After next(), the route that answered (its pattern), not this middleware's own '*'.
    const route = routePath(c) || 'unmatched';
    requests.inc({ method: c.req.method, route, status: String(c.res.status) });
    duration.observe({ method: c.req.method, route }, (performance.now() - started) / 1000);
  };
  const scrape = async () => {
    reading = undefined; // fresh outbox and webhook figures for each scrape
    webhookReading = undefined;
    return registry.metrics();
  };
  return { registry, scrape, middleware, countError: (kind) => errors.inc({ kind }) };
}

/** Whether `authorization` carries the metrics token (compared in constant time), when one is configured. */
export function hasMetricsToken(authorization: string | undefined, token: string | undefined): boolean {
  if (!token || !authorization?.startsWith('Bearer ')) return false;
  const given = Buffer.from(authorization.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
