import { Center, Loader } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, Outlet, redirect, type RouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { pageRedirect } from '../domain/navigation';
import { meQueryOptions } from './features/auth/api';
import { SignInPage } from './features/auth/SignInPage';
import { SignUpPage } from './features/auth/SignUpPage';
import { AppLayout } from './shell/AppLayout';
import { ComingSoon } from './ui/ComingSoon';
import { DashboardPage } from './features/dashboard/DashboardPage';

type RouterContext = { queryClient: QueryClient };

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Outlet });

const signInSearch = z.object({
  registered: z.coerce.boolean().optional().catch(undefined),
  verified: z.coerce.boolean().optional().catch(undefined),
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signin',
  validateSearch: signInSearch,
  component: function SignIn() {
    const search = signInRoute.useSearch();
    return <SignInPage registered={search.registered} verified={search.verified} />;
  },
});

const signUpRoute = createRoute({ getParentRoute: () => rootRoute, path: '/signup', component: SignUpPage });

/** Everything else needs a signed-in user; each page also checks the role rules of domain/navigation. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  component: AppLayout,
  pendingComponent: () => (
    <Center h="100vh">
      <Loader />
    </Center>
  ),
  beforeLoad: async ({ context, location }) => {
    const user = await context.queryClient.ensureQueryData(meQueryOptions);
    if (!user) throw redirect({ to: '/signin' });
    const target = pageRedirect(location.pathname, user.role);
    if (target) throw redirect({ to: target, replace: true });
    return { user };
  },
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard' });
  },
});

/** A signed-in page; pass `lazyRouteComponent(() => import('./features/x/XPage'), 'XPage')` to load it on demand. */
function page<P extends string>(path: P, component: RouteComponent) {
  return createRoute({ getParentRoute: () => appRoute, path, component });
}
function soon<P extends string>(path: P, title: string) {
  return page(path, () => <ComingSoon title={title} />);
}

const routeTree = rootRoute.addChildren([
  indexRoute,
  signInRoute,
  signUpRoute,
  appRoute.addChildren([
    page('/dashboard', DashboardPage),
    // Screens that later issues build; until then each shows a clear "coming soon" page.
    soon('/companies', 'Companies'),
    soon('/companies/new', 'Add Company'),
    soon('/companies/$id', 'Company Profile'),
    soon('/companies/$companyId/contacts/new', 'Add New Contact'),
    soon('/companies/edit/$id', 'Edit Company'),
    soon('/seaports', 'Sea Ports'),
    soon('/seaports/new', 'Add Sea Port'),
    soon('/seaports/edit/$id', 'Edit Sea Port'),
    soon('/airports', 'Airports'),
    soon('/airports/new', 'Add Airport'),
    soon('/airports/edit/$id', 'Edit Airport'),
    soon('/carriers', 'Carriers'),
    soon('/carriers/new', 'Add Carrier'),
    soon('/carriers/edit/$id', 'Edit Carrier'),
    soon('/service-providers', 'Service Providers'),
    soon('/service-providers/new', 'Add Service Provider'),
    soon('/service-providers/edit/$id', 'Edit Service Provider'),
    soon('/consolidation-agents', 'Consolidation Agents'),
    soon('/consolidation-agents/new', 'Add Consolidation Agent'),
    soon('/consolidation-agents/edit/$id', 'Edit Consolidation Agent'),
    soon('/staff', 'Staff'),
    soon('/staff/new', 'Add New Staff Member'),
    soon('/staff/edit/$id', 'Edit Staff Member'),
    soon('/documents', 'Documents'),
    soon('/air-shipments', 'Air Shipments'),
    soon('/sea-shipments', 'Sea Shipments'),
    soon('/land-shipments', 'Land Shipments'),
    soon('/partial-shipments', 'Partial Shipments'),
    soon('/all-shipments', 'All Shipments'),
    soon('/my-shipments', 'My Shipments'),
    soon('/company', 'Company Profiles'),
    soon('/company/$id', 'Company Profile'),
    soon('/shipment/$id', 'Shipment Details'),
    soon('/shipment/$id/edit', 'Edit Shipment'),
    soon('/all-shipments/$id', 'Shipment Details'),
    soon('/shipments/new', 'Create New Shipment'),
  ]),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
