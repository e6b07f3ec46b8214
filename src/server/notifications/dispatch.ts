/**
 * Telling people about an event by their choices (issue 17, decision record 0231), inside the transaction of the
 * change: instant mails go to the outbox with a one-click unsubscribe (RFC 8058), digest lines wait for the person's
 * daily digest, and 'off' sends nothing.
 */
import type { Tx } from '@server/db/client';
import { notification_digest_items } from '@server/db/schema';
import { enqueueGroupedMail, enqueueMails, type Mail } from '@server/mail/outbox';
import { readersOf } from '@server/mail/audience';
import { withUnsubscribe } from '@server/mail/templates';
import { lineText, type DigestLine } from '@server/mail/digest-line';
import { translatorFor, type Translator } from '@server/i18n';
import { NOTIFICATION_EVENTS, type NotificationEvent } from '@domain/notifications/schema';
import { addressOf, modesFor } from './preferences';
import { unsubscribeToken, unsubscribeUrls } from './unsubscribe-token';

/** Where links start, and the secret that signs unsubscribe links. */
export type NotifyDeps = { publicUrl: string; linkSecret: string };

/**
 * One recipient's mail (if they want it now) and digest line (if they want it daily). With `group`, the instant mail
 * gathers with the group's pending one (a thread's messages within a window): `render(since, tr)` writes the whole
 * group. Mails are written in the reader's language: `mail(tr)` is given the recipient's translator (`readerOf`).
 */
export type Notice = {
  to: string;
  key: string;
  mail: (tr: Translator) => Mail;
  /**
   * The digest line: title and detail English ICU messages (`msg('{item_label} rejected: {reason}')`, `'{reference}'`),
   * `values` filling them (a key's ending says how a reader's language writes it: server/mail/digest-line.ts).
   */
  line: DigestLine;
  shipmentId: string | null;
  group?: { key: string; delaySeconds: number; firstDelaySeconds?: number; render: (since: Date, tr: Translator) => Promise<Mail> };
  /** Too pressing for tomorrow's digest: mailed at once to those who chose the digest too (never to those who chose off). */
  urgent?: boolean;
};

export const settingsUrl = (base: string) => `${base.replace(/\/$/, '')}/profile#notifications`;

/** An instant mail of the event as it is sent: with the one-click unsubscribe (RFC 8058) and the settings link. */
export function instantMail(tr: Translator, deps: NotifyDeps, event: NotificationEvent, email: string, mail: Mail): Mail {
  const urls = unsubscribeUrls(deps.publicUrl, unsubscribeToken(deps.linkSecret, email, event));
  return withUnsubscribe(tr, { ...mail, to: email }, NOTIFICATION_EVENTS[event].label, urls, settingsUrl(deps.publicUrl));
}

/** Applies each recipient's choice for the event; recipients are deduplicated by address. */
export async function notify(tx: Tx, deps: NotifyDeps, event: NotificationEvent, notices: Notice[]): Promise<void> {
  const byAddress = new Map(notices.map((n) => [addressOf(n.to), n]));
  const modes = await modesFor(tx, [...byAddress.keys()], event);
  const mailedNow = (email: string, n: Notice) => modes.get(email) === 'instant' || (modes.get(email) === 'daily' && !!n.urgent);
  // The readers of every mail sent now, in one query.
  const readers = await readersOf(tx, [...byAddress].filter(([email, n]) => mailedNow(email, n)).map(([email]) => email));
  const mails: { key: string; mail: Mail }[] = [];
  const lines: (typeof notification_digest_items.$inferInsert)[] = [];
  for (const [email, n] of byAddress) {
    const mode = modes.get(email);
    if (mailedNow(email, n)) {
      const tr = readers.get(email) ?? translatorFor(null);
      const wrap = (mail: Mail) => instantMail(tr, deps, event, email, mail);
      const group = n.group;
      if (group) {
        const timing = { delaySeconds: group.delaySeconds, ...(group.firstDelaySeconds === undefined ? {} : { firstDelaySeconds: group.firstDelaySeconds }) };
        await enqueueGroupedMail(tx, { key: group.key, idempotencyKey: n.key, ...timing }, async (since) => wrap(await group.render(since, tr)));
      }
      else mails.push({ key: n.key, mail: wrap(n.mail(tr)) });
    } else if (mode === 'daily') {
      // Stored in English as written (what an English reader's digest shows) and as messages and values, which the
      // digest writes again in its reader's language (issue 42).
      const message = { title: n.line.title, detail: n.line.detail, values: n.line.values ?? {} };
      const english = lineText(translatorFor(null), { ...message, url: n.line.url });
      lines.push({ email, event, shipment_id: n.shipmentId, ...english, url: n.line.url, line_message: message });
    }
  }
  await enqueueMails(tx, mails);
  if (lines.length > 0) await tx.insert(notification_digest_items).values(lines);
}
