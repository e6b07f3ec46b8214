import type { ReactElement } from 'react';
import { Button, Center, Loader, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { STAFF_MESSAGES, updateStaffSchema, type ActiveStaff } from '@domain/staff/schema';
import { useUser } from '@web/features/auth';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { staffMemberQuery, useUpdateStaff } from './api';
import { useStaffForm } from './form-state';
import { RoleSelect } from './RoleSelect';
import { StaffFormCard } from './StaffFormCard';
import { StaffTwoFactorCard } from './StaffTwoFactorCard';

const editParams = z.object({ id: z.string() });

/** /staff/edit/{id}: an active staff member's name and role; the email cannot be changed. */
export function StaffEditPage(): ReactElement {
  // Read and checked here, so this page's types do not hang on the whole route tree's.
  const { id } = editParams.parse(useParams({ strict: false }));
  const member = useQuery(staffMemberQuery(id));
  if (member.data) return <EditForm key={member.data.id} member={member.data} />;
  if (member.isPending) {
    return (
      <Center py={80}>
        <Loader />
      </Center>
    );
  }
  return (
    <Stack maw={640}>
      <PageHeader title={t('Edit Staff Member')} />
      <ErrorBanner error={member.error} />
      <Button component={Link} to="/staff" variant="light" w="fit-content">
        {t('Back to Staff')}
      </Button>
    </Stack>
  );
}

function EditForm({ member }: { member: ActiveStaff }) {
  const navigate = useNavigate();
  const user = useUser();
  const update = useUpdateStaff(member.id);
  const form = useStaffForm({ full_name: member.full_name, role: member.role }, updateStaffSchema);
  const self = member.id === user.id;

  const submit = () => {
    const input = form.check();
    if (!input) return;
    update.mutate(input, {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', title: t('Changes saved'), message: t('{name} was updated.', { name: saved.full_name }) });
        void navigate({ to: '/staff' });
      },
      onError: form.fail,
    });
  };

  return (
    <Stack gap="md">
      <StaffFormCard
        title={t('Edit Staff Member')}
        subtitle={t("A new role applies from the staff member's next action in the portal.")}
        error={form.error}
        submitLabel={t('Save Changes')}
        busyLabel={t('Saving...')}
        busy={update.isPending}
        onSubmit={submit}
      >
        <TextInput
          label={t('Full Name')}
          withAsterisk
          placeholder={t('Enter full name')}
          value={form.values.full_name}
          onChange={(e) => form.set('full_name')(e.currentTarget.value)}
          error={!!form.fields.full_name}
        />
        <TextInput
          label={t('Email')}
          value={member.email}
          disabled
          description={t('Email cannot be changed')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          styles={{ description: { marginTop: 6 } }}
        />
        <RoleSelect
          value={form.values.role}
          onChange={form.set('role')}
          error={!!form.fields.role}
          disabled={self}
          hint={self ? t(STAFF_MESSAGES.selfRole) : undefined}
        />
      </StaffFormCard>
      <StaffTwoFactorCard member={member} self={self} />
    </Stack>
  );
}
