import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  COMPANY_NAME_MIN, type Company, type CompanyInput, type CompanyOption, type CompanyPage, type CompanyShipmentPage, type Contact, type ContactInput,
} from '@domain/companies/schema';
import { api } from '@web/lib/api';

/** Query keys and fetchers of the company screens; every write invalidates the `companies` tree. */
export const companyKeys = {
  all: ['companies'] as const,
  list: (q: string, page: number, pageSize: number) => ['companies', 'list', { q, page, pageSize }] as const,
  detail: (id: string) => ['companies', 'detail', id] as const,
  contacts: (id: string) => ['companies', 'detail', id, 'contacts'] as const,
  shipments: (id: string, page: number) => ['companies', 'detail', id, 'shipments', page] as const,
};

export const companyListQuery = (q: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: companyKeys.list(q, page, pageSize),
    queryFn: ({ signal }) => api<CompanyPage>('/companies', { query: { q, page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });

export const companyQuery = (id: string) =>
  queryOptions({ queryKey: companyKeys.detail(id), queryFn: ({ signal }) => api<Company>(`/companies/${encodeURIComponent(id)}`, { signal }) });

export const contactsQuery = (id: string) =>
  queryOptions({
    queryKey: companyKeys.contacts(id),
    queryFn: async ({ signal }) => (await api<{ rows: Contact[] }>(`/companies/${encodeURIComponent(id)}/contacts`, { signal })).rows,
  });

export const companyShipmentsQuery = (id: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: companyKeys.shipments(id, page),
    queryFn: ({ signal }) => api<CompanyShipmentPage>(`/companies/${encodeURIComponent(id)}/shipments`, { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });

/** Companies already named like `name` (ignoring case and accents), other than `exclude`: the form's warning. */
export const sameNameQuery = (name: string, exclude?: string) =>
  queryOptions({
    queryKey: ['companies', 'same-name', { name, exclude }] as const,
    queryFn: async ({ signal }) => (await api<{ rows: CompanyOption[] }>('/companies/same-name', { query: { name, exclude }, signal })).rows,
    enabled: name.length >= COMPANY_NAME_MIN,
    staleTime: 30_000,
  });

export const createCompany = (input: CompanyInput) => api<Company>('/companies', { body: input });
export const updateCompany = (id: string, input: CompanyInput) =>
  api<Company>(`/companies/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
export const deleteCompany = (id: string) => api<void>(`/companies/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const createContact = (companyId: string, input: ContactInput) =>
  api<Contact>(`/companies/${encodeURIComponent(companyId)}/contacts`, { body: input });
export const deleteContact = (companyId: string, contactId: string) =>
  api<void>(`/companies/${encodeURIComponent(companyId)}/contacts/${encodeURIComponent(contactId)}`, { method: 'DELETE' });

/** After a write: every list, profile and count of companies may have changed. */
export const invalidateCompanies = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: companyKeys.all });
