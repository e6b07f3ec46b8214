import type { EligibilityResponse } from './auth-schemas';
import { capitalize, isStaffRole, roleLabel } from './enums';

export const MIN_PASSWORD_LENGTH = 6;
export const ELIGIBILITY_DEBOUNCE_MS = 500;
export const DEMO_PASSWORD = 'cargodesk-demo';

export const MESSAGES = {
  emailNotFound: 'Email not found. Please contact your administrator.',
  registrationSuccess: 'Registration successful! Please check your email to confirm your account before signing in.',
  accountExistsTitle: 'Account Already Exists',
  accountExists: 'This email is already registered. Please sign in instead.',
  passwordHint: 'Password must be at least 6 characters long',
  enterBoth: 'Please enter both email and password',
  enterEmail: 'Please enter your email address',
  enterNewPassword: 'Please enter a new password',
  passwordsDoNotMatch: 'Passwords do not match',
  confirmEmail: 'Please check your email and confirm your account before signing in',
  invalidCredentials: 'Invalid email or password',
  signInFailed: 'An error occurred during sign in. Please try again.',
  invalidRecoveryToken: 'Invalid or expired token. Please request a new password reset link.',
  passwordUpdateFailed: 'An error occurred while updating your password. Please try again.',
  resetRequestFailed: 'An error occurred during password reset. Please try again.',
  commonPassword: 'This password is too common and easy to guess. Please choose a different one.',
} as const;

// The request and response schemas live in auth-schemas.ts, so the sign-in page can use this module without zod.
export type { EligibilityResponse, Me } from './auth-schemas';

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

/** The eligible card's role line: "<Role> Role" for staff (capitalised role), "Customer Account" for customers. */
export function eligibilityRoleLine(result: EligibilityResponse): string {
  if (!result.exists) return '';
  if (result.type === 'customer') return 'Customer Account';
  const role = result.data.role;
  return `${isStaffRole(role) ? roleLabel(role) : capitalize(role)} Role`;
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
