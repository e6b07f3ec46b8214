import type { ReactElement } from 'react';
import { Anchor, Box, Button, Container, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailOff, IconLinkOff } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { NOTIFICATION_MESSAGES } from '@domain/notifications/schema';
import { BrandLogo } from '@web/ui/BrandLogo';
import { LanguageSwitch } from '@web/ui/LanguageSwitch';
import { t } from '@web/lib/i18n';
import { unsubscribe, unsubscribeView } from './api';

/** Where a bold value or a link goes in the translated sentence around it. */
const SLOT = '\u0000';

function Page({ children }: { children: ReactElement }) {
  return (
    <Box mih="100vh" bg="gray.0">
      <meta name="robots" content="noindex, nofollow" />
      <title>{`${t('Unsubscribe')} · Cargodesk`}</title>
      <Container component="main" size="xs" px="md" py="lg">
        <Stack gap="lg">
          <BrandLogo size="sm" />
          <Paper withBorder radius="md" p="xl">
            {children}
          </Paper>
          <LanguageSwitch />
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
            {t('Link not valid')}
          </Title>
          <Text c="dimmed">{t(NOTIFICATION_MESSAGES.unsubscribeInvalid)}</Text>
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
  const iconColor = done ? 'green' : 'blue';
  const label = t(view.data.label);
  const [doneBefore, doneAfter] = t('{email} will no longer get mails for: {label}.', { email: view.data.email_hint, label: SLOT }).split(SLOT);
  const [askBefore, askAfter] = t('Mails for {label} to {email}.', { label: SLOT, email: view.data.email_hint }).split(SLOT);
  const [profileBefore, profileAfter] = t('Other mails are not affected. Signed-in users can change every choice on {page}.', { page: SLOT }).split(SLOT);
  return (
    <Page>
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" color={iconColor}>
          <IconMailOff size={26} />
        </ThemeIcon>
        {done ? (
          <>
            <Title order={1} fz="h3">
              {t('You are unsubscribed')}
            </Title>
            <Text>
              {doneBefore}
              <b>{label}</b>
              {doneAfter}
            </Text>
          </>
        ) : (
          <>
            <Title order={1} fz="h3">
              {t('Stop these mails?')}
            </Title>
            <Text>
              {askBefore}
              <b>{label}</b>
              {askAfter}
            </Text>
            <Button onClick={() => stop.mutate()} loading={stop.isPending} color="red">
              {t('Unsubscribe')}
            </Button>
          </>
        )}
        <Text fz="sm" c="dimmed">
          {profileBefore}
          <Anchor renderRoot={(props) => <Link {...props} to="/profile" hash="notifications" />}>{t('My Profile')}</Anchor>
          {profileAfter}
        </Text>
      </Stack>
    </Page>
  );
}
