import { describe, expect, it } from 'vitest';
import {
  groupSecret, isTotpCode, normalizeTotpCode, recoveryCodesFile, secretOfOtpauthUri, TWO_FACTOR_MESSAGES, twoFactorErrorMessage,
} from './two-factor';

describe('two-factor rules', () => {
  it('accepts six digits, with spaces or a dash as typed, and nothing else', () => {
    expect(isTotpCode('123456')).toBe(true);
    expect(isTotpCode('123 456')).toBe(true);
    expect(isTotpCode('123-456')).toBe(true);
    expect(normalizeTotpCode(' 123 456 ')).toBe('123456');
    for (const bad of ['', '12345', '1234567', 'abcdef', '12345a']) expect(isTotpCode(bad)).toBe(false);
  });

  it('reads the secret of an otpauth URI and groups it for typing', () => {
    const uri = 'otpauth://totp/Cargodesk:ann%40cargodesk.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Cargodesk&digits=6&period=30';
    expect(secretOfOtpauthUri(uri)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(secretOfOtpauthUri('https://example.test/?secret=X')).toBeNull();
    expect(groupSecret('JBSWY3DPEHPK3PXPJB')).toBe('JBSW Y3DP EHPK 3PXP JB');
  });

  it('maps Better Auth error codes to clear texts', () => {
    expect(twoFactorErrorMessage({ code: 'INVALID_CODE', message: 'Invalid code' })).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    expect(twoFactorErrorMessage({ code: 'INVALID_BACKUP_CODE' }, 'recovery')).toBe(TWO_FACTOR_MESSAGES.invalidRecoveryCode);
    expect(twoFactorErrorMessage({ code: 'INVALID_TWO_FACTOR_COOKIE' })).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    expect(twoFactorErrorMessage({ code: 'ACCOUNT_TEMPORARILY_LOCKED' })).toBe(TWO_FACTOR_MESSAGES.locked);
    expect(twoFactorErrorMessage({ code: 'INVALID_PASSWORD', message: 'Invalid password' })).toBe(TWO_FACTOR_MESSAGES.invalidPassword);
    expect(twoFactorErrorMessage({ code: 'rate_limited', message: 'Too many attempts. Please try again in 30 seconds.' })).toBe(
      'Too many attempts. Please try again in 30 seconds.',
    );
  });

  it('writes the recovery codes file with the account and every code', () => {
    const file = recoveryCodesFile('ann@cargodesk.test', ['aaaaa-11111', 'bbbbb-22222'], new Date('2026-01-02T03:04:05Z'));
    expect(file).toContain('Cargodesk recovery codes for ann@cargodesk.test');
    expect(file).toContain('Generated 2026-01-02 03:04 UTC');
    expect(file.split('\n')).toEqual(expect.arrayContaining(['aaaaa-11111', 'bbbbb-22222']));
  });
});
