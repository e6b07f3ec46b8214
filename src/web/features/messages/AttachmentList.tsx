import { useState } from 'react';
import { ActionIcon, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatFileSize } from '@domain/documents/rules';
import type { Attachment } from '@domain/messages/schema';
import { FileTypeIcon, PreviewOverlay, useDownload, type DocumentRef } from '@web/features/documents';
import { reader, t } from '@web/lib/i18n';

/**
 * Files on a message or a request, the way documents open everywhere else: the name opens the preview overlay (a PDF
 * or an image shown, Download for any file) and the icon beside it downloads at once. Both go through a fresh signed
 * link (GET /api/documents/{name}/link).
 */
export function AttachmentList({ attachments, label = t('Attachments') }: { attachments: readonly Attachment[]; label?: string }) {
  const [viewing, setViewing] = useState<DocumentRef | null>(null);
  const { download, busyName } = useDownload();
  if (attachments.length === 0) return null;
  return (
    <>
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label={label} data-testid="attachment-list">
        {attachments.map((a) => (
          <Group component="li" key={a.name} gap={6} wrap="nowrap" data-testid="attachment">
            <FileTypeIcon name={a.original_name} size="md" />
            <Anchor component="button" type="button" fz="sm" ta="left" onClick={() => setViewing(a)} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {a.original_name}
            </Anchor>
            <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatFileSize(a.size, reader())}
            </Text>
            <ActionIcon variant="subtle" size="sm" loading={busyName === a.name} onClick={() => void download(a)} aria-label={t('Download {name}', { name: a.original_name })}>
              <IconDownload size={14} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <PreviewOverlay file={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
