import { msg } from '@domain/common/i18n';

export const MIN_PASSWORD_LENGTH = 6;
export const ELIGIBILITY_DEBOUNCE_MS = 500;
export const DEMO_PASSWORD = 'cargodesk-demo';

export const MESSAGES = {
  registrationSuccess: msg('Registration successful! Please check your email to confirm your account before signing in.'),
  passwordHint: msg('Password must be at least 6 characters long'),
  enterBoth: msg('Please enter both email and password'),
  enterEmail: msg('Please enter your email address'),
  enterNewPassword: msg('Please enter a new password'),
  passwordsDoNotMatch: msg('Passwords do not match'),
  confirmEmail: msg('Please check your email and confirm your account before signing in'),
  invalidCredentials: msg('Invalid email or password'),
  signInFailed: msg('An error occurred during sign in. Please try again.'),
  invalidRecoveryToken: msg('Invalid or expired token. Please request a new password reset link.'),
  passwordUpdateFailed: msg('An error occurred while updating your password. Please try again.'),
  resetRequestFailed: msg('An error occurred during password reset. Please try again.'),
} as const;

/** The server's answer to a password on the common-passwords list (read where it is shown, not on the sign-in page). */
export const COMMON_PASSWORD = msg('This password is too common and easy to guess. Please choose a different one.');

/**
 * Confirming an account (issue 37, decision 0249): the mail's link opens the sign-in page with `?confirm=<token>`, and
 * the account is confirmed only when the person signs in there with the password chosen at that sign-up. Whoever
 * holds the mailbox but not the password, or the password but not the mailbox, confirms nothing.
 */
export const CONFIRM_PARAM = 'confirm';
export const CONFIRM_MESSAGES = {
  prompt: msg('Sign in with the password you chose at registration to confirm your account.'),
  invalidLink: msg('This confirmation link is no longer valid. Please use the newest mail, or complete your registration again.'),
  confirmed: msg('Your email is confirmed. You can sign in now.'),
} as const;

/** Better Auth's self-service update-user may not change the name or picture (issue 37). */
export const NAME_FROM_DIRECTORY =
  msg('Your name comes from the directory: an administrator changes it on the Staff page, and a contact\'s on the company profile.');

// The request and response schemas live in auth/schema.ts, so the sign-in page can use this module without zod.
export type { EligibilityResponse, EligibleResponse, Me } from './schema';

/** An answer of the server about the request (4xx), as opposed to an unexpected failure: no answer (status 0) or a 5xx. */
export const isClientError = (status: number | undefined) => status !== undefined && status >= 400 && status < 500;

/**
 * Sign-in failure to the text the user sees (spec section 8): an unconfirmed email and bad credentials
 * have fixed texts, other messages are shown as they are, and a failure without a message is generic.
 * With a `status`, anything but a 4xx answer (the server not reached, a server error) is the generic
 * "unexpected failure" text, whatever message the failure carries.
 */
export function signInErrorMessage(error: { status?: number; code?: string; message?: string } | null | undefined): string {
  if (error?.status !== undefined && !isClientError(error.status)) return MESSAGES.signInFailed;
  const code = error?.code ?? '';
  const message = error?.message ?? '';
  if (code === 'EMAIL_NOT_VERIFIED' || /email not (confirmed|verified)|please verify your email/i.test(message)) {
    return MESSAGES.confirmEmail;
  }
  if (code === 'INVALID_EMAIL_OR_PASSWORD' || /invalid (login credentials|email or password)/i.test(message)) {
    return MESSAGES.invalidCredentials;
  }
  return message || MESSAGES.signInFailed;
}

/** A recovery link carries a token with type recovery, in the query or in the hash. */
export function parseRecoveryLink(search: string, hash: string): { token: string } | { error: string } | null {
  const params = new URLSearchParams(search);
  const hashParams = new URLSearchParams(hash.replace(/^#/, ''));
  const type = params.get('type') ?? hashParams.get('type');
  if (type !== 'recovery') return null;
  const error = params.get('error') ?? hashParams.get('error');
  if (error) return { error };
  const token = params.get('token') ?? hashParams.get('token') ?? hashParams.get('access_token');
  return token ? { token } : { error: 'INVALID_TOKEN' };
}
