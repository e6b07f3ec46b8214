import { useState, type ReactNode, type ReactElement } from 'react';
import { Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChecklist, IconFileText, IconClockPlay, IconShieldCheck, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useUser } from '@web/features/auth';
import { t } from '@web/lib/i18n';
import { ConfirmDialog } from '@web/ui/ConfirmDialog';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { SearchInput } from '@web/ui/SearchInput';
import { staffListQuery, useDeleteStaff } from './api';
import { ActiveStaffTable, PendingStaffTable, type DeleteTarget } from './StaffTables';
import { TwoFactorRequirement } from './TwoFactorRequirement';

function Section({ title, count, hint, children }: { title: string; count: number | undefined; hint: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" align="flex-start" mb="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2} fz="lg">
              {title}
            </Title>
            {count !== undefined && (
              <Badge variant="light" color="gray" radius="sm">
                {count}
              </Badge>
            )}
          </Group>
          <Text c="dimmed" fz="sm">
            {hint}
          </Text>
        </Stack>
      </Group>
      {children}
    </Paper>
  );
}

const Loading = () => (
  <Center py={40}>
    <Loader size="sm" />
  </Center>
);

/** /staff: Pending Staff Members and Active Staff Members, one search for both (admin only). */
export function StaffPage(): ReactElement {
  const user = useUser();
  const { q = '' } = useSearch({ from: '/app/staff' });
  const navigate = useNavigate({ from: '/staff' });
  const list = useQuery(staffListQuery(q));
  const remove = useDeleteStaff();
  // The target outlives the dialog's closing animation, so its text does not blank out while it fades.
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const [opened, setOpened] = useState(false);
  const ask = (next: DeleteTarget) => {
    remove.reset();
    setTarget(next);
    setOpened(true);
  };
  const close = () => setOpened(false);
  const confirm = () => {
    if (!target) return;
    remove.mutate(target, {
      onSuccess: () => {
        notifications.show({ color: 'green', title: t('Staff member deleted'), message: t('{name} was deleted.', { name: target.name }) });
        close();
      },
    });
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={t('Staff')}
        subtitle={t('Manage staff members and their roles')}
        actions={
          <Group gap="sm">
          <Button component={Link} to="/audit" variant="default" leftSection={<IconShieldCheck size={18} />}>
            {t('Audit Log')}
          </Button>
          <Button component={Link} to="/jobs" variant="default" leftSection={<IconClockPlay size={18} />}>
            {t('Background jobs')}
          </Button>
          <Button component={Link} to="/settings/letterhead" variant="default" leftSection={<IconFileText size={18} />}>
            {t('Letterhead')}
          </Button>
          <Button component={Link} to="/settings/checklists" variant="default" leftSection={<IconChecklist size={18} />}>
            {t('Checklists')}
          </Button>
          <Button component={Link} to="/staff/new" leftSection={<IconUserPlus size={18} />}>
            {t('Add Staff Member')}
          </Button>
          </Group>
        }
      />
      <TwoFactorRequirement />
      <Paper withBorder radius="md" p="md">
        <SearchInput
          value={q}
          placeholder={t('Search by name or email...')}
          label={t('Search staff')}
          onChange={(value) => void navigate({ search: { q: value || undefined }, replace: true })}
        />
      </Paper>
      <ErrorBanner error={list.error} prefix={t('Error fetching staff: ')} />
      <Section
        title={t('Pending Staff Members')}
        count={list.data?.pending.length}
        hint={t('Added by an administrator; they become active when they complete their registration.')}
      >
        {list.data ? <PendingStaffTable rows={list.data.pending} onDelete={ask} /> : list.isPending && <Loading />}
      </Section>
      <Section title={t('Active Staff Members')} count={list.data?.active.length} hint={t('Registered staff who can sign in.')}>
        {list.data ? <ActiveStaffTable rows={list.data.active} selfId={user.id} onDelete={ask} /> : list.isPending && <Loading />}
      </Section>
      <ConfirmDialog
        opened={opened}
        title={t('Delete Staff Member')}
        message={target ? t('Are you sure you want to delete {name}? This action cannot be undone.', { name: target.name }) : ''}
        busy={remove.isPending}
        error={remove.error && t(remove.error.message)}
        onConfirm={confirm}
        onClose={close}
      />
    </Stack>
  );
}
