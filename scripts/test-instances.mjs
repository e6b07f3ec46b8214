#!/usr/bin/env node
// The two-instance test (issue 44, tests/instances): two web instances and a worker of the built portal on one
// PostgreSQL database. It runs where the API suite's PostgreSQL lane runs, when TEST_DATABASE_URL is set (CI sets it);
// on a machine without a PostgreSQL server it says so and leaves it, as the API suite's PostgreSQL lane does.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

if (!process.env.TEST_DATABASE_URL) {
  console.log('test:instances: TEST_DATABASE_URL is not set; the two-instance test needs a PostgreSQL server (not run)');
  process.exit(0);
}
const root = path.resolve(import.meta.dirname, '..');
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-if-needed.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const run = spawnSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'instances'], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
