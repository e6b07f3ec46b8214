import { Badge, Button } from '@mantine/core';
import { IconBriefcase, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { PARTNER_TEXTS, deleteConfirmText, type ServiceProvider } from '@domain/partners/schema';
import { ListPage } from '@web/ui/ListPage';
import { SearchInput } from '@web/ui/SearchInput';
import { useConfirmDelete } from '@web/ui/useConfirmDelete';
import { EditAction, PartnerTable } from '@web/features/partners';
import { serviceProviderListQuery, useDeleteServiceProvider } from './api';

/** /service-providers: searchable (name, country, service type), paged list with edit links and a delete confirmation. */
export function ServiceProvidersPage(): React.JSX.Element {
  const { q = '', page = 1 } = useSearch({ from: '/app/service-providers' });
  const navigate = useNavigate({ from: '/service-providers' });
  const list = useQuery(serviceProviderListQuery(q, page));
  const remove = useConfirmDelete<ServiceProvider>(useDeleteServiceProvider(), {
    title: 'Delete Service Provider',
    message: (p) => deleteConfirmText(p.name),
    deleted: (p) => ({ title: 'Service provider deleted', message: `${p.name} was deleted.` }),
  });

  return (
    <ListPage
      title="Service Providers"
      subtitle="Customs brokers, forwarders, insurers, warehouses and other partners"
      actions={
        <Button component={Link} to="/service-providers/new" leftSection={<IconPlus size={18} />}>
          Add Service Provider
        </Button>
      }
      filters={
        <SearchInput
          value={q}
          label="Search service providers"
          placeholder="Search by name, country or service type..."
          onChange={(value) => void navigate({ search: { q: value || undefined, page: undefined }, replace: true })}
        />
      }
      list={list}
      errorPrefix={PARTNER_TEXTS.serviceProvidersError}
      table={(rows) => (
        <PartnerTable
          label="Service providers"
          rows={rows}
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
          onDelete={remove.ask}
        />
      )}
      page={page}
      onPage={(p) => void navigate({ search: (s) => ({ ...s, page: p }) })}
      onLastPage={(last) => void navigate({ search: (s) => ({ ...s, page: last }), replace: true })}
      empty={{
        icon: <IconBriefcase size={28} />,
        title: PARTNER_TEXTS.serviceProvidersEmpty,
        text: q ? `Nothing matches "${q}". Try a name, a country or a service type.` : 'Add the brokers, insurers and depots you work with.',
      }}
    >
      {remove.dialog}
    </ListPage>
  );
}
