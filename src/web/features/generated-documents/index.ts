// The public entry of the generated-documents feature: what other features take from it (no side effects, no lazily loaded page).
export { GeneratedDocumentsSection } from './GeneratedDocumentsSection';
export { generatedQuery } from './api';
