/**
 * A data directory that takes long to make (the command-line test's 100,000 shipments), made once per machine for
 * what it is made from: the first test run that needs it makes it, a run that needs it meanwhile (CI's other lane)
 * waits for it, and each gets a copy of its own to change (decision record 0292).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A hash of every file under `inputs` (files or folders), by path and content. */
export function contentKey(root: string, inputs: string[]): string {
  const hash = crypto.createHash('sha256');
  const add = (rel: string) => {
    const full = path.join(root, rel);
    if (fs.statSync(full).isDirectory()) {
      for (const entry of fs.readdirSync(full).sort()) add(path.join(rel, entry));
      return;
    }
    hash.update(`${rel}\0`).update(fs.readFileSync(full)).update('\0');
  };
  for (const input of [...inputs].sort()) add(input);
  return hash.digest('hex').slice(0, 16);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DONE = '.complete';

/** Where the machine's copy of `name` made from content `key` lives (under the system's temporary folder). */
export function sharedDirOf(name: string, key: string): string {
  return path.join(os.tmpdir(), `cargodesk-shared-${name}-${key}`);
}

/**
 * Fills `into` with a copy of the shared directory `name` for content `key`, making it first with `make(dir)` when no
 * run has. Answers whether this call made it. A lock older than `waitMs` is taken over (a run that died while making
 * it); until then the call waits.
 */
export async function sharedDataDir(
  name: string,
  key: string,
  into: string,
  make: (dir: string) => Promise<void>,
  waitMs = 600_000,
): Promise<boolean> {
  const shared = sharedDirOf(name, key);
  const lock = `${shared}.lock`;
  let made = false;
  for (;;) {
    if (fs.existsSync(path.join(shared, DONE))) {
      fs.cpSync(shared, into, { recursive: true, filter: (from) => path.basename(from) !== DONE });
      return made;
    }
    try {
      fs.mkdirSync(lock);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > waitMs) fs.rmSync(lock, { recursive: true, force: true });
      else await sleep(1000);
      continue;
    }
    try {
      const building = `${shared}.tmp-${process.pid}`;
      fs.rmSync(building, { recursive: true, force: true });
      await make(building);
      fs.writeFileSync(path.join(building, DONE), '');
      fs.rmSync(shared, { recursive: true, force: true });
      fs.renameSync(building, shared);
      made = true;
      // Copies made from other content (an earlier migration, say) over an hour ago are not read again.
      const prefix = `cargodesk-shared-${name}-`;
      for (const entry of fs.readdirSync(os.tmpdir())) {
        const other = path.join(os.tmpdir(), entry);
        if (!entry.startsWith(prefix) || other === shared || entry.endsWith('.lock') || entry.includes('.tmp-')) continue;
        const stat = fs.statSync(other, { throwIfNoEntry: false });
        if (stat && stat.mtimeMs < Date.now() - 3_600_000) fs.rmSync(other, { recursive: true, force: true });
      }
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}
