import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { roleLabel } from '@domain/common/enums';
import { TWO_FACTOR_MESSAGES } from '@domain/auth/two-factor';
import { useUser } from '@web/features/auth';
import { PageHeader } from '@web/ui/PageHeader';
import { t } from '@web/lib/i18n';
import { richText } from '@web/lib/rich-text';
import { TwoFactorSection } from './TwoFactorSection';
import { LanguageSection } from './LanguageSection';
import { NotificationChoices } from '@web/features/notifications';
import { ApiKeysSection } from '@web/features/api-keys';
import { can, isStaff } from '@domain/access/permissions';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{value}</Text>
    </Stack>
  );
}

/** /profile: who is signed in, their two-factor authentication (decision 0011), their notification choices (issue 17) and API keys (issue 18). */
export function ProfilePage() {
  const user = useUser();
  const staff = isStaff(user.role);
  return (
    <Stack gap="md" maw={900}>
      <PageHeader title={t('My Profile')} subtitle={t('Your account, how you sign in and what you are mailed')} />
      {user.two_factor_setup_required && (
        <Alert color="orange" variant="light" icon={<IconShieldLock size={20} />} title={t(TWO_FACTOR_MESSAGES.requiredTitle)} data-testid="two-factor-required">
          {t(TWO_FACTOR_MESSAGES.requiredExplanation)} {richText(t('Use <b>Turn on two-factor authentication</b> below.'), { b: (words) => <b>{words}</b> })}
        </Alert>
      )}
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="account-title">
        <Group mb="md">
          <Title order={2} fz="lg" id="account-title">
            {t('Account')}
          </Title>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Field label={t('Name')} value={user.full_name} />
          <Field label={t('Email')} value={user.email.toLowerCase()} />
          <Field label={t('Role')} value={staff ? t(roleLabel(user.role)) : user.company_name ? t('Customer of {company}', { company: user.company_name }) : t('Customer')} />
        </SimpleGrid>
      </Paper>
      <LanguageSection user={user} />
      {/* Staff with 2FA on cannot turn it off while the admin requires it; the server refuses it as well. */}
      <TwoFactorSection user={user} requiredForStaff={user.two_factor_required} />
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="notifications" id="notifications-section">
        <Title order={2} fz="lg" id="notifications" mb={4}>
          {t('Notifications')}
        </Title>
        <Text fz="sm" c="dimmed" mb="md">
          {t('For each kind of mail: at once, in one daily digest, or not at all. Every mail also has a link to stop it.')}
        </Text>
        <NotificationChoices path="/notifications" />
      </Paper>
      {/* Service keys (issue 18): administrators for staff integrations, customer contacts for their company. */}
      {can(user.role, 'api_keys:manage') && <ApiKeysSection role={user.role} />}
    </Stack>
  );
}
