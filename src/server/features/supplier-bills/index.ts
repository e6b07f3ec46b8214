/** Supplier bills and the payables ageing (issue 39): the routes the app mounts. */
export { supplierBillRoutes } from './routes';
