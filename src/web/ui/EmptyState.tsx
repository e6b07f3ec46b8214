import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

export function EmptyState({ title, text, action, icon }: { title: string; text?: string; action?: ReactNode; icon?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py={48}>
      <ThemeIcon size={52} radius="xl" variant="light" color="gray">
        {icon ?? <IconInbox size={28} />}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {text && (
        <Text c="dimmed" fz="sm" ta="center">
          {text}
        </Text>
      )}
      {action}
    </Stack>
  );
}
