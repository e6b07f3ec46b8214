import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@domain/auth/rules';
import { ApiError } from '@web/lib/api';
import { loadSourceMessages, setLocale } from '@web/lib/i18n';
import { cancelSignedInQueries, forgetSignedInUser, meQueryOptions, signInWithPassword, signOutRequest } from './api';

type AuthContextValue = {
  user: Me | null;
  /** The user last signed in on this page, kept after the session ends (see useUser). */
  lastUser: Me | null;
  loading: boolean;
  /** The password step; 'two-factor' when a code is asked next (no session yet). */
  signIn: (email: string, password: string) => Promise<Me | null | 'two-factor'>;
  /** After the second step (or any change of session): forget cached data and load the user again. */
  refresh: () => Promise<Me | null>;
  signOut: () => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery(meQueryOptions);

  const refresh = useCallback(async () => {
    queryClient.removeQueries();
    // The signed-in app's plural messages need their compiled English, which the sign-in page did not load.
    const [me] = await Promise.all([queryClient.fetchQuery(meQueryOptions), loadSourceMessages().catch(() => undefined)]);
    return me;
  }, [queryClient]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const answer = await signInWithPassword(email, password);
      if (answer?.twoFactorRedirect) return 'two-factor' as const;
      return refresh();
    },
    [refresh],
  );

  const signOut = useCallback(async () => {
    await cancelSignedInQueries(queryClient);
    try {
      await signOutRequest();
    } catch (e) {
      // A session the server no longer knows is as good as signed out: clear locally anyway.
      if (!(e instanceof ApiError && [401, 403, 404].includes(e.status))) console.error('Sign out failed', e);
    }
    forgetSignedInUser(queryClient);
  }, [queryClient]);

  // The last signed-in user, for signed-in pages that render once more between the session's end and the move to
  // /signin (useUser). Adjusted while rendering, React's pattern for state that follows a value.
  const [lastUser, setLastUser] = useState<Me | null>(null);
  // A person's language chosen on My Profile follows them to every browser (issue 42); kept for this browser's
  // signed-out pages too.
  const chosenLanguage = me.data?.language;
  useEffect(() => {
    if (chosenLanguage) void setLocale(chosenLanguage, true);
  }, [chosenLanguage]);
  if (me.data && me.data !== lastUser) setLastUser(me.data);

  const value = useMemo(
    () => ({ user: me.data ?? null, lastUser, loading: me.isPending, signIn, refresh, signOut }),
    [me.data, lastUser, me.isPending, signIn, refresh, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}

/** The signed-in user inside the app shell (the router guarantees one). */
export function useUser(): Me {
  const { user, lastUser } = useAuth();
  const queryClient = useQueryClient();
  // The router's guard awaited the same query, so the cache holds the user even when this render comes
  // before the query observer's (batched) notification. After the session has ended, a page still on screen
  // until the move to /signin renders with the user it had.
  const current = user ?? queryClient.getQueryData(meQueryOptions.queryKey) ?? lastUser;
  if (!current) throw new Error('useUser needs a signed-in user');
  return current;
}
