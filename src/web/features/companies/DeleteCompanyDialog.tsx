import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { deleteCompanyMessage } from '../../../domain/companies';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { companyKeys, deleteCompany, invalidateCompanies } from './api';

export type DeleteCompanyTarget = { id: string; name: string; contacts_count: number };

/**
 * The delete confirmation of the list and the profile: the spec's sentence, then what goes with the company.
 * A refusal (the company still has shipments) stays in the dialog, with the server's explanation.
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
  const remove = useMutation({
    mutationFn: (id: string) => deleteCompany(id),
    onSuccess: async (_data, id) => {
      notifications.show({ color: 'green', title: 'Company deleted', message: `${target?.name ?? 'The company'} was deleted.` });
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
  return (
    <ConfirmDialog
      opened={opened}
      title="Delete Company"
      message={target ? deleteCompanyMessage(target.contacts_count) : ''}
      busy={remove.isPending}
      error={remove.error?.message}
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
