/*
 * Row-level security (migration 0008, hand-written; decision record 0020): companies, customers, shipments,
 * shipment_containers, shipment_events, document_assignments, files, users and share_links (migration 0018) have RLS enabled with one policy
 * each, customer_scope (FOR SELECT, keyed by the transaction's app.company_id), for the role cargodesk_customer that
 * withCustomerScope switches to. They are not declared here (drizzle-kit would try to manage the role and policies);
 * the 0008 snapshot equals 0007's, so `npm run db:generate` neither repeats nor drops them.
 */
export * from './auth';
export * from './directory';
export * from './shipments';
export * from './documents';
export * from './system';
export * from './notifications';
export * from './requests';
export * from './messages';
export * from './api-keys';
export * from './webhooks';
export * from './carrier-events';
export * from './imports';
export * from './money';
export * from './receivables';
export * from './books';
export * from './payables';
export * from './rates';
