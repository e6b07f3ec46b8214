import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldOff } from '@tabler/icons-react';
import type { ActiveStaff } from '@domain/staff/schema';
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
            Two-factor authentication
          </Title>
          <Badge color={member.two_factor_enabled ? 'green' : 'gray'} variant="light">
            {member.two_factor_enabled ? 'On' : 'Off'}
          </Badge>
        </Group>
        {self ? (
          <Text fz="sm" c="dimmed">
            Change your own two-factor authentication on My Profile.
          </Text>
        ) : member.two_factor_enabled ? (
          <>
            <Text fz="sm" c="dimmed">
              If {member.full_name} lost both their phone and their recovery codes, reset it: they are signed out, sign in with their
              password alone and can turn it on again (at once, if two-factor is required for staff).
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
                Reset two-factor
              </Button>
            </Group>
          </>
        ) : (
          <Text fz="sm" c="dimmed">
            {member.full_name} signs in with a password only.
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={opened}
        title="Reset two-factor authentication"
        message={`Reset two-factor authentication for ${member.full_name}? Their authenticator app and recovery codes stop working and they are signed out.`}
        confirmLabel="Reset"
        busyLabel="Resetting..."
        busy={reset.isPending}
        error={reset.error?.message}
        onClose={() => setOpened(false)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              notifications.show({ color: 'green', title: 'Two-factor reset', message: `${member.full_name} can turn it on again.` });
              setOpened(false);
            },
          })
        }
      />
    </Paper>
  );
}
