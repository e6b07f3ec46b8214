import { Badge, Button } from '@mantine/core';
import { IconBriefcase, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { PARTNER_TEXTS, type ServiceProvider } from '@domain/partners/schema';
import { t } from '@web/lib/i18n';
import { ListPage } from '@web/ui/ListPage';
import { SearchInput } from '@web/ui/SearchInput';
import { useConfirmDelete } from '@web/ui/useConfirmDelete';
import { EditAction, PartnerTable } from '@web/features/partners';
import { serviceProviderListQuery, useDeleteServiceProvider } from './api';
import { serviceTypeLabel } from './service-type-label';

/** /service-providers: searchable (name, country, service type), paged list with edit links and a delete confirmation. */
export function ServiceProvidersPage(): React.JSX.Element {
  const { q = '', page = 1 } = useSearch({ from: '/app/service-providers' });
  const navigate = useNavigate({ from: '/service-providers' });
  const list = useQuery(serviceProviderListQuery(q, page));
  const remove = useConfirmDelete<ServiceProvider>(useDeleteServiceProvider(), {
    title: t('Delete Service Provider'),
    message: (p) => t('Are you sure you want to delete {name}? This action cannot be undone.', { name: p.name }),
    deleted: (p) => ({ title: t('Service provider deleted'), message: t('{name} was deleted.', { name: p.name }) }),
  });

  return (
    <ListPage
      title={t('Service Providers')}
      subtitle={t('Customs brokers, forwarders, insurers, warehouses and other partners')}
      actions={
        <Button component={Link} to="/service-providers/new" leftSection={<IconPlus size={18} />}>
          {t('Add Service Provider')}
        </Button>
      }
      filters={
        <SearchInput
          value={q}
          label={t('Search service providers')}
          placeholder={t('Search by name, country or service type...')}
          onChange={(value) => void navigate({ search: { q: value || undefined, page: undefined }, replace: true })}
        />
      }
      list={list}
      errorPrefix={t(PARTNER_TEXTS.serviceProvidersError)}
      table={(rows) => (
        <PartnerTable
          label={t('Service providers')}
          rows={rows}
          typeColumn={{
            title: t('Service Type'),
            render: (row) => (
              <Badge variant="light" color="grape" radius="sm" tt="none" fz="xs" style={{ minWidth: 'max-content' }}>
                {serviceTypeLabel(row.service_type)}
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
        title: t(PARTNER_TEXTS.serviceProvidersEmpty),
        text: q ? t('Nothing matches "{query}". Try a name, a country or a service type.', { query: q }) : t('Add the brokers, insurers and depots you work with.'),
      }}
    >
      {remove.dialog}
    </ListPage>
  );
}
