// Runs the API integration suite on PGlite, then on PostgreSQL when TEST_DATABASE_URL is set. TEST_API_ENGINES
// (`pglite`, `postgres` or both, comma-separated) narrows it: CI runs each engine once, each on its own Node
// (.ci/run, decision record 0234).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const vitest = ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api', ...process.argv.slice(2)];
const wanted = (process.env.TEST_API_ENGINES ?? 'pglite,postgres').split(',').map((s) => s.trim()).filter(Boolean);
const unknown = wanted.filter((e) => e !== 'pglite' && e !== 'postgres');
if (unknown.length) {
  console.error(`TEST_API_ENGINES: unknown engine ${unknown.join(', ')} (use pglite, postgres or both)`);
  process.exit(2);
}
const runs = [];
if (wanted.includes('pglite')) runs.push({ name: 'PGlite', env: { TEST_DB: 'pglite' } });
if (wanted.includes('postgres')) {
  if (process.env.TEST_DATABASE_URL) runs.push({ name: 'PostgreSQL', env: { TEST_DB: 'postgres' } });
  else if (process.env.TEST_API_ENGINES) {
    console.error('TEST_API_ENGINES asks for postgres, but TEST_DATABASE_URL is not set');
    process.exit(2);
  }
}
for (const run of runs) {
  console.log(`\n== API tests on ${run.name} (Node ${process.versions.node}) ==`);
  const r = spawnSync(process.execPath, vitest, { stdio: 'inherit', env: { ...process.env, ...run.env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// Both engines have run: the data sets they shared (tests/helpers/shared-data-dir.ts) are not needed again. CI runs
// one engine per lane and removes them itself when both lanes have ended (.ci/run).
if (runs.length === 2) {
  for (const entry of fs.readdirSync(os.tmpdir())) {
    if (entry.startsWith('cargodesk-shared-')) fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
  }
}
