// The public entry of the checklist feature: what other features take from it (no side effects, no lazily loaded page).
export { ChecklistSection } from './ChecklistSection';
export { OwedPaperList, TAP } from './OwedPapers';
export { OverdueChecklistList, type OverdueListState } from './OverdueChecklistPage';
export { checklistQuery } from './api';
