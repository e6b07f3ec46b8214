// The carrier events feature's public entry: what other features use of it.
export { matchedEvents } from './service';
