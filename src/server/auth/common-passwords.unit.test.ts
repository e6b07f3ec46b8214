import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@domain/auth/rules';
import { commonPasswordCount, isCommonPassword } from './common-passwords';

describe('common passwords', () => {
  it('ships 5,000 entries of at least 6 characters', () => {
    expect(commonPasswordCount()).toBe(5000);
  });

  it('knows the usual suspects, whatever the case or surrounding spaces', () => {
    for (const p of ['123456', 'password', 'qwerty123', 'PASSWORD123', ' iloveyou ', 'Football']) expect(isCommonPassword(p)).toBe(true);
  });

  it('lets ordinary passphrases and the demo password through', () => {
    for (const p of [DEMO_PASSWORD, 'brand-new-pass', 'secret-pass', 'Kargo-Izmir-2026!', 'correct horse battery staple']) expect(isCommonPassword(p)).toBe(false);
  });
});
