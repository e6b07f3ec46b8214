import { Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDay } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { readyQuery, type ReadyRow } from './api';
import { formatMoney } from './money';

/** "1,000.00 USD (2 lines) · 150.00 EUR (1 line)". */
export const unbilledText = (row: Pick<ReadyRow, 'unbilled'>) =>
  row.unbilled.map((u) => t('{amount} ({count, plural, one {# line} other {# lines}})', { amount: formatMoney(u.amount, u.currency), count: u.lines })).join(' · ');

/** The company's delivered shipments with unbilled charges, to tick: their charges become the draft's lines. */
export function ShipmentPicker({ companyId, selected, onChange }: { companyId: string; selected: string[]; onChange: (ids: string[]) => void }) {
  const ready = useQuery(readyQuery({ company_id: companyId, page: 1 }));
  if (ready.isPending) return <Loader size="sm" />;
  if (ready.error) return <ErrorBanner error={ready.error} />;
  const rows = ready.data.rows.filter((r) => r.company_id === companyId);
  if (rows.length === 0) return <Text fz="sm" c="dimmed">{t('This company has no delivered shipment with unbilled charges.')}</Text>;
  return (
    <Stack gap="xs" data-testid="draft-shipments">
      {rows.map((r) => (
        <Checkbox
          key={r.shipment_id}
          checked={selected.includes(r.shipment_id)}
          onChange={(e) => onChange(e.currentTarget.checked ? [...selected, r.shipment_id] : selected.filter((id) => id !== r.shipment_id))}
          label={
            <Group gap={6} wrap="wrap">
              <Text fz="sm" fw={600}>
                {r.reference_number}
              </Text>
              <Text fz="sm" c="dimmed">
                {r.delivered_on ? `${t('delivered {date}', { date: formatDay(r.delivered_on) })} · ` : ''}
                {unbilledText(r)}
              </Text>
            </Group>
          }
        />
      ))}
    </Stack>
  );
}
