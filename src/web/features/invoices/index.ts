// The public entry of the invoices feature: what other features take from it (no side effects, no lazily loaded page).
export { formatMoney, groupDigits } from './money';
export { InvoiceStateBadge } from './labels';
