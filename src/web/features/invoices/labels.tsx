import { Badge } from '@mantine/core';
import { INVOICE_STATE_LABELS, type InvoiceState } from '@domain/billing/state';
import { VAT_CATEGORIES, type VatCategory } from '@domain/money/vat';

const STATE_COLORS: Record<InvoiceState, string> = {
  draft: 'gray', issued: 'blue', partly_paid: 'yellow', paid: 'green', overdue: 'red', credited: 'violet',
};

export const KIND_LABELS = { invoice: 'Invoice', credit_note: 'Credit note' } as const;

export function InvoiceStateBadge({ state }: { state: InvoiceState }) {
  return (
    <Badge variant="light" color={STATE_COLORS[state]} miw="max-content" data-testid="invoice-state">
      {INVOICE_STATE_LABELS[state]}
    </Badge>
  );
}

/** "S: Standard rate". */
export const vatLabel = (category: string) => (category in VAT_CATEGORIES ? `${category}: ${VAT_CATEGORIES[category as VatCategory]}` : category);
export const VAT_OPTIONS = Object.entries(VAT_CATEGORIES).map(([value, label]) => ({ value, label: `${value}: ${label}` }));
export const STATE_OPTIONS = Object.entries(INVOICE_STATE_LABELS).map(([value, label]) => ({ value, label }));
