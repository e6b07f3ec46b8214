import type { ReactElement } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconReceipt2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { UNIT_LABELS } from '@domain/billing/lines';
import { Section } from '@web/ui/DetailParts';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { formatMoney } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { chargesQuery } from './api';
import { plainDecimal, price } from './numbers';

/**
 * The customer's shipment page's Charges card (issue 38): what the shipment is charged, one stacked line each (code,
 * description, quantity x unit price, amount, the invoice once billed), and the total per currency. The API sends a
 * customer the charges only, never a cost; staff who open this page see the charges too, not the costs.
 */
export function CustomerChargesCard({ shipmentId }: { shipmentId: string }): ReactElement | null {
  const query = useQuery(chargesQuery(shipmentId));
  const data = query.data;
  const lines = (data?.lines ?? []).filter((l) => l.side === 'sell');
  // A customer gets { currency, total }; staff opening this page get the job's sums, of which the revenue is the total.
  const totals = (data?.totals ?? [])
    .map((sum) => ({ currency: sum.currency, total: 'total' in sum ? sum.total : sum.total_revenue }))
    .filter((sum) => /[1-9]/.test(sum.total) || lines.some((l) => l.currency === sum.currency));
  return (
    <Section title={t('Charges')} headingId="customer-charges-heading" icon={<IconReceipt2 size={18} />}>
      <ErrorBanner error={query.error} prefix={`${t('Could not load the charges.')} `} />
      {data && lines.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t('No charges on this shipment yet')}
        </Text>
      )}
      {lines.length > 0 && (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="customer-charges">
          {lines.map((l) => (
            <Group key={l.id} component="li" justify="space-between" align="flex-start" wrap="nowrap" gap="sm" py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} data-testid="customer-charge">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Text fz="sm" fw={600}>
                    {l.code ?? l.category}
                  </Text>
                  {l.invoice_number && (
                    <Badge color="grape" variant="light" radius="sm" tt="none" size="sm">
                      {t('Invoice {number}', { number: l.invoice_number })}
                    </Badge>
                  )}
                </Group>
                {l.description && (
                  <Text fz="xs" style={{ overflowWrap: 'anywhere' }}>
                    {l.description}
                  </Text>
                )}
                <Text fz="xs" c="dimmed">
                  {plainDecimal(l.quantity)} × {price(l.unit_price, l.currency)} {t(UNIT_LABELS[l.unit])}
                </Text>
              </Stack>
              <Text fz="sm" fw={600} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(l.amount, l.currency)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      {totals.length > 0 && (
        <Stack gap={4} pt="sm" style={{ borderTop: '2px solid var(--mantine-color-gray-4)' }} data-testid="customer-charge-totals">
          {totals.map((sum) => (
            <Group key={sum.currency} justify="space-between" wrap="nowrap">
              <Text fz="sm" fw={700}>
                {t('Total {currency}', { currency: sum.currency })}
              </Text>
              <Text fz="sm" fw={700} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(sum.total, sum.currency)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}
