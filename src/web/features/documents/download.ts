import { useCallback, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { fetchBlob } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { saveBlob } from '@web/lib/save-blob';
import { fetchDocumentLink } from './api';
import { DOWNLOAD_FAILED_MESSAGE } from './texts';

export type DocumentRef = { name: string; original_name: string };

/**
 * Fetches a signed attachment link, reads the file's bytes through it and saves them under the file's own name.
 * Reading them here (rather than pointing an `<a download>` at the link) is what makes a failure visible: the
 * browser reports nothing to the page when a download link answers 404 (a stored file gone missing) or breaks off;
 * here either one rejects, and the caller says so (decision 0221).
 */
export async function downloadDocument(doc: DocumentRef): Promise<void> {
  const link = await fetchDocumentLink(doc.name, 'attachment');
  saveBlob(await fetchBlob(link.url), doc.original_name);
}

/** A download action for buttons: which file is being fetched, and 'Failed to download file. Please try again.' on failure. */
export function useDownload(): { download: (doc: DocumentRef) => Promise<void>; busyName: string | null } {
  const [busyName, setBusyName] = useState<string | null>(null);
  const download = useCallback(async (doc: DocumentRef) => {
    setBusyName(doc.name);
    try {
      await downloadDocument(doc);
    } catch (e) {
      console.error('Download failed', e);
      notifications.show({ color: 'red', title: t('Download failed'), message: t(DOWNLOAD_FAILED_MESSAGE) });
    } finally {
      setBusyName(null);
    }
  }, []);
  return { download, busyName };
}
