import { useEffect, useState } from 'react';
import { Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, spotlight } from '@mantine/spotlight';
import '@mantine/spotlight/styles.css';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Page } from '@domain/common/list';
import type { ShipmentListRow } from '@domain/shipments/list-schema';
import { routeLabel } from '@domain/shipments/list-schema';
import { api } from '@web/lib/api';
import { reader, t } from '@web/lib/i18n';
import { useUser } from '@web/features/auth/auth-context';
import { StatusBadge, TypeBadge } from '@web/ui/ShipmentBadges';
import { GLOBAL_SEARCH_PLACEHOLDER, whenOpened } from './global-search-open';
import { isStaff } from '@domain/access/permissions';

/** How many results the global search shows; "Show all results" opens the list with the same search. */
const RESULTS = 8;

/**
 * The global shipment search (issue 21): Ctrl+K (Cmd+K) or '/' anywhere, then any number (reference, container, BL,
 * MAWB, HAWB, voyage), a vessel, company or place. The same search as the lists (the server's one search), so a
 * customer finds only their company's shipments. Each result says what it was found by.
 */
export function GlobalSearchPanel() {
  const user = useUser();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [q] = useDebouncedValue(query.trim(), 250);
  const results = useQuery({
    queryKey: ['shipments', 'list', 'global', q],
    queryFn: ({ signal }) => api<Page<ShipmentListRow>>('/shipments', { query: { q, pageSize: RESULTS }, signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
  const staff = isStaff(user.role);
  const rows = q ? (results.data?.rows ?? []) : [];
  // Loaded by the first Ctrl+K, '/' or click: open now, and be the one that opens from then on.
  useEffect(() => {
    spotlight.open();
    return whenOpened(() => spotlight.open());
  }, []);
  const open = (row: ShipmentListRow) =>
    void navigate(staff ? { to: '/shipment/$id', params: { id: row.id } } : { to: '/all-shipments/$id', params: { id: row.id } });

  return (
    <Spotlight.Root query={query} onQueryChange={setQuery} shortcut={null} scrollable maxHeight={480}>
      <Spotlight.Search
        placeholder={t(GLOBAL_SEARCH_PLACEHOLDER)}
        leftSection={results.isFetching ? <Loader size={16} /> : <IconSearch size={18} />}
        aria-label={t('Search shipments')}
      />
      <Spotlight.ActionsList aria-label={t('Search results')}>
        {!q ? (
          <Spotlight.Empty>{t('Type a reference, a container, BL or air waybill number (spaces and dashes do not matter), a vessel, a company or a city.')}</Spotlight.Empty>
        ) : rows.length === 0 && !results.isFetching ? (
          <Spotlight.Empty>{t('No shipments found for “{q}”.', { q })}</Spotlight.Empty>
        ) : (
          <>
            {rows.map((row) => (
              <Spotlight.Action key={row.id} onClick={() => open(row)} data-testid="global-search-result">
                <Stack gap={2} w="100%">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Group gap={6} wrap="nowrap">
                      <Text fw={600} fz="sm">
                        {row.reference_number}
                      </Text>
                      <TypeBadge type={row.type} />
                    </Group>
                    <StatusBadge status={row.status} />
                  </Group>
                  <Text fz="xs" c="dimmed" lineClamp={1}>
                    {row.company_name} · {routeLabel(row, reader())}
                  </Text>
                  {row.search_match && (
                    <Group gap={4} wrap="nowrap">
                      <Badge size="xs" variant="light" color="gray">
                        {t(row.search_match.field)}
                      </Badge>
                      <Text fz="xs" ff="monospace" lineClamp={1}>
                        {row.search_match.value}
                      </Text>
                    </Group>
                  )}
                </Stack>
              </Spotlight.Action>
            ))}
            {(results.data?.total ?? 0) > rows.length && (
              <Spotlight.Action onClick={() => void navigate({ to: '/all-shipments', search: { q } as never })} data-testid="global-search-all">
                <Text fz="sm" c="blue" fw={600}>
                  {t('Show all {total} results', { total: results.data!.total })}
                </Text>
              </Spotlight.Action>
            )}
          </>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
