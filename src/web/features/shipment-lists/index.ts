// The public entry of the shipment-lists feature: what other features take from it (no side effects, no lazily loaded page).
export { ShipmentCards } from './ShipmentTable';
