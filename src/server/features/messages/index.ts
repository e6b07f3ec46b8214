// The messages feature's public entry: what other features use of it.
export { listThreads } from './read';
