import type { ReactElement } from 'react';
import { Center, Group, Loader, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { OWED_STATE_LABELS, OWED_STATES, type OwedState } from '@domain/checklist/rules';
import { msg } from '@domain/common/i18n';
import { t } from '@web/lib/i18n';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { Pager } from '@web/ui/Pager';
import { SearchInput } from '@web/ui/SearchInput';
import { OWED_PAGE_SIZE, owedQuery } from './api';
import { OwedPaperList } from './OwedPapers';

const EMPTY: Record<OwedState | 'all', string> = {
  all: msg('Every paper we need from you is in. Thank you!'),
  rejected: msg('No paper of yours was rejected.'),
  overdue: msg('No paper of yours is overdue.'),
  due: msg('No paper is due from you.'),
};

/**
 * /checklist/owed (customers, issue 45): every paper the company owes across its shipments, the nearest due day first;
 * filter by state, search by reference or name, and upload each from its row. Filter, search and page live in the URL.
 */
export function OwedPapersPage(): ReactElement {
  const search = useSearch({ from: '/app/checklist/owed' });
  const navigate = useNavigate({ from: '/checklist/owed' });
  const set = (next: Partial<typeof search>) => void navigate({ search: (prev) => ({ ...prev, page: undefined, ...next }), replace: true });
  const owed = useQuery(owedQuery(search));
  const state = search.state ?? 'all';
  return (
    <Stack gap="md">
      <PageHeader title={t('Papers to send')} subtitle={t('What we need from you for your shipments, the nearest due first. Upload each here.')} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Group gap="sm" mb="sm" wrap="wrap" align="flex-end">
          <SegmentedControl
            value={state}
            onChange={(v) => set({ state: v === 'all' ? undefined : (v) })}
            data={[{ value: 'all', label: t('All') }, ...OWED_STATES.map((s) => ({ value: s, label: t(OWED_STATE_LABELS[s]) }))]}
            aria-label={t('Show')}
          />
          <SearchInput value={search.q ?? ''} onChange={(q) => set({ q: q || undefined })} placeholder={t('Reference or paper')} minWidth={200} />
        </Group>
        <ErrorBanner error={owed.error} />
        {!owed.data && !owed.error && (
          <Center py="xl" role="status" aria-label={t('Loading')}>
            <Loader size="sm" />
          </Center>
        )}
        {owed.data && owed.data.total === 0 && <EmptyState title={t(EMPTY[state])} icon={<IconCircleCheck size={28} />} />}
        {owed.data && owed.data.total > 0 && (
          <>
            <Text fz="sm" c="dimmed" data-testid="owed-total">
              {t('{count, plural, one {# paper} other {# papers}}', { count: owed.data.total })}
            </Text>
            <OwedPaperList rows={owed.data.rows} />
            <Pager page={search.page ?? 1} pageSize={OWED_PAGE_SIZE} total={owed.data.total} onPage={(page) => set({ page })} />
          </>
        )}
      </Paper>
    </Stack>
  );
}
