// Runs the API integration suite on PGlite, then on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const vitest = ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api', ...process.argv.slice(2)];
const runs = [{ name: 'PGlite', env: { TEST_DB: 'pglite' } }];
if (process.env.TEST_DATABASE_URL) runs.push({ name: 'PostgreSQL', env: { TEST_DB: 'postgres' } });
for (const run of runs) {
  console.log(`\n== API tests on ${run.name} ==`);
  const r = spawnSync(process.execPath, vitest, { stdio: 'inherit', env: { ...process.env, ...run.env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
