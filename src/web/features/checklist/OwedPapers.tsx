import type { ReactElement } from 'react';
import { Alert, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { OwedRow } from '@domain/checklist/owed';
import { OWED_STATE_LABELS, type OwedState } from '@domain/checklist/rules';
import { formatDateTime, formatDay } from '@web/lib/format';
import { checklistItemName } from '@domain/checklist/item-names';
import { t } from '@web/lib/i18n';
import { UploadItemButton, useItemActions } from './ItemUpload';

/** A link as tall as a fingertip (44 px, issue 45). */
export const TAP = { display: 'inline-flex', alignItems: 'center', minHeight: 44 } as const;

const STATE_COLORS: Record<OwedState, string> = { rejected: 'red', overdue: 'red', due: 'blue' };

/** "Due today", "Due in 2 days", "3 days overdue", "No date yet": an owed paper's time, in the reader's words. */
export function owedWhen(days: number | null): string {
  if (days === null) return t('No date yet');
  if (days === 0) return t('Due today');
  if (days > 0) return t('{count, plural, one {Due in # day} other {Due in # days}}', { count: days });
  return t('{count, plural, one {# day overdue} other {# days overdue}}', { count: -days });
}

/**
 * One paper the customer's company owes (issue 45): what, for which shipment, when, why it was refused, and the upload
 * that clears it, right there (a 44 px tap target). Stacked, so it reads on a phone.
 */
function OwedPaper({ row }: { row: OwedRow }): ReactElement {
  const actions = useItemActions(row.shipment_id);
  return (
    <Stack component="li" gap={6} py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} data-testid="owed-paper">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {checklistItemName(row.name, t)}
          </Text>
          <Anchor component={Link} to="/all-shipments/$id" params={{ id: row.shipment_id } as never} fz="sm" fw={600} w="fit-content" style={TAP}>
            {row.reference_number}
          </Anchor>
          <Group gap={6}>
            <Badge color={STATE_COLORS[row.state]} variant="light" radius="sm" tt="none" data-testid="owed-state">
              {t(OWED_STATE_LABELS[row.state])}
            </Badge>
            <Text fz="xs" c={row.days !== null && row.days < 0 ? 'red.9' : 'dimmed'} fw={row.days !== null && row.days < 0 ? 600 : undefined} data-testid="owed-when">
              {owedWhen(row.days)}
              {row.due_on && ` · ${formatDay(row.due_on)}`}
            </Text>
          </Group>
        </Stack>
        <div style={{ flexShrink: 0 }}>
          <UploadItemButton itemId={row.id} name={checklistItemName(row.name, t)} replace={false} actions={actions} tall announce />
        </div>
      </Group>
      {row.rejected && (
        <Text fz="sm" c="red.9" data-testid="owed-rejected" style={{ overflowWrap: 'anywhere' }}>
          {t('Rejected: {reason}', { reason: row.rejected.reason })}
          {row.rejected.original_name ? ` (${row.rejected.original_name}, ${formatDateTime(row.rejected.at)})` : ` (${formatDateTime(row.rejected.at)})`}
        </Text>
      )}
      {actions.error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" p="xs" withCloseButton onClose={actions.reset} closeButtonLabel={t('Dismiss')}>
          <Text fz="sm">
            {checklistItemName(row.name, t)}: {t(actions.error)}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}

/** Owed papers as a list (the dashboard's first few, or a page of the owed list). */
export function OwedPaperList({ rows }: { rows: OwedRow[] }): ReactElement {
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <OwedPaper key={row.id} row={row} />
      ))}
    </Stack>
  );
}
