import { useEffect, useState } from 'react';
import { Button, Group, Paper, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFiles, IconFilter, IconFilterOff, IconUpload } from '@tabler/icons-react';
import type { DocumentRow } from '@domain/documents/schema';
import { CONFIRM_DELETE_FILE_MESSAGE, CONFIRM_UNASSIGN_MESSAGE, DOCUMENTS_PAGE_SIZE, FILE_TYPE_FILTERS } from '@domain/documents/rules';
import { isStaffRole } from '@domain/common/enums';
import { pageCount } from '@domain/common/list';
import { t } from '@web/lib/i18n';
import { ConfirmDialog } from '@web/ui/ConfirmDialog';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { Pager } from '@web/ui/Pager';
import { SearchInput } from '@web/ui/SearchInput';
import { useUser } from '@web/features/auth';
import { useDeleteDocument, useDocumentList, useUnassignDocument } from './api';
import { AssignDialog } from './AssignDialog';
import { DocumentsTable, type DocumentAction } from './DocumentsTable';
import { useDownload } from './download';
import { PreviewOverlay } from './PreviewOverlay';
import { hasDocumentFilter, useDocumentSearch } from './search';
import { DOCUMENTS_EMPTY } from './texts';
import { UploadDialog } from './UploadDialog';
import { useUploadQueue } from './use-upload-queue';

const TYPE_OPTIONS = FILE_TYPE_FILTERS.map((f) => ({ value: f.value, label: f.label }));

type Dialog = { kind: 'assign' | 'unassign' | 'delete' | 'view'; row: DocumentRow } | null;

/** /documents (spec section 2): the staff's document library. Customers never reach it (the router redirects them). */
export function DocumentsPage() {
  const user = useUser();
  const staff = isStaffRole(user.role);
  const [search, setSearch] = useDocumentSearch();
  const list = useDocumentList(search);
  const queue = useUploadQueue();
  const [uploadOpened, setUploadOpened] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { download, busyName } = useDownload();
  const remove = useDeleteDocument();
  const unassign = useUnassignDocument();

  const page = search.page ?? 1;
  const total = list.data?.total ?? 0;
  // After a delete the last page may be gone: show the new last page.
  useEffect(() => {
    if (list.data && total > 0 && page > pageCount(total, DOCUMENTS_PAGE_SIZE)) setSearch({ page: pageCount(total, DOCUMENTS_PAGE_SIZE) });
  }, [list.data, total, page]); // eslint-disable-line react-hooks/exhaustive-deps

  const filtered = hasDocumentFilter(search);
  const typeFilter = search.type ?? 'all';
  const openUpload = () => setUploadOpened(true);
  const onAction = (action: DocumentAction, row: DocumentRow) => {
    if (action === 'download') void download(row);
    else {
      remove.reset();
      unassign.reset();
      setDialog({ kind: action, row });
    }
  };
  const closeDialog = () => setDialog(null);
  const target = dialog?.row ?? null;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('Documents')}
        subtitle={t('Manage and share important documents')}
        actions={
          staff && (
            <Button leftSection={<IconUpload size={18} />} onClick={openUpload}>
              {t('Upload')}
            </Button>
          )
        }
      />
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SearchInput value={search.q ?? ''} onChange={(q) => setSearch({ q })} label={t('Search documents')} placeholder={t('Search documents by name...')} />
          <Select
            aria-label={t('File type')}
            data={TYPE_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))}
            value={typeFilter}
            allowDeselect={false}
            leftSection={<IconFilter size={16} />}
            w={220}
            onChange={(value) => setSearch({ type: value ?? undefined })}
          />
          {filtered && (
            <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => setSearch({ q: undefined, type: undefined })}>
              {t('Clear Filters')}
            </Button>
          )}
        </Group>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <ErrorBanner error={list.error} />
        <DocumentsTable
          rows={list.data?.rows ?? []}
          loading={list.isPending || list.isPlaceholderData}
          busyName={busyName}
          onAction={onAction}
          empty={
            <EmptyState
              icon={<IconFiles size={28} />}
              title={t(DOCUMENTS_EMPTY)}
              text={filtered ? t('Try another search or file type.') : undefined}
              action={
                filtered ? (
                  <Button variant="light" size="xs" onClick={() => setSearch({ q: undefined, type: undefined })}>
                    {t('Clear Filters')}
                  </Button>
                ) : (
                  staff && (
                    <Button leftSection={<IconUpload size={16} />} onClick={openUpload}>
                      {t('Upload Your First Document')}
                    </Button>
                  )
                )
              }
            />
          }
        />
        <Pager page={page} pageSize={DOCUMENTS_PAGE_SIZE} total={total} onPage={(p) => setSearch({ page: p })} />
      </Paper>

      <UploadDialog opened={uploadOpened} queue={queue} onClose={() => setUploadOpened(false)} />
      <AssignDialog file={dialog?.kind === 'assign' ? dialog.row : null} onClose={closeDialog} />
      <PreviewOverlay file={dialog?.kind === 'view' ? dialog.row : null} onClose={closeDialog} />
      <ConfirmDialog
        opened={dialog?.kind === 'unassign'}
        title={t('Remove Assignment')}
        message={t(CONFIRM_UNASSIGN_MESSAGE)}
        confirmLabel={t('Remove')}
        busyLabel={t('Removing...')}
        busy={unassign.isPending}
        error={unassign.error ? t(unassign.error.message) : undefined}
        onClose={closeDialog}
        onConfirm={() =>
          target &&
          unassign.mutate(target.name, {
            onSuccess: () => {
              notifications.show({ color: 'green', title: t('Assignment removed'), message: t('{name} is no longer assigned to a shipment.', { name: target.original_name }) });
              closeDialog();
            },
            onError: (e) => console.error('Removing the assignment failed', e),
          })
        }
      />
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title={t('Delete File')}
        message={t(CONFIRM_DELETE_FILE_MESSAGE)}
        busy={remove.isPending}
        error={remove.error ? t(remove.error.message) : undefined}
        onClose={closeDialog}
        onConfirm={() =>
          target &&
          remove.mutate(target.name, {
            onSuccess: () => {
              notifications.show({ color: 'green', title: t('File deleted'), message: t('{name} was deleted.', { name: target.original_name }) });
              closeDialog();
            },
          })
        }
      />
    </Stack>
  );
}
