import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

/** One titled card of the shipment form. */
export function FormSection({ title, description, icon, children, testId }: { title: string; description?: string; icon: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title} data-testid={testId}>
      <Group gap="sm" mb="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={34} radius="md">
          {icon}
        </ThemeIcon>
        <Stack gap={0}>
          <Title order={2} fz="lg">
            {title}
          </Title>
          {description && (
            <Text fz="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
      </Group>
      {children}
    </Paper>
  );
}
