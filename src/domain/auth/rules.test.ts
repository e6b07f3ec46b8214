import { describe, expect, it } from 'vitest';
import { eligibilityRoleLine } from './eligibility';
import { MESSAGES, parseRecoveryLink, signInErrorMessage } from './rules';

describe('signInErrorMessage', () => {
  it('maps an unconfirmed email to the confirmation text', () => {
    expect(signInErrorMessage({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' })).toBe(MESSAGES.confirmEmail);
    expect(signInErrorMessage({ message: 'Email not confirmed' })).toBe('Please check your email and confirm your account before signing in');
    expect(signInErrorMessage({ message: 'Please verify your email' })).toBe(MESSAGES.confirmEmail);
  });
  it('maps bad credentials to "Invalid email or password"', () => {
    expect(signInErrorMessage({ message: 'Invalid login credentials' })).toBe('Invalid email or password');
    expect(signInErrorMessage({ code: 'INVALID_EMAIL_OR_PASSWORD' })).toBe('Invalid email or password');
  });
  it('shows other messages as they are, and a generic text when there is none', () => {
    expect(signInErrorMessage({ message: 'Too many attempts. Please try again in 42 seconds.' })).toBe('Too many attempts. Please try again in 42 seconds.');
    expect(signInErrorMessage({})).toBe('An error occurred during sign in. Please try again.');
    expect(signInErrorMessage(null)).toBe(MESSAGES.signInFailed);
  });
  it('gives the generic text for an unexpected failure: the server not reached, or a server error', () => {
    const network = { status: 0, code: 'network', message: 'Could not reach the server. Check your connection and try again.' };
    expect(signInErrorMessage(network)).toBe('An error occurred during sign in. Please try again.');
    expect(signInErrorMessage({ status: 500, message: 'Internal Server Error' })).toBe(MESSAGES.signInFailed);
    expect(signInErrorMessage({ status: 503, code: 'database_unavailable', message: 'The service is temporarily unavailable.' })).toBe(MESSAGES.signInFailed);
    // The server's answers about the request keep their texts.
    expect(signInErrorMessage({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' })).toBe(MESSAGES.invalidCredentials);
    expect(signInErrorMessage({ status: 403, code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' })).toBe(MESSAGES.confirmEmail);
    expect(signInErrorMessage({ status: 429, message: 'Too many attempts. Please try again in 42 seconds.' })).toBe('Too many attempts. Please try again in 42 seconds.');
  });
});

describe('eligibilityRoleLine', () => {
  it('reads "<Role> Role" for staff and "Customer Account" for customers', () => {
    expect(eligibilityRoleLine({ exists: true, type: 'staff', data: { full_name: 'A', role: 'export' }, account_exists: false })).toBe('Export Role');
    expect(eligibilityRoleLine({ exists: true, type: 'staff', data: { full_name: 'A', role: 'admin' }, account_exists: false })).toBe('Admin Role');
    expect(eligibilityRoleLine({ exists: true, type: 'customer', data: { first_name: 'A', last_name: 'B' }, account_exists: false })).toBe('Customer Account');
  });
});

describe('parseRecoveryLink', () => {
  it('recognises a query or hash token with type recovery', () => {
    expect(parseRecoveryLink('?type=recovery&token=abc', '')).toEqual({ token: 'abc' });
    expect(parseRecoveryLink('', '#access_token=xyz&type=recovery')).toEqual({ token: 'xyz' });
  });
  it('ignores links without type recovery and reports an error or missing token', () => {
    expect(parseRecoveryLink('?token=abc', '')).toBeNull();
    expect(parseRecoveryLink('?type=recovery&error=INVALID_TOKEN', '')).toEqual({ error: 'INVALID_TOKEN' });
    expect(parseRecoveryLink('?type=recovery', '')).toEqual({ error: 'INVALID_TOKEN' });
  });
});
