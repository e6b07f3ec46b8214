import { Button, Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconMapPinQuestion } from '@tabler/icons-react';
import { Link, Navigate } from '@tanstack/react-router';
import { HOME_PAGE } from '../../domain/navigation';
import { AuthLayout } from '../features/auth/AuthLayout';
import { useAuth } from '../features/auth/auth-context';

export const NOT_FOUND_TITLE = 'Page Not Found';
const NOT_FOUND_TEXT = 'The page you are looking for does not exist or has moved. Check the address, or go back to your dashboard.';

function HomeButton() {
  return (
    <Button component={Link} to={HOME_PAGE} size="md" leftSection={<IconHome size={18} />}>
      Back to Dashboard
    </Button>
  );
}

/** An address under the app that no page has, inside the shell (the sidebar stays). */
export function NotFoundPage() {
  return (
    <Center mih="70dvh">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} maw={520} w="100%">
        <Stack align="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color="blue">
            <IconMapPinQuestion size={34} />
          </ThemeIcon>
          <Text c="dimmed" fw={700} fz="sm" style={{ letterSpacing: 2 }}>
            ERROR 404
          </Text>
          <Title order={1} fz={26} ta="center">
            {NOT_FOUND_TITLE}
          </Title>
          <Text c="dimmed" ta="center">
            {NOT_FOUND_TEXT}
          </Text>
          <HomeButton />
        </Stack>
      </Paper>
    </Center>
  );
}

/**
 * An address no route has at all (/no-such-page): signed-in people see the not-found page with the brand, as the
 * sign-in pages look; signed-out people go to /signin (every address but /signin and /signup needs a user).
 */
export function StandaloneNotFoundPage() {
  const { user, loading } = useAuth();
  if (loading) {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  if (!user) return <Navigate to="/signin" replace />;
  return (
    <AuthLayout title={NOT_FOUND_TITLE} subtitle={NOT_FOUND_TEXT}>
      <Center>
        <HomeButton />
      </Center>
    </AuthLayout>
  );
}
