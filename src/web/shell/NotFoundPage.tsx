import { Button, Center, Loader } from '@mantine/core';
import { IconHome, IconMapPinQuestion } from '@tabler/icons-react';
import { Link, Navigate } from '@tanstack/react-router';
import { HOME_PAGE } from '@domain/access/redirects';
import { AuthLayout } from '@web/features/auth/AuthLayout';
import { MessageCard } from '@web/ui/MessageCard';
import { useAuth } from '@web/features/auth/auth-context';
import { msg } from '@domain/common/i18n';
import { t } from '@web/lib/i18n';

export const NOT_FOUND_TITLE = msg('Page Not Found');
const NOT_FOUND_TEXT = msg('The page you are looking for does not exist or has moved. Check the address, or go back to your dashboard.');

function HomeButton() {
  return (
    <Button component={Link} to={HOME_PAGE} size="md" leftSection={<IconHome size={18} />}>
      {t('Back to Dashboard')}
    </Button>
  );
}

/** An address under the app that no page has, inside the shell (the sidebar stays). */
export function NotFoundPage() {
  return (
    <MessageCard icon={<IconMapPinQuestion size={34} />} color="blue" eyebrow={t('ERROR 404')} title={t(NOT_FOUND_TITLE)} text={t(NOT_FOUND_TEXT)}>
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
    <AuthLayout title={t(NOT_FOUND_TITLE)} subtitle={t(NOT_FOUND_TEXT)}>
      <Center>
        <HomeButton />
      </Center>
    </AuthLayout>
  );
}
