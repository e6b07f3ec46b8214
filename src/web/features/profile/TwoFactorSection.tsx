import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Me } from '@domain/auth/rules';
import { TWO_FACTOR_MESSAGES } from '@domain/auth/two-factor';
import { meQueryOptions } from '@web/features/auth';
import { t } from '@web/lib/i18n';
import { newRecoveryCodes, turnOffTwoFactor } from './api';
import { EnrolTwoFactor } from './EnrolTwoFactor';
import { PasswordDialog } from './PasswordDialog';
import { RecoveryCodes } from './RecoveryCodes';

type Panel = 'idle' | 'enrol' | { codes: string[] };

/** The profile's "Two-factor authentication" section: turn on, turn off, new recovery codes. */
export function TwoFactorSection({ user, requiredForStaff }: { user: Me; requiredForStaff: boolean }) {
  const queryClient = useQueryClient();
  const [panel, setPanel] = useState<Panel>('idle');
  const [dialog, setDialog] = useState<'off' | 'codes' | null>(null);
  // Turning two-factor on or off replaces the session: read the user again.
  const reloadUser = () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
  const on = user.two_factor_enabled;
  const statusColor = on ? 'green' : 'gray';

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="two-factor-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={2} fz="lg" id="two-factor-title">
                {t('Two-factor authentication')}
              </Title>
              <Badge color={statusColor} variant="light" data-testid="two-factor-status">
                {on ? t('On') : t('Off')}
              </Badge>
            </Group>
            <Text c="dimmed" fz="sm" maw={620}>
              {on
                ? t('Signing in asks for a code from your authenticator app after your password. If you lose your phone, use one of your recovery codes.')
                : t('Protect your account with a second step at sign-in: a 6-digit code from an authenticator app on your phone.')}
            </Text>
          </Stack>
        </Group>

        {panel === 'enrol' && (
          <EnrolTwoFactor email={user.email} onEnabled={reloadUser} onDone={() => setPanel('idle')} onCancel={() => setPanel('idle')} />
        )}
        {typeof panel === 'object' && <RecoveryCodes email={user.email} codes={panel.codes} onDone={() => setPanel('idle')} />}

        {panel === 'idle' && !on && (
          <Group>
            <Button leftSection={<IconShieldCheck size={18} />} onClick={() => setPanel('enrol')}>
              {t('Turn on two-factor authentication')}
            </Button>
          </Group>
        )}
        {panel === 'idle' && on && (
          <Stack gap="xs">
            <Group gap="sm">
              <Button variant="default" leftSection={<IconKey size={18} />} onClick={() => setDialog('codes')}>
                {t('Generate new recovery codes')}
              </Button>
              {!requiredForStaff && (
                <Button variant="light" color="red" leftSection={<IconShieldOff size={18} />} onClick={() => setDialog('off')}>
                  {t('Turn off')}
                </Button>
              )}
            </Group>
            {requiredForStaff && (
              <Text fz="sm" c="dimmed">
                {t(TWO_FACTOR_MESSAGES.cannotDisableRequired)}
              </Text>
            )}
          </Stack>
        )}
      </Stack>

      <PasswordDialog
        opened={dialog === 'off'}
        title={t('Turn off two-factor authentication')}
        text={t('Signing in will ask only for your password. Your authenticator app and recovery codes stop working for this account.')}
        action={t('Turn off')}
        color="red"
        onClose={() => setDialog(null)}
        onConfirm={async (password) => {
          await turnOffTwoFactor(password);
          setDialog(null);
          await reloadUser();
        }}
      />
      <PasswordDialog
        opened={dialog === 'codes'}
        title={t('Generate new recovery codes')}
        text={t('Your current recovery codes will stop working. The new ones are shown once.')}
        action={t('Generate codes')}
        onClose={() => setDialog(null)}
        onConfirm={async (password) => {
          const { backupCodes } = await newRecoveryCodes(password);
          setDialog(null);
          setPanel({ codes: backupCodes });
        }}
      />
    </Paper>
  );
}
