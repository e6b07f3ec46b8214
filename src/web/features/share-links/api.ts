import { queryOptions } from '@tanstack/react-query';
import type { ShareLinkList } from '@domain/share-links/schema';
import { api, READ_AHEAD_FRESH_MS } from '@web/lib/api';

/** A shipment's share links (issue 17): the address they are created, listed and revoked at, and its list's query. */
export const shareLinksPath = (shipmentId: string) => `/shipments/${encodeURIComponent(shipmentId)}/share-links`;
export const shareLinksKey = (shipmentId: string) => ['shipments', 'detail', shipmentId, 'share-links'] as const;

export const shareLinksQuery = (shipmentId: string) =>
  queryOptions({
    queryKey: shareLinksKey(shipmentId),
    queryFn: ({ signal }) => api<ShareLinkList>(shareLinksPath(shipmentId), { signal }),
    staleTime: READ_AHEAD_FRESH_MS,
  });
