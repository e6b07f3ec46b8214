import { BarChart, DonutChart } from '@mantine/charts';
// With the charts, not in every page's CSS (decision 0232).
import '@mantine/charts/styles.css';
import { Center, Group, Paper, Stack, Text } from '@mantine/core';
import { formatMonth } from '@web/lib/format';
import { t } from '@web/lib/i18n';

export const CHART_COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'gray.5'];

export function ChartCard({ title, children, empty, actions }: { title: string; children: React.ReactNode; empty?: boolean; actions?: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" aria-label={title}>
      <Group justify="space-between" mb="sm" gap="xs" wrap="wrap">
        <Text fw={600}>{title}</Text>
        {actions}
      </Group>
      {empty ? (
        <Center h={200}>
          <Text c="dimmed" fz="sm">
            {t('No data yet')}
          </Text>
        </Center>
      ) : (
        children
      )}
    </Paper>
  );
}

/** A doughnut of named counts (top 5s and distributions) with a legend; colours capped at 5 plus grey. */
export function Doughnut({
  title, items, format = (n) => String(n), actions,
}: { title: string; items: { name: string; count: number }[]; format?: (n: number) => string; actions?: React.ReactNode }) {
  const data = items.map((i, k) => ({ name: i.name, value: i.count, color: CHART_COLORS[Math.min(k, CHART_COLORS.length - 1)]! }));
  return (
    <ChartCard title={title} empty={items.length === 0} actions={actions}>
      <Group wrap="wrap" align="center" justify="center" gap="lg">
        <DonutChart data={data} size={160} thickness={26} withTooltip tooltipDataSource="segment" valueFormatter={format} />
        <Stack gap={6} style={{ flex: 1, minWidth: 160 }}>
          {data.map((d) => (
            <Group key={d.name} gap={8} wrap="nowrap" justify="space-between">
              <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
                <div style={{ width: 10, height: 10, borderRadius: 3, flex: 'none', background: `var(--mantine-color-${d.color.replace('.', '-')})` }} />
                <Text fz="sm" truncate="end">
                  {d.name}
                </Text>
              </Group>
              <Text fz="sm" fw={600}>
                {format(d.value)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </ChartCard>
  );
}

/** Bars per calendar month ('YYYY-MM' in `month`), each month named in the reader's language. */
export function MonthlyBars({ title, data, series }: { title: string; data: ({ month: string } & Record<string, string | number>)[]; series: { name: string; label?: string; color: string }[] }) {
  const type = series.length > 1 ? 'stacked' : 'default';
  const named = data.map((row) => ({ ...row, label: formatMonth(row.month) }));
  return (
    <ChartCard title={title}>
      <BarChart h={220} data={named} dataKey="label" series={series} withLegend={series.length > 1} type={type} tickLine="y" />
    </ChartCard>
  );
}
