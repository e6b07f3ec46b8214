import type { ReactElement } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconFilterOff, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useUser } from '@web/features/auth';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
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
      title="No requests match your filters"
      text="Try another search or clear the filters."
      action={
        <Button variant="light" leftSection={<IconFilterOff size={16} />} onClick={() => setSearch(CLEARED_FILTERS)}>
          Clear Filters
        </Button>
      }
    />
  ) : staff ? (
    <EmptyState title="No requests yet" text="Customers' price requests appear here as they come in." />
  ) : (
    <EmptyState
      title="No requests yet"
      text="Ask for a price: we quote it, and once you accept the quote it becomes a shipment."
      action={
        <Button component={Link} to="/requests/new" variant="light" leftSection={<IconPlus size={16} />}>
          New Request
        </Button>
      }
    />
  );

  return (
    <Stack gap={0}>
      <PageHeader
        title="Requests"
        subtitle={staff ? "Customers' price requests, newest first" : `Price requests of ${user.company_name ?? 'your company'}`}
        actions={
          can(user.role, 'requests:create') && (
            <Button component={Link} to="/requests/new" leftSection={<IconPlus size={16} />}>
              New Request
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
