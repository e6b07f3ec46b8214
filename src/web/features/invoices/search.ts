import { z } from 'zod';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { INVOICE_STATES } from '@domain/billing/state';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The invoice list's state in the URL (filters, sort, page); bad values are dropped. */
export const invoiceSearchSchema = z.object({
  q: z.string().max(200).optional().catch(undefined),
  company_id: z.uuid().optional().catch(undefined),
  kind: z.enum(['invoice', 'credit_note']).optional().catch(undefined),
  state: z.enum(INVOICE_STATES).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  sort: z.enum(['issue_date', 'due_date', 'number', 'payable']).optional().catch(undefined),
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type InvoiceSearch = z.infer<typeof invoiceSearchSchema>;

export function useInvoiceSearch(): [InvoiceSearch, (patch: Partial<InvoiceSearch>) => void] {
  const search: InvoiceSearch = useSearch({ from: '/app/invoices' });
  const navigate = useNavigate();
  const set = (patch: Partial<InvoiceSearch>) => {
    const next: Record<string, unknown> = { ...search, ...patch };
    if (!('page' in patch)) delete next.page;
    for (const [k, v] of Object.entries(next)) if (v === undefined || v === '' || v === null) delete next[k];
    void navigate({ to: '/invoices', search: next as InvoiceSearch, replace: true });
  };
  return [search, set];
}

export const isFiltered = (s: InvoiceSearch): boolean => !!(s.q || s.company_id || s.kind || s.state || s.from || s.to);
/** The filters set beside the search (a phone's Filters button counts them). */
export const activeFilterCount = (s: InvoiceSearch): number => [s.company_id, s.kind, s.state, s.from, s.to].filter(Boolean).length;
export const CLEARED_FILTERS: Partial<InvoiceSearch> = { q: undefined, company_id: undefined, kind: undefined, state: undefined, from: undefined, to: undefined };
