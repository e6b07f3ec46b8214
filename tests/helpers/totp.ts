/**
 * TOTP codes computed in the tests themselves (RFC 6238 over RFC 4226 HOTP, HMAC-SHA-1), with node:crypto only,
 * so the tests check the server against the standard rather than against the library it uses.
 */
import crypto from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 Base32 (no padding needed; spaces and case ignored), as authenticator apps read the secret. */
export function base32Decode(input: string): Buffer {
  const clean = input.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const idx = BASE32.indexOf(ch);
    if (idx < 0) throw new Error(`not Base32: ${ch}`);
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 HOTP of `counter` with `key`. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = crypto.createHmac('sha1', key).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** RFC 6238 TOTP for a Base32 secret at `timeMs` (30-second steps); `stepOffset` picks a neighbouring step. */
export function totp(base32Secret: string, timeMs = Date.now(), stepOffset = 0, digits = 6): string {
  return hotp(base32Decode(base32Secret), Math.floor(timeMs / 1000 / 30) + stepOffset, digits);
}

/** The Base32 secret of an otpauth:// URI. */
export function secretOf(otpauthUri: string): string {
  const secret = new URL(otpauthUri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${otpauthUri}`);
  return secret;
}

/** A 6-digit code that is valid in no step the server accepts now (now ± 1 step), for wrong-code tests. */
export function wrongTotp(base32Secret: string, timeMs = Date.now()): string {
  const valid = new Set([-1, 0, 1].map((o) => totp(base32Secret, timeMs, o)));
  for (let n = 0; ; n++) {
    const candidate = String((Number(totp(base32Secret, timeMs)) + 500_000 + n) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

/**
 * The server accepts each code once (per user), and accepts the codes of the current step and one step either side.
 * This hands out, per secret, a code not handed out before: now, the next step, or the previous one (only early in
 * a step: it expires with the step); when none is left it waits for the next 30-second step.
 */
const handedOut = new Map<string, Set<string>>();
export async function freshTotp(base32Secret: string): Promise<string> {
  for (;;) {
    const used = handedOut.get(base32Secret) ?? new Set<string>();
    handedOut.set(base32Secret, used);
    const now = Date.now();
    // The previous step's code stops being accepted when this step ends: handed out only with 10 s of it left, so a
    // request on a busy machine does not reach the server in the next step with a code it no longer takes.
    const offsets = 30_000 - (now % 30_000) > 10_000 ? [0, 1, -1] : [0, 1];
    for (const offset of offsets) {
      const step = Math.floor(now / 30_000) + offset;
      const key = String(step);
      if (!used.has(key)) {
        used.add(key);
        return totp(base32Secret, now, offset);
      }
    }
    await new Promise((r) => setTimeout(r, 30_000 - (now % 30_000) + 50));
  }
}
