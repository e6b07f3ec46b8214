import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldOff } from '@tabler/icons-react';
import type { ActiveStaff } from '@domain/staff/schema';
import { t } from '@web/lib/i18n';
import { ConfirmDialog } from '@web/ui/ConfirmDialog';
import { useResetStaffTwoFactor } from './api';

/** On the staff edit page: whether the member uses two-factor, and the admin's reset for a lost phone (decision 0010). */
export function StaffTwoFactorCard({ member, self }: { member: ActiveStaff; self: boolean }) {
  const reset = useResetStaffTwoFactor(member.id);
  const [opened, setOpened] = useState(false);
  return (
    <Paper withBorder radius="md" p="lg" maw={640} component="section" aria-labelledby="member-two-factor-title">
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={2} fz="lg" id="member-two-factor-title">
            {t('Two-factor authentication')}
          </Title>
          { }
          <Badge color={member.two_factor_enabled ? 'green' : 'gray'} variant="light">
            {member.two_factor_enabled ? t('On') : t('Off')}
          </Badge>
        </Group>
        {self ? (
          <Text fz="sm" c="dimmed">
            {t('Change your own two-factor authentication on My Profile.')}
          </Text>
        ) : member.two_factor_enabled ? (
          <>
            <Text fz="sm" c="dimmed">
              {t(
                'If {name} lost both their phone and their recovery codes, reset it: they are signed out, sign in with their password alone and can turn it on again (at once, if two-factor is required for staff).',
                { name: member.full_name },
              )}
            </Text>
            <Group>
              <Button
                variant="light"
                color="red"
                leftSection={<IconShieldOff size={18} />}
                onClick={() => {
                  reset.reset();
                  setOpened(true);
                }}
              >
                {t('Reset two-factor')}
              </Button>
            </Group>
          </>
        ) : (
          <Text fz="sm" c="dimmed">
            {t('{name} signs in with a password only.', { name: member.full_name })}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={opened}
        title={t('Reset two-factor authentication')}
        message={t('Reset two-factor authentication for {name}? Their authenticator app and recovery codes stop working and they are signed out.', { name: member.full_name })}
        confirmLabel={t('Reset')}
        busyLabel={t('Resetting...')}
        busy={reset.isPending}
        error={reset.error && t(reset.error.message)}
        onClose={() => setOpened(false)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              notifications.show({ color: 'green', title: t('Two-factor reset'), message: t('{name} can turn it on again.', { name: member.full_name }) });
              setOpened(false);
            },
          })
        }
      />
    </Paper>
  );
}
