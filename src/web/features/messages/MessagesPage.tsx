import type { ReactElement } from 'react';
import { Button, Stack, Switch } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useUser } from '@web/features/auth';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { t } from '@web/lib/i18n';
import { threadListQuery } from './api';
import { useMessageSearch } from './search';
import { ThreadList } from './ThreadList';
import { isStaff } from '@domain/access/permissions';

const unreadLine = (n: number) => (n === 0 ? t('All read') : t('{count, plural, one {# unread conversation} other {# unread conversations}}', { count: n }));

/**
 * /messages (issue 15, every role): the conversations on shipments and requests the reader follows, latest first,
 * with "Unread only". Each opens its shipment or request, where the thread is read and answered.
 */
export function MessagesPage(): ReactElement {
  const user = useUser();
  const staff = isStaff(user.role);
  const [search, setSearch] = useMessageSearch();
  const unreadOnly = search.unread === true;
  const list = useQuery(threadListQuery(unreadOnly));
  const rows = list.data?.items ?? [];

  const empty = unreadOnly ? (
    <EmptyState
      title={t('No unread messages')}
      text={t('You are all caught up.')}
      icon={<IconMessages size={26} />}
      action={
        <Button variant="light" onClick={() => setSearch({})}>
          {t('Show all')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      title={t('No messages yet')}
      text={staff ? t('Conversations with customers on shipments and requests appear here.') : t('Write to us from a shipment or a request: the conversations appear here.')}
      icon={<IconMessages size={26} />}
    />
  );

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('Messages')}
        subtitle={list.data ? `${t('Conversations on shipments and requests, latest first')} · ${unreadLine(list.data.unread)}` : t('Conversations on shipments and requests, latest first')}
        actions={<Switch label={t('Unread only')} checked={unreadOnly} onChange={(e) => setSearch(e.currentTarget.checked ? { unread: true } : {})} data-testid="threads-unread-only" />}
      />
      <ErrorBanner error={list.error} />
      <ThreadList rows={rows} staff={staff} loading={list.isPending} empty={empty} />
    </Stack>
  );
}
