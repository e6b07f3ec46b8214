import { useCallback } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignableShipment, DocumentRow, ShipmentDocument, SignedLinkResponse } from '@domain/documents/schema';
import { DOCUMENT_MESSAGES, DOCUMENTS_PAGE_SIZE, FILE_TOO_LARGE_MESSAGE, INVALID_FILE_TYPE_MESSAGE, UPLOAD_NAME_HEADER } from '@domain/documents/rules';
import type { Page } from '@domain/common/list';
import { api, ApiError, READ_AHEAD_FRESH_MS } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { documentSortOf } from './document-sort';
import type { DocumentSearch } from './search';

/**
 * The documents feature's server calls (contract: src/domain/documents/schema.ts). Everything sits under the
 * ['documents'] key, so one invalidation after a write refreshes the library, the shipments' document lists
 * and the assign dialog's choices.
 */
const DOCUMENTS_KEY = ['documents'] as const;
export const documentKeys = {
  list: (query: object) => [...DOCUMENTS_KEY, 'list', query] as const,
  shipment: (shipmentId: string) => [...DOCUMENTS_KEY, 'shipment', shipmentId] as const,
  assignable: [...DOCUMENTS_KEY, 'assignable'] as const,
  link: (name: string, disposition: LinkDisposition) => [...DOCUMENTS_KEY, 'link', name, disposition] as const,
};

export type LinkDisposition = 'inline' | 'attachment';
const documentPath = (name: string) => `/documents/${encodeURIComponent(name)}`;

// ---------------------------------------------------------------------------------------------------------
// Reads

export function useDocumentList(search: DocumentSearch) {
  const { sort, dir } = documentSortOf(search);
  const query = { q: search.q, type: search.type ?? 'all', sort, dir, page: search.page ?? 1, pageSize: DOCUMENTS_PAGE_SIZE };
  return useQuery({
    queryKey: documentKeys.list(query),
    queryFn: ({ signal }) => api<Page<DocumentRow>>('/documents', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export const shipmentDocumentsQuery = (shipmentId: string) =>
  queryOptions({
    queryKey: documentKeys.shipment(shipmentId),
    queryFn: async ({ signal }) => (await api<{ rows: ShipmentDocument[] }>(`/shipments/${encodeURIComponent(shipmentId)}/documents`, { signal })).rows,
    staleTime: READ_AHEAD_FRESH_MS,
  });

export const useShipmentDocuments = (shipmentId: string) => useQuery(shipmentDocumentsQuery(shipmentId));

/** The assign dialog's choices for a search term (the server keeps handlers to their own shipments). */
export async function fetchAssignableShipments(q: string, signal: AbortSignal): Promise<AssignableShipment[]> {
  return (await api<{ rows: AssignableShipment[] }>('/documents/assignable-shipments', { query: { q }, signal })).rows;
}

/** A 60 s signed link to the file's bytes. */
export const fetchDocumentLink = (name: string, disposition: LinkDisposition, signal?: AbortSignal) =>
  api<SignedLinkResponse>(`${documentPath(name)}/link`, { query: { disposition }, signal });

/** A signed link for showing a file now: fetched fresh each time, never reused after it may have expired. */
export const useDocumentLink = (name: string, disposition: LinkDisposition) =>
  useQuery({
    queryKey: documentKeys.link(name, disposition),
    queryFn: ({ signal }) => fetchDocumentLink(name, disposition, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

// ---------------------------------------------------------------------------------------------------------
// Writes

function useDocumentMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
        // Assigning and removing write a shipment history event.
        queryClient.invalidateQueries({ queryKey: ['shipments', 'detail'] }),
      ]),
  });
}

export const useDeleteDocument = () => useDocumentMutation((name: string) => api<void>(documentPath(name), { method: 'DELETE' }));

export const useAssignDocument = () =>
  useDocumentMutation(({ name, shipmentId }: { name: string; shipmentId: string }) =>
    api<DocumentRow>(`${documentPath(name)}/assignment`, { method: 'PUT', body: { shipment_id: shipmentId } }),
  );

export const useUnassignDocument = () => useDocumentMutation((name: string) => api<void>(`${documentPath(name)}/assignment`, { method: 'DELETE' }));

/** After an upload: the library (and anything else about documents) reloads. */
export function useDocumentsChanged() {
  const queryClient = useQueryClient();
  // Documents, and the shipments' histories (an upload from a shipment page writes a 'document_assigned' row).
  return useCallback(
    () => Promise.all([queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }), queryClient.invalidateQueries({ queryKey: ['shipments', 'detail'] })]),
    [queryClient],
  );
}

// ---------------------------------------------------------------------------------------------------------
// Upload

/** The message of a failed upload answer: the API's `{ error: { message } }`, else one that names the status. */
function uploadErrorOf(status: number, body: string): ApiError {
  let error: { code?: string; message?: string } | undefined;
  try {
    error = (JSON.parse(body) as { error?: { code?: string; message?: string } }).error;
  } catch {
    error = undefined;
  }
  const fallback = status === 413 ? FILE_TOO_LARGE_MESSAGE : status === 415 ? INVALID_FILE_TYPE_MESSAGE : t('Upload failed (HTTP {status}).', { status });
  return new ApiError(status, error?.code ?? 'error', error?.message || fallback);
}

type UploadOptions = {
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** Assign the stored document to this shipment (POST /api/documents only). */
  shipmentId?: string;
  /** Another upload endpoint that takes the same raw body and header, e.g. '/api/messages/{id}/attachments'. */
  to?: string;
};

/**
 * Sends one file as the raw body, its name URL-encoded in the X-File-Name header: to POST /api/documents, or to
 * `to` (a message's or a request's attachments take the same upload). XMLHttpRequest rather than fetch, because
 * only it reports upload progress. Aborting `signal` cancels the upload and rejects with an AbortError.
 * Same-origin: the browser sends the session cookie and the Origin header.
 */
export function uploadFile<T = DocumentRow>(file: File, { onProgress, signal, shipmentId, to }: UploadOptions = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const cancelled = () => new DOMException('Upload cancelled', 'AbortError');
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const settle = (fn: () => void) => {
      signal?.removeEventListener('abort', abort);
      fn();
    };
    xhr.open('POST', to ?? (shipmentId ? `/api/documents?shipment_id=${encodeURIComponent(shipmentId)}` : '/api/documents'));
    xhr.setRequestHeader(UPLOAD_NAME_HEADER, encodeURIComponent(file.name));
    xhr.upload.onprogress = (e) => onProgress?.(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = () =>
      settle(() => {
        if (xhr.status >= 200 && xhr.status < 300) {
          try {
            resolve(JSON.parse(xhr.responseText) as T);
          } catch {
            reject(new ApiError(xhr.status, 'error', t('The server answered the upload with something unreadable.')));
          }
        } else reject(uploadErrorOf(xhr.status, xhr.responseText));
      });
    xhr.onerror = () => settle(() => reject(new ApiError(0, 'network', DOCUMENT_MESSAGES.uploadInterrupted)));
    xhr.onabort = () => settle(() => reject(cancelled()));
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(file);
  });
}
