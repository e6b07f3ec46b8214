/** Payments and receivables, as other features use them: the overdue count and the reminders job. */
export { countOverdueInvoices } from './receivables';
export { remindOverdueInvoices } from './reminders';
