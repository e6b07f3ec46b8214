import { useEffect, useState, type MouseEvent } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconEye, IconPackage } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { COMPANIES_PAGE_SIZE, COMPANY_MESSAGES } from '@domain/companies/schema';
import { routeLabel } from '@domain/shipments/index';
import { formatDate } from '@web/lib/format';
import { reader, t } from '@web/lib/i18n';
import { EmptyState } from '@web/ui/EmptyState';
import { Pager } from '@web/ui/Pager';
import { ModeBadge, StatusBadge, TypeBadge } from '@web/ui/ShipmentBadges';
import { companyShipmentsQuery } from './api';

/** Company Shipments on the staff profile: newest first, 10 a page; a row opens /shipment/{id}. */
export function CompanyShipmentsSection({ companyId, enabled }: { companyId: string; enabled: boolean }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const shipments = useQuery({ ...companyShipmentsQuery(companyId, page, COMPANIES_PAGE_SIZE), enabled });
  useEffect(() => {
    if (shipments.error) console.error('Company shipments load failed', shipments.error);
  }, [shipments.error]);
  const data = shipments.data;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="shipments-title">
      <Group justify="space-between" mb="md">
        <Group gap="xs">
          <IconPackage size={20} />
          <Title order={2} fz="lg" id="shipments-title">
            {t('Company Shipments')}
          </Title>
        </Group>
        {data && (
          <Badge variant="light" size="lg" data-testid="shipments-count">
            {t('{count, plural, one {# shipment} other {# shipments}}', { count: data.total })}
          </Badge>
        )}
      </Group>
      {shipments.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {t(COMPANY_MESSAGES.shipmentsLoadFailed)}
        </Alert>
      ) : shipments.isPending ? (
        <Center py={32}>
          <Group gap="xs">
            <Loader size="sm" />
            <Text c="dimmed" fz="sm">
              {t('Loading shipments...')}
            </Text>
          </Group>
        </Center>
      ) : data && data.total === 0 ? (
        <EmptyState title={t(COMPANY_MESSAGES.noShipmentsYet)} text={t(COMPANY_MESSAGES.noShipmentsText)} icon={<IconPackage size={28} />} />
      ) : (
        data && (
          <>
            <Table.ScrollContainer minWidth={760}>
              <Table highlightOnHover verticalSpacing="sm" aria-label={t('Company shipments')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('Reference')}</Table.Th>
                    <Table.Th>{t('Type')}</Table.Th>
                    <Table.Th>{t('Status')}</Table.Th>
                    <Table.Th>{t('Route')}</Table.Th>
                    <Table.Th>{t('Schedule')}</Table.Th>
                    <Table.Th ta="right">{t('View')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody style={{ opacity: shipments.isPlaceholderData ? 0.6 : 1 }}>
                  {data.rows.map((s) => (
                    <Table.Tr key={s.id} style={{ cursor: 'pointer' }} onClick={() => void navigate({ to: '/shipment/$id', params: { id: s.id } })}>
                      <Table.Td>
                        <Text fw={600} fz="sm" ff="monospace">
                          {s.reference_number}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <TypeBadge type={s.type} />
                          {s.type === 'partial' && <ModeBadge mode={s.transport_mode} />}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge status={s.status} />
                      </Table.Td>
                      <Table.Td>
                        <Text fz="sm">{routeLabel(s, reader())}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={0}>
                          <Text fz="xs">{t('ETD {date}', { date: formatDate(s.estimated_departure) })}</Text>
                          <Text fz="xs" c="dimmed">
                            {t('ETA {date}', { date: formatDate(s.estimated_arrival) })}
                          </Text>
                        </Stack>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="xs"
                          variant="subtle"
                          leftSection={<IconEye size={14} />}
                          component={Link}
                          to={`/shipment/${s.id}`}
                          onClick={(e: MouseEvent<HTMLAnchorElement>) => e.stopPropagation()}
                          aria-label={t('View {reference}', { reference: s.reference_number })}
                        >
                          {t('View')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager page={page} pageSize={COMPANIES_PAGE_SIZE} total={data.total} onPage={setPage} />
          </>
        )
      )}
    </Paper>
  );
}
