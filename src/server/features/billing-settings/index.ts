/** Billing settings' public entry: invoices read the seller's details and defaults through this. */
export { getBillingSettings } from './service';
