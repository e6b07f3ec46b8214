import { Button, Group, Text } from '@mantine/core';
import { MessageCard } from '@web/ui/MessageCard';
import { IconAlertTriangle, IconHome, IconRefresh } from '@tabler/icons-react';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { HOME_PAGE } from '@domain/access/redirects';
import { msg } from '@domain/common/i18n';
import { t } from '@web/lib/i18n';

export const PAGE_ERROR_TITLE = msg('This page could not be shown');
const PAGE_ERROR_TEXT = msg('Something on this page failed. Nothing you saved is lost. Try again, or go back to your dashboard.');

/**
 * The error boundary of every page (the router's default error component): an error thrown while one page renders
 * shows this in that page's place, inside the shell (the sidebar and the menu stay), with a way back. Going to
 * another address clears it; Try Again renders the page afresh with its data reloaded.
 */
export function PageError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const detail = error instanceof Error ? t(error.message) : String(error);
  return (
    <MessageCard icon={<IconAlertTriangle size={34} />} color="orange" title={t(PAGE_ERROR_TITLE)} text={t(PAGE_ERROR_TEXT)} maw={560} testId="page-error">
      {detail && (
        // Text as a <pre>, drawn as Mantine's code block is: Code itself would add to the sign-in page's JavaScript.
        <Text component="pre" ff="monospace" fz="xs" w="100%" p="xs" m={0} bg="gray.0" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', borderRadius: 'var(--mantine-radius-sm)' }}>
          {detail}
        </Text>
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
          {t('Try Again')}
        </Button>
        <Button component={Link} to={HOME_PAGE} leftSection={<IconHome size={18} />}>
          {t('Back to Dashboard')}
        </Button>
      </Group>
    </MessageCard>
  );
}
