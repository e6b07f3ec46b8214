/** How a file is served: shown in place or downloaded. */
export type Disposition = 'inline' | 'attachment';

/** Types a browser may show in place (decision 0173): PDFs and the allowed images. Everything else downloads. */
const INLINE_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/gif']);

/** 'inline' only when asked for and the stored type is a PDF or an image; otherwise always 'attachment'. */
export function servedDisposition(requested: Disposition, contentType: string): Disposition {
  return requested === 'inline' && INLINE_TYPES.has(contentType) ? 'inline' : 'attachment';
}

/** Text files were checked to be UTF-8 on upload, so they are served as such. */
export function servedContentType(contentType: string): string {
  return contentType === 'text/plain' ? 'text/plain; charset=utf-8' : contentType;
}

/**
 * `Content-Disposition` carrying the original name (RFC 6266): an ASCII `filename="..."` for old clients, with
 * quotes, backslashes, control and non-ASCII characters made '_', and `filename*=UTF-8''...` (RFC 5987) with
 * the exact name percent-encoded.
 */
export function contentDisposition(kind: Disposition, originalName: string): string {
  const fallback = originalName.replace(/[^\x20-\x7e]|["\\%]/g, '_').trim() || 'download';
  const encoded = encodeURIComponent(originalName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
