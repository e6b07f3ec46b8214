/**
 * The container image starts (issue 37): its runtime stage holds only package.json, node_modules and dist (the
 * Dockerfile), so the server must find everything it reads at run time inside dist/. Here the build runs if needed
 * (scripts/build-if-needed.mjs, the server bundle) and a folder is laid out as the image's /app: package.json, the
 * dependencies, and dist/server, nothing of src/. The server starts from it on a free port with an empty data
 * directory (it migrates the embedded database and reads the password list) and answers GET /api/health; the worker
 * thread that reads import files runs from the same folder; and the bundle imports only the production dependencies
 * the image keeps (`npm prune --omit=dev`). The web app (dist/web) is static files served when present: not needed here.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let app: string;
let server: ChildProcess | undefined;
let output = '';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

beforeAll(() => {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-if-needed.mjs'), '--server'], { cwd: root, stdio: 'inherit' });
  app = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-image-'));
  // COPY package.json, node_modules and dist: the dependencies are linked (the same files), the rest copied.
  fs.copyFileSync(path.join(root, 'package.json'), path.join(app, 'package.json'));
  fs.symlinkSync(fs.realpathSync(path.join(root, 'node_modules')), path.join(app, 'node_modules'), 'dir');
  fs.cpSync(path.join(root, 'dist/server'), path.join(app, 'dist/server'), { recursive: true });
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (app) fs.rmSync(app, { recursive: true, force: true });
});

describe('the image’s /app (package.json, node_modules, dist)', () => {
  it('holds no source: the server starts from it, migrates an empty data directory and answers /api/health', { timeout: 120_000 }, async () => {
    expect(fs.readdirSync(app).sort()).toEqual(['dist', 'node_modules', 'package.json']);
    const port = await freePort();
    const data = path.join(app, 'data');
    fs.mkdirSync(data);
    server = spawn(process.execPath, ['dist/server/main.mjs'], {
      cwd: app,
      env: { PATH: process.env.PATH ?? '', HOME: app, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: data, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    });
    server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    let status = 0;
    const until = Date.now() + 110_000;
    while (status !== 200 && server.exitCode === null && Date.now() < until) {
      status = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status, () => 0);
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect({ status, exitCode: server.exitCode }, output).toEqual({ status: 200, exitCode: null });
    expect(output).not.toMatch(/_journal\.json|ENOENT/);
  });

  it('runs the import file reader’s worker thread from dist/server', async () => {
    const worker = new Worker(path.join(app, 'dist/server/read-file.worker.mjs'), {
      workerData: { file: new Uint8Array(Buffer.from('Reference Number,Type\r\nA-1,air\nA-2,sea\n')), format: 'csv' },
    });
    const messages: unknown[] = [];
    await new Promise<void>((resolve, reject) => {
      worker.on('message', (m: Record<string, unknown>) => {
        messages.push(m);
        if (!('rows' in m)) resolve();
      });
      worker.on('error', reject);
    });
    await worker.terminate();
    expect(messages).toEqual([{ rows: [['Reference Number', 'Type'], ['A-1', 'air'], ['A-2', 'sea']] }, { done: true }]);
  });

  it('imports only the packages the image keeps (dependencies, not devDependencies), and bundles no devDependency', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    const imported = new Set<string>();
    for (const f of fs.readdirSync(path.join(app, 'dist/server')).filter((n) => n.endsWith('.mjs'))) {
      const text = fs.readFileSync(path.join(app, 'dist/server', f), 'utf8');
      // Static imports as esbuild writes them (a statement at a line's start), and dynamic import("…") of a package.
      const statements = /^(?:import|export)\s(?:[^;"'`]*?\sfrom\s*)?"([^"]+)";$/gm;
      const dynamic = /\bimport\(\s*["']([^"']+)["']\s*\)/g;
      for (const m of [...text.matchAll(statements), ...text.matchAll(dynamic)]) {
        const spec = m[1]!;
        if (spec.startsWith('.') || spec.startsWith('node:') || builtinModules.includes(spec)) continue;
        imported.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
      }
    }
    // Most packages are bundled (decision record 0293); those left in node_modules are imported: PGlite, pdfkit, pino...
    expect(imported.size).toBeGreaterThanOrEqual(5);
    expect([...imported].filter((p) => !(p in pkg.dependencies)).sort()).toEqual([]);
    // ...and what is bundled came from the dependencies' trees: the source maps name each file's package.
    const bundled = new Set<string>();
    for (const f of fs.readdirSync(path.join(app, 'dist/server')).filter((n) => n.endsWith('.mjs.map'))) {
      const map = JSON.parse(fs.readFileSync(path.join(app, 'dist/server', f), 'utf8')) as { sources: string[] };
      for (const source of map.sources) {
        const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
        if (m) bundled.add(m[1]!);
      }
    }
    expect(bundled.has('hono') && bundled.has('drizzle-orm') && bundled.has('better-auth')).toBe(true);
    expect([...bundled].filter((p) => p in pkg.devDependencies).sort()).toEqual([]);
  });
});
