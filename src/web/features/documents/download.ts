import { useCallback, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { fetchDocumentLink } from './api';
import { DOWNLOAD_FAILED_MESSAGE } from './texts';

export type DocumentRef = { name: string; original_name: string };

/** Fetches a signed attachment link and follows it with an `<a download>` click, so the browser saves the file. */
export async function downloadDocument(doc: DocumentRef): Promise<void> {
  const link = await fetchDocumentLink(doc.name, 'attachment');
  const a = document.createElement('a');
  a.href = link.url;
  a.download = doc.original_name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
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
      notifications.show({ color: 'red', title: 'Download failed', message: DOWNLOAD_FAILED_MESSAGE });
    } finally {
      setBusyName(null);
    }
  }, []);
  return { download, busyName };
}
