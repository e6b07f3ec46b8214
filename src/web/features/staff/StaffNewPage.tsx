import type { ReactElement } from 'react';
import { TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { createStaffSchema } from '@domain/staff/schema';
import { t } from '@web/lib/i18n';
import { useCreateStaff } from './api';
import { useStaffForm } from './form-state';
import { RoleSelect } from './RoleSelect';
import { StaffFormCard } from './StaffFormCard';

/** /staff/new: creates a pending staff record; the person then registers at /signup with this email. */
export function StaffNewPage(): ReactElement {
  const navigate = useNavigate();
  const create = useCreateStaff();
  const form = useStaffForm({ full_name: '', email: '', role: '' }, createStaffSchema);

  const submit = () => {
    const input = form.check();
    if (!input) return;
    create.mutate(input, {
      onSuccess: (created) => {
        notifications.show({
          color: 'green',
          title: t('Staff member added'),
          message: t('{name} can now complete their registration with {email}.', { name: created.full_name, email: created.email }),
        });
        void navigate({ to: '/staff' });
      },
      onError: form.fail,
    });
  };

  return (
    <StaffFormCard
      title={t('Add New Staff Member')}
      subtitle={t('They become active once they complete their registration with this email.')}
      error={form.error}
      submitLabel={t('Create Staff Member')}
      busyLabel={t('Creating...')}
      busy={create.isPending}
      onSubmit={submit}
    >
      <TextInput
        label={t('Full Name')}
        withAsterisk
        placeholder={t('Enter full name')}
        autoComplete="off"
        value={form.values.full_name}
        onChange={(e) => form.set('full_name')(e.currentTarget.value)}
        error={!!form.fields.full_name}
        data-autofocus
      />
      <TextInput
        label={t('Email')}
        type="email"
        withAsterisk
        placeholder={t('Enter email address')}
        autoComplete="off"
        value={form.values.email}
        onChange={(e) => form.set('email')(e.currentTarget.value)}
        error={!!form.fields.email}
      />
      <RoleSelect value={form.values.role} onChange={form.set('role')} error={!!form.fields.role} />
    </StaffFormCard>
  );
}
