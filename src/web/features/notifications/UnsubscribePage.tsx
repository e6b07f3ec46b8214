import type { ReactElement } from 'react';
import { Anchor, Box, Button, Container, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailOff, IconLinkOff } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { NOTIFICATION_MESSAGES } from '@domain/notifications/schema';
import { BrandLogo } from '@web/ui/BrandLogo';
import { unsubscribe, unsubscribeView } from './api';

function Page({ children }: { children: ReactElement }) {
  return (
    <Box mih="100vh" bg="gray.0">
      <meta name="robots" content="noindex, nofollow" />
      <title>Unsubscribe · Cargodesk</title>
      <Container component="main" size="xs" px="md" py="lg">
        <Stack gap="lg">
          <BrandLogo size="sm" />
          <Paper withBorder radius="md" p="xl">
            {children}
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}

/**
 * /unsubscribe?token=…: the page a mail's "Unsubscribe" link opens, without signing in (issue 17, RFC 8058). Opening
 * it changes nothing (link scanners open links too); the button stops that kind of mail for that address.
 */
export function UnsubscribePage(): ReactElement {
  const { token } = useSearch({ from: '/unsubscribe' });
  const view = useQuery({ queryKey: ['unsubscribe', token], queryFn: () => unsubscribeView(token ?? ''), enabled: !!token, retry: false });
  const stop = useMutation({ mutationFn: () => unsubscribe(token ?? '') });
  const done = stop.data ?? (view.data?.mode === 'off' ? view.data : undefined);

  if (!token || view.isError || stop.isError) {
    return (
      <Page>
        <Stack align="center" ta="center" gap="sm" data-testid="unsubscribe-invalid">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconLinkOff size={26} />
          </ThemeIcon>
          <Title order={1} fz="h3">
            Link not valid
          </Title>
          <Text c="dimmed">{NOTIFICATION_MESSAGES.unsubscribeInvalid}</Text>
        </Stack>
      </Page>
    );
  }
  if (!view.data) {
    return (
      <Page>
        <Group justify="center">
          <Loader size="sm" />
        </Group>
      </Page>
    );
  }
  return (
    <Page>
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" color={done ? 'green' : 'blue'}>
          <IconMailOff size={26} />
        </ThemeIcon>
        {done ? (
          <>
            <Title order={1} fz="h3">
              You are unsubscribed
            </Title>
            <Text>
              {view.data.email_hint} will no longer get mails for: <b>{view.data.label}</b>.
            </Text>
          </>
        ) : (
          <>
            <Title order={1} fz="h3">
              Stop these mails?
            </Title>
            <Text>
              Mails for <b>{view.data.label}</b> to {view.data.email_hint}.
            </Text>
            <Button onClick={() => stop.mutate()} loading={stop.isPending} color="red">
              Unsubscribe
            </Button>
          </>
        )}
        <Text fz="sm" c="dimmed">
          Other mails are not affected. Signed-in users can change every choice on{' '}
          <Anchor renderRoot={(props) => <Link {...props} to="/profile" hash="notifications" />}>My Profile</Anchor>.
        </Text>
      </Stack>
    </Page>
  );
}
