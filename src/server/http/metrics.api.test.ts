import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';

// Issue 19: GET /api/metrics in the Prometheus text format, for a scraper with METRICS_TOKEN or an admin's session.

const TOKEN = 'scrape-token-0123456789abcdef';
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN, processMetrics: true });
  admin = await t.signIn('admin@cargodesk.test');
});
afterAll(async () => t?.close());

const scrape = (headers: Record<string, string>) => t.request('/api/metrics', { headers });
/** The value of one series (metric name with its labels exactly as printed), or undefined. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /api/metrics', () => {
  it('answers a scraper with the token, an admin, and nobody else', async () => {
    const res = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect((await scrape({ cookie: admin })).status).toBe(200);
    expect((await scrape({})).status).toBe(401);
    expect((await scrape({ authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await scrape({ authorization: TOKEN })).status).toBe(401);
    for (const who of ['export', 'customer'] as const) {
      expect((await scrape({ cookie: await t.signIn(`${who}@cargodesk.test`) })).status, who).toBe(403);
    }
  });

  it('counts requests by route pattern and status, with a latency histogram', async () => {
    const before = await (await scrape({ authorization: `Bearer ${TOKEN}` })).text();
    const series = 'cargodesk_http_requests_total{method="GET",route="/api/shipments/:id",status="404"}';
    const was = value(before, series) ?? 0;
    for (let i = 0; i < 3; i++) await t.request('/api/shipments/00000000-0000-4000-8000-000000000000', { cookie: admin });
    const text = await (await scrape({ authorization: `Bearer ${TOKEN}` })).text();
    expect(value(text, series)).toBe(was + 3);
    // The pattern, never the address asked for: no series names an id.
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(value(text, 'cargodesk_http_request_duration_seconds_count{method="GET",route="/api/shipments/:id"}')).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(/^cargodesk_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/shipments\/:id"\} \d+$/m);
  });

  it('shows the outbox depth and oldest age, and the process (event loop, memory)', async () => {
    await t.db.execute(sql`insert into outbox (idempotency_key, payload, status, created_at, next_attempt_at)
      values (${`metrics-test-${Date.now()}`}, ${JSON.stringify({ to: 'x@example.com', subject: 's', html: 'h' })}::jsonb, 'pending',
        now() - interval '2 hours', now() + interval '1 day')`);
    const text = await (await scrape({ authorization: `Bearer ${TOKEN}` })).text();
    const pending = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox where status = 'pending'`);
    expect(value(text, 'cargodesk_outbox_pending')).toBe(pending.rows[0]!.n);
    expect(value(text, 'cargodesk_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(7200);
    expect(value(text, 'cargodesk_outbox_scrape_ok')).toBe(1);
    expect(text).toMatch(/^cargodesk_nodejs_eventloop_lag_seconds \d/m);
    expect(value(text, 'cargodesk_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts webhook deliveries by outcome, and the age of the oldest pending one (issue 37)', async () => {
    const company = (await t.db.execute<{ id: string }>(sql`select id from companies order by name limit 1`)).rows[0]!.id;
    const [sub] = (await t.db.execute<{ id: string }>(sql`insert into webhook_subscriptions (company_id, url, events, secret, secret_hint)
      values (${company}, 'https://hooks.example.com/metrics', '{status_changed}', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'LaSw') returning id`)).rows;
    const states = { pending: 2, succeeded: 3, failed: 1, cancelled: 1 };
    let n = 0;
    for (const [state, count] of Object.entries(states)) {
      for (let i = 0; i < count; i++) {
        await t.db.execute(sql`insert into webhook_deliveries (subscription_id, company_id, event, event_key, payload, state, created_at)
          values (${sub!.id}, ${company}, 'status_changed', ${`metrics-${n++}`}, '{}', ${state}, now() - make_interval(secs => ${state === 'pending' ? 3600 * (i + 1) : 60}))`);
      }
    }
    const text = await (await scrape({ authorization: `Bearer ${TOKEN}` })).text();
    for (const [outcome, count] of Object.entries(states)) expect(value(text, `cargodesk_webhook_deliveries{outcome="${outcome}"}`), outcome).toBe(count);
    const oldest = value(text, 'cargodesk_webhook_oldest_pending_seconds')!;
    expect(oldest).toBeGreaterThanOrEqual(7200);
    expect(oldest).toBeLessThan(7200 + 600);
    // Delivered, the pending ones leave the count and the age falls to 0.
    await t.db.execute(sql`update webhook_deliveries set state = 'succeeded' where subscription_id = ${sub!.id} and state = 'pending'`);
    const after = await (await scrape({ authorization: `Bearer ${TOKEN}` })).text();
    expect(value(after, 'cargodesk_webhook_deliveries{outcome="pending"}')).toBe(0);
    expect(value(after, 'cargodesk_webhook_deliveries{outcome="succeeded"}')).toBe(5);
    expect(value(after, 'cargodesk_webhook_oldest_pending_seconds')).toBe(0);
  });
});
