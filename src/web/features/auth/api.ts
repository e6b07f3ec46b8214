import { queryOptions } from '@tanstack/react-query';
import type { EligibilityResponse, Me } from '../../../domain/auth';
import { api, ApiError } from '../../lib/api';

/** The signed-in user, or null when there is no session. */
export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: async (): Promise<Me | null> => {
    try {
      return await api<Me>('/me');
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return null;
      throw e;
    }
  },
  staleTime: 60_000,
});

export const checkEligibility = (email: string, signal?: AbortSignal) =>
  api<EligibilityResponse>('/eligibility', { body: { email }, signal });

export const signUp = (email: string, password: string) =>
  api<unknown>('/auth/sign-up/email', {
    body: { email, password, name: email, callbackURL: '/signin?verified=1' },
  });

/** The password step: with two-factor on, Better Auth answers `twoFactorRedirect` and no session yet. */
export const signInWithPassword = (email: string, password: string) =>
  api<{ twoFactorRedirect?: boolean } | null>('/auth/sign-in/email', { body: { email, password, callbackURL: '/signin?verified=1' } });

export const signOutRequest = () => api<unknown>('/auth/sign-out', { body: {} });

export const requestPasswordReset = (email: string) =>
  api<unknown>('/auth/request-password-reset', { body: { email, redirectTo: `${window.location.origin}/signin?type=recovery` } });

export const resetPassword = (token: string, newPassword: string) =>
  api<unknown>('/auth/reset-password', { body: { token, newPassword } });
