/** Exchange rates' public entry: other features convert at the stored rates through this. */
export { storedRateLookup } from './service';
