import { inArray } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { files } from '@server/db/schema';
import type { Logger } from '@server/logger';
import type { Storage } from '@server/storage/storage';

/** An object younger than this may belong to an upload between its put and its record: never swept. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
const BATCH = 500;

export type SweepResult = { removed: number; incomplete: number };

/**
 * Deletes stored objects that no `files` row names and that were last changed before `olderThan` (decision
 * 0175): what a crash between put and record, or a failed delete after a committed record delete, left
 * behind. Then removes what interrupted puts left, where the driver can (`removeIncomplete`).
 */
export async function sweepOrphanFiles(db: Db, storage: Storage, logger: Logger, options: { olderThan: Date }): Promise<SweepResult> {
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const known = await db.select({ name: files.name }).from(files).where(inArray(files.name, batch));
    const recorded = new Set(known.map((r) => r.name));
    for (const key of batch) {
      if (recorded.has(key)) continue;
      await storage.delete(key);
      removed++;
      logger.info({ key }, 'orphaned document object removed');
    }
    batch = [];
  };
  for await (const object of storage.list()) {
    if (object.modifiedAt >= options.olderThan) continue;
    batch.push(object.key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  const incomplete = (await storage.removeIncomplete?.(options.olderThan)) ?? 0;
  if (removed || incomplete) logger.info({ removed, incomplete }, 'orphan sweep done');
  return { removed, incomplete };
}
