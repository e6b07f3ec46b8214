/** How long a saved file's object URL lives: long enough for the browser to take the download over. */
const OBJECT_URL_SECONDS = 60;

/** Saves bytes the page has read under a file name, as the browser's own download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_SECONDS * 1000);
}
