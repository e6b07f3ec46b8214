import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder (the one with package.json), found from this module's own location so the same code runs
 * from src/ (tsx, tests) and from the bundle in dist/server (`npm start`, decision 0201).
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`package.json not found above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** Files the server reads at run time, kept beside the sources. */
export const SERVER_FILES = {
  migrations: path.join(PROJECT_ROOT, 'src/server/db/migrations'),
  commonPasswords: path.join(PROJECT_ROOT, 'src/server/auth/data/common-passwords.txt'),
  webDist: path.join(PROJECT_ROOT, 'dist/web'),
};
