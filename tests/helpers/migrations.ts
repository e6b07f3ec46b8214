/**
 * Migrations applied part of the way (a migration test): a copy of the migrations folder whose journal stops at a
 * tag, for `database.migrate(folder)`; a later `database.migrate()` applies the rest as an upgrade would.
 */
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SERVER_FILES } from '@server/paths';

type Journal = { entries: { idx: number; tag: string }[] };

/** A temporary migrations folder holding the migrations up to `tag` (included). */
export async function migrationsUpTo(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cargodesk-migrations-'));
  await cp(SERVER_FILES.migrations, dir, { recursive: true });
  const file = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(file, 'utf8')) as Journal;
  const last = journal.entries.findIndex((e) => e.tag === tag);
  if (last === -1) throw new Error(`no migration ${tag}`);
  await writeFile(file, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }, null, 2));
  return dir;
}
