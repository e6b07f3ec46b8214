import { Group, Loader, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { t } from '@web/lib/i18n';
import { ConfirmDialog } from '@web/ui/ConfirmDialog';
import { companyKeys, companyQuery, deleteCompany, invalidateCompanies } from './api';

export type DeleteCompanyTarget = { id: string; name: string };

/**
 * The delete confirmation of the list and the profile. It asks first: on opening it reads the company afresh, and a
 * company with shipments is refused in the dialog, with the count, before anyone confirms (Delete stays disabled);
 * otherwise the spec's sentence, then what goes with the company (its contacts). The server refuses on its own too
 * (a shipment saved meanwhile): that refusal also stays in the dialog.
 */
export function DeleteCompanyDialog({
  target, opened, onClose, onDeleted,
}: {
  target: DeleteCompanyTarget | null;
  opened: boolean;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const queryClient = useQueryClient();
  const current = useQuery({ ...companyQuery(target?.id ?? ''), enabled: opened && !!target, staleTime: 0, refetchOnMount: 'always' });
  const remove = useMutation({
    mutationFn: (id: string) => deleteCompany(id),
    onSuccess: async (_data, id) => {
      notifications.show({ color: 'green', title: t('Company deleted'), message: target ? t('{name} was deleted.', { name: target.name }) : t('The company was deleted.') });
      onDeleted?.();
      // The profile of a deleted company must not refetch (and 404) while the page moves on.
      queryClient.removeQueries({ queryKey: companyKeys.detail(id) });
      await invalidateCompanies(queryClient);
    },
    onError: (e) => console.error('Company delete failed', e),
  });
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  const company = current.data?.id === target?.id ? current.data : undefined;
  const refused = !!company && company.shipments_count > 0;
  const message = !target ? (
    ''
  ) : !company ? (
    current.isError ? (
      t(current.error.message)
    ) : (
      <Group gap="xs" component="span">
        <Loader size="xs" /> {t('Checking what this company still has…')}
      </Group>
    )
  ) : refused ? (
    <Text component="span" c="red" data-testid="company-delete-refusal">
      {t(
        'This company has shipments and cannot be deleted. It has {count, plural, one {# shipment} other {# shipments}} on record; delete or move them to another company first.',
        { count: company.shipments_count },
      )}
    </Text>
  ) : (
    t(
      'Are you sure you want to delete this company? This action cannot be undone. {count, plural, =0 {It has no contacts.} one {Its # contact will be deleted too.} other {Its # contacts will be deleted too.}}',
      { count: company.contacts_count },
    )
  );
  return (
    <ConfirmDialog
      opened={opened}
      title={t('Delete Company')}
      message={message}
      busy={remove.isPending}
      confirmDisabled={!company || refused}
      error={remove.error && t(remove.error.message)}
      onConfirm={() =>
        target &&
        remove.mutate(target.id, {
          onSuccess: () => {
            remove.reset();
            onClose();
          },
        })
      }
      onClose={close}
    />
  );
}
