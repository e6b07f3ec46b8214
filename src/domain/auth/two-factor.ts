/**
 * Two-factor sign-in with an authenticator app (issue 8; decision records 0009-0012). Pure texts and rules shared by
 * the server and the web. No zod here: the sign-in page's second step imports this module (schemas live in
 * auth/two-factor-schema.ts).
 */

/** The issuer shown in authenticator apps next to the account's e-mail. */
import { msg } from '@domain/common/i18n';

export const TWO_FACTOR_ISSUER = 'Cargodesk';
export const TOTP_DIGITS = 6;
/** Recovery codes given at enrolment (and on each regeneration); each works once. */
export const RECOVERY_CODE_COUNT = 10;

/** The API error code of a staff request refused until the user enrols (403). */
export const TWO_FACTOR_REQUIRED_CODE = 'two_factor_required';

export const TWO_FACTOR_MESSAGES = {
  required: msg('Your administrator requires two-factor authentication for staff accounts. Set it up on your profile page to continue.'),
  requiredTitle: msg('Two-factor authentication is required'),
  requiredExplanation:
    msg('Your administrator requires two-factor authentication for all staff. Until you turn it on, the rest of the portal stays locked for your account.'),
  enterCode: msg('Please enter the 6-digit code from your authenticator app'),
  enterRecoveryCode: msg('Please enter one of your recovery codes'),
  invalidCode: msg('Invalid code. Check your authenticator app and try again.'),
  codeAlreadyUsed: msg('This code has already been used. Wait for the next code in your authenticator app.'),
  invalidRecoveryCode: msg('Invalid recovery code, or one that has already been used.'),
  challengeExpired: msg('Your sign-in has expired. Please sign in again with your email and password.'),
  tooManyAttempts: msg('Too many incorrect codes. Please sign in again with your email and password.'),
  locked: msg('Too many incorrect codes. Two-factor sign-in is locked for 15 minutes. Please try again later.'),
  enterPassword: msg('Please enter your password'),
  invalidPassword: msg('Incorrect password'),
  cannotDisableRequired: msg('Your administrator requires two-factor authentication for staff, so it cannot be turned off.'),
  trustDeviceNotOffered: msg('Remembering a device is not offered: a code is asked at every sign-in.'),
  adminMustEnrolFirst: msg('Turn on two-factor authentication for your own account first, then require it for all staff.'),
  alreadyEnabled: msg('Two-factor authentication is already on.'),
} as const;

/** A TOTP code as typed: spaces and dashes removed. */
export function normalizeTotpCode(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function isTotpCode(input: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normalizeTotpCode(input));
}

/** A recovery code as typed: trimmed (they are case-sensitive, `xxxxx-xxxxx`). */
export function normalizeRecoveryCode(input: string): string {
  return input.trim();
}

/** The Base32 secret of an `otpauth://totp/...` URI, for people who type it into their app; null when absent. */
export function secretOfOtpauthUri(uri: string): string | null {
  const q = uri.indexOf('?');
  if (!uri.startsWith('otpauth://totp/') || q < 0) return null;
  return new URLSearchParams(uri.slice(q + 1)).get('secret');
}

/** A Base32 secret in groups of four, easier to read and type (apps ignore the spaces). */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').match(/.{1,4}/g)?.join(' ') ?? '';
}

/** The text file offered for download with the recovery codes. */
export function recoveryCodesFile(email: string, codes: readonly string[], now = new Date()): string {
  return [
    `${TWO_FACTOR_ISSUER} recovery codes for ${email}`,
    `Generated ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC. Each code can be used once, instead of a code from your authenticator app.`,
    'Keep them somewhere safe. Generating new codes makes these ones stop working.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * The text for a failed second step or a 2FA setting change, from Better Auth's error code (or ours).
 * `kind` says which code the user typed.
 */
export function twoFactorErrorMessage(error: { code?: string; message?: string } | null | undefined, kind: 'totp' | 'recovery' = 'totp'): string {
  switch (error?.code) {
    case 'INVALID_CODE':
      return TWO_FACTOR_MESSAGES.invalidCode;
    case 'CODE_ALREADY_USED':
      return TWO_FACTOR_MESSAGES.codeAlreadyUsed;
    case 'INVALID_BACKUP_CODE':
      return TWO_FACTOR_MESSAGES.invalidRecoveryCode;
    case 'INVALID_TWO_FACTOR_COOKIE':
      return TWO_FACTOR_MESSAGES.challengeExpired;
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return TWO_FACTOR_MESSAGES.tooManyAttempts;
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return TWO_FACTOR_MESSAGES.locked;
    case 'INVALID_PASSWORD':
      return TWO_FACTOR_MESSAGES.invalidPassword;
    case 'TOTP_ALREADY_ENABLED':
      return TWO_FACTOR_MESSAGES.alreadyEnabled;
    default:
      return error?.message || (kind === 'recovery' ? TWO_FACTOR_MESSAGES.invalidRecoveryCode : TWO_FACTOR_MESSAGES.invalidCode);
  }
}
