/** Documents, as other features use them: an upload, and a document assigned to a shipment (checklist, messages, generated papers). */
export { randomPrefix, uploadDocument, type UploadDeps, type UploadInput } from './upload';
export { assertMayAssignTo, insertAssignment, noticeDocumentAdded } from './assignments';
