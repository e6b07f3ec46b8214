import { lazy } from 'react';

/**
 * Staff's upload to a shipment (ShipmentUpload.tsx), in a chunk of its own that loads on the first Upload Files click
 * (decision 0232). The shipment page takes it from the index: the index names this, never the upload dialog itself,
 * which would tie the dialog and its queue to every page that imports the index.
 */
export const LazyShipmentUpload = lazy(() => import('./ShipmentUpload').then((m) => ({ default: m.ShipmentUpload })));
