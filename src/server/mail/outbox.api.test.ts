import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { freshDatabase } from '../../../tests/helpers/test-app';
import type { Database } from '../db/client';
import { createLogger } from '../logger';
import { enqueueMail, retryDelaySeconds } from './outbox';
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

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([5, 10, 20, 40]);
    expect(retryDelaySeconds(30)).toBe(3600);
  });
});

describe('SMTP transport against a real SMTP peer', () => {
  it('delivers each mail once, and waits while the peer is down', async () => {
    const received: { to: string; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
          callback();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.server.address() as AddressInfo).port;
    await new Promise<void>((r) => server.close(() => r())); // the peer is down at first

    const transport = smtpTransport(`smtp://127.0.0.1:${port}`, 'Cargodesk <no-reply@cargodesk.test>');
    const worker = createOutboxWorker(database.db, transport, logger);
    await enqueueMail(database.db, 'smtp-1', mail('one@example.com', 'First'));
    await enqueueMail(database.db, 'smtp-2', mail('two@example.com', 'Second'));
    expect(await worker.drain()).toBe(0);
    expect(await statusOf('smtp-1')).toMatchObject({ status: 'pending', attempts: 1 });

    // The peer comes back on the same port; the retry delivers every mail exactly once.
    const back = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
          callback();
        });
      },
    });
    await new Promise<void>((r) => back.listen(port, '127.0.0.1', () => r()));
    await makeDue();
    expect(await worker.drain()).toBe(2);
    await makeDue();
    expect(await worker.drain()).toBe(0);
    expect(received.map((r) => r.to).sort()).toEqual(['one@example.com', 'two@example.com']);
    expect(received[0]!.raw).toMatch(/Message-ID: <smtp-[12]@cargodesk>/i);
    expect(await statusOf('smtp-1')).toMatchObject({ status: 'sent', attempts: 2 });
    transport.close?.();
    await new Promise<void>((r) => back.close(() => r()));
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
