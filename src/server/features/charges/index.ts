/** Charge lines and charge codes (issue 38): the routes the app mounts, and the read other features may show. */
export { chargeRoutes } from './routes';
export { getShipmentCharges, paperCharges, type PaperChargeLine } from './service';
