import { useCallback, useEffect, useReducer, useRef } from 'react';
import { msg } from '@domain/common/i18n';
import { uploadProblem } from '@domain/documents/rules';
import { ApiError } from '@web/lib/api';
import { uploadFile, useDocumentsChanged } from './api';
import { uploadReducer, uploadsToStart, type UploadItem } from './upload-queue';

export type UploadQueue = {
  items: UploadItem[];
  /** Adds files: refused ones show their problem and are never sent; the others upload in turn. */
  add: (files: File[]) => void;
  /** Cancels a waiting or running upload. */
  cancel: (id: string) => void;
  /** Forgets the finished files (done, failed, cancelled, refused); running uploads go on. */
  clearFinished: () => void;
};

const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

/**
 * Runs the uploads of the upload dialog: a few at a time (PARALLEL_UPLOADS), each with its own progress,
 * cancel and result. The library reloads after each finished upload. Leaving the page cancels what is running.
 * With `shipmentId` (the shipment page), each file is assigned to that shipment as it is stored.
 */
export function useUploadQueue(shipmentId?: string): UploadQueue {
  const [items, dispatch] = useReducer(uploadReducer, []);
  const files = useRef(new Map<string, File>());
  const controllers = useRef(new Map<string, AbortController>());
  const nextId = useRef(0);
  const documentsChanged = useDocumentsChanged();

  useEffect(() => {
    for (const item of uploadsToStart(items)) {
      const file = files.current.get(item.id);
      if (!file) continue;
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      dispatch({ kind: 'start', id: item.id });
      uploadFile(file, { signal: controller.signal, shipmentId, onProgress: (loaded) => dispatch({ kind: 'progress', id: item.id, loaded }) })
        .then(() => {
          dispatch({ kind: 'done', id: item.id });
          void documentsChanged();
        })
        .catch((e: unknown) => {
          if (isAbort(e)) dispatch({ kind: 'cancelled', id: item.id });
          else dispatch({ kind: 'failed', id: item.id, message: e instanceof ApiError || e instanceof Error ? e.message : msg('Upload failed') });
        })
        .finally(() => {
          controllers.current.delete(item.id);
          files.current.delete(item.id);
        });
    }
  }, [items, documentsChanged, shipmentId]);

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const add = useCallback((picked: File[]) => {
    const added = picked.map((file) => {
      const id = `upload-${++nextId.current}`;
      if (!uploadProblem(file.name, file.size)) files.current.set(id, file); // refused files are never sent
      return { id, name: file.name, size: file.size };
    });
    if (added.length > 0) dispatch({ kind: 'add', files: added });
  }, []);

  const cancel = useCallback((id: string) => {
    const controller = controllers.current.get(id);
    if (controller) controller.abort();
    else {
      files.current.delete(id);
      dispatch({ kind: 'cancelled', id });
    }
  }, []);

  const clearFinished = useCallback(() => dispatch({ kind: 'clearFinished' }), []);

  return { items, add, cancel, clearFinished };
}
