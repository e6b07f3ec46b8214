import { Box, Button, FileButton, Group, Modal, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconAlertCircle, IconBan, IconCircleCheck, IconCloudUpload, IconFolderOpen } from '@tabler/icons-react';
import { UPLOAD_ACCEPT } from '@domain/documents/rules';
import { t } from '@web/lib/i18n';
import { FileTypeIcon } from './FileTypeIcon';
import { isActive, uploadPercent, uploadStatusText, uploadSummary, type UploadItem } from './upload-queue';
import type { UploadQueue } from './use-upload-queue';

/**
 * The upload dialog: drop files or choose them, several at once. Each file is checked in the browser first
 * (size, then type); the others upload with their own progress bar, Cancel, and result. Closing the dialog
 * lets running uploads finish (reopening shows them) and forgets the finished ones.
 */
export function UploadDialog({ opened, queue, onClose, target }: { opened: boolean; queue: UploadQueue; onClose: () => void; target?: string }) {
  const close = () => {
    queue.clearFinished();
    onClose();
  };
  const summary = uploadSummary(queue.items);
  const running = queue.items.some(isActive);
  const closeVariant = running ? 'default' : 'filled';
  // The target in bold inside one translated sentence: the sentence is split where the target goes.
  const [beforeTarget = '', afterTarget = ''] = t('Files are assigned to {target} as they are uploaded.', { target: '\u0000' }).split('\u0000');
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>{t('Upload Documents')}</Text>} centered size="lg">
      <Stack>
        {target && (
          <Text fz="sm" c="dimmed">
            {beforeTarget}
            <b>{target}</b>
            {afterTarget}
          </Text>
        )}
        <Dropzone onDrop={queue.add} multiple radius="md" aria-label={t('Drop files here')}>
          <Group justify="center" gap="md" mih={88} wrap="nowrap" style={{ pointerEvents: 'none' }}>
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconCloudUpload size={26} />
            </ThemeIcon>
            <div>
              <Text fw={600}>{t('Drag files here or click to select')}</Text>
              <Text fz="sm" c="dimmed">
                {t('PDF, Word, Excel, text or images (JPEG, PNG, GIF); each file under 100 MB')}
              </Text>
            </div>
          </Group>
        </Dropzone>
        <Group justify="space-between" wrap="nowrap">
          <FileButton onChange={queue.add} multiple accept={UPLOAD_ACCEPT} inputProps={{ 'aria-label': t('Choose files to upload'), 'data-testid': 'upload-input' } as never}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconFolderOpen size={16} />}>
                {t('Choose Files')}
              </Button>
            )}
          </FileButton>
          {summary && (
            <Text fz="sm" c="dimmed" data-testid="upload-summary">
              {summary}
            </Text>
          )}
        </Group>
        {queue.items.length > 0 && (
          // A plain scrolling box: Mantine's ScrollArea.Autosize sizes to the longest file name (a flex item at its
          // min-content width), so at 390 px the rows ran off the side instead of truncating the names.
          <Box mah="38vh" pr={4} style={{ overflowY: 'auto', overflowX: 'hidden' }} data-testid="upload-list-scroll">
            <Stack gap="xs" data-testid="upload-list">
              {queue.items.map((item) => (
                <UploadRow key={item.id} item={item} onCancel={() => queue.cancel(item.id)} />
              ))}
            </Stack>
          </Box>
        )}
        <Group justify="flex-end">
          <Button variant={closeVariant} onClick={close}>
            {running ? t('Hide') : t('Done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const STATUS_COLOR: Record<UploadItem['status'], string | undefined> = {
  refused: 'red',
  failed: 'red',
  cancelled: 'orange',
  done: 'green',
  waiting: 'dimmed',
  uploading: 'dimmed',
};

function StatusIcon({ item }: { item: UploadItem }) {
  if (item.status === 'done') return <IconCircleCheck size={18} color="var(--mantine-color-green-6)" aria-hidden />;
  if (item.status === 'refused' || item.status === 'failed') return <IconAlertCircle size={18} color="var(--mantine-color-red-6)" aria-hidden />;
  if (item.status === 'cancelled') return <IconBan size={18} color="var(--mantine-color-orange-6)" aria-hidden />;
  return null;
}

function UploadRow({ item, onCancel }: { item: UploadItem; onCancel: () => void }) {
  const statusRole = item.status === 'refused' || item.status === 'failed' ? 'alert' : undefined;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="upload-item" data-status={item.status} aria-label={item.name}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <FileTypeIcon name={item.name} size="md" />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text fz="sm" fw={600} truncate="end" title={item.name}>
              {item.name}
            </Text>
            <StatusIcon item={item} />
          </Group>
          {item.status === 'uploading' && (
            <Progress value={uploadPercent(item)} size="sm" radius="xl" aria-label={t('Upload progress of {name}', { name: item.name })} data-testid="upload-progress" transitionDuration={150} />
          )}
          <Text fz="xs" c={STATUS_COLOR[item.status]} role={statusRole} data-testid="upload-status">
            {uploadStatusText(item)}
          </Text>
        </Stack>
        {isActive(item) && (
          <Button size="compact-xs" variant="subtle" color="red" onClick={onCancel} aria-label={t('Cancel upload of {name}', { name: item.name })}>
            {t('Cancel')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
