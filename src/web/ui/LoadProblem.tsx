import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconLock, IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { SHIPMENT_MESSAGES } from '@domain/shipments/messages';
import { msg } from '@domain/common/i18n';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';

export const LOAD_ERROR = msg('Error loading shipment data');

/** What a missing record's page says (a request's page says it of the request); translated where shown. */
type Texts = { notFound: string; notFoundText: string; loadError: string };
const SHIPMENT_TEXTS: Texts = {
  notFound: SHIPMENT_MESSAGES.notFound,
  notFoundText: msg('The shipment does not exist, or it belongs to another company.'),
  loadError: LOAD_ERROR,
};

/** A shipment that cannot be shown: 'Shipment not found or access denied' (404/403) or 'Error loading shipment data'. */
export function LoadProblem({
  error, backTo, backLabel, onRetry, texts = SHIPMENT_TEXTS,
}: {
  error: unknown;
  backTo: '/dashboard' | '/all-shipments' | '/requests' | '/invoices';
  backLabel: string;
  onRetry: () => void;
  texts?: Texts;
}) {
  const denied = error instanceof ApiError && (error.status === 404 || error.status === 403);
  const iconColor = denied ? 'gray' : 'red';
  return (
    <Center py={64}>
      <Paper withBorder radius="md" p="xl" maw={520} w="100%" role="alert">
        <Stack align="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light" color={iconColor}>
            {denied ? <IconLock size={28} /> : <IconAlertTriangle size={28} />}
          </ThemeIcon>
          <Title order={1} fz="xl" ta="center">
            {t(denied ? texts.notFound : texts.loadError)}
          </Title>
          <Text c="dimmed" fz="sm" ta="center">
            {denied
              ? t(texts.notFoundText)
              : error instanceof Error
                ? t(error.message)
                : t('Please try again in a moment.')}
          </Text>
          <Group mt="sm">
            <Button component={Link} to={backTo} variant="default" leftSection={<IconArrowLeft size={16} />}>
              {backLabel}
            </Button>
            {!denied && (
              <Button onClick={onRetry} leftSection={<IconRefresh size={16} />}>
                {t('Try Again')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
