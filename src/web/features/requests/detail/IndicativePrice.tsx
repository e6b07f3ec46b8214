import type { ReactElement } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@web/features/invoices';
import { formatDay } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { indicativePriceQuery } from '../api';

/**
 * Issue 40: while a customer's request waits for its quote, what the forwarder's sell card for its lane would charge
 * (when the forwarder shows indicative prices). Nothing at all when there is none: the quote is the price.
 */
export function IndicativePrice({ requestId }: { requestId: string }): ReactElement | null {
  const { data } = useQuery(indicativePriceQuery(requestId));
  const price = data?.price;
  if (!price) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="indicative-price" aria-labelledby="indicative-price-title">
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap">
          <IconCalculator size={20} aria-hidden />
          <Text id="indicative-price-title" fw={700}>
            {t('Indicative price')}
          </Text>
        </Group>
        <Text fz="xl" fw={700} data-testid="indicative-total">
          {formatMoney(price.total, price.currency)}
        </Text>
        <Text fz="sm" c="dimmed">
          {t('From our tariff for this lane and cargo on {date}: {lines}. Your quote may differ; it is the price that counts.', {
            date: formatDay(price.date),
            lines: price.lines.map((l) => `${l.code} ${formatMoney(l.amount, price.currency)}`).join(' · '),
          })}
        </Text>
      </Stack>
    </Paper>
  );
}
