import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GeneratedKind, GeneratedVersion, Letterhead, LetterheadInput } from '@domain/generated-documents/schema';
import { api } from '@web/lib/api';

/** Papers generated from a shipment (issue 16). Under ['documents'], so the shipment's document list refreshes with them. */
export const generatedKeys = { shipment: (id: string) => ['documents', 'generated', id] as const, letterhead: ['settings', 'letterhead'] as const };

const path = (id: string) => `/shipments/${encodeURIComponent(id)}/generated-documents`;

export const generatedQuery = (shipmentId: string) =>
  queryOptions({
    queryKey: generatedKeys.shipment(shipmentId),
    queryFn: ({ signal }) => api<{ kinds: GeneratedKind[]; rows: GeneratedVersion[] }>(path(shipmentId), { signal }),
  });

/** Generate and Mark final; either refreshes the versions and the shipment's documents. */
export function useGeneratedActions(shipmentId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['documents'] });
  const generate = useMutation({
    mutationFn: (kind: GeneratedKind) => api<GeneratedVersion>(path(shipmentId), { body: { kind } }),
    onSuccess: refresh,
  });
  const finalize = useMutation({
    mutationFn: (id: string) => api<GeneratedVersion>(`/generated-documents/${encodeURIComponent(id)}/final`, { method: 'POST' }),
    onSuccess: refresh,
  });
  return { generate, finalize };
}

export const letterheadQuery = queryOptions({
  queryKey: generatedKeys.letterhead,
  queryFn: ({ signal }) => api<Letterhead>('/settings/letterhead', { signal }),
});

export const saveLetterhead = (input: LetterheadInput) => api<Letterhead>('/settings/letterhead', { method: 'PUT', body: input });
export const removeLogo = () => api<Letterhead>('/settings/letterhead/logo', { method: 'DELETE' });
export const uploadLogo = (file: File) => api<Letterhead>('/settings/letterhead/logo', { method: 'PUT', body: file });
