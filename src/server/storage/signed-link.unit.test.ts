import { describe, expect, it } from 'vitest';
import { sign, verify } from './signed-link';

const SECRET = 'test-secret-0123456789abcdef';
const NAME = 'aB3dE5fG_invoice.pdf';
const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);

describe('signed links', () => {
  it('signs for 60 seconds by default and verifies', () => {
    const link = sign(NAME, SECRET, T0);
    expect(link.expires).toBe(T0 / 1000 + 60);
    expect(link.signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verify(NAME, link.expires, link.signature, SECRET, T0)).toBe('ok');
    expect(verify(NAME, String(link.expires), link.signature, SECRET, new Date(T0 + 59_999))).toBe('ok');
    expect(sign(NAME, SECRET, new Date(T0))).toEqual(link);
  });

  it('expires', () => {
    const link = sign(NAME, SECRET, T0, 60);
    expect(verify(NAME, link.expires, link.signature, SECRET, T0 + 60_000)).toBe('expired');
    expect(verify(NAME, link.expires, link.signature, SECRET, T0 + 3_600_000)).toBe('expired');
    const short = sign(NAME, SECRET, T0, 5);
    expect(verify(NAME, short.expires, short.signature, SECRET, T0 + 4_000)).toBe('ok');
    expect(verify(NAME, short.expires, short.signature, SECRET, T0 + 5_000)).toBe('expired');
  });

  it('detects forgery', () => {
    const link = sign(NAME, SECRET, T0);
    // Another file, a later expiry, another secret.
    expect(verify('aB3dE5fG_other.pdf', link.expires, link.signature, SECRET, T0)).toBe('forged');
    expect(verify(NAME, link.expires + 3600, link.signature, SECRET, T0)).toBe('forged');
    expect(verify(NAME, link.expires, link.signature, 'another-secret-0123456789', T0)).toBe('forged');
    // A signature made with another secret.
    const other = sign(NAME, 'another-secret-0123456789', T0);
    expect(verify(NAME, other.expires, other.signature, SECRET, T0)).toBe('forged');
    // Tampered, truncated, padded, garbage, empty signatures.
    const flipped = (link.signature[0] === 'A' ? 'B' : 'A') + link.signature.slice(1);
    for (const sig of [flipped, link.signature.slice(0, -1), `${link.signature}A`, `${link.signature}=`, '!!!', '', 'A'.repeat(43)]) {
      expect(verify(NAME, link.expires, sig, SECRET, T0)).toBe('forged');
    }
    // Malformed expiries.
    for (const exp of ['', 'abc', '-1', '1e12', `${link.expires}.0`, ` ${link.expires}`, Number.NaN]) {
      expect(verify(NAME, exp, link.signature, SECRET, T0)).toBe('forged');
    }
  });

  it('reports a forged link as forged even after its expiry', () => {
    const link = sign(NAME, SECRET, T0);
    expect(verify(NAME, link.expires + 1, link.signature, SECRET, T0 + 3_600_000)).toBe('forged');
  });

  it('keeps name and expiry unambiguous', () => {
    const a = sign('a1', SECRET, T0);
    expect(verify('a', a.expires, a.signature, SECRET, T0)).toBe('forged');
  });

  it('refuses a short secret and a bad lifetime', () => {
    expect(() => sign(NAME, 'short', T0)).toThrow();
    expect(() => sign(NAME, SECRET, T0, 0)).toThrow(RangeError);
    expect(() => sign(NAME, SECRET, T0, 1.5)).toThrow(RangeError);
  });
});
