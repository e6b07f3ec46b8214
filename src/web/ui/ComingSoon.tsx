import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** Shown for a menu target whose screen has not been built yet: never a blank page. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Center py={80}>
      <Paper withBorder radius="lg" p={40} maw={520} ta="center">
        <Stack align="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconTools size={34} />
          </ThemeIcon>
          <Title order={1} fz={24}>
            {title}
          </Title>
          <Text c="dimmed">This screen is coming soon. It is part of the next Cargodesk release.</Text>
          <Button component={Link} to="/dashboard" variant="light">
            Back to Dashboard
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
