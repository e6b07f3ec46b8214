/** Rate cards and the rate lookup (issue 40): the routes the app mounts, and the writes a rate-sheet import makes. */
export { rateRoutes } from './routes';
export { importedMissingZone, importedOverlap, insertImportedCards, lockRateCards, lookupRates, removeImportedCards, updateImportedCards } from './service';
