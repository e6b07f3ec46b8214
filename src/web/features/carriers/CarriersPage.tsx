import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconFilter, IconPlus, IconTruckDelivery } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { CARRIER_TYPE_LABELS, CARRIER_TYPES, type CarrierType } from '@domain/common/enums';
import { PARTNER_TEXTS, type Carrier } from '@domain/partners/schema';
import { msg } from '@domain/common/i18n';
import { t } from '@web/lib/i18n';
import { ListPage } from '@web/ui/ListPage';
import { SearchInput } from '@web/ui/SearchInput';
import { useConfirmDelete } from '@web/ui/useConfirmDelete';
import { EditAction, PartnerTable } from '@web/features/partners';
import { carrierListQuery, useDeleteCarrier } from './api';

const ALL = 'all';
const TYPE_OPTIONS = [{ value: ALL, label: msg('All Types') }, ...CARRIER_TYPES.map((t) => ({ value: t, label: CARRIER_TYPE_LABELS[t] }))];
export const CARRIER_TYPE_COLORS: Record<CarrierType, string> = { airline: 'indigo', shipping_line: 'cyan', trucking_company: 'orange' };

/** 'TK · 235', 'SCAC MAEU', with ' · divisor 5000' when the carrier has its own; null without any. */
function carrierCodes(c: Carrier): string | null {
  const codes = c.carrier_type === 'airline' ? [c.iata_code, c.iata_prefix].filter(Boolean).join(' · ') : c.scac ? `SCAC ${c.scac}` : '';
  const parts = [codes, c.volumetric_divisor ? t('divisor {divisor}', { divisor: c.volumetric_divisor }) : ''].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/** /carriers: search (name or country) and a carrier type filter, both applied by the server; paged 10 a page. */
export function CarriersPage(): React.JSX.Element {
  const { q = '', page = 1, type } = useSearch({ from: '/app/carriers' });
  const navigate = useNavigate({ from: '/carriers' });
  const list = useQuery(carrierListQuery(q, page, type));
  const remove = useConfirmDelete<Carrier>(useDeleteCarrier(), {
    title: t('Delete Carrier'),
    message: (c) => t('Are you sure you want to delete {name}? This action cannot be undone.', { name: c.name }),
    deleted: (c) => ({ title: t('Carrier deleted'), message: t('{name} was deleted.', { name: c.name }) }),
  });

  return (
    <ListPage
      title={t('Carriers')}
      subtitle={t('Airlines, shipping lines and trucking companies that carry your shipments')}
      actions={
        <Button component={Link} to="/carriers/new" leftSection={<IconPlus size={18} />}>
          {t('Add Carrier')}
        </Button>
      }
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SearchInput
            value={q}
            label={t('Search carriers')}
            placeholder={t('Search by name or country...')}
            onChange={(value) => void navigate({ search: (s) => ({ ...s, q: value || undefined, page: undefined }), replace: true })}
          />
          <Select
            aria-label={t('Carrier type')}
            data={TYPE_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))}
            value={type ?? ALL}
            allowDeselect={false}
            leftSection={<IconFilter size={16} />}
            w={220}
            onChange={(value) =>
              void navigate({ search: (s) => ({ ...s, type: value && value !== ALL ? (value as CarrierType) : undefined, page: undefined }), replace: true })
            }
          />
        </Group>
      }
      list={list}
      errorPrefix={t(PARTNER_TEXTS.carriersError)}
      found={
        <Text fz="sm" c="dimmed" mb="sm" data-testid="carriers-found">
          {t('{count, plural, one {# carrier(s) found} other {# carrier(s) found}}', { count: list.data?.total ?? 0 })}
        </Text>
      }
      table={(rows) => (
        <PartnerTable
          label={t('Carriers')}
          rows={rows}
          typeColumn={{
            title: t('Type'),
            render: (row) => (
              <Stack gap={2} align="flex-start">
                <Badge variant="light" color={CARRIER_TYPE_COLORS[row.carrier_type]} radius="sm" tt="none" fz="xs" style={{ minWidth: 'max-content' }}>
                  {t(CARRIER_TYPE_LABELS[row.carrier_type])}
                </Badge>
                {carrierCodes(row) && (
                  <Text fz="xs" ff="monospace" c="dimmed" data-testid="carrier-codes">
                    {carrierCodes(row)}
                  </Text>
                )}
              </Stack>
            ),
          }}
          editLink={(row) => <EditAction name={row.name} renderLink={(props) => <Link {...props} to="/carriers/edit/$id" params={{ id: row.id }} />} />}
          onDelete={remove.ask}
        />
      )}
      page={page}
      onPage={(p) => void navigate({ search: (s) => ({ ...s, page: p }) })}
      onLastPage={(last) => void navigate({ search: (s) => ({ ...s, page: last }), replace: true })}
      empty={{
        icon: <IconTruckDelivery size={28} />,
        title: t(PARTNER_TEXTS.carriersEmpty),
        text: q || type ? t('Try another search or carrier type.') : t('Add the airlines, shipping lines and trucking companies you work with.'),
        action: (q || type) && (
          <Button variant="light" size="xs" onClick={() => void navigate({ search: {}, replace: true })}>
            {t('Clear Filters')}
          </Button>
        ),
      }}
    >
      {remove.dialog}
    </ListPage>
  );
}
