import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { EligibilityResponse, Me } from '@domain/auth/rules';
import { api, ApiError } from '@web/lib/api';

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

const notMe = { predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== 'me' };

/** Stops what is still loading for the signed-in user (before the session ends, so nothing answers 401 after). */
export const cancelSignedInQueries = (queryClient: QueryClient) => queryClient.cancelQueries(notMe);

/** The client side of a session's end (sign-out, or the server no longer knowing it): no user, nothing of theirs cached. */
export function forgetSignedInUser(queryClient: QueryClient): void {
  queryClient.setQueryData(meQueryOptions.queryKey, null);
  queryClient.removeQueries(notMe);
  queryClient.getMutationCache().clear();
}

export const checkEligibility = (email: string, signal?: AbortSignal) =>
  api<EligibilityResponse>('/eligibility', { body: { email }, signal });

export const signUp = (email: string, password: string) =>
  api<unknown>('/auth/sign-up/email', {
    body: { email, password, name: email, callbackURL: '/signin?verified=1' },
  });

/** Confirms a new account with its mail's token and the password chosen at sign-up (decision 0249). */
export const confirmAccount = (token: string, email: string, password: string) =>
  api<{ confirmed: true }>('/account/confirm', { body: { token, email, password } });

/** The password step: with two-factor on, Better Auth answers `twoFactorRedirect` and no session yet. */
export const signInWithPassword = (email: string, password: string) =>
  api<{ twoFactorRedirect?: boolean } | null>('/auth/sign-in/email', { body: { email, password, callbackURL: '/signin?verified=1' } });

export const signOutRequest = () => api<unknown>('/auth/sign-out', { body: {} });

export const requestPasswordReset = (email: string) =>
  api<unknown>('/auth/request-password-reset', { body: { email, redirectTo: `${window.location.origin}/signin?type=recovery` } });

export const resetPassword = (token: string, newPassword: string) =>
  api<unknown>('/auth/reset-password', { body: { token, newPassword } });
