// The public entry of the api-keys feature: what other features take from it (no side effects, no lazily loaded page).
export { ApiKeysSection } from './ApiKeysSection';
