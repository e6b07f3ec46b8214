import type { ReactElement } from 'react';
import { Badge, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { AUDIT_CATEGORIES, auditActionLabel, auditDetailLine, type AuditCategory } from '@domain/audit/schema';
import { msg } from '@domain/common/i18n';
import { formatDateTime } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { EmptyState } from '@web/ui/EmptyState';
import { PageHeader } from '@web/ui/PageHeader';
import { PagedList } from '@web/ui/PagedList';
import { SearchInput } from '@web/ui/SearchInput';
import { auditQuery } from './api';

const CATEGORY_OPTIONS = [{ value: 'all', label: msg('All activity') }, ...Object.entries(AUDIT_CATEGORIES).map(([value, label]) => ({ value, label }))];

const ACTION_COLOURS: Record<string, string> = { auth: 'blue', staff: 'grape', document: 'teal' };
const colourOf = (action: string) => (action === 'auth.sign_in_failed' ? 'red' : (ACTION_COLOURS[action.split('.')[0] ?? ''] ?? 'gray'));

/** /audit (admins): sign-ins, failed sign-ins, password and staff changes, document uploads, deletions and downloads. */
export function AuditPage(): ReactElement {
  const search = useSearch({ from: '/app/audit' });
  const navigate = useNavigate({ from: '/audit' });
  const q = search.q ?? '';
  const page = search.page ?? 1;
  const list = useQuery(auditQuery(q, search.category, page));
  const update = (next: { q?: string; category?: AuditCategory | undefined; page?: number }) =>
    void navigate({ search: (prev) => ({ ...prev, page: undefined, ...next }), replace: true });

  return (
    <Stack gap="md">
      <PageHeader title={t('Audit Log')} subtitle={t('Who signed in, changed staff or handled documents, when and from where')} />
      <Paper withBorder radius="md" p="lg">
        <Group mb="md" gap="sm" wrap="wrap">
          <SearchInput value={q} onChange={(value) => update({ q: value || undefined })} placeholder={t('Search by e-mail, target or address...')} />
          <Select
            aria-label={t('Activity')}
            data={CATEGORY_OPTIONS.map((option) => ({ ...option, label: t(option.label) }))}
             
            value={search.category ?? 'all'}
            onChange={(value) => update({ category: value && value !== 'all' ? (value as AuditCategory) : undefined })}
            allowDeselect={false}
            w={220}
          />
        </Group>
        <PagedList
          query={list}
          onPage={(next) => update({ page: next })}
          empty={<EmptyState title={t('No activity found')} text={t('Nothing matches this search yet.')} icon={<IconShieldCheck size={26} />} />}
        >
          {(rows) => (
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('When')}</Table.Th>
                    <Table.Th>{t('Who')}</Table.Th>
                    <Table.Th>{t('What')}</Table.Th>
                    <Table.Th>{t('Target')}</Table.Th>
                    <Table.Th>{t('Address')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => {
                    const detail = auditDetailLine(row.details);
                    return (
                      <Table.Tr key={row.id}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at)}</Table.Td>
                        <Table.Td>
                          <Text fz="sm" fw={500}>
                            {row.actor_name ?? row.actor_email ?? t('Unknown')}
                          </Text>
                          {row.actor_name && (
                            <Text fz="xs" c="dimmed">
                              {row.actor_email}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={colourOf(row.action)} radius="sm">
                            {t(auditActionLabel(row.action))}
                          </Badge>
                          {detail && (
                            <Text fz="xs" c="dimmed" mt={4}>
                              {detail}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td style={{ wordBreak: 'break-all' }}>{row.target ?? '-'}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.ip_address ?? '-'}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </PagedList>
      </Paper>
    </Stack>
  );
}
