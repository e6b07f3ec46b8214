import { describe, expect, it } from 'vitest';
import { FILE_TOO_LARGE_MESSAGE, INVALID_FILE_TYPE_MESSAGE, MAX_UPLOAD_BYTES } from '@domain/documents/rules';
import { PARALLEL_UPLOADS, uploadPercent, uploadReducer, uploadStatusText, uploadSummary, uploadsToStart, type UploadItem } from './upload-queue';

const add = (items: UploadItem[], ...files: [string, string, number][]) =>
  uploadReducer(items, { kind: 'add', files: files.map(([id, name, size]) => ({ id, name, size })) });
const byId = (items: UploadItem[], id: string) => items.find((i) => i.id === id)!;

describe('the upload queue', () => {
  it('refuses a file of 100 MB or more with the size message and never schedules it', () => {
    const items = add([], ['a', 'big.pdf', MAX_UPLOAD_BYTES], ['b', 'ok.pdf', MAX_UPLOAD_BYTES - 1]);
    expect(byId(items, 'a')).toMatchObject({ status: 'refused', message: FILE_TOO_LARGE_MESSAGE });
    expect(byId(items, 'b')).toMatchObject({ status: 'waiting', message: null });
    expect(uploadsToStart(items).map((i) => i.id)).toEqual(['b']);
  });

  it('refuses a type outside the list with the invalid-type message, size checked first', () => {
    const items = add([], ['a', 'setup.exe', 10], ['b', 'huge.exe', MAX_UPLOAD_BYTES + 5], ['c', 'notes.TXT', 10]);
    expect(byId(items, 'a').message).toBe(INVALID_FILE_TYPE_MESSAGE);
    expect(byId(items, 'b').message).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(byId(items, 'c').status).toBe('waiting');
    expect(uploadStatusText(byId(items, 'a'))).toBe(INVALID_FILE_TYPE_MESSAGE);
  });

  it('runs at most PARALLEL_UPLOADS at a time, in the order files were added', () => {
    let items = add([], ...Array.from({ length: PARALLEL_UPLOADS + 2 }, (_, i): [string, string, number] => [`f${i}`, `f${i}.pdf`, 100]));
    const first = uploadsToStart(items).map((i) => i.id);
    expect(first).toEqual(Array.from({ length: PARALLEL_UPLOADS }, (_, i) => `f${i}`));
    for (const id of first) items = uploadReducer(items, { kind: 'start', id });
    expect(uploadsToStart(items)).toEqual([]);
    items = uploadReducer(items, { kind: 'done', id: 'f0' });
    expect(uploadsToStart(items).map((i) => i.id)).toEqual([`f${PARALLEL_UPLOADS}`]);
  });

  it('tracks progress, and one file failing or being cancelled leaves the others alone', () => {
    let items = add([], ['a', 'a.pdf', 1000], ['b', 'b.png', 2048], ['c', 'c.txt', 10]);
    for (const id of ['a', 'b', 'c']) items = uploadReducer(items, { kind: 'start', id });
    items = uploadReducer(items, { kind: 'progress', id: 'a', loaded: 500 });
    expect(uploadPercent(byId(items, 'a'))).toBe(50);
    expect(uploadStatusText(byId(items, 'a'))).toBe('500 Bytes of 1000 Bytes (50%)');
    items = uploadReducer(items, { kind: 'failed', id: 'a', message: 'Invalid file type.' });
    items = uploadReducer(items, { kind: 'cancelled', id: 'b' });
    items = uploadReducer(items, { kind: 'done', id: 'c' });
    expect(items.map((i) => i.status)).toEqual(['failed', 'cancelled', 'done']);
    expect(uploadStatusText(byId(items, 'b'))).toBe('Cancelled');
    expect(uploadPercent(byId(items, 'c'))).toBe(100);
    // Late events of a finished upload change nothing.
    expect(uploadReducer(items, { kind: 'progress', id: 'c', loaded: 1 })).toEqual(items);
    expect(uploadReducer(items, { kind: 'failed', id: 'c', message: 'x' })).toEqual(items);
    expect(uploadSummary(items)).toBe('1 of 3 files uploaded');
  });

  it('a waiting file can be cancelled before it starts', () => {
    let items = add([], ['a', 'a.pdf', 1]);
    items = uploadReducer(items, { kind: 'cancelled', id: 'a' });
    expect(byId(items, 'a').status).toBe('cancelled');
    expect(uploadsToStart(items)).toEqual([]);
    expect(uploadReducer(items, { kind: 'start', id: 'a' })).toEqual(items);
  });

  it('has no summary while files are on their way, and clearing keeps only running uploads', () => {
    let items = add([], ['a', 'a.pdf', 1], ['b', 'b.exe', 1], ['c', 'c.pdf', 1]);
    items = uploadReducer(items, { kind: 'start', id: 'a' });
    expect(uploadSummary(items)).toBeNull();
    items = uploadReducer(items, { kind: 'clearFinished' });
    expect(items.map((i) => i.id)).toEqual(['a', 'c']);
    expect(uploadSummary([])).toBeNull();
  });
});
