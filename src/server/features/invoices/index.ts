/** Invoices and credit notes (issue 38): the routes are mounted by the feature registry. */
export { invoiceRoutes } from './routes';
export { listInvoices } from './read';
