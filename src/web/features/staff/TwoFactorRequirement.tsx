import { Alert, Anchor, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { TWO_FACTOR_MESSAGES } from '@domain/auth/two-factor';
import { formatDateTime } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { useUser } from '@web/features/auth';
import { twoFactorSettingsQuery, useSetTwoFactorRequirement } from './api';

/** The Staff page's switch: require two-factor authentication for all staff (admins; decision 0010). */
export function TwoFactorRequirement() {
  const user = useUser();
  const settings = useQuery(twoFactorSettingsQuery);
  const change = useSetTwoFactorRequirement();
  const data = settings.data;
  // Turning it on needs the admin's own two-factor first (the server refuses it too); turning it off never does.
  const blocked = !!data && !data.require_for_staff && !user.two_factor_enabled;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="staff-two-factor-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Title order={2} fz="lg" id="staff-two-factor-title">
              {t('Two-factor authentication')}
            </Title>
            <Text c="dimmed" fz="sm" maw={640}>
              {t(
                'When required, staff members without two-factor authentication are sent to their profile to turn it on after they sign in, and can use nothing else until they do. Customers are not affected.',
              )}
            </Text>
          </Stack>
          {settings.isPending ? (
            <Loader size="sm" />
          ) : (
            <Switch
              size="md"
              label={t('Require for all staff')}
              labelPosition="left"
              checked={data?.require_for_staff ?? false}
              disabled={!data || blocked || change.isPending}
              onChange={(e) => change.mutate(e.currentTarget.checked)}
            />
          )}
        </Group>
        {data && (
          <Text fz="sm" data-testid="two-factor-enrolled">
            {t('{enrolled} of {total} staff members use two-factor authentication.', { enrolled: data.staff_enrolled, total: data.staff_total })}
            {data.updated_by_email && data.updated_at && (
              <Text span c="dimmed" fz="sm">
                {' '}
                {t('Last changed by {who} on {date}.', { who: data.updated_by_email, date: formatDateTime(data.updated_at) })}
              </Text>
            )}
          </Text>
        )}
        {blocked && (
          <Text fz="sm" c="dimmed">
            {t(TWO_FACTOR_MESSAGES.adminMustEnrolFirst)}{' '}
            <Anchor component={Link} to="/profile" fz="sm" underline="always">
              {t('Go to My Profile')}
            </Anchor>
          </Text>
        )}
        {(change.error ?? settings.error) && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {t((change.error ?? settings.error)?.message ?? '')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
