import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { t } from '@web/lib/i18n';
import type { DocumentRef } from './download';

export type ViewDownloadActions = { onView: (doc: DocumentRef) => void; onDownload: (doc: DocumentRef) => void; busyName: string | null };

/** View and Download of one file (also the generated papers' rows, issue 16). */
export function ViewDownload({ doc, onView, onDownload, busyName, children }: ViewDownloadActions & { doc: DocumentRef; children?: ReactNode }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Button size="compact-sm" variant="light" leftSection={<IconEye size={14} />} onClick={() => onView(doc)} aria-label={t('View {name}', { name: doc.original_name })}>
        {t('View')}
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconDownload size={14} />}
        loading={busyName === doc.name}
        onClick={() => onDownload(doc)}
        aria-label={t('Download {name}', { name: doc.original_name })}
      >
        {t('Download')}
      </Button>
      {children}
    </Group>
  );
}
