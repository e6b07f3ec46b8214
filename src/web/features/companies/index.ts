// The public entry of the companies feature: what other features take from it (no side effects, no lazily loaded page).
export { companyQuery } from './api';
