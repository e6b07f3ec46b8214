import { Anchor, Group, Paper, Table, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileAlert, type IconPackages } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ShipmentListRow } from '@domain/shipments/list-schema';
import { routeLabel } from '@domain/shipments/labels';
import { ShipmentCards } from '@web/features/shipment-lists';
import { PHONE_QUERY } from '@web/ui/theme';
import { StatusBadge, TypeBadge } from '@web/ui/ShipmentBadges';
import { formatDate, formatNumber } from '@web/lib/format';
import { reader, t } from '@web/lib/i18n';

/** What every dashboard shares: the figure cards' icon and the recent shipments (cards for a customer on a phone). */
export const icon = (Icon: typeof IconPackages, color = 'blue') => (
  <ThemeIcon variant="light" color={color} size="lg">
    <Icon size={20} />
  </ThemeIcon>
);

export function RecentShipments({ rows, staff }: { rows: ShipmentListRow[]; staff: boolean }) {
  // A customer on a phone sees cards, as on All Shipments (issue 17).
  const cards = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) && !staff;
  return (
    <Paper withBorder radius="md" p="md" aria-label={t('Recent Shipments')}>
      <Text fw={600} mb="sm">
        {t('Recent Shipments')}
      </Text>
      {rows.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('No shipments yet.')}
        </Text>
      ) : cards ? (
        <ShipmentCards rows={rows} empty={null} />
      ) : (
        <Table.ScrollContainer minWidth={560} type="native">
        <Table verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Reference')}</Table.Th>
              <Table.Th>{t('Type')}</Table.Th>
              <Table.Th>{t('Status')}</Table.Th>
              <Table.Th>{t('Route')}</Table.Th>
              <Table.Th>{t('Created')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  { }
                  <Anchor component={Link} to={staff ? '/shipment/$id' : '/all-shipments/$id'} params={{ id: r.id } as never} fw={600} fz="sm">
                    {r.reference_number}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <TypeBadge type={r.type} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={r.status} />
                </Table.Td>
                <Table.Td fz="sm">{routeLabel(r, reader())}</Table.Td>
                <Table.Td fz="sm">{formatDate(r.created_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}


/**
 * Staff's overdue checklist documents (issue 16): a handler's shipments, an admin's all; the card opens the overdue
 * list. It sits beside "Needs attention", outside the lazy chart chunk, so it shows with the dashboard's data, and
 * takes that row's height (a figure card's look, KpiCard's, stretched).
 */
export function OverdueDocumentsCard({ total }: { total: number }) {
  const figure = formatNumber(total);
  const hint = total > 0 ? t('Checklist documents past their due day: show them') : t('No checklist document is overdue');
  return (
    <Anchor
      renderRoot={(props) => <Link {...props} to="/checklist/overdue" />}
      underline="never"
      c="inherit"
      display="block"
      h="100%"
      // Named by the text it shows, in reading order (WCAG 2.5.3 label in name, issue 37).
    >
      <Paper withBorder radius="md" p="md" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fz="xs" tt="uppercase" fw={700} c="dimmed">
              {t('Overdue documents')}
            </Text>
            { }
            <Text fz={28} fw={700} lh={1.2} c={total > 0 ? 'red.9' : undefined} data-testid="kpi-overdue-documents">
              {figure}
            </Text>
          </div>
          {icon(IconFileAlert, total > 0 ? 'red' : 'gray')}
        </Group>
        <Text fz="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      </Paper>
    </Anchor>
  );
}
