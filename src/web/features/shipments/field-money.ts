import { isCurrency, minorUnitOf } from '@domain/money/currencies';
import { formatMoney as fieldText } from '@domain/shipments/money';
import { formatMoney } from '@web/lib/format';

/**
 * A shipment field's amount (a number the spec prints with 2 decimals: '1,234.50 USD') in the reader's format. A
 * currency with other minor units (JPY, BHD) or an unknown code keeps the spec's text, which the reader's format
 * would write with other decimals.
 */
export function fieldMoney(amount: number, currency: string): string {
  return isCurrency(currency) && minorUnitOf(currency) === 2 && Number.isFinite(amount) ? formatMoney(amount.toFixed(2), currency) : fieldText(amount, currency);
}
