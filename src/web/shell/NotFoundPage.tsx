import { Button, Center, Loader } from '@mantine/core';
import { IconHome, IconMapPinQuestion } from '@tabler/icons-react';
import { Link, Navigate } from '@tanstack/react-router';
import { HOME_PAGE } from '@domain/access/navigation';
import { AuthLayout } from '@web/features/auth/AuthLayout';
import { MessageCard } from '@web/ui/MessageCard';
import { useAuth } from '@web/features/auth/auth-context';

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
    <MessageCard icon={<IconMapPinQuestion size={34} />} color="blue" eyebrow="ERROR 404" title={NOT_FOUND_TITLE} text={NOT_FOUND_TEXT}>
      <HomeButton />
    </MessageCard>
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
