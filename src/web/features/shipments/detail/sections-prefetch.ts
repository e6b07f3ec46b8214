import type { QueryClient } from '@tanstack/react-query';
import { shipmentCarrierEventsQuery } from '@web/features/carrier-events';
import { shipmentDocumentsQuery } from '@web/features/documents';
import { threadQuery } from '@web/features/messages';
import { shareLinksQuery } from '@web/features/share-links';
import { shipmentEventsQuery } from './api';

/**
 * Reads the data of the customer shipment page's sections below its first screen (milestones, carrier events, the
 * thread, documents, share links) alongside their code (decision record 0248): arriving after the sections had
 * mounted, each answer re-rendered its section at once, one long task each on a phone; here first, they render
 * with the rest, in the transition's slices. The queries keep them fresh for READ_AHEAD_FRESH_MS, so the sections do
 * not read them again on mounting.
 */
export function prefetchShipmentSections(client: QueryClient, shipmentId: string): void {
  void client.prefetchQuery(shipmentEventsQuery(shipmentId));
  void client.prefetchQuery(shipmentCarrierEventsQuery(shipmentId));
  void client.prefetchInfiniteQuery(threadQuery('shipment', shipmentId));
  void client.prefetchQuery(shipmentDocumentsQuery(shipmentId));
  void client.prefetchQuery(shareLinksQuery(shipmentId));
}
