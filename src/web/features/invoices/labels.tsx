import { Badge } from '@mantine/core';
import { msg } from '@domain/common/i18n';
import { INVOICE_STATE_LABELS, type InvoiceState } from '@domain/billing/state';
import { VAT_CATEGORIES, type VatCategory } from '@domain/money/vat';
import { t } from '@web/lib/i18n';

const STATE_COLORS: Record<InvoiceState, string> = {
  draft: 'gray', issued: 'blue', partly_paid: 'yellow', paid: 'green', overdue: 'red', credited: 'violet',
};

/** The colour of an invoice's open amount: red once it is overdue. */
export const openColor = (state: InvoiceState) => (state === 'overdue' ? 'red' : undefined);

export const KIND_LABELS = { invoice: msg('Invoice'), credit_note: msg('Credit note') } as const;

export function InvoiceStateBadge({ state }: { state: InvoiceState }) {
  return (
    <Badge variant="light" color={STATE_COLORS[state]} miw="max-content" data-testid="invoice-state">
      {t(INVOICE_STATE_LABELS[state])}
    </Badge>
  );
}

/** "S: Standard rate". */
export const vatLabel = (category: string) => (category in VAT_CATEGORIES ? `${category}: ${t(VAT_CATEGORIES[category as VatCategory])}` : category);
/** The VAT categories to choose from, in the reader's language (made when shown). */
export const vatOptions = () => Object.entries(VAT_CATEGORIES).map(([value, label]) => ({ value, label: `${value}: ${t(label)}` }));
/** The invoice states to filter by, in the reader's language (made when shown). */
export const stateOptions = () => Object.entries(INVOICE_STATE_LABELS).map(([value, label]) => ({ value, label: t(label) }));
