import { formatFileSize, uploadProblem } from '@domain/documents/rules';
import { reader, t } from '@web/lib/i18n';

/**
 * The upload dialog's list of files, as pure state: each file is checked before sending (size, then type),
 * waits its turn, uploads with its own progress and ends done, failed, cancelled or refused. One file's
 * outcome never touches another's.
 */
export type UploadStatus = 'refused' | 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled';
export type UploadItem = { id: string; name: string; size: number; status: UploadStatus; loaded: number; message: string | null };

/** How many files travel at the same time; the others wait. */
export const PARALLEL_UPLOADS = 3;

export type UploadAction =
  | { kind: 'add'; files: { id: string; name: string; size: number }[] }
  | { kind: 'start'; id: string }
  | { kind: 'progress'; id: string; loaded: number }
  | { kind: 'done'; id: string }
  | { kind: 'failed'; id: string; message: string }
  | { kind: 'cancelled'; id: string }
  | { kind: 'clearFinished' };

export const isActive = (item: UploadItem): boolean => item.status === 'waiting' || item.status === 'uploading';

function update(items: UploadItem[], id: string, from: readonly UploadStatus[], patch: Partial<UploadItem>): UploadItem[] {
  return items.map((item) => (item.id === id && from.includes(item.status) ? { ...item, ...patch } : item));
}

export function uploadReducer(items: UploadItem[], action: UploadAction): UploadItem[] {
  switch (action.kind) {
    case 'add':
      return [
        ...items,
        ...action.files.map((f): UploadItem => {
          const problem = uploadProblem(f.name, f.size);
          return { ...f, status: problem ? 'refused' : 'waiting', loaded: 0, message: problem };
        }),
      ];
    case 'start':
      return update(items, action.id, ['waiting'], { status: 'uploading', loaded: 0 });
    case 'progress':
      return update(items, action.id, ['uploading'], { loaded: action.loaded });
    case 'done':
      return items.map((item) => (item.id === action.id && item.status === 'uploading' ? { ...item, status: 'done', loaded: item.size } : item));
    case 'failed':
      return update(items, action.id, ['waiting', 'uploading'], { status: 'failed', message: action.message });
    case 'cancelled':
      return update(items, action.id, ['waiting', 'uploading'], { status: 'cancelled' });
    case 'clearFinished':
      return items.filter(isActive);
  }
}

/** The waiting files to start now, in the order they were added, keeping at most `limit` uploads running. */
export function uploadsToStart(items: UploadItem[], limit = PARALLEL_UPLOADS): UploadItem[] {
  const running = items.filter((i) => i.status === 'uploading').length;
  return items.filter((i) => i.status === 'waiting').slice(0, Math.max(0, limit - running));
}

/** Whole percent sent, for the progress bar (a done file is 100, an empty file counts as sent when done). */
export function uploadPercent(item: UploadItem): number {
  if (item.status === 'done') return 100;
  if (item.size <= 0) return 0;
  return Math.min(100, Math.floor((item.loaded / item.size) * 100));
}

/** The line under a file name: what happened to it, or how far it got. */
export function uploadStatusText(item: UploadItem): string {
  switch (item.status) {
    case 'refused':
    case 'failed':
      return item.message ? t(item.message) : t('Upload failed');
    case 'waiting':
      return t('Waiting... ({size})', { size: formatFileSize(item.size, reader()) });
    case 'uploading':
      return t('{loaded} of {size} ({percent}%)', { loaded: formatFileSize(item.loaded, reader()), size: formatFileSize(item.size, reader()), percent: uploadPercent(item) });
    case 'done':
      return t('Uploaded ({size})', { size: formatFileSize(item.size, reader()) });
    case 'cancelled':
      return t('Cancelled');
  }
}

/** '2 of 3 files uploaded' once nothing is running any more; null while files are still on their way. */
export function uploadSummary(items: UploadItem[]): string | null {
  if (items.length === 0 || items.some(isActive)) return null;
  const done = items.filter((i) => i.status === 'done').length;
  return t('{done} of {count, plural, one {# file} other {# files}} uploaded', { done, count: items.length });
}
