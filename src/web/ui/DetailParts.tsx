import type { ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatNumber } from '@web/lib/format';
import { t } from '@web/lib/i18n';

/**
 * A titled card of the detail pages; its title names the region for assistive technology and tests (with
 * `headingId`, through aria-labelledby on the heading itself).
 */
export function Section({
  title, icon, actions, children, headingId, id,
}: { title: string; icon: ReactNode; actions?: ReactNode; children: ReactNode; headingId?: string; id?: string }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" id={id} aria-label={headingId ? undefined : title} aria-labelledby={headingId} style={id ? { scrollMarginTop: 'calc(var(--app-shell-header-offset, 0px) + 12px)' } : undefined}>
      <Group justify="space-between" mb="md" gap="xs">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="md" radius="md">
            {icon}
          </ThemeIcon>
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
        </Group>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}

const DIMMED = 'dimmed';

/** A label above its value; an empty value reads 'N/A'. */
export function Field({ label, children, span }: { label: string; children: ReactNode; span?: boolean }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <Stack gap={2} style={span ? { gridColumn: '1 / -1' } : undefined} data-testid="detail-field">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text component="div" fz="sm" fw={500} c={empty ? DIMMED : undefined} style={{ overflowWrap: 'anywhere' }}>
        {empty ? t('N/A') : children}
      </Text>
    </Stack>
  );
}

export function FieldGrid({ children, cols = 3 }: { children: ReactNode; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: cols }} spacing="lg" verticalSpacing="md">
      {children}
    </SimpleGrid>
  );
}

/** A block of free text (instructions, notes) with a dimmed line when there is none. */
export function TextBlock({ text, empty }: { text: string | null | undefined; empty: string }) {
  return text ? (
    <Text fz="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  ) : (
    <Text fz="sm" c="dimmed">
      {empty}
    </Text>
  );
}

/** '1,500.5 kg', '12.345 m³': a measure with up to 3 decimals, or null when missing. */
export function measure(value: number | null | undefined, unit: string): string | null {
  return typeof value === 'number' ? `${formatNumber(value)} ${unit}` : null;
}
