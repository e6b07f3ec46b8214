// The public entry of the payments feature: what other features take from it (no side effects, no lazily loaded page).
export { RecordPaymentButton, type RecordPaymentProps } from './RecordPaymentButton';
export { OverdueInvoicesSection } from './OverdueInvoicesSection';
