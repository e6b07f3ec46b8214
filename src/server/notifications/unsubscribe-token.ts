/**
 * One-click unsubscribe tokens (RFC 8058, decision record 0231): the address and the event, signed with the server's
 * secret. No expiry: a link in a mail of last year must still stop the mails. Nothing is stored; a forged or altered
 * token fails the MAC, compared in constant time.
 */
import crypto from 'node:crypto';
import { DIGEST_TOPIC, NOTIFICATION_EVENTS, type UnsubscribeTopic } from '@domain/notifications/schema';

const PURPOSE = 'cargodesk-unsubscribe-v1';
const mac = (secret: string, payload: string) => crypto.createHmac('sha256', secret).update(`${PURPOSE}\n${payload}`).digest('base64url');

export function unsubscribeToken(secret: string, email: string, event: UnsubscribeTopic): string {
  const payload = Buffer.from(`${event}\n${email}`, 'utf8').toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

export function readUnsubscribeToken(secret: string, token: string): { email: string; event: UnsubscribeTopic } | null {
  if (token.length > 600) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  const [event, email] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
  if (!event || !email || !(event in NOTIFICATION_EVENTS || event === DIGEST_TOPIC)) return null;
  return { email, event: event as UnsubscribeTopic };
}

/** The page a person opens from the mail's footer, and the address of the one-click POST (List-Unsubscribe). */
export function unsubscribeUrls(base: string, token: string): { page: string; oneClick: string } {
  const root = base.replace(/\/$/, '');
  const q = `token=${encodeURIComponent(token)}`;
  return { page: `${root}/unsubscribe?${q}`, oneClick: `${root}/api/unsubscribe?${q}` };
}
