// The public entry of the messages feature: what other features take from it (no side effects, no lazily loaded page).
export { AttachmentList } from './AttachmentList';
export { FilePicker, UploadProgress } from './FilePicker';
export { ThreadPanel } from './ThreadPanel';
export { requestAttachmentsPath, threadQuery, uploadAttachments } from './api';
export { addPickedFiles, failedFilesText } from './thread-view';
