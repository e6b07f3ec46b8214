import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Payment, PaymentInput } from '@domain/billing/schema';
import type { Ageing, Statement } from '@domain/billing/payments-schema';
import type { OverdueInvoice } from '@domain/billing/payments-schema';
import type { Page } from '@domain/common/list';
import type { Company } from '@domain/companies/schema';
import { api } from '@web/lib/api';

export const OVERDUE_PAGE_SIZE = 25;

export const statementQuery = (companyId: string, q: { from?: string | undefined; to?: string | undefined; currency?: string | undefined }) =>
  queryOptions({
    queryKey: ['billing', 'statement', companyId, q.from ?? '', q.to ?? '', q.currency ?? ''],
    queryFn: ({ signal }) => api<Statement>(`/companies/${encodeURIComponent(companyId)}/statement`, { query: { from: q.from, to: q.to, currency: q.currency }, signal }),
    placeholderData: keepPreviousData,
  });

export const ageingQuery = (q: { as_of?: string | undefined; currency?: string | undefined; page?: number | undefined }) =>
  queryOptions({
    queryKey: ['billing', 'ageing', q.as_of ?? '', q.currency ?? '', q.page ?? 1],
    queryFn: ({ signal }) => api<Ageing>('/reports/ageing', { query: { as_of: q.as_of, currency: q.currency, page: q.page }, signal }),
    placeholderData: keepPreviousData,
  });

export const overdueInvoicesQuery = (page: number) =>
  queryOptions({
    queryKey: ['billing', 'overdue', page],
    queryFn: ({ signal }) => api<Page<OverdueInvoice> & { as_of: string }>('/reports/overdue-invoices', { query: { page, pageSize: OVERDUE_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export const recordPayment = (body: PaymentInput) => api<Payment & { company_name: string }>('/payments', { body });

/** After a payment: statements, the ageing, overdue invoices, and the invoices (their paid and open amounts) refresh. */
export const invalidateBilling = (queryClient: QueryClient) =>
  Promise.all(['billing', 'invoices', 'payments'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));

/** The statement's company picker: companies whose name holds `q`, a page at a time (never the whole table). */
export const searchCompanies = async (q: string, signal: AbortSignal) => (await api<Page<Company>>('/companies', { query: { q, pageSize: 20 }, signal })).rows;
