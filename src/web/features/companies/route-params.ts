import { useParams } from '@tanstack/react-router';

/**
 * A path parameter of the current route as a string. The typed `useParams({ from })` resolves to `any` inside
 * lazily loaded pages (their module is part of the route tree's own type), so the value is read and checked here.
 */
export function useRouteParam(name: 'id' | 'companyId'): string {
  const params = useParams({ strict: false }) as unknown as Record<string, unknown>;
  const value = params[name];
  return typeof value === 'string' ? value : '';
}
