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

/** The server's own folder: src/server from the sources, dist/server from the bundle (its chunks sit at its top). */
const SERVER_DIR = path.dirname(fileURLToPath(import.meta.url));
export const PROJECT_ROOT = findRoot(SERVER_DIR);

/**
 * Files the server reads at run time, at the same places under src/server and dist/server: the build copies them
 * into the bundle's folder (scripts/build-if-needed.mjs), so an image holding only package.json, node_modules and
 * dist starts (issue 37, decision 0252).
 */
export const SERVER_FILES = {
  migrations: path.join(SERVER_DIR, 'db/migrations'),
  commonPasswords: path.join(SERVER_DIR, 'auth/data/common-passwords.txt'),
  webDist: path.join(PROJECT_ROOT, 'dist/web'),
  /** The message catalogs (src/locales/<language>.po), shared with the web app; the build copies them to dist/locales. */
  locales: path.join(SERVER_DIR, '../locales'),
};
