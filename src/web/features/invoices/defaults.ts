/** The seller's defaults the draft editor starts from (currency, VAT); handlers who may not read them get the house defaults. */
import { queryOptions } from '@tanstack/react-query';
import type { BillingSettings } from '@domain/billing/settings-schema';
import { api } from '@web/lib/api';

export const billingDefaultsQuery = queryOptions({
  queryKey: ['billing-settings'],
  queryFn: ({ signal }) => api<BillingSettings>('/settings/billing', { signal }),
  retry: false,
  staleTime: 60_000,
});
