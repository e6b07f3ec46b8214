import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditCategory, AuditRow } from '@domain/audit/schema';
import type { Page } from '@domain/common/list';
import { api } from '@web/lib/api';

export const auditQuery = (q: string, category: AuditCategory | undefined, page: number) =>
  queryOptions({
    queryKey: ['audit', q, category ?? 'all', page],
    queryFn: ({ signal }) => api<Page<AuditRow>>('/audit', { query: { q, category, page }, signal }),
    placeholderData: keepPreviousData,
  });
