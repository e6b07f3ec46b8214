import { Badge } from '@mantine/core';
import { SUPPLIER_BILL_STATE_LABELS, type SupplierBillState } from '@domain/billing/supplier-bills';
import { isDecimalString } from '@domain/money/decimal';
import { formatNumber } from '@web/lib/format';
import { t } from '@web/lib/i18n';

const COLORS: Record<SupplierBillState, string> = { open: 'blue', partly_paid: 'yellow', paid: 'teal', overdue: 'red' };

export function BillStateBadge({ state }: { state: SupplierBillState }) {
  return (
    <Badge color={COLORS[state]} variant="light" radius="sm" tt="none" data-testid="bill-state">
      {t(SUPPLIER_BILL_STATE_LABELS[state])}
    </Badge>
  );
}

/** Today as YYYY-MM-DD (UTC, as the server's days). */
export const utcToday = () => new Date().toISOString().slice(0, 10);

/**
 * An amount as it was typed (not rounded to the currency), with its currency: '1,250.5 EUR' in English, grouped and
 * pointed as the reader's language writes numbers.
 */
export const typedAmount = (amount: string, currency: string) =>
  `${isDecimalString(amount) ? formatNumber(amount, amount.split('.')[1]?.length ?? 0) : amount} ${currency}`;
