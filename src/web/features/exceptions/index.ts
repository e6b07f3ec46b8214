// The public entry of the exceptions feature: what other features take from it (no side effects, no lazily loaded page).
export { ExceptionsSummary } from './ExceptionsSummary';
