import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { chargeableWeightText, type CargoMeasures } from '@domain/shipments/index';
import { formatNumber } from '@web/lib/format';
import { reader, t } from '@web/lib/i18n';

const fixed = (n: number, decimals: number) => formatNumber(n, decimals);

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text fz="sm" fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * The live result of the Cargo card (issue 14): pieces, volume, volumetric and chargeable weight (and revenue tons
 * at sea) with the calculation, computed in the browser with the domain's cargoMeasures as the user types.
 */
export function CargoSummary({
  measures: m,
  noTransport,
}: {
  measures: CargoMeasures;
  /** What shows while no transport is known (a request for the best offer has none). */
  noTransport?: string;
}) {
  const calculation = chargeableWeightText(m, reader());
  const dash = '—';
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0" data-testid="cargo-summary" role="status" aria-label={t('Cargo totals')}>
      <SimpleGrid cols={{ base: 2, sm: m.transport === 'sea' ? 5 : 4 }} spacing="sm" verticalSpacing="xs">
        <Figure label={t('Pieces')} value={String(m.pieceCount)} testId="summary-pieces" />
        <Figure label={t('Volume')} value={m.volume === null ? dash : `${fixed(m.volume, 3)} m³`} testId="summary-volume" />
        <Figure label={t('Volumetric')} value={m.weight_volumetric === null ? dash : `${fixed(m.weight_volumetric, 2)} kg`} testId="summary-volumetric" />
        <Figure label={t('Chargeable')} value={m.weight_chargeable === null ? dash : `${fixed(m.weight_chargeable, m.transport === 'air' ? 1 : 2)} kg`} testId="summary-chargeable" />
        {m.transport === 'sea' && <Figure label={t('Revenue tons (W/M)')} value={m.revenue_tons === null ? dash : fixed(m.revenue_tons, 3)} testId="summary-revenue-tons" />}
      </SimpleGrid>
      <Text fz="xs" c="dimmed" mt="xs" data-testid="summary-calculation" style={{ overflowWrap: 'anywhere' }}>
        {calculation ??
          (m.transport === null
            ? (noTransport ?? t('Choose a transport mode to compute the chargeable weight.'))
            : t('Add dimension lines (or type a volume) to compute the volumetric and chargeable weight.'))}
      </Text>
    </Paper>
  );
}
