import { useEffect, useState } from 'react';
import { Badge, Button, Center, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFilter, IconPlus, IconTruckDelivery } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { CARRIER_TYPE_LABELS, CARRIER_TYPES, type CarrierType } from '@domain/common/enums';
import { DEFAULT_PAGE_SIZE, pageCount } from '@domain/common/list-schema';
import { PARTNER_TEXTS, carriersFoundText, deleteConfirmText, type Carrier } from '@domain/partners/schema';
import { ConfirmDialog } from '@web/ui/ConfirmDialog';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { Pager } from '@web/ui/Pager';
import { SearchInput } from '@web/ui/SearchInput';
import { EditAction, PartnerTable } from '@web/features/partners';
import { carrierListQuery, useDeleteCarrier } from './api';

const ALL = 'all';
const TYPE_OPTIONS = [{ value: ALL, label: 'All Types' }, ...CARRIER_TYPES.map((t) => ({ value: t, label: CARRIER_TYPE_LABELS[t] }))];
export const CARRIER_TYPE_COLORS: Record<CarrierType, string> = { airline: 'indigo', shipping_line: 'cyan', trucking_company: 'orange' };

/** 'TK · 235', 'SCAC MAEU', with ' · divisor 5000' when the carrier has its own; null without any. */
function carrierCodes(c: Carrier): string | null {
  const codes = c.carrier_type === 'airline' ? [c.iata_code, c.iata_prefix].filter(Boolean).join(' · ') : c.scac ? `SCAC ${c.scac}` : '';
  const parts = [codes, c.volumetric_divisor ? `divisor ${c.volumetric_divisor}` : ''].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/** /carriers: search (name or country) and a carrier type filter, both applied by the server; paged 10 a page. */
export function CarriersPage(): React.JSX.Element {
  const { q = '', page = 1, type } = useSearch({ from: '/app/carriers' });
  const navigate = useNavigate({ from: '/carriers' });
  const list = useQuery(carrierListQuery(q, page, type));
  const remove = useDeleteCarrier();
  const [target, setTarget] = useState<Carrier | null>(null);
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
        title="Carriers"
        subtitle="Airlines, shipping lines and trucking companies that carry your shipments"
        actions={
          <Button component={Link} to="/carriers/new" leftSection={<IconPlus size={18} />}>
            Add Carrier
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SearchInput
            value={q}
            label="Search carriers"
            placeholder="Search by name or country..."
            onChange={(value) => void navigate({ search: (s) => ({ ...s, q: value || undefined, page: undefined }), replace: true })}
          />
          <Select
            aria-label="Carrier type"
            data={TYPE_OPTIONS}
            value={type ?? ALL}
            allowDeselect={false}
            leftSection={<IconFilter size={16} />}
            w={220}
            onChange={(value) =>
              void navigate({ search: (s) => ({ ...s, type: value && value !== ALL ? (value as CarrierType) : undefined, page: undefined }), replace: true })
            }
          />
        </Group>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <ErrorBanner error={list.error} prefix={PARTNER_TEXTS.carriersError} />
        {list.data && (
          <Text fz="sm" c="dimmed" mb="sm" data-testid="carriers-found">
            {carriersFoundText(total)}
          </Text>
        )}
        {list.isPending ? (
          <Center py={48}>
            <Loader size="sm" />
          </Center>
        ) : list.data && list.data.rows.length > 0 ? (
          <>
            <PartnerTable
              label="Carriers"
              rows={list.data.rows}
              typeColumn={{
                title: 'Type',
                render: (row) => (
                  <Stack gap={2} align="flex-start">
                    <Badge variant="light" color={CARRIER_TYPE_COLORS[row.carrier_type]} radius="sm" tt="none" fz="xs" style={{ minWidth: 'max-content' }}>
                      {CARRIER_TYPE_LABELS[row.carrier_type]}
                    </Badge>
                    {carrierCodes(row) && (
                      <Text fz="xs" ff="monospace" c="dimmed" data-testid="carrier-codes">
                        {carrierCodes(row)}
                      </Text>
                    )}
                  </Stack>
                ),
              }}
              editLink={(row) => (
                <EditAction name={row.name} renderLink={(props) => <Link {...props} to="/carriers/edit/$id" params={{ id: row.id }} />} />
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
              icon={<IconTruckDelivery size={28} />}
              title={PARTNER_TEXTS.carriersEmpty}
              text={q || type ? 'Try another search or carrier type.' : 'Add the airlines, shipping lines and trucking companies you work with.'}
              action={
                (q || type) && (
                  <Button variant="light" size="xs" onClick={() => void navigate({ search: {}, replace: true })}>
                    Clear Filters
                  </Button>
                )
              }
            />
          )
        )}
      </Paper>

      <ConfirmDialog
        opened={deleteOpened}
        title="Delete Carrier"
        message={target ? deleteConfirmText(target.name) : ''}
        busy={remove.isPending}
        error={remove.error?.message}
        onClose={() => setDeleteOpened(false)}
        onConfirm={() =>
          target &&
          remove.mutate(target.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', title: 'Carrier deleted', message: `${target.name} was deleted.` });
              setDeleteOpened(false);
            },
          })
        }
      />
    </Stack>
  );
}
