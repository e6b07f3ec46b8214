// The public entry of the share-links feature: what other features take from it (no side effects, no lazily loaded page).
export { ShareLinksSection } from './ShareLinksSection';
export { shareLinksQuery } from './api';
