/** The seller's billing settings (issue 38): GET and PUT /api/settings/billing (administrators). */
import { queryOptions } from '@tanstack/react-query';
import type { BillingSettings } from '@domain/billing/settings-schema';
import { api } from '@web/lib/api';

/** The same key as the draft editor's defaults (invoices/defaults.ts), so a save refreshes both. */
export const billingSettingsQuery = queryOptions({
  queryKey: ['billing-settings'],
  queryFn: ({ signal }) => api<BillingSettings>('/settings/billing', { signal }),
});

export const saveBillingSettings = (body: BillingSettings) => api<BillingSettings>('/settings/billing', { method: 'PUT', body });
