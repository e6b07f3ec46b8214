import type { MouseEvent, ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronRight, IconLock } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { subjectPath } from '@domain/messages/rules';
import type { ThreadSummary } from '@domain/messages/schema';
import { msg } from '@domain/common/i18n';
import { formatDateTime } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { PHONE_QUERY } from '@web/ui/theme';

const KIND_LABELS = { shipment: msg('Shipment'), request: msg('Request') };

function UnreadBadge() {
  return (
    <Badge size="sm" color="red" variant="light" data-testid="thread-unread" style={{ flexShrink: 0, overflow: 'visible' }}>
      {t('Unread')}
    </Badge>
  );
}

/** 'Ayse Export: Container is loaded…', with a mark when the last message is an internal note (staff only see those). */
function LastMessage({ row }: { row: ThreadSummary }) {
  return (
    <Text component="div" fz="sm" fw={row.unread ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
      {row.last_internal && (
        <Badge size="xs" color="yellow" variant="light" leftSection={<IconLock size={10} aria-hidden />} mr={6} style={{ verticalAlign: 1 }}>
          {t('Internal note')}
        </Badge>
      )}
      <Text span fz="sm" fw={row.unread ? 700 : 600}>
        {row.last_author}:
      </Text>{' '}
      <span data-user-text>{row.last_excerpt}</span>
    </Text>
  );
}

/** A link to the thread's shipment or request, named by its reference or number. */
function SubjectLink({ row, staff, onClick }: { row: ThreadSummary; staff: boolean; onClick?: (e: MouseEvent) => void }) {
  return (
    <Text component={Link} to={subjectPath(row.kind, row.subject_id, staff)} fz="sm" fw={row.unread ? 800 : 600} c="inherit" onClick={onClick} style={{ overflowWrap: 'anywhere' }}>
      {row.label}
    </Text>
  );
}

/** One card per thread on a phone; the card is the link. */
function ThreadCards({ rows, staff }: { rows: ThreadSummary[]; staff: boolean }) {
  return (
    <Stack gap="sm" data-testid="thread-cards">
      {rows.map((row) => (
        <Paper
          key={row.id}
          renderRoot={(props) => <Link to={subjectPath(row.kind, row.subject_id, staff)} {...props} />}
          withBorder
          radius="md"
          p="md"
          style={{
            display: 'block',
            color: 'inherit',
            textDecoration: 'none',
            borderLeft: row.unread ? '4px solid var(--mantine-color-blue-filled)' : undefined,
          }}
          data-testid="thread-row"
          data-unread={row.unread || undefined}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={row.unread ? 800 : 600} style={{ overflowWrap: 'anywhere' }}>
                {row.label}
              </Text>
              <Group gap={6}>
                <Badge size="sm" variant="light" color="gray">
                  {t(KIND_LABELS[row.kind])}
                </Badge>
                {row.unread && <UnreadBadge />}
              </Group>
            </Stack>
            <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0, marginTop: 4 }} />
          </Group>
          <Stack gap={2} mt="sm">
            <LastMessage row={row} />
            <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {staff ? `${row.company_name} · ` : ''}
              {formatDateTime(row.last_at)}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The threads of /messages, latest first: a table on a wider screen (staff's with the company), cards on a phone.
 * An unread thread is bold with an "Unread" badge. A row opens its shipment or request, where the thread is.
 */
export function ThreadList({ rows, staff, loading, empty }: { rows: ThreadSummary[]; staff: boolean; loading: boolean; empty: ReactNode }) {
  const navigate = useNavigate();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  if (rows.length === 0 && !loading) return <Paper withBorder radius="md">{empty}</Paper>;
  if (phone) return <ThreadCards rows={rows} staff={staff} />;
  const open = (row: ThreadSummary) => void navigate({ href: subjectPath(row.kind, row.subject_id, staff) });
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto', opacity: loading ? 0.6 : 1 }} tabIndex={0} aria-label={t('Conversations')}>
      <Table highlightOnHover verticalSpacing="sm" miw={staff ? 860 : 720}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Subject')}</Table.Th>
            {staff && <Table.Th>{t('Company')}</Table.Th>}
            <Table.Th>{t('Last message')}</Table.Th>
            <Table.Th>{t('When')}</Table.Th>
            <Table.Th>{t('Status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} onClick={() => open(row)} style={{ cursor: 'pointer' }} data-testid="thread-row" data-unread={row.unread || undefined}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Stack gap={2}>
                  <SubjectLink row={row} staff={staff} onClick={(e) => e.stopPropagation()} />
                  <Text fz="xs" c="dimmed">
                    {t(KIND_LABELS[row.kind])}
                  </Text>
                </Stack>
              </Table.Td>
              {staff && <Table.Td fw={row.unread ? 700 : undefined}>{row.company_name}</Table.Td>}
              <Table.Td maw={480}>
                <LastMessage row={row} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} fw={row.unread ? 700 : undefined}>
                <time dateTime={row.last_at}>{formatDateTime(row.last_at)}</time>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} miw={96}>
                {row.unread ? <UnreadBadge /> : <Text fz="sm" c="dimmed">{t('Read')}</Text>}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
