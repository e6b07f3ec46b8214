// The public entry of the auth feature: what other features take from it (no side effects, no lazily loaded page).
export { meQueryOptions } from './api';
export { useUser } from './auth-context';
