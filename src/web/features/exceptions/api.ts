import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ExceptionCounts, ExceptionKind, ExceptionRow, ExceptionSettings, ExceptionSettingsView } from '@domain/exceptions/schema';
import type { Page } from '@domain/common/list';
import { api } from '@web/lib/api';

export const EXCEPTIONS_PAGE_SIZE = 25;

export const exceptionCountsQuery = () =>
  queryOptions({ queryKey: ['exceptions', 'counts'], queryFn: ({ signal }) => api<ExceptionCounts>('/exceptions/counts', { signal }) });

export const exceptionListQuery = (kind: ExceptionKind, page: number, dir: 'asc' | 'desc') =>
  queryOptions({
    queryKey: ['exceptions', 'list', kind, page, dir],
    queryFn: ({ signal }) => api<Page<ExceptionRow>>('/exceptions', { query: { kind, page, pageSize: EXCEPTIONS_PAGE_SIZE, dir }, signal }),
    placeholderData: keepPreviousData,
  });

export const exceptionSettingsQuery = () =>
  queryOptions({ queryKey: ['exceptions', 'settings'], queryFn: ({ signal }) => api<ExceptionSettingsView>('/exceptions/settings', { signal }) });

export const saveExceptionSettings = (body: ExceptionSettings) => api<ExceptionSettingsView>('/exceptions/settings', { method: 'PUT', body });
