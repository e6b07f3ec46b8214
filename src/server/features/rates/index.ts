/** Rate cards and the rate lookup (issue 40): the routes the app mounts. */
export { rateRoutes } from './routes';
