import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

/** The ARIA role of a card that reports a failure (a token, not text). */
const ALERT = 'alert';

/**
 * A page-sized message inside the shell: an icon, an optional small line above the title, the title, a text and the
 * ways on (buttons). The not-found page and the page error boundary use it.
 */
export function MessageCard({
  icon, color, eyebrow, title, text, children, maw = 520, testId,
}: { icon: ReactNode; color: string; eyebrow?: string; title: string; text: string; children: ReactNode; maw?: number; testId?: string }) {
  return (
    <Center mih="60dvh" role={testId ? ALERT : undefined} data-testid={testId}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} maw={maw} w="100%">
        <Stack align="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          {eyebrow && (
            <Text c="dimmed" fw={700} fz="sm" style={{ letterSpacing: 2 }}>
              {eyebrow}
            </Text>
          )}
          <Title order={1} fz={26} ta="center">
            {title}
          </Title>
          <Text c="dimmed" ta="center">
            {text}
          </Text>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
