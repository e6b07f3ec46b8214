/** The books (issue 39): accounting settings and exports for DATEV, Xero and QuickBooks Online. */
export { accountingRoutes } from './routes';
