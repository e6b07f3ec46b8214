// The app's code is evaluated in stages, one task each (the `./boot/after-*` modules wait for the next task, and
// everything imported after one is evaluated once it has): run at once it was one task of 50-60 ms on a desktop CPU,
// four times that on a phone's, which held the page from being answered (issue 42, decision record 0299). React DOM's
// own start (its module's factory, 60-70 ms on this machine) is a stage apart from the chunks' evaluation (0310).
import './ui/mantine-styles';
import '@mantine/notifications/styles.css';
import './boot/after-modules';
import { Fragment, startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './boot/after-react';
import { MantineProvider } from '@mantine/core';
import { cssVariablesResolver, theme } from './ui/theme';
import './boot/after-mantine';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { returnTarget } from '@domain/access/redirects';
import { ApiError, onSessionEnded } from './lib/api';
import { browserLocale, completeMessagesSoon, loadSourceMessages, setLocale, useTextRevision } from './lib/i18n';
import { cancelSignedInQueries, forgetSignedInUser, meQueryOptions } from './features/auth/api';
import { AuthProvider } from './features/auth/auth-context';
import './boot/after-libraries';
import { createAppRouter } from './router';
import { loadRouteSearchFor, loadSearchesAfterFirstScreen, onRouteSearchLate, setRouteSearchTable } from './lib/lazy-search';
import { nextTask, soonAfterFirstScreen } from './boot/next-task';

await nextTask();

let router: ReturnType<typeof createAppRouter> | undefined;

const queryClient: QueryClient = new QueryClient({
  // The admin may require two-factor while a staff user is signed in: the first refused request sends them to enrol.
  queryCache: new QueryCache({
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'two_factor_required') {
        void queryClient.invalidateQueries({ queryKey: ['me'] }).then(() => router?.navigate({ to: '/profile' }));
      }
    },
  }),
  defaultOptions: {
    queries: {
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});
// A 401 from our API, on any call, means the session has ended (signed out in another tab, revoked, expired): the
// client session ends once (the calls still in flight find no user and do nothing) and the person goes to /signin,
// which brings them back here after signing in (decision 0220). A 403 two_factor_required keeps its own path above.
onSessionEnded(() => {
  if (!router || !queryClient.getQueryData(meQueryOptions.queryKey)) return;
  void cancelSignedInQueries(queryClient);
  queryClient.setQueryData(meQueryOptions.queryKey, null);
  const redirect = returnTarget(router.latestLocation.href);
  void router.navigate({ to: '/signin', search: { redirect }, replace: true }).finally(() => forgetSignedInUser(queryClient));
});

/** Everything under it is made anew when the language changes, so every text and format follows at once. */
function LocaleRoot({ children }: { children: ReactNode }) {
  const revision = useTextRevision();
  return <Fragment key={revision}>{children}</Fragment>;
}

function render(appRouter: ReturnType<typeof createAppRouter>) {
  const root = createRoot(document.getElementById('root')!);
  // The first render is a transition: React renders it in slices of a few milliseconds instead of one task of
  // several hundred on a phone's CPU, so a tap or a scroll during start-up is answered (issue 17, decision 0247).
  startTransition(() =>
    root.render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <LocaleRoot>
              <RouterProvider router={appRouter} />
            </LocaleRoot>
          </AuthProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
    ),
  );
}

// The routes' search schemas (lib/lazy-search.ts) load before the first render only for an address with a search whose
// route reads it, a list page with filters; a search read before they arrive is read again once they are here. A list
// opened without a search reads it as empty with no schema, which loads once the first screen is shown (decision 0311).
setRouteSearchTable(() => import('./route-search').then((m) => m.ROUTE_SEARCH));
const appRouter = (router = createAppRouter(queryClient));
onRouteSearchLate(() => void appRouter.invalidate());
// A page opened in another language than English starts with its route's messages; the rest of the catalog loads
// once that page is on screen (lib/i18n.ts, decision 0294).
const stopWaitingForFirstPage = appRouter.subscribe('onRendered', () => {
  stopWaitingForFirstPage();
  completeMessagesSoon();
  soonAfterFirstScreen(loadSearchesAfterFirstScreen);
});
const [matched] = appRouter.getMatchedRoutes(window.location.pathname);
// A schema that fails to load is tried again when its search is next read (the page shows its defaults meanwhile).
// The browser's language (or the one chosen on a signed-out page) loads with it; a signed-in person's own choice
// follows when their profile arrives (features/auth).
// The signed-in app has plural messages from its first screen: it waits for their compiled English too (a small table;
// the catalogs carry theirs); the signed-out pages (sign-in, sign-up, a shared tracking page) do not load it (lib/i18n.ts).
const signedOut = /^\/(signin|signup|unsubscribe|t\/)/.test(window.location.pathname);
const searched = window.location.search.length > 1;
const starting = [...(searched ? [loadRouteSearchFor(matched)] : []), setLocale(browserLocale()), ...(signedOut ? [] : [loadSourceMessages()])];
void Promise.all(starting.map((p) => p.catch(() => undefined)))
  .then(() => render(appRouter));
