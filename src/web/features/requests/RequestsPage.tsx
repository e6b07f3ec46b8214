import type { ReactElement } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconFilterOff, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useUser } from '@web/features/auth';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { t } from '@web/lib/i18n';
import { Pager } from '@web/ui/Pager';
import { REQUESTS_PAGE_SIZE, requestListQuery } from './api';
import { RequestFilters } from './RequestFilters';
import { RequestList } from './RequestList';
import { CLEARED_FILTERS, isFiltered, useRequestSearch } from './search';
import { can, isStaff } from '@domain/access/permissions';

/**
 * /requests (issue 15): a customer's price requests with "New Request", or staff's queue of every customer's
 * requests, newest first, with filters. One route; the server scopes the rows by role and company.
 */
export function RequestsPage(): ReactElement {
  const user = useUser();
  const staff = isStaff(user.role);
  const [search, setSearch] = useRequestSearch();
  const list = useQuery(requestListQuery(search));
  const rows = list.data?.rows ?? [];
  const filtered = isFiltered(search);

  const empty = filtered ? (
    <EmptyState
      title={t('No requests match your filters')}
      text={t('Try another search or clear the filters.')}
      action={
        <Button variant="light" leftSection={<IconFilterOff size={16} />} onClick={() => setSearch(CLEARED_FILTERS)}>
          {t('Clear Filters')}
        </Button>
      }
    />
  ) : staff ? (
    <EmptyState title={t('No requests yet')} text={t("Customers' price requests appear here as they come in.")} />
  ) : (
    <EmptyState
      title={t('No requests yet')}
      text={t('Ask for a price: we quote it, and once you accept the quote it becomes a shipment.')}
      action={
        <Button component={Link} to="/requests/new" variant="light" leftSection={<IconPlus size={16} />}>
          {t('New Request')}
        </Button>
      }
    />
  );

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('Requests')}
        subtitle={
          staff
            ? t("Customers' price requests, newest first")
            : user.company_name === null || user.company_name === undefined
              ? t('Price requests of your company')
              : t('Price requests of {company}', { company: user.company_name })
        }
        actions={
          can(user.role, 'requests:create') && (
            <Button component={Link} to="/requests/new" leftSection={<IconPlus size={16} />}>
              {t('New Request')}
            </Button>
          )
        }
      />
      <RequestFilters staff={staff} companyName={search.company_id ? rows[0]?.company_name : undefined} />
      <ErrorBanner error={list.error} />
      <RequestList rows={rows} staff={staff} loading={list.isPending} empty={empty} />
      <Pager page={list.data?.page ?? 1} pageSize={REQUESTS_PAGE_SIZE} total={list.data?.total ?? 0} onPage={(page) => setSearch({ page })} />
    </Stack>
  );
}
