/**
 * Mail peer down (issue 8): with the SMTP peer (a real local smtp-server) down, actions that send mail still
 * succeed and their outbox rows wait; when the peer comes back every mail is delivered exactly once per
 * recipient (idempotency key), even with two instances' workers claiming from the same outbox.
 */
import { smtpPeer, type ReceivedMail } from '../helpers/smtp-peer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASE_PORT, SMTP_PORT, createShipment, demoContext, figure, query, serverErrors, sleep, startPortal, tempDir, throwAwayDatabase, until,
  type Portal,
} from './harness';

let database: Awaited<ReturnType<typeof throwAwayDatabase>>;
const portals: Portal[] = [];

type Received = { key: string; to: string };

/** The peer keeps each recipient with the mail's idempotency key (from its headers). */
function keysOf(received: Received[]) {
  return (m: ReceivedMail) => {
    const headers = m.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    const key = /^X-Idempotency-Key: *(.+)$/im.exec(headers)?.[1]?.trim() ?? '';
    for (const to of m.to) received.push({ key, to: to.toLowerCase() });
  };
}

beforeAll(async () => {
  database = await throwAwayDatabase();
});

afterAll(async () => {
  for (const p of portals) await p.stop();
  await database.drop();
});

describe('SMTP peer down', () => {
  it('actions succeed, mails wait in the outbox, and each is delivered exactly once when the peer is back', async () => {
    const env = { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` };
    // Two instances on one database: both workers claim from the same outbox.
    for (const offset of [4, 5]) {
      portals.push(await startPortal({ port: BASE_PORT + offset, databaseUrl: database.url, dataDir: tempDir(`mail-${offset}`), seedDemo: true, env }));
    }
    const contexts = await Promise.all(portals.map((p) => demoContext(p.url)));

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createShipment(portals[i % 2]!.url, contexts[i % 2]!.cookie, contexts[i % 2]!.companyId, `BNCH-MAIL-${Date.now().toString(36)}-${i}`),
      ),
    );
    const ids = results.map((r) => r.id).filter((id): id is string => Boolean(id));
    figure('mail: actions while the peer is down -> statuses', [...new Set(results.map((r) => r.status))]);
    expect(ids).toHaveLength(20);

    const outboxOf = () =>
      query<{ key: string; to: string; status: string; attempts: number; last_error: string | null }>(
        database.url,
        `select idempotency_key as key, payload->>'to' as "to", status, attempts, last_error from outbox
         where split_part(idempotency_key, ':', 2) = any($1::text[])`,
        [ids],
      );
    // Every row has been tried (and failed) at least once while the peer is down.
    await until(async () => (await outboxOf()).every((r) => r.attempts >= 1 && r.last_error), 20_000, 'a failed attempt on every row', 250);
    const waiting = await outboxOf();
    figure('mail: outbox rows waiting while the peer is down', waiting.length);
    expect(waiting.length).toBeGreaterThanOrEqual(20);
    expect(waiting.every((r) => r.status === 'pending')).toBe(true);

    const received: Received[] = [];
    const peer = smtpPeer(keysOf(received));
    await sleep(1_000);
    await peer.listen(SMTP_PORT);
    const expected = waiting.length;
    const ms = await until(async () => (await outboxOf()).every((r) => r.status === 'sent'), 60_000, 'every mail sent', 250);
    await sleep(3_000); // anything sent twice would arrive now
    await peer.close();

    const mine = received.filter((r) => waiting.some((w) => w.key === r.key));
    const perKey = new Map<string, number>();
    for (const r of mine) perKey.set(`${r.key} ${r.to}`, (perKey.get(`${r.key} ${r.to}`) ?? 0) + 1);
    const duplicates = [...perKey.values()].filter((n) => n > 1).length;
    figure('mail: all sent after the peer came back (ms)', Math.round(ms));
    figure('mail: expected / delivered / distinct (key, recipient) / duplicates', [expected, mine.length, perKey.size, duplicates]);

    expect(perKey.size).toBe(expected);
    expect(duplicates).toBe(0);
    expect(mine.length).toBe(expected);
    for (const w of waiting) expect(perKey.get(`${w.key} ${w.to.toLowerCase()}`)).toBe(1);
    for (const p of portals) expect(serverErrors(p)).toEqual([]);
  });
});
