/** The invoice endpoints (issue 38): list, ready to invoice, detail, draft, edit, issue, credit notes, delete, PDF. */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Page } from '@domain/common/list';
import type { Invoice, InvoiceLineInput } from '@domain/billing/schema';
import { api } from '@web/lib/api';
import type { InvoiceSearch } from './search';

export const INVOICES_PAGE_SIZE = 20;

export type InvoiceSummary = Omit<Invoice, 'lines' | 'payments' | 'credit_notes' | 'seller' | 'buyer'>;
export type ReadyRow = {
  shipment_id: string;
  reference_number: string;
  company_id: string;
  company_name: string;
  delivered_on: string | null;
  unbilled: { currency: string; amount: string; lines: number }[];
};

export const invoiceListQuery = (search: InvoiceSearch) => {
  const query = {
    q: search.q,
    company_id: search.company_id,
    kind: search.kind,
    state: search.state,
    from: search.from,
    to: search.to,
    sort: search.sort ?? 'issue_date',
    dir: search.dir ?? 'desc',
    page: search.page ?? 1,
    pageSize: INVOICES_PAGE_SIZE,
  };
  return queryOptions({
    queryKey: ['invoices', 'list', query],
    queryFn: ({ signal }) => api<Page<InvoiceSummary>>('/invoices', { query, signal }),
    placeholderData: keepPreviousData,
  });
};

export const readyQuery = (query: { q?: string; company_id?: string; page: number }) =>
  queryOptions({
    queryKey: ['invoices', 'ready', query],
    queryFn: ({ signal }) => api<Page<ReadyRow>>('/invoices/ready', { query: { ...query, pageSize: 50 }, signal }),
    placeholderData: keepPreviousData,
  });

const path = (id: string) => `/invoices/${encodeURIComponent(id)}`;

export const invoiceQuery = (id: string) =>
  queryOptions({ queryKey: ['invoices', 'detail', id], queryFn: ({ signal }) => api<Invoice>(path(id), { signal }) });

/** GET /api/invoices/{id}/pdf: the invoice or credit note on the letterhead, as an attachment. */
export const invoicePdfUrl = (id: string) => `/api${path(id)}/pdf`;
/** The issued document as a Peppol BIS 3.0 e-invoice (UBL XML), for the customer's or the accountant's system. */
export const invoiceUblUrl = (id: string) => `/api${path(id)}/ubl`;

export type DraftBody = {
  company_id: string;
  currency: string;
  rate_date?: string;
  lines?: InvoiceLineInput[];
  shipment_ids?: string[];
  buyer_reference?: string | null;
  note?: string | null;
};
export type DraftPatch = Partial<Omit<DraftBody, 'company_id' | 'shipment_ids'>>;

export const createDraft = (body: DraftBody) => api<Invoice>('/invoices', { body });
export const updateDraft = (id: string, body: DraftPatch) => api<Invoice>(path(id), { method: 'PATCH', body });
export const deleteDraft = (id: string) => api<void>(path(id), { method: 'DELETE' });
export const issueInvoice = (id: string, issueDate?: string) => api<Invoice>(`${path(id)}/issue`, { body: issueDate ? { issue_date: issueDate } : {} });
export const createCreditNote = (id: string, body: { reason: string; lines?: { position: number; quantity: string }[] }) =>
  api<Invoice>(`${path(id)}/credit-notes`, { body });

/** After a change: the invoice's page shows the answer at once; lists, statements and ageing follow. */
export async function afterInvoiceChange(queryClient: QueryClient, invoice?: Invoice) {
  if (invoice) queryClient.setQueryData(invoiceQuery(invoice.id).queryKey, invoice);
  await Promise.all(['invoices', 'payments', 'statements', 'ageing', 'charges'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}
