// The public entry of the rates feature: what other features take from it (the quote editor prices from the lookup).
export { lookupRates } from './api';
