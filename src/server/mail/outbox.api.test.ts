import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDatabase } from '@tests/helpers/test-app';
import { smtpPeer } from '@tests/helpers/smtp-peer';
import type { Database } from '@server/db/client';
import { createLogger } from '@server/logger';
import { claimDueMails, enqueueMail, retryDelaySeconds } from './outbox';
import { smtpTransport, webhookTransport } from './transports';
import { createOutboxWorker } from './worker';

let database: Database & { dropped: () => Promise<void> };
beforeAll(async () => {
  database = await freshDatabase();
  await database.migrate();
});
afterAll(async () => database?.dropped());

const logger = createLogger('silent');
const mail = (to: string, subject: string) => ({ to, subject, html: `<p>${subject}</p>` });
const statusOf = async (key: string) =>
  (await database.db.execute<{ status: string; attempts: number }>(sql`select status, attempts from outbox where idempotency_key = ${key}`)).rows[0];
const makeDue = () => database.db.execute(sql`update outbox set next_attempt_at = now() where status = 'pending'`);

describe('outbox', () => {
  it('enqueues a key once, however often the action is retried', async () => {
    await enqueueMail(database.db, 'once-key', mail('a@example.com', 'Hello'));
    await enqueueMail(database.db, 'once-key', mail('a@example.com', 'Hello again'));
    const rows = await database.db.execute(sql`select payload from outbox where idempotency_key = 'once-key'`);
    expect(rows.rows).toHaveLength(1);
    await database.db.execute(sql`delete from outbox`);
  });

  it('hands due rows to the worker oldest first, whatever order they sit in the table', async () => {
    // Inserted newest first: the table holds them out of the order they fell due.
    for (const [key, minutesAgo] of [['order-c', 1], ['order-a', 3], ['order-b', 2]] as const) {
      await database.db.execute(sql`
        insert into outbox (kind, idempotency_key, payload, next_attempt_at, created_at)
        values ('mail', ${key}, ${JSON.stringify(mail('o@example.com', key))}::jsonb, now() - make_interval(mins => ${minutesAgo}), now() - make_interval(mins => ${minutesAgo}))`);
    }
    const claimed = (await claimDueMails(database.db, 10, 60)).map((r) => r.idempotency_key).filter((k) => k.startsWith('order-'));
    expect(claimed).toEqual(['order-a', 'order-b', 'order-c']);
    await database.db.execute(sql`delete from outbox where idempotency_key like 'order-%'`);
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([5, 10, 20, 40]);
    expect(retryDelaySeconds(30)).toBe(3600);
  });
});

describe('SMTP transport against a real SMTP peer', () => {
  it('delivers each mail once, and waits while the peer is down', async () => {
    const received: { to: string; raw: string }[] = [];
    const peer = smtpPeer((m) => received.push({ to: m.to.join(','), raw: m.raw }));
    const port = await peer.listen();
    await peer.close(); // the peer is down at first

    const transport = smtpTransport(`smtp://127.0.0.1:${port}`, 'Cargodesk <no-reply@cargodesk.test>');
    const worker = createOutboxWorker(database.db, transport, logger);
    await enqueueMail(database.db, 'smtp-1', mail('one@example.com', 'First'));
    await enqueueMail(database.db, 'smtp-2', mail('two@example.com', 'Second'));
    expect(await worker.drain()).toBe(0);
    expect(await statusOf('smtp-1')).toMatchObject({ status: 'pending', attempts: 1 });

    // The peer comes back on the same port; the retry delivers every mail exactly once.
    await peer.listen(port);
    await makeDue();
    expect(await worker.drain()).toBe(2);
    await makeDue();
    expect(await worker.drain()).toBe(0);
    expect(received.map((r) => r.to).sort()).toEqual(['one@example.com', 'two@example.com']);
    expect(received[0]!.raw).toMatch(/Message-ID: <smtp-[12]@cargodesk>/i);
    expect(await statusOf('smtp-1')).toMatchObject({ status: 'sent', attempts: 2 });
    transport.close?.();
    await peer.close();
  });
});

describe('webhook transport against a real HTTP peer', () => {
  it('posts {to, subject, html, key1, key2}, and retries after a failure', async () => {
    const bodies: Record<string, string>[] = [];
    let failNext = true;
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (failNext) {
          failNext = false;
          res.writeHead(502).end();
          return;
        }
        bodies.push(JSON.parse(body) as Record<string, string>);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const worker = createOutboxWorker(database.db, webhookTransport(url, 'k-one', 'k-two'), logger);
    await enqueueMail(database.db, 'hook-1', mail('c@example.com', 'New Shipment Created - CD-1'));
    expect(await worker.drain()).toBe(0);
    const failed = await database.db.execute<{ last_error: string }>(sql`select last_error from outbox where idempotency_key = 'hook-1'`);
    expect(failed.rows[0]!.last_error).toBe('Failed to send webhook: 502');
    await makeDue();
    expect(await worker.drain()).toBe(1);
    expect(bodies).toEqual([{ to: 'c@example.com', subject: 'New Shipment Created - CD-1', html: '<p>New Shipment Created - CD-1</p>', key1: 'k-one', key2: 'k-two' }]);
    await new Promise<void>((r) => server.close(() => r()));
  });
});

describe('worker stop (graceful shutdown)', () => {
  it('finishes the mail being sent, hands the rest of its batch back, and then leaves the database alone', async () => {
    await database.db.execute(sql`delete from outbox`);
    for (let i = 1; i <= 5; i++) await enqueueMail(database.db, `stop-${i}`, mail(`s${i}@example.com`, `Stop ${i}`));
    const sent: string[] = [];
    let release!: () => void;
    const firstSendHeld = new Promise<void>((r) => (release = r));
    let sending!: () => void;
    const firstSendStarted = new Promise<void>((r) => (sending = r));
    // A peer that holds the first mail until the test lets it through.
    const transport = {
      name: 'webhook' as const,
      send: async (_m: unknown, key: string) => {
        if (sent.length === 0) {
          sending();
          await firstSendHeld;
        }
        sent.push(key);
      },
    };
    const worker = createOutboxWorker(database.db, transport, logger, 50);
    worker.start();
    await firstSendStarted;
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(stopped).toBe(false); // waits for the mail in flight
    release();
    await stopping;

    expect(sent).toHaveLength(1);
    const first = sent[0]!;
    expect(await statusOf(first)).toMatchObject({ status: 'sent', attempts: 1 });
    const rest = await database.db.execute<{ status: string; attempts: number; locked_until: string | null }>(
      sql`select status, attempts, locked_until from outbox where idempotency_key <> ${first} order by idempotency_key`,
    );
    expect(rest.rows).toEqual(Array.from({ length: 4 }, () => ({ status: 'pending', attempts: 0, locked_until: null })));

    // Stopped means stopped: no further claims.
    await new Promise((r) => setTimeout(r, 300));
    expect(sent).toEqual([first]);
    // Another instance (or the next start) takes the handed-back rows at once.
    expect(await createOutboxWorker(database.db, transport, logger).drain()).toBe(4);
  });
});
