// Builds what `npm start` runs when it is missing or older than its sources, so a second start is fast:
// the web app (Vite, into dist/web or WEB_DIST_DIR) and the server (esbuild, one ES module into dist/server;
// decision 0201: loading one file instead of compiling ~300 TypeScript files at every start).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.env.FORCE_BUILD === '1' || process.argv.includes('--force');

function newest(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const st = fs.statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of fs.readdirSync(full)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const stale = (stamp, inputs) => force || !fs.existsSync(stamp) || fs.statSync(stamp).mtimeMs < Math.max(...inputs.map(newest));

// --server: only the server bundle (the database tools, npm run db:backup and the like, need no web app).
const serverOnly = process.argv.includes('--server');
const webDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(root, 'dist/web');
if (!serverOnly && stale(path.join(webDir, 'index.html'), ['src/web', 'src/domain', 'src/locales', 'vite.config.ts', 'scripts/vite-route-preloads.ts', 'scripts/vite-po.ts', 'package-lock.json'])) {
  console.log('Building the web app...');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}

const serverDir = path.join(root, 'dist/server');
if (stale(path.join(serverDir, 'db-tool.mjs'), ['src/server', 'src/domain', 'src/locales', 'package-lock.json', 'scripts/build-if-needed.mjs'])) {
  const { build } = await import('esbuild');
  fs.rmSync(serverDir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    // The portal, the database tools (backup, restore, move: src/server/db/backup/cli.ts), and the worker thread
    // that reads an import's file (decision 0252; read-file.ts finds it beside itself).
    entryPoints: {
      main: 'src/server/main.ts',
      'db-tool': 'src/server/db/backup/cli.ts',
      'read-file.worker': 'src/server/features/imports/read-file.worker.ts',
    },
    outdir: serverDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // The packages are bundled too (decision record 0293): Node 24 spent about a second of every start resolving the
    // ~1,000 files they load from node_modules one by one (reading each one's package.json scope). Left in
    // node_modules: those that read files of their own beside their code (PGlite's WebAssembly and data, pdfkit's
    // font metrics, pino's transport worker), the fonts package, and the large ones loaded only when used (the S3
    // client, the barcode writer), and pg's optional native binding.
    external: ['@electric-sql/pglite', 'pdfkit', 'dejavu-fonts-ttf', 'pino', '@aws-sdk/*', 'bwip-js', 'pg-native'],
    // The bundled CommonJS packages require Node's own modules: an ES module has no `require` of its own.
    banner: { js: "import { createRequire as __cargodeskRequire } from 'node:module'; const require = __cargodeskRequire(import.meta.url);" },
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Lazily imported modules (the S3 driver) stay in their own chunk, loaded when first used.
    splitting: true,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // What the server reads at run time, at the same place under dist/server as under src/server (src/server/paths.ts):
  // the image holds only package.json, node_modules and dist (issue 37, decision 0252).
  for (const dir of ['db/migrations', 'auth/data']) fs.cpSync(path.join(root, 'src/server', dir), path.join(serverDir, dir), { recursive: true });
  // The message catalogs sit beside the server's folder, as src/locales beside src/server (SERVER_FILES.locales).
  fs.rmSync(path.join(serverDir, '../locales'), { recursive: true, force: true });
  fs.cpSync(path.join(root, 'src/locales'), path.join(serverDir, '../locales'), { recursive: true, filter: (f) => !f.includes('incoming') });
}
