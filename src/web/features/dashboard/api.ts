import { queryOptions } from '@tanstack/react-query';
import type { Dashboard } from '@domain/analytics/schema';
import { api } from '@web/lib/api';

/** The dashboard's figures for the signed-in user's role (GET /api/dashboard; preloaded with the page's HTML, decision 0247). */
export const dashboardQuery = queryOptions({ queryKey: ['dashboard'], queryFn: () => api<Dashboard>('/dashboard'), staleTime: 30_000 });
