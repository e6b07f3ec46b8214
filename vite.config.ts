import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { mantineCssCheck } from './scripts/vite-mantine-css.js';
import { routePreloads } from './scripts/vite-route-preloads.js';
import { poCatalogs } from './scripts/vite-po.js';

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of the build; the server sends the one the
 * browser accepts (serveStatic precompressed), so no request pays for compression (decision record 0197).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'cargodesk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const assets = path.join(outDir, 'assets');
      if (!fs.existsSync(assets)) return;
      for (const name of fs.readdirSync(assets)) {
        if (!/\.(js|css|svg|json)$/.test(name)) continue;
        const file = path.join(assets, name);
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * The files index.html loads before anything else (the entry chunk and its static imports, their CSS): a page's
 * dynamic import need not list them to preload, as they are always there. Known once the bundle is written, before
 * Vite fills in each import's list (this plugin runs first).
 */
const alwaysLoaded = new Set<string>();
function entryFiles(): Plugin {
  return {
    name: 'cargodesk-entry-files',
    apply: 'build',
    enforce: 'pre',
    generateBundle(_options, bundle) {
      alwaysLoaded.clear();
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const stack = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
      while (stack.length) {
        const file = stack.pop()!;
        if (alwaysLoaded.has(file)) continue;
        alwaysLoaded.add(file);
        const chunk = chunks.find((c) => c.fileName === file);
        if (chunk) stack.push(...chunk.imports);
        for (const css of chunk?.viteMetadata?.importedCss ?? []) alwaysLoaded.add(css);
      }
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  // The import aliases (@domain/..., @web/...) come from tsconfig.json's paths: one list for every tool.
  resolve: { tsconfigPaths: true },
  plugins: [react(), entryFiles(), poCatalogs(), precompress(), routePreloads(fileURLToPath(new URL('./src/web/router.tsx', import.meta.url)), fileURLToPath(new URL('./src/locales', import.meta.url))),
    mantineCssCheck(fileURLToPath(new URL('./node_modules/@mantine/core/styles', import.meta.url))),
  ],
  build: {
    // WEB_DIST_DIR lets parallel work trees build without overwriting each other's bundle.
    outDir: process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // Each route's import lists only what the first page has not loaded already (the lists are in the sign-in page's
    // JavaScript, budget 150 KB gzip). index.html keeps its own preloads: they are what "always loaded" means.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? deps.filter((dep) => !alwaysLoaded.has(dep)) : deps) },
    rolldownOptions: {
      // Shared chunks up to 48 KB are copied into the chunks that use them (one shared runtime keeps one module state),
      // so a customer's shipment page opened on a phone loads 13 scripts, not about 80 (decision records 0232, 0299).
      preserveEntrySignatures: false,
      // A feature's public entry (features/<name>/index.ts) only re-exports: what a page takes through it loads, not
      // every module it names (a shipment page would load the upload dialog and the overdue list with it).
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/]web[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id) },
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 48 * 1024 },
          // React, the router and the query client, which every page starts with, in one chunk instead of six: one
          // module scope, so no import and export lists between them (3 KB gzip of the sign-in page's 150 KB budget).
          groups: [
            { name: 'boot', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store)[\\/]/ },
            { name: 'formats', test: /node_modules[\\/]big\.js[\\/]|src[\\/]domain[\\/]money[\\/](decimal|currencies|iso-4217)\.ts|src[\\/]domain[\\/]locale[\\/]format\.ts/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
