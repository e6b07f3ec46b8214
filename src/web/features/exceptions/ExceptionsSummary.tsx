import type { ReactElement } from 'react';
import { Group, Paper, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EXCEPTION_KINDS } from '@domain/exceptions/rules';
import { formatNumber } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { exceptionCountsQuery } from './api';
import { exceptionText } from './labels';

/**
 * The staff dashboards' "Needs attention" row (issue 17): each rule's count, a link to its tab of /exceptions.
 * A handler's own shipments, an admin's all.
 */
export function ExceptionsSummary(): ReactElement | null {
  const counts = useQuery(exceptionCountsQuery());
  if (!counts.data) return null;
  const c = counts.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="needs-attention">
      <Group gap="xs" mb="sm">
        <IconAlertTriangle size={18} aria-hidden color="var(--mantine-color-orange-9)" />
        <Title order={2} fz="md" id="needs-attention">
          {t('Needs attention')}
        </Title>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {EXCEPTION_KINDS.map((kind) => (
          <UnstyledButton
            key={kind}
            renderRoot={(props) => <Link {...props} to="/exceptions" search={{ kind }} />}
            p="sm"
            style={{ borderRadius: 'var(--mantine-radius-md)', background: c[kind] > 0 ? 'var(--mantine-color-orange-0)' : 'var(--mantine-color-gray-0)' }}
            data-testid={`exceptions-${kind}`}
          >
            { }
            <Text fz={24} fw={700} c={c[kind] > 0 ? 'orange.9' : 'dark'}>
              {formatNumber(c[kind])}
            </Text>
            <Text fz="sm">{exceptionText(kind, c.settings).label}</Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
