// The public entry of the documents feature: what other features take from it (no side effects, no lazily loaded page).
export { FileTypeIcon } from './FileTypeIcon';
export { PreviewOverlay } from './PreviewOverlay';
export { ViewDownload, type ViewDownloadActions } from './ViewDownload';
export { shipmentDocumentsQuery, uploadFile, useShipmentDocuments } from './api';
export { useDownload, type DocumentRef } from './download';
export { LazyShipmentUpload } from './shipment-upload-lazy';
