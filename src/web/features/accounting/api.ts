/** The books (issue 39): exports for DATEV, Xero and QuickBooks Online, and the accounting settings (administrators). */
import { queryOptions } from '@tanstack/react-query';
import { exportFileName, type AccountingExport, type AccountingFormat, type AccountingSettings } from '@domain/billing/books-schema';
import type { Page } from '@domain/common/list';
import { api, fetchBlob, withQuery } from '@web/lib/api';
import { saveBlob } from '@web/lib/save-blob';

export const accountingSettingsQuery = queryOptions({
  queryKey: ['accounting-settings'],
  queryFn: ({ signal }) => api<AccountingSettings>('/settings/accounting', { signal }),
});
export const saveAccountingSettings = (body: AccountingSettings) => api<AccountingSettings>('/settings/accounting', { method: 'PUT', body });

export const exportHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: ['accounting-exports', page],
    queryFn: ({ signal }) => api<Page<AccountingExport>>('/accounting/exports/history', { signal, query: { page, pageSize: 10 } }),
  });

export type ExportRequest = { format: AccountingFormat; from: string; to: string; again: boolean };

/** Makes an export and saves its file; a refusal (nothing to export, an account missing) rejects with its message. */
export async function runExport(r: ExportRequest): Promise<void> {
  const blob = await fetchBlob(withQuery('/api/accounting/exports', { format: r.format, from: r.from, to: r.to, again: r.again ? 'true' : undefined }));
  saveBlob(blob, exportFileName(r.format, r.from, r.to));
}

/** A kept export's file again, byte for byte. */
export async function downloadKept(e: AccountingExport): Promise<void> {
  saveBlob(await fetchBlob(`/api/accounting/exports/${e.id}`), e.file_name);
}
