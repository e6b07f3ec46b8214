import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '@server/logger';
import type { Mail } from './outbox';

export type MailTransport = {
  name: 'smtp' | 'webhook' | 'dev-mailbox';
  send: (mail: Mail, idempotencyKey: string) => Promise<void>;
  close?: () => void;
};

export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    send: async (mail, key) => {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        // A stable Message-ID lets receiving servers drop a redelivery after a crash between send and ack.
        messageId: `<${key.replace(/[^A-Za-z0-9._-]/g, '.')}@cargodesk>`,
        headers: { ...mail.headers, 'X-Idempotency-Key': key },
      });
    },
    close: () => transporter.close(),
  };
}

/** The automation webhook of the spec: POST JSON {to, subject, html, key1, key2}. */
export function webhookTransport(url: string, key1: string | undefined, key2: string | undefined): MailTransport {
  return {
    name: 'webhook',
    send: async (mail, key) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ to: mail.to, subject: mail.subject, html: mail.html, key1: key1 ?? '', key2: key2 ?? '' }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`Failed to send webhook: ${res.status}`);
    },
  };
}

/** Links in a mail, so the dev mailbox can log them for a new user with no mail server. */
export function extractLinks(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

/**
 * Without SMTP or webhook: each mail is saved under DATA_DIR/mail/ as `<key>.json` and its subject and links are
 * logged. The file appears whole or not at all (written beside it under a hidden name, then renamed), so a reader
 * polling the folder never sees half a mail.
 */
export function devMailboxTransport(dir: string, logger: Logger): MailTransport {
  return {
    name: 'dev-mailbox',
    send: async (mail, key) => {
      const safeKey = key.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120);
      const links = extractLinks(mail.html);
      const file = path.join(dir, `${safeKey}.json`);
      const partial = path.join(dir, `.${safeKey}.${process.pid}.${crypto.randomUUID()}.partial`);
      const text = JSON.stringify({ ...mail, key, links, savedAt: new Date().toISOString() }, null, 2);
      // The folder is made when a write finds it missing (the first mail, or after someone emptied it), not before each.
      await fs.writeFile(partial, text).catch(async (e: unknown) => {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        await fs.mkdir(dir, { recursive: true });
        await fs.writeFile(partial, text);
      });
      await fs.rename(partial, file);
      logger.info({ to: mail.to, subject: mail.subject, links, file }, `mail to ${mail.to}: ${mail.subject}${links.length ? ` ${links.join(' ')}` : ''}`);
    },
  };
}
