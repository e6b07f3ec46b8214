import { Badge } from '@mantine/core';
import { SUPPLIER_BILL_STATE_LABELS, type SupplierBillState } from '@domain/billing/supplier-bills';

const COLORS: Record<SupplierBillState, string> = { open: 'blue', partly_paid: 'yellow', paid: 'teal', overdue: 'red' };

export function BillStateBadge({ state }: { state: SupplierBillState }) {
  return (
    <Badge color={COLORS[state]} variant="light" radius="sm" tt="none" data-testid="bill-state">
      {SUPPLIER_BILL_STATE_LABELS[state]}
    </Badge>
  );
}

/** Today as YYYY-MM-DD (UTC, as the server's days). */
export const utcToday = () => new Date().toISOString().slice(0, 10);
