import { UploadDialog } from './UploadDialog';
import { useUploadQueue } from './use-upload-queue';

/**
 * Staff's upload to a shipment (issue 21): the queue and its dialog, in a chunk of their own that loads on the first
 * Upload Files click, so a customer's shipment page (no upload there) stays light on a phone (decision 0232). It
 * stays mounted once opened, so uploads still running keep their progress when the dialog closes.
 */
export function ShipmentUpload({ shipmentId, reference, opened, onClose }: { shipmentId: string; reference: string; opened: boolean; onClose: () => void }) {
  const queue = useUploadQueue(shipmentId);
  return <UploadDialog opened={opened} queue={queue} onClose={onClose} target={reference} />;
}
