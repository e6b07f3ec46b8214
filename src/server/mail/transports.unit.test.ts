import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '@server/logger';
import { devMailboxTransport } from './transports';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('dev mailbox', () => {
  it('saves each mail whole under its key, with its links, and leaves no partial file behind', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cargodesk-mailbox-'));
    const box = devMailboxTransport(dir, createLogger('silent'));
    const html = `<p>${'x'.repeat(4_000_000)}</p><a href="http://localhost:3000/confirm?token=a&amp;b=1">Confirm</a>`;
    // A reader polling the folder while mails are written (4 MB each: several writes apiece) finds only whole files.
    let writing = true;
    let complete = 0;
    const poll = async () => {
      while (writing) {
        for (const name of await fs.readdir(dir!)) {
          if (!name.endsWith('.json')) continue;
          const text = await fs.readFile(path.join(dir!, name), 'utf8').catch(() => null);
          if (text === null) continue;
          JSON.parse(text);
          complete++;
        }
      }
    };
    const reader = poll();
    await Promise.all(Array.from({ length: 5 }, (_, i) => box.send({ to: `p${i}@example.com`, subject: `Mail ${i}`, html }, `key/${i}`)));
    writing = false;
    await reader;
    expect(complete).toBeGreaterThan(0);
    const names = (await fs.readdir(dir)).sort();
    expect(names).toEqual(Array.from({ length: 5 }, (_, i) => `key_${i}.json`).sort());
    const saved = JSON.parse(await fs.readFile(path.join(dir, 'key_3.json'), 'utf8')) as { to: string; key: string; links: string[] };
    expect(saved).toMatchObject({ to: 'p3@example.com', key: 'key/3', links: ['http://localhost:3000/confirm?token=a&b=1'] });
  });

  it('makes its folder when a mail finds it missing: the first mail, and after the folder was removed', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cargodesk-mailbox-'));
    const box = devMailboxTransport(path.join(dir, 'a', 'b'), createLogger('silent'));
    await box.send({ to: 'p@example.com', subject: 'First', html: '<p>1</p>' }, 'first');
    expect(await fs.readdir(path.join(dir, 'a', 'b'))).toEqual(['first.json']);
    await fs.rm(path.join(dir, 'a'), { recursive: true });
    await box.send({ to: 'p@example.com', subject: 'Second', html: '<p>2</p>' }, 'second');
    expect(await fs.readdir(path.join(dir, 'a', 'b'))).toEqual(['second.json']);
  });
});
