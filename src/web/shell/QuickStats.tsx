import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { t } from '@web/lib/i18n';

/** Customer sidebar box: Today's Shipments and Pending, counted in SQL for the customer's company. */
export function QuickStats() {
  const stats = useQuery({
    queryKey: ['dashboard', 'quick-stats'],
    queryFn: () => api<{ today: number; pending: number }>('/dashboard/quick-stats'),
    staleTime: 30_000,
  });
  return (
    <Paper withBorder radius="md" p="sm" bg="blue.0" aria-label={t('Quick Stats')}>
      <Text fz="xs" fw={700} tt="uppercase" c="blue.8" mb={6}>
        {t('Quick Stats')}
      </Text>
      <SimpleGrid cols={1} spacing={4}>
        <Group justify="space-between">
          <Text fz="sm">{t("Today's Shipments")}</Text>
          <Text fz="sm" fw={700} data-testid="quick-stats-today">
            {stats.data?.today ?? '–'}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text fz="sm">{t('Pending')}</Text>
          <Text fz="sm" fw={700} data-testid="quick-stats-pending">
            {stats.data?.pending ?? '–'}
          </Text>
        </Group>
      </SimpleGrid>
    </Paper>
  );
}
