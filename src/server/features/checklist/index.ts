/** The checklist, as other features use it: the overdue count (exceptions) and summary (dashboard). */
export { overdueCountSql, overdueSummary } from './service';
export { listOwed } from './owed';
