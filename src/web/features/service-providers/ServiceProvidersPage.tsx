import { useEffect, useState } from 'react';
import { Badge, Button, Center, Loader, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBriefcase, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { DEFAULT_PAGE_SIZE, pageCount } from '@domain/common/list-schema';
import { PARTNER_TEXTS, deleteConfirmText, type ServiceProvider } from '@domain/partners/schema';
import { ConfirmDialog } from '@web/ui/ConfirmDialog';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { Pager } from '@web/ui/Pager';
import { SearchInput } from '@web/ui/SearchInput';
import { EditAction, PartnerTable } from '@web/features/partners';
import { serviceProviderListQuery, useDeleteServiceProvider } from './api';

/** /service-providers: searchable (name, country, service type), paged list with edit links and a delete confirmation. */
export function ServiceProvidersPage(): React.JSX.Element {
  const { q = '', page = 1 } = useSearch({ from: '/app/service-providers' });
  const navigate = useNavigate({ from: '/service-providers' });
  const list = useQuery(serviceProviderListQuery(q, page));
  const remove = useDeleteServiceProvider();
  const [target, setTarget] = useState<ServiceProvider | null>(null);
  const [deleteOpened, setDeleteOpened] = useState(false);

  const total = list.data?.total ?? 0;
  useEffect(() => {
    if (list.data && total > 0 && page > pageCount(total, DEFAULT_PAGE_SIZE)) {
      void navigate({ search: (s) => ({ ...s, page: pageCount(total, DEFAULT_PAGE_SIZE) }), replace: true });
    }
  }, [list.data, total, page, navigate]);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Service Providers"
        subtitle="Customs brokers, forwarders, insurers, warehouses and other partners"
        actions={
          <Button component={Link} to="/service-providers/new" leftSection={<IconPlus size={18} />}>
            Add Service Provider
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <SearchInput
          value={q}
          label="Search service providers"
          placeholder="Search by name, country or service type..."
          onChange={(value) => void navigate({ search: { q: value || undefined, page: undefined }, replace: true })}
        />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <ErrorBanner error={list.error} prefix={PARTNER_TEXTS.serviceProvidersError} />
        {list.isPending ? (
          <Center py={48}>
            <Loader size="sm" />
          </Center>
        ) : list.data && list.data.rows.length > 0 ? (
          <>
            <PartnerTable
              label="Service providers"
              rows={list.data.rows}
              typeColumn={{
                title: 'Service Type',
                render: (row) => (
                  <Badge variant="light" color="grape" radius="sm" tt="none" fz="xs" style={{ minWidth: 'max-content' }}>
                    {row.service_type}
                  </Badge>
                ),
              }}
              editLink={(row) => (
                <EditAction name={row.name} renderLink={(props) => <Link {...props} to="/service-providers/edit/$id" params={{ id: row.id }} />} />
              )}
              onDelete={(row) => {
                remove.reset();
                setTarget(row);
                setDeleteOpened(true);
              }}
            />
            <Pager page={page} pageSize={DEFAULT_PAGE_SIZE} total={total} onPage={(p) => void navigate({ search: (s) => ({ ...s, page: p }) })} />
          </>
        ) : (
          list.data && (
            <EmptyState
              icon={<IconBriefcase size={28} />}
              title={PARTNER_TEXTS.serviceProvidersEmpty}
              text={q ? `Nothing matches "${q}". Try a name, a country or a service type.` : 'Add the brokers, insurers and depots you work with.'}
            />
          )
        )}
      </Paper>

      <ConfirmDialog
        opened={deleteOpened}
        title="Delete Service Provider"
        message={target ? deleteConfirmText(target.name) : ''}
        busy={remove.isPending}
        error={remove.error?.message}
        onClose={() => setDeleteOpened(false)}
        onConfirm={() =>
          target &&
          remove.mutate(target.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', title: 'Service provider deleted', message: `${target.name} was deleted.` });
              setDeleteOpened(false);
            },
          })
        }
      />
    </Stack>
  );
}
