import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNED_LINK_SECONDS } from '@domain/documents/rules';

/**
 * Short-lived signed links for downloads and previews (issue 6): HMAC-SHA256 over the file name and the expiry
 * (unix seconds). The route answers 403 for 'expired' and 'forged'; access rules are checked separately.
 */
export type SignedLink = { expires: number; signature: string };
export type LinkVerdict = 'ok' | 'expired' | 'forged';

const PURPOSE = 'cargodesk:file-link:v1';
const MIN_SECRET_LENGTH = 16;
const SIGNATURE_BYTES = 32;
const EXPIRES = /^\d{1,12}$/;

const toMillis = (now: Date | number) => (typeof now === 'number' ? now : now.getTime());

function mac(name: string, expires: number, secret: string): Buffer {
  if (secret.length < MIN_SECRET_LENGTH) throw new Error(`The link secret must be at least ${MIN_SECRET_LENGTH} characters`);
  // JSON keeps the two fields unambiguous whatever characters the name holds.
  return createHmac('sha256', secret).update(JSON.stringify([PURPOSE, name, expires])).digest();
}

/** A link for `name` valid for `ttlSeconds` from `now` (a Date or epoch milliseconds). */
export function sign(name: string, secret: string, now: Date | number, ttlSeconds: number = SIGNED_LINK_SECONDS): SignedLink {
  if (!Number.isSafeInteger(ttlSeconds) || ttlSeconds <= 0) throw new RangeError('ttlSeconds must be a positive whole number');
  const expires = Math.floor(toMillis(now) / 1000) + ttlSeconds;
  return { expires, signature: mac(name, expires, secret).toString('base64url') };
}

/**
 * 'forged' when the signature does not match (checked first, in constant time), else 'expired' once `now` has
 * reached `expires`, else 'ok'. `expires` may come straight from a query string.
 */
export function verify(name: string, expires: number | string, signature: string, secret: string, now: Date | number): LinkVerdict {
  const text = String(expires);
  if (!EXPIRES.test(text) || typeof signature !== 'string') return 'forged';
  const exp = Number(text);
  const expected = mac(name, exp, secret);
  const given = Buffer.from(signature, 'base64url');
  // Buffer.from ignores bad characters, so also require the canonical spelling.
  if (given.length !== SIGNATURE_BYTES || given.toString('base64url') !== signature) return 'forged';
  if (!timingSafeEqual(given, expected)) return 'forged';
  return toMillis(now) >= exp * 1000 ? 'expired' : 'ok';
}
