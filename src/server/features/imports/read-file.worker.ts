/** The worker thread that reads an import's file (read-file.ts, decision 0252): its rows a slice at a time, or the reason it is refused. */
import { parentPort, workerData } from 'node:worker_threads';
import type { ImportFormat } from '@domain/imports/schema';
import { ImportFileError, WORKER_SLICE_ROWS, readRows, type WorkerMessage } from './read-file';

const { file, format } = workerData as { file: Uint8Array; format: ImportFormat };
const send = (m: WorkerMessage) => parentPort!.postMessage(m);
readRows(Buffer.from(file.buffer, file.byteOffset, file.byteLength), format).then(
  (rows) => {
    for (let i = 0; i < rows.length; i += WORKER_SLICE_ROWS) send({ rows: rows.slice(i, i + WORKER_SLICE_ROWS) });
    send({ done: true });
  },
  (e: unknown) => {
    if (e instanceof ImportFileError) send({ refused: e.message });
    else throw e;
  },
);
