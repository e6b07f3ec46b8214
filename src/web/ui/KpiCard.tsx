import type { ReactNode } from 'react';
import { Group, Paper, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { msg } from '@domain/common/i18n';
import { t } from '@web/lib/i18n';
import { formatPercent } from '@web/lib/format';

/** What the monthly change compares (spec section 9; the window of decision 0005), said on the card. */
export const CHANGE_TEXT = msg('shipments created, last 30 days vs the 30 before');

/** The Completed cards count delivered shipments (spec section 6): the card says so (KpiCard translates its `hint`). */
export const COMPLETED_HINT = msg('Delivered shipments');

/**
 * A figure card; `change` shows the monthly percent change with its arrow. Inside a link, `inLink` leaves the card
 * unnamed, so the link is named by all the text it shows (WCAG 2.5.3 label in name), not by the label alone.
 */
export function KpiCard({ label, value, icon, change, hint, inLink = false }: {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  change?: { percent: number; direction: 'up' | 'down' | 'flat' };
  hint?: string;
  inLink?: boolean;
}) {
  const Arrow = change?.direction === 'up' ? IconArrowUpRight : change?.direction === 'down' ? IconArrowDownRight : IconMinus;
  const color = change?.direction === 'up' ? 'teal' : change?.direction === 'down' ? 'red' : 'gray';
  return (
    <Paper withBorder radius="md" p="md" aria-label={inLink ? undefined : label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text fz="xs" tt="uppercase" fw={700} c="dimmed">
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.2} data-testid={`kpi-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`}>
            {value}
          </Text>
        </div>
        {icon}
      </Group>
      {change && (
        <Group gap={4} mt={4} c={color} data-testid="kpi-change">
          <Arrow size={16} stroke={2} />
          <Text fz="sm" fw={600} c={color}>
            {change.percent > 0 ? '+' : ''}
            {formatPercent(`${change.percent}e-2`)}
          </Text>
          <Text fz="xs" c="dimmed">
            {t(CHANGE_TEXT)}
          </Text>
        </Group>
      )}
      {hint && (
        <Text fz="xs" c="dimmed" mt={4}>
          {t(hint)}
        </Text>
      )}
    </Paper>
  );
}
