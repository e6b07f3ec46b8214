// The public entry of the carrier-events feature: what other features take from it (no side effects, no lazily loaded page).
export { CarrierEventsTimeline } from './CarrierEventsTimeline';
export { shipmentCarrierEventsQuery } from './api';
export { CLASSIFIER, eventPlace, eventVessel } from './format';
