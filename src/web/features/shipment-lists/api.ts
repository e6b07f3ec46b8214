import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@domain/common/list';
import type { ShipmentListRow } from '@domain/shipments/list-schema';
import type { TypeAnalytics } from '@domain/analytics/schema';
import type { ShipmentType } from '@domain/common/enums';
import { api, withQuery } from '@web/lib/api';
import { sortOf, type ShipmentSearch } from './search';

export type ListScope = { type?: ShipmentType; mine?: boolean };

function params(search: ShipmentSearch, scope: ListScope) {
  const { sort, dir } = sortOf(search);
  return {
    q: search.q,
    status: search.status,
    type: scope.type ?? search.type,
    transport_mode: search.transport_mode,
    mine: scope.mine ? 'true' : undefined,
    checks: search.checks,
    handler: search.handler,
    sort,
    dir,
  };
}

export function useShipmentList(search: ShipmentSearch, scope: ListScope) {
  const query = { ...params(search, scope), page: search.page ?? 1, pageSize: 10 };
  return useQuery({
    queryKey: ['shipments', 'list', query],
    queryFn: ({ signal }) => api<Page<ShipmentListRow>>('/shipments', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV export of every row the current filters select (streamed by the server). */
export function csvHref(search: ShipmentSearch, scope: ListScope): string {
  const { sort: _s, dir: _d, ...filters } = params(search, scope);
  return withQuery('/api/shipments.csv', filters);
}

export const typeAnalyticsQuery = (type: ShipmentType) =>
  queryOptions({ queryKey: ['analytics', type], queryFn: () => api<TypeAnalytics>('/analytics/shipments', { query: { type } }), staleTime: 30_000 });

