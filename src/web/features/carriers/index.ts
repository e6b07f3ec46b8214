// The public entry of the carriers feature: what other features take from it (no side effects, no lazily loaded page).
export { carrierQuery } from './api';
