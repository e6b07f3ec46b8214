/**
 * `npm run bench`: the API benchmark of issue 7 on PostgreSQL and on PGlite.
 *
 *   npm run bench                                   # full: warm-up 5 s, 3 rounds of 20 s, concurrency 1 and 32 (~40 min)
 *   BENCH_QUICK=1 npm run bench                     # 1 s warm-up, 1 round of 3 s
 *   BENCH_ONLY=S1,S3 BENCH_ENGINES=postgres npm run bench   # replaces those results; the others are kept
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/cargodesk_bench), BENCH_PORT
 * (default 3290; +1 PGlite, +2 the floor, +3 start-up), SHIPMENTS / COMPANIES (a smaller data set),
 * BENCH_STARTUP=0 (skip the start-up times), BENCH_ORIGINAL=0 (skip the all-rows comparison), BENCH_NODE24=0 (skip
 * S6 and S1 on Node 24, taken from the npm registry's node package, beside the machine's Node: issue 19).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { DEFAULT_PARAMS, ensureDataset, pgliteDir, type DatasetInfo, type Target } from './dataset';
import { FULL, QUICK, runEngine, type ScenarioResult } from './engine';
import { originalDashboardCost, type OriginalCost } from './original-design';
import { RESULTS_FILE, apiChecks, find, machine, mergeResults, nodeChecks, printChecks, printScenarios, startupChecks } from './report';
import { ORDER, PGLITE_SCENARIOS, type ScenarioId } from './scenarios';
import { measureStartup, type Startup } from './startup';

const env = process.env;
const quick = env.BENCH_QUICK === '1' || process.argv.includes('--quick');
const timing = quick ? QUICK : FULL;
const url = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cargodesk_bench';
const port = Number(env.BENCH_PORT ?? 3290);
const only = env.BENCH_ONLY ? (env.BENCH_ONLY.split(',').map((s) => s.trim().toUpperCase()) as ScenarioId[]) : null;
const engines = (env.BENCH_ENGINES ?? 'postgres,pglite').split(',').map((s) => s.trim());
const pick = (ids: ScenarioId[]) => ids.filter((id) => !only || only.includes(id));

async function postgresVersion(): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return ((await client.query<{ v: string }>('show server_version')).rows[0]?.v ?? null);
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The scenario results of bench/results/latest.json, if any. */
function previousResults(): ScenarioResult[] {
  try {
    const last = JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as { api?: { scenarios?: ScenarioResult[] } };
    return last.api?.scenarios ?? [];
  } catch {
    return [];
  }
}

async function main() {
  const started = Date.now();
  console.log(`Cargodesk benchmark (${quick ? 'quick' : 'full'}: warm-up ${timing.warmup} s, ${timing.rounds} x ${timing.duration} s, concurrency ${timing.concurrency.join(' and ')})`);
  const pgTarget: Target = { kind: 'postgres', url };
  const pgliteTarget: Target = { kind: 'pglite', dir: pgliteDir(DEFAULT_PARAMS) };
  const datasets: Record<string, DatasetInfo> = {};
  if (engines.includes('postgres')) datasets.postgres = await ensureDataset(pgTarget);
  if (engines.includes('pglite')) datasets.pglite = await ensureDataset(pgliteTarget);

  let startup: Startup | null = null;
  if (env.BENCH_STARTUP !== '0') {
    startup = await measureStartup(port + 3, quick ? 1 : 3);
    console.log(`start-up: first ${startup.firstMs} ms, existing data dir ${startup.existingMs} ms`);
  }

  const results: ScenarioResult[] = [];
  let original: OriginalCost | null = null;
  if (engines.includes('postgres')) {
    const run = await runEngine({ target: pgTarget, scenarios: pick(ORDER), timing, port, sides: true });
    results.push(...run.results);
    if (env.BENCH_ORIGINAL !== '0' && (!only || only.includes('S3'))) {
      console.log('\nS3 beside: the original design (every shipment through a REST layer, aggregated in JavaScript)...');
      original = await originalDashboardCost(url);
      console.log(`  ${original.rows} rows in ${original.seconds} s, ${(original.bytes / 1e6).toFixed(0)} MB of JSON`);
    }
  }
  const node24 = env.BENCH_NODE24 !== '0' && engines.includes('postgres') && !process.version.startsWith('v24.') ? pick(['S6', 'S1']) : [];
  if (node24.length > 0) {
    // The same portal and data on Node 24 (the npm registry's node package; no other download), S6 and S1 beside
    // the runs above: decision 0205 expects Better Auth's request context to cost less there.
    const binary = execFileSync('npx', ['-y', 'node@24', '-p', 'process.execPath'], { encoding: 'utf8' }).trim();
    const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
    const run = await runEngine({ target: pgTarget, scenarios: node24, timing, port: port + 4, sides: true, node: { binary, version } });
    results.push(...run.results);
  }
  if (engines.includes('pglite')) {
    const run = await runEngine({ target: pgliteTarget, scenarios: pick(PGLITE_SCENARIOS), timing, port: port + 1, sides: false });
    for (const r of run.results) {
      const onPg = find(results, r.id, r.concurrency, 'postgres');
      if (onPg) r.ratio = Math.round((r.api.rps / onPg.api.rps) * 1000) / 1000;
    }
    results.push(...run.results);
  }

  // A narrowed run (BENCH_ONLY) replaces only the scenarios it ran: the others keep their last measurement.
  const kept = only ? previousResults().filter((r) => !results.some((n) => n.id === r.id && n.engine === r.engine && n.concurrency === r.concurrency && n.node === r.node)) : [];
  if (kept.length > 0) console.log(`\nKept from the last run: ${[...new Set(kept.map((r) => `${r.id} ${r.engine}`))].join(', ')}`);
  results.push(...kept);

  console.log('');
  printScenarios(results);
  const checks = [...apiChecks(results, original), ...nodeChecks(results)];
  printChecks('Targets (PostgreSQL, medians of the rounds)', [...checks, ...startupChecks(startup)]);
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  console.log(`\nTotal time: ${minutes} min`);

  mergeResults({
    api: {
      generatedAt: new Date().toISOString(),
      mode: quick ? 'quick' : 'full',
      timing,
      machine: machine(await postgresVersion()),
      datasets,
      startup,
      scenarios: results,
      originalDesign: original,
      targets: [...checks, ...startupChecks(startup)],
      minutes: Number(minutes),
    },
  });
  console.log('Written: bench/results/latest.json (api)');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
