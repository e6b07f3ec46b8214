import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconPackages, IconBuildingCommunity } from '@tabler/icons-react';
import { ROLE_TITLES } from '../../../domain/enums';
import { useUser } from '../auth/auth-context';
import { PageHeader } from '../../ui/PageHeader';

/** Placeholder per role until the dashboards issue: says which dashboard this role will get. */
export function DashboardPage() {
  const user = useUser();
  const kind =
    user.role === 'admin'
      ? { title: 'Finance and shipments dashboard', text: 'Revenue, cost and profit per currency, shipment types and monthly trends.', icon: IconChartBar }
      : user.role === 'customer'
        ? { title: 'Customer dashboard', text: `Your company's shipments${user.company_name ? ` (${user.company_name})` : ''} and the five most recent ones.`, icon: IconBuildingCommunity }
        : { title: 'Handler dashboard', text: 'The shipments you handle, with their active and completed counts.', icon: IconPackages };
  return (
    <Stack>
      <PageHeader title="Dashboard" subtitle={`Welcome, ${user.full_name} (${ROLE_TITLES[user.role]})`} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="xs">
            <ThemeIcon variant="light" size="lg">
              <kind.icon size={20} />
            </ThemeIcon>
            <Title order={2} fz="lg">
              {kind.title}
            </Title>
            <Text c="dimmed">{kind.text} Coming soon.</Text>
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
