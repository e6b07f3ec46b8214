import { useState, type ReactElement } from 'react';
import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { MESSAGE_MESSAGES, REQUEST_ATTACHMENTS_MAX } from '@domain/messages/rules';
import type { RequestFormValues } from '@domain/requests/schema';
import { PageHeader } from '@web/ui/PageHeader';
import { FilePicker, UploadProgress, failedFilesText, requestAttachmentsPath, uploadAttachments } from '@web/features/messages';
import { FormSection } from '@web/ui/FormSection';
import { t } from '@web/lib/i18n';
import { QueryGate } from '@web/ui/QueryGate';
import { createRequest, requestQuery } from './api';
import { RequestForm } from './form/RequestForm';
import { requestFormFrom, type RequestFormState } from './form/request-form-values';

/** The optional files to send with the request, and how far their upload is once the request is stored. */
function AttachmentsCard({ files, onChange, progress }: { files: File[]; onChange: (files: File[]) => void; progress: number | null }) {
  return (
    <FormSection title={t('Attachments')} description={t('Optional: packing lists, drawings, photos')} icon={<IconPaperclip size={18} />} testId="request-attachments-card">
      <Stack gap="sm">
        <FilePicker files={files} onChange={onChange} max={REQUEST_ATTACHMENTS_MAX} tooMany={MESSAGE_MESSAGES.tooManyRequestAttachments} label={t('Attach files')} disabled={progress !== null} />
        <UploadProgress value={progress} label={t('Uploading files')} />
      </Stack>
    </FormSection>
  );
}

/**
 * /requests/new (customers): ask for a price; once sent, its files upload to it and the request's page opens with its
 * number in a notification. A file that could not be stored is named in a notification that stays: the request is
 * sent all the same, and the file can be added again on its page. `from` starts from a copy of an earlier request.
 */
function RequestPage({ from }: { from?: { number: string; values: RequestFormState } }): ReactElement {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const save = async (body: RequestFormValues) => {
    const created = await createRequest(body);
    notifications.show({ color: 'teal', title: t('Request sent'), message: t('Your request {number} was sent. We will quote it soon.', { number: created.number }) });
    if (files.length > 0) {
      setProgress(0);
      const { failed } = await uploadAttachments(requestAttachmentsPath(created.id), files, (loaded, total) =>
        setProgress(total > 0 ? Math.floor((loaded / total) * 100) : 100),
      );
      if (failed.length > 0) {
        notifications.show({
          color: 'orange',
          title: t('{count, plural, one {A file was not attached} other {Some files were not attached}}', { count: failed.length }),
          message: t('{files}. {count, plural, one {Add it again on the request\'s page with "Add file".} other {Add them again on the request\'s page with "Add file".}}', {
            files: failedFilesText(failed),
            count: failed.length,
          }),
          autoClose: false,
        });
      }
    }
    await Promise.all(['requests', 'address-book'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    await navigate({ to: '/requests/$id', params: { id: created.id } });
  };
  return (
    <Stack gap={0}>
      <PageHeader
        title={t('New Request')}
        subtitle={from ? t('A copy of {number}: change what you need, check the ready date and send it.', { number: from.number }) : t('Tell us what to move: we answer with a quote you can accept online.')}
      />
      <RequestForm
        initialValues={from?.values}
        onSave={save}
        attachments={<AttachmentsCard files={files} onChange={setFiles} progress={progress} />}
        cancel={
          <Button component={Link} to="/requests" variant="default">
            {t('Cancel')}
          </Button>
        }
      />
    </Stack>
  );
}

export function NewRequestPage(): ReactElement {
  return <RequestPage />;
}

/** /requests/$id/again (customers, issue 45): a new request from a copy of an expired, declined or cancelled one. */
export function RequestAgainPage(): ReactElement {
  const { id } = useParams({ from: '/app/requests/$id/again' });
  const query = useQuery(requestQuery(id));
  return <QueryGate query={query}>{(view) => <RequestPage from={{ number: view.request.number, values: requestFormFrom(view.request) }} />}</QueryGate>;
}
