import type { ReactElement } from 'react';
import { Anchor, Badge, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileAlert } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { OverdueRow } from '@domain/checklist/schema';
import { msg } from '@domain/common/i18n';
import { formatDay } from '@web/lib/format';
import { t } from '@web/lib/i18n';

export const CUSTOMER_CHECKLIST_TITLE = msg('Documents we need from you');

const daysText = (count: number) => t('{count, plural, one {# day overdue} other {# days overdue}}', { count });

/**
 * The customer dashboard's overdue papers (issue 16): the documents the customer provides that are past their due day,
 * the longest overdue first, each opening its shipment. Shown only when there are some; one stacked line each, so it
 * reads on a phone.
 */
export function CustomerChecklistCard({ total, rows }: { total: number; rows: OverdueRow[] }): ReactElement | null {
  if (total === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="documents-needed" data-testid="customer-checklist-card">
      <Group justify="space-between" wrap="nowrap" mb="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="red" size="lg" aria-hidden>
            <IconFileAlert size={20} />
          </ThemeIcon>
          <div>
            <Title order={2} fz="md" id="documents-needed">
              {t(CUSTOMER_CHECKLIST_TITLE)}
            </Title>
            <Text fz="sm" c="dimmed">
              {t("Upload them on the shipment's page.")}
            </Text>
          </div>
        </Group>
        <Badge color="red" variant="light" size="lg" radius="sm" tt="none" style={{ flexShrink: 0 }} data-testid="customer-checklist-total">
          {t('{count} overdue', { count: total })}
        </Badge>
      </Group>
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {rows.map((r) => (
          <Group
            key={r.id}
            component="li"
            justify="space-between"
            align="flex-start"
            wrap="nowrap"
            gap="sm"
            py="xs"
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
            data-testid="customer-checklist-row"
          >
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {r.name}
              </Text>
              <Anchor component={Link} to="/all-shipments/$id" params={{ id: r.shipment_id } as never} fz="xs" fw={600} w="fit-content">
                {r.reference_number}
              </Anchor>
              <Text fz="xs" c="dimmed">
                {t('Due {date}', { date: formatDay(r.due_on) })}
              </Text>
            </Stack>
            <Text fz="xs" fw={600} c="red.9" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {daysText(r.days_overdue)}
            </Text>
          </Group>
        ))}
      </Stack>
      {total > rows.length && (
        <Text fz="xs" c="dimmed" mt="xs">
          {t('The {shown} longest overdue of {total}; the others show on their shipments.', { shown: rows.length, total })}
        </Text>
      )}
    </Paper>
  );
}
