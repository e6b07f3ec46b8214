import { Button, Center, Code, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconHome, IconRefresh } from '@tabler/icons-react';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { HOME_PAGE } from '../../domain/navigation';

export const PAGE_ERROR_TITLE = 'This page could not be shown';
const PAGE_ERROR_TEXT = 'Something on this page failed. Nothing you saved is lost. Try again, or go back to your dashboard.';

/**
 * The error boundary of every page (the router's default error component): an error thrown while one page renders
 * shows this in that page's place, inside the shell (the sidebar and the menu stay), with a way back. Going to
 * another address clears it; Try Again renders the page afresh with its data reloaded.
 */
export function PageError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <Center mih="60dvh" role="alert" data-testid="page-error">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} maw={560} w="100%">
        <Stack align="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color="orange">
            <IconAlertTriangle size={34} />
          </ThemeIcon>
          <Title order={1} fz={24} ta="center">
            {PAGE_ERROR_TITLE}
          </Title>
          <Text c="dimmed" ta="center">
            {PAGE_ERROR_TEXT}
          </Text>
          {detail && (
            <Code block fz="xs" w="100%" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {detail}
            </Code>
          )}
          <Group justify="center">
            <Button
              variant="light"
              leftSection={<IconRefresh size={18} />}
              onClick={() => {
                reset();
                void router.invalidate();
              }}
            >
              Try Again
            </Button>
            <Button component={Link} to={HOME_PAGE} leftSection={<IconHome size={18} />}>
              Back to Dashboard
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
