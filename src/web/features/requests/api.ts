/** The booking-request endpoints (issue 15): list, detail, the customer's create, cancel and accept, staff's handler, quote and decline. */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Page } from '@domain/common/list';
import type { CustomerQuote, QuoteFormValues, StaffQuote } from '@domain/requests/quote-schema';
import type { CodeOption } from './quote/quote-form-values';
import type { QuoteDeclineReason, RequestDetail, RequestFormValues, RequestSummary } from '@domain/requests/schema';
import { api } from '@web/lib/api';
import type { IndicativePrice } from '@domain/rates/schema';
import type { AddressBookEntry } from '@domain/requests/parties';
import { sortOf, type RequestSearch } from './search';

export const REQUESTS_PAGE_SIZE = 10;

/** GET /api/address-book: the customer's company's saved parties (issue 45). */
export const addressBookQuery = () =>
  queryOptions({ queryKey: ['address-book'], queryFn: ({ signal }) => api<{ rows: AddressBookEntry[] }>('/address-book', { signal }), staleTime: 60_000 });

/** GET /api/requests/:id: the request and its quote (a customer's: only a sent one, without cost; staff's: the draft too). */
/** A request as read; staff also get the charge codes the quote editor offers. */
export type RequestView = { request: RequestDetail; quote: CustomerQuote | StaffQuote | null; charge_codes?: CodeOption[] };

/** Whether a quote is the staff view (its lines carry the carrier cost). */
export const isStaffQuote = (quote: CustomerQuote | StaffQuote): quote is StaffQuote => 'updated_at' in quote;

export const requestListQuery = (search: RequestSearch) => {
  const { sort, dir } = sortOf(search);
  const query = {
    q: search.q,
    status: search.status,
    mode: search.mode,
    company_id: search.company_id,
    handler: search.handler,
    sort,
    dir,
    page: search.page ?? 1,
    pageSize: REQUESTS_PAGE_SIZE,
  };
  return queryOptions({
    queryKey: ['requests', 'list', query],
    queryFn: ({ signal }) => api<Page<RequestSummary>>('/requests', { query, signal }),
    placeholderData: keepPreviousData,
  });
};

const path = (id: string) => `/requests/${encodeURIComponent(id)}`;

export const requestQuery = (id: string) =>
  queryOptions({ queryKey: ['requests', 'detail', id], queryFn: ({ signal }) => api<RequestView>(path(id), { signal }) });

/** GET /api/requests/:id/quote.pdf: the quote as a PDF attachment (a customer's: once sent; staff's: a draft too). */
/** Issue 40: the indicative price of a request not yet quoted (null with the reason when the forwarder shows none). */
export const indicativePriceQuery = (id: string) =>
  queryOptions({ queryKey: ['requests', id, 'indicative-price'], queryFn: ({ signal }) => api<IndicativePrice>(`${path(id)}/indicative-price`, { signal }) });
export const quotePdfUrl = (id: string) => `/api${path(id)}/quote.pdf`;

export const createRequest = (body: RequestFormValues) => api<{ id: string; number: string }>('/requests', { body });
export const cancelRequest = (id: string) => api<RequestView>(`${path(id)}/cancel`, { method: 'POST' });
export const acceptQuote = (id: string) => api<{ shipment_id: string; reference_number: string }>(`${path(id)}/accept`, { method: 'POST' });
export const setRequestHandler = (id: string, handlerId: string | null) =>
  api<RequestView>(`${path(id)}/handler`, { method: 'PUT', body: { handler_id: handlerId } });
export const saveQuote = (id: string, body: QuoteFormValues) => api<RequestView>(`${path(id)}/quote`, { method: 'PUT', body });
export const sendQuote = (id: string) => api<RequestView>(`${path(id)}/quote/send`, { method: 'POST' });
/** The customer's answers besides accepting (issue 45). */
export const declineQuote = (id: string, body: { reason: QuoteDeclineReason; note?: string }) => api<RequestView>(`${path(id)}/quote/decline`, { method: 'POST', body });
export const askForRevision = (id: string, note: string) => api<RequestView>(`${path(id)}/quote/revision`, { method: 'POST', body: { note } });
export const declineRequest = (id: string, reason: string) => api<RequestView>(`${path(id)}/decline`, { method: 'POST', body: { reason } });

/** After a change of one request: its page shows the answer at once; the lists (and, once accepted, the shipments) follow. */
export async function afterRequestChange(queryClient: QueryClient, id: string, view?: RequestView, shipments = false) {
  if (view) queryClient.setQueryData(requestQuery(id).queryKey, view);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['requests'] }),
    ...(shipments ? ['shipments', 'dashboard', 'analytics'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })) : []),
  ]);
}
