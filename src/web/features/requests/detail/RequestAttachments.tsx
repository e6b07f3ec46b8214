import { useRef, useState } from 'react';
import { Alert, Button, FileButton, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPaperclip, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { UPLOAD_ACCEPT } from '@domain/documents/rules';
import { MESSAGE_MESSAGES, REQUEST_ATTACHMENTS_MAX } from '@domain/messages/rules';
import type { RequestDetail } from '@domain/requests/schema';
import { AttachmentList, addPickedFiles, failedFilesText, requestAttachmentsPath, uploadAttachments } from '@web/features/messages';
import { Section } from '@web/ui/DetailParts';
import { t } from '@web/lib/i18n';
import { afterRequestChange } from '../api';

/** Whether the reader may add files: staff always, the customer while the request is open (decision 0235). */
export const canAddRequestFiles = (r: Pick<RequestDetail, 'status'>, staff: boolean): boolean => staff || r.status === 'submitted' || r.status === 'quoted';

/**
 * The files on a request (issue 15): each opens or downloads like a document. "Add file" uploads one or more at once
 * (up to REQUEST_ATTACHMENTS_MAX on the request), with progress; a refused file is named, the others are stored.
 */
export function RequestAttachments({ request: r, staff }: { request: RequestDetail; staff: boolean }) {
  const queryClient = useQueryClient();
  const resetRef = useRef<() => void>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const room = REQUEST_ATTACHMENTS_MAX - r.attachments.length;
  const canAdd = canAddRequestFiles(r, staff);

  const add = async (picked: File[]) => {
    resetRef.current?.();
    const { files, problems: refused } = addPickedFiles([], picked, Math.max(0, room), MESSAGE_MESSAGES.tooManyRequestAttachments);
    setProblems(refused);
    if (files.length === 0) return;
    setProgress(0);
    const { failed } = await uploadAttachments(requestAttachmentsPath(r.id), files, (loaded, total) => setProgress(total > 0 ? Math.floor((loaded / total) * 100) : 100));
    setProgress(null);
    if (failed.length > 0) setProblems([...refused, t('Not attached: {files}', { files: failedFilesText(failed) })]);
    await afterRequestChange(queryClient, r.id);
  };

  return (
    <Section
      title={t('Attachments')}
      icon={<IconPaperclip size={18} />}
      actions={
        canAdd && (
          <FileButton onChange={(files) => void add(files)} multiple accept={UPLOAD_ACCEPT} resetRef={resetRef} disabled={room <= 0 || progress !== null} inputProps={{ 'aria-label': t('Add file') }}>
            {(props) => (
              <Button {...props} size="xs" variant="light" leftSection={<IconUpload size={14} />} loading={progress !== null} disabled={room <= 0} data-testid="request-add-file">
                {t('Add file')}
              </Button>
            )}
          </FileButton>
        )
      }
    >
      <Stack gap="sm" data-testid="request-attachments">
        {r.attachments.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('No files attached')}
          </Text>
        ) : (
          <AttachmentList attachments={r.attachments} label={t('Files of the request')} />
        )}
        {progress !== null && <Progress value={progress} size="sm" radius="xl" aria-label={t('Uploading files')} transitionDuration={150} />}
        {problems.length > 0 && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="request-attach-problems">
            <Stack gap={2}>
              {problems.map((p) => (
                <Text key={p} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {p}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        {canAdd && room <= 0 && (
          <Text fz="xs" c="dimmed">
            {t(MESSAGE_MESSAGES.tooManyRequestAttachments)}
          </Text>
        )}
      </Stack>
    </Section>
  );
}
