import { describe, expect, it } from 'vitest';
import { base32Decode, hotp, secretOf, totp, wrongTotp } from '@tests/helpers/totp';

// The tests' own TOTP (tests/helpers/totp.ts) against the published test vectors.
describe('TOTP test helper', () => {
  const rfcKey = Buffer.from('12345678901234567890', 'ascii');

  it('computes the RFC 4226 appendix D HOTP values', () => {
    expect([0, 1, 2, 3, 9].map((c) => hotp(rfcKey, c))).toEqual(['755224', '287082', '359152', '969429', '520489']);
  });

  it('computes the RFC 6238 appendix B SHA-1 values (8 digits)', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // Base32 of the ASCII key above
    expect(base32Decode(secret).equals(rfcKey)).toBe(true);
    expect(totp(secret, 59_000, 0, 8)).toBe('94287082');
    expect(totp(secret, 1_111_111_109_000, 0, 8)).toBe('07081804');
    expect(totp(secret, 1_234_567_890_000, 0, 8)).toBe('89005924');
    expect(totp(secret, 20_000_000_000_000, 0, 8)).toBe('65353130');
  });

  it('reads the secret of an otpauth URI and finds a code valid in no accepted step', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(secretOf(`otpauth://totp/Cargodesk:a%40b.test?secret=${secret}&issuer=Cargodesk&digits=6&period=30`)).toBe(secret);
    const now = 1_234_567_890_000;
    const wrong = wrongTotp(secret, now);
    expect(wrong).toMatch(/^\d{6}$/);
    expect([-1, 0, 1].map((o) => totp(secret, now, o))).not.toContain(wrong);
  });
});
