import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isRunning, type Import, type ImportKind, type ImportList, type ImportMode } from '@domain/imports/schema';
import { api } from '@web/lib/api';
import { uploadFile } from '@web/features/documents';

/** Bulk import (issue 18; contract: src/domain/imports/schema.ts): upload and check, follow the progress, commit. */
export const importKeys = {
  all: ['imports'] as const,
  list: ['imports', 'list'] as const,
  one: (id: string) => ['imports', id] as const,
};

/** A template's download (IMPORT_TEMPLATES' names: a kind, or rates-air, rates-sea-fcl, ...). */
export const templateHref = (name: string, format: 'csv' | 'xlsx') => `/api/imports/templates/${name}.${format}`;

export const importsQuery = () => queryOptions({ queryKey: importKeys.list, queryFn: ({ signal }) => api<ImportList>('/imports', { signal }) });

/** One import, asked again every second while its check or commit runs (the progress bar). */
export function useImport(id: string | undefined) {
  return useQuery({
    queryKey: importKeys.one(id ?? ''),
    queryFn: ({ signal }) => api<Import>(`/imports/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data && isRunning(q.state.data.status) ? 1000 : false),
  });
}

/** Sends the file (its upload's own progress reported) and answers the import being checked. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, kind, mode, onProgress }: { file: File; kind: ImportKind; mode: ImportMode; onProgress?: (loaded: number, total: number) => void }) =>
      uploadFile<Import>(file, { to: `/api/imports?kind=${kind}&mode=${mode}`, onProgress }),
    onSuccess: (i) => {
      queryClient.setQueryData(importKeys.one(i.id), i);
      return queryClient.invalidateQueries({ queryKey: importKeys.list });
    },
  });
}

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Import>(`/imports/${encodeURIComponent(id)}/commit`, { method: 'POST' }),
    onSuccess: (i) => {
      queryClient.setQueryData(importKeys.one(i.id), i);
      return queryClient.invalidateQueries({ queryKey: importKeys.list });
    },
  });
}
