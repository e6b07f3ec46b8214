import { ActionIcon, Avatar, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { StaffRole } from '@domain/common/enums';
import { STAFF_MESSAGES, type ActiveStaff, type PendingStaff } from '@domain/staff/schema';
import { roleLabel } from '@domain/common/enums';
import { upperCase } from '@domain/common/text';
import { EmptyState } from '@web/ui/EmptyState';
import { formatDate } from '@web/lib/format';
import { currentLocale, t } from '@web/lib/i18n';

/** Badges and names keep to one line; a narrow screen scrolls the table instead. */
const NOWRAP = { whiteSpace: 'nowrap' } as const;
/** A badge never truncates its label (Mantine's label hides overflow, so it would shrink in a narrow column). */
const FULL_WIDTH = { minWidth: 'max-content' } as const;

const ROLE_COLORS: Record<StaffRole, string> = { admin: 'grape', export: 'blue', import: 'teal' };

export function RoleBadge({ role }: { role: StaffRole }) {
  return (
    <Badge variant="light" color={ROLE_COLORS[role]} radius="sm" tt="none" fz="sm" style={FULL_WIDTH}>
      {t(roleLabel(role))}
    </Badge>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => upperCase(part[0]!, currentLocale()))
    .join('');

export type DeleteTarget = { kind: 'pending' | 'active'; id: string; name: string };

function DeleteButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Tooltip label={t('Delete')} withArrow>
      <ActionIcon variant="subtle" color="red" aria-label={t('Delete {name}', { name })} onClick={onClick}>
        <IconTrash size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Pending Staff Members: added by an admin, not registered yet. */
export function PendingStaffTable({ rows, onDelete }: { rows: PendingStaff[]; onDelete: (target: DeleteTarget) => void }) {
  if (rows.length === 0) return <EmptyState title={t(STAFF_MESSAGES.noPending)} text={t('Staff members you add appear here until they register.')} />;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('Pending Staff Members')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Name')}</Table.Th>
            <Table.Th>{t('Email')}</Table.Th>
            <Table.Th>{t('Role')}</Table.Th>
            <Table.Th w={80} ta="right">
              <VisuallyHidden>{t('Actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Text fw={500} fz="sm" style={NOWRAP}>
                  {row.full_name}
                </Text>
                <Text c="dimmed" fz="xs" style={NOWRAP}>
                  {t('Added {date}', { date: formatDate(row.created_at) })}
                </Text>
              </Table.Td>
              <Table.Td fz="sm">{row.email}</Table.Td>
              <Table.Td style={NOWRAP}>
                <RoleBadge role={row.role} />
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end" gap={4} wrap="nowrap">
                  <DeleteButton name={row.full_name} onClick={() => onDelete({ kind: 'pending', id: row.id, name: row.full_name })} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Active Staff Members: staff users (never customers). An admin has no delete button on their own row. */
export function ActiveStaffTable({ rows, selfId, onDelete }: { rows: ActiveStaff[]; selfId: string; onDelete: (target: DeleteTarget) => void }) {
  if (rows.length === 0) return <EmptyState title={t(STAFF_MESSAGES.noStaff)} />;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('Active Staff Members')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Staff Member')}</Table.Th>
            <Table.Th>{t('Role')}</Table.Th>
            <Table.Th>{t('Email')}</Table.Th>
            <Table.Th>{t('Status')}</Table.Th>
            <Table.Th>{t('Two-Factor')}</Table.Th>
            <Table.Th w={100} ta="right">
              <VisuallyHidden>{t('Actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const self = row.id === selfId;
            return (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar radius="xl" size={34} color={ROLE_COLORS[row.role]} variant="light">
                      {initials(row.full_name)}
                    </Avatar>
                    <Text fw={500} fz="sm" style={NOWRAP}>
                      {row.full_name}
                    </Text>
                    {self && (
                      <Badge size="sm" variant="outline" color="gray" tt="none" style={FULL_WIDTH}>
                        {t('You')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <RoleBadge role={row.role} />
                </Table.Td>
                <Table.Td fz="sm">{row.email}</Table.Td>
                <Table.Td style={NOWRAP}>
                  <Badge color="green" variant="dot" tt="none" fz="sm" style={FULL_WIDTH}>
                    {t('Active')}
                  </Badge>
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  { }
                  <Badge color={row.two_factor_enabled ? 'green' : 'gray'} variant="light" tt="none" style={FULL_WIDTH}>
                    {row.two_factor_enabled ? t('On') : t('Off')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end" gap={4} wrap="nowrap">
                    <Tooltip label={t('Edit')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('Edit {name}', { name: row.full_name })}
                        renderRoot={(props) => <Link {...props} to="/staff/edit/$id" params={{ id: row.id }} />}
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                    {!self && <DeleteButton name={row.full_name} onClick={() => onDelete({ kind: 'active', id: row.id, name: row.full_name })} />}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
