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
import { RESULTS_FILE, apiChecks, find, machine, mergeResults, nodeChecks, printChecks, printScenarios, startupChecks, type Check } from './report';
import { ORDER, PGLITE_SCENARIOS, type ScenarioId } from './scenarios';
import { measureStartup, type Startup } from './startup';
import type { ImportLoadRun } from './import-load';

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
  if (only && only.every((id) => ['PDF', 'IMPORT', 'BOOKS', 'RATES'].includes(id as string))) {
    // Only the generated papers, the bulk import, the books and/or the rate cards: no data set to build.
    const pdf = (only as string[]).includes('PDF') ? pdfBench() : null;
    const imports = (only as string[]).includes('IMPORT') ? importBench() : null;
    const books = (only as string[]).includes('BOOKS') ? booksBench() : null;
    const rates = (only as string[]).includes('RATES') ? ratesBench() : null;
    printChecks('Targets', [...(pdf ? pdfChecks(pdf) : []), ...(imports ? importChecks(imports) : []), ...(books ? booksChecks(books) : []), ...(rates ? ratesChecks(rates) : [])]);
    if (pdf) mergeResults({ pdf: { generatedAt: new Date().toISOString(), ...pdf } });
    if (imports) mergeResults({ import: { generatedAt: new Date().toISOString(), ...imports } });
    if (books) mergeResults({ books: { generatedAt: new Date().toISOString(), ...books } });
    if (rates) mergeResults({ rates: { generatedAt: new Date().toISOString(), ...rates } });
    return;
  }
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

  // Issue 16: generated papers, in a process of their own (its memory is measured); BENCH_ONLY=PDF runs only this.
  const pdf = !only || (only as string[]).includes('PDF') ? pdfBench() : null;
  // Issue 18: 10,000 shipment rows imported, in processes of their own; BENCH_ONLY=IMPORT runs only this.
  const imports = !only || (only as string[]).includes('IMPORT') ? importBench() : null;
  // Issue 39: a 200-line invoice's UBL and a month's DATEV export; BENCH_ONLY=BOOKS runs only this.
  const books = !only || (only as string[]).includes('BOOKS') ? booksBench() : null;
  // Issue 40: a 20,000-line rate sheet imported, and lookups over 100,000 rate lines; BENCH_ONLY=RATES runs only this.
  const rates = !only || (only as string[]).includes('RATES') ? ratesBench() : null;

  console.log('');
  printScenarios(results);
  const checks = [...apiChecks(results, original), ...nodeChecks(results), ...pdfChecks(pdf), ...importChecks(imports), ...booksChecks(books), ...ratesChecks(rates)];
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
  if (pdf) mergeResults({ pdf: { generatedAt: new Date().toISOString(), ...pdf } });
  if (imports) mergeResults({ import: { generatedAt: new Date().toISOString(), ...imports } });
  if (books) mergeResults({ books: { generatedAt: new Date().toISOString(), ...books } });
  if (rates) mergeResults({ rates: { generatedAt: new Date().toISOString(), ...rates } });
  console.log('Written: bench/results/latest.json (api)');
}

type PdfResult = { runs: number; containers: number; generate: { p50: number; p95: number; max: number }; bare: { p50: number; p95: number; max: number }; parallel: number; parallelMb: number; besideParallelMb: number };

/** bench/pdf.ts in a fresh Node with --expose-gc: its last line is the JSON of the measurements. */
function pdfBench(): PdfResult {
  console.log('\nGenerated papers: a bill of lading with 50 containers, one at a time and 20 at once...');
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/pdf.ts'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const result = JSON.parse(out.trim().split('\n').at(-1)!) as PdfResult;
  console.log(`  generate: p50 ${result.generate.p50} ms, p95 ${result.generate.p95} ms; pdfkit alone: p95 ${result.bare.p95} ms`);
  console.log(`  ${result.parallel} at once: +${result.parallelMb} MB; pdfkit alone: +${result.besideParallelMb} MB`);
  return result;
}

function pdfChecks(pdf: PdfResult | null): Check[] {
  return [
    {
      target: 'PDF: a bill of lading with 50 containers, p95 < 500 ms',
      measured: pdf ? `${pdf.generate.p95} ms (pdfkit alone, no layout, database or storage: ${pdf.bare.p95} ms)` : '-',
      pass: pdf ? pdf.generate.p95 < 500 : null,
    },
    {
      target: 'PDF: 20 generations at once, < 150 MB extra memory',
      measured: pdf ? `${pdf.parallelMb} MB (pdfkit alone: ${pdf.besideParallelMb} MB)` : '-',
      pass: pdf ? pdf.parallelMb < 150 : null,
    },
  ];
}

type ImportRun = {
  rows: number; bytes: number; checkS: number; totalS: number; extraMb: number; heapLimitMb: number;
  small: { rows: number; bytes: number; checkS: number; totalS: number; extraMb: number };
  besideInsertS: number; besideParseMs: number;
};
type ImportResult = { defaultHeap: ImportRun; cappedHeap: ImportRun; underLoad: ImportLoadRun[] };

/** bench/import.ts twice in a fresh Node with --expose-gc: with the default heap, and with the heap capped at 96 MB. */
function importBench(): ImportResult {
  console.log('\nBulk import: 2,500 then 10,000 shipment rows, upload to committed, on PostgreSQL...');
  const once = (flags: string[]) => {
    const out = execFileSync(process.execPath, ['--expose-gc', ...flags, '--import', 'tsx', 'bench/import.ts'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    return JSON.parse(out.trim().split('\n').at(-1)!) as ImportRun;
  };
  const result = { defaultHeap: once([]), cappedHeap: once(['--max-old-space-size=96']), underLoad: [] as ImportLoadRun[] };
  for (const [label, r] of Object.entries({ defaultHeap: result.defaultHeap, cappedHeap: result.cappedHeap })) {
    console.log(`  ${label} (${r.heapLimitMb} MB heap): 10,000 rows checked in ${r.checkS} s, committed at ${r.totalS} s, +${r.extraMb} MB; 2,500 rows ${r.small.totalS} s, +${r.small.extraMb} MB`);
  }
  const r = result.defaultHeap;
  console.log(`  without our code: PostgreSQL writing the same 10,000 rows in one INSERT ... SELECT ${r.besideInsertS} s; csv-parse reading the file ${r.besideParseMs} ms`);
  // Issue 37: other requests while 10,000 rows commit (bench/import-load.ts), on each engine in a process of its own.
  console.log('Bulk import under load: GET /api/health and a signed-in list read while 10,000 rows commit...');
  for (const engine of ['pglite', 'postgres']) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/import-load.ts'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BENCH_IMPORT_ENGINE: engine } });
    const l = JSON.parse(out.trim().split('\n').at(-1)!) as ImportLoadRun;
    result.underLoad.push(l);
    console.log(`  ${engine}: p99 ${l.during.p99} ms during the commit (${l.commitS} s, ${l.during.n} requests; slowest ${l.during.max} ms); baseline p99 ${l.baseline.p99} ms (${l.baseline.n} requests)`);
  }
  return result;
}

function importChecks(i: ImportResult | null): Check[] {
  return [
    {
      target: 'Import: 10,000 shipment rows, upload to committed, < 60 s on PostgreSQL',
      measured: i ? `${i.defaultHeap.totalS} s (check ${i.defaultHeap.checkS} s; PostgreSQL alone inserting the rows: ${i.defaultHeap.besideInsertS} s)` : '-',
      pass: i ? i.defaultHeap.totalS < 60 : null,
    },
    {
      target: 'Import: flat memory (heap capped at 96 MB: 10,000 rows need no more than 2,500 + 20 MB)',
      measured: i
        ? `10,000 rows +${i.cappedHeap.extraMb} MB, 2,500 rows +${i.cappedHeap.small.extraMb} MB (default heap: +${i.defaultHeap.extraMb} and +${i.defaultHeap.small.extraMb} MB)`
        : '-',
      pass: i ? i.cappedHeap.extraMb <= i.cappedHeap.small.extraMb + 20 : null,
    },
    ...(['pglite', 'postgres'] as const).map((engine): Check => {
      const l = i?.underLoad.find((r) => r.engine === engine);
      return {
        target: `Import: other requests' p99 < 250 ms while 10,000 rows commit on ${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
        measured: l ? `${l.during.p99} ms (baseline ${l.baseline.p99} ms; slowest ${l.during.max} ms; commit ${l.commitS} s)` : '-',
        pass: l ? l.during.p99 < 250 : null,
      };
    }),
  ];
}

type Quantiles = Required<Timing>;
type RatesRun = {
  engine: string;
  sheet: { lines: number; lanes: number; bytes: number; checkS: number; totalS: number; besideInsertS: number };
  lookup: { cards: number; lanes: number; runs: number; route: Quantiles; service: Quantiles; sql: Quantiles };
};
type RatesResult = { postgres: RatesRun; pglite: RatesRun };

/** bench/rates.ts in a fresh Node, on each engine: its last line is the JSON of the measurements. */
function ratesBench(): RatesResult {
  console.log('\nRate cards: a 20,000-line air sheet imported, then lookups over 100,000 rate lines on 5,000 lanes...');
  const once = (engine: string) => {
    const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/rates.ts'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BENCH_RATES_ENGINE: engine } });
    const r = JSON.parse(out.trim().split('\n').at(-1)!) as RatesRun;
    console.log(`  ${engine}: sheet of ${r.sheet.lines} lines checked in ${r.sheet.checkS} s, committed at ${r.sheet.totalS} s (the database alone writing the cards: ${r.sheet.besideInsertS} s)`);
    console.log(`  ${engine}: lookup over ${r.lookup.cards} cards p50 ${r.lookup.route.p50} ms, p99 ${r.lookup.route.p99} ms (service without HTTP p99 ${r.lookup.service.p99} ms, the SQL alone p99 ${r.lookup.sql.p99} ms)`);
    return r;
  };
  return { postgres: once('postgres'), pglite: once('pglite') };
}

function ratesChecks(r: RatesResult | null): Check[] {
  return (['postgres', 'pglite'] as const).flatMap((engine): Check[] => {
    const x = r?.[engine];
    const name = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
    return [
      {
        target: `Rates: a 20,000-line sheet, upload to committed, < 30 s on ${name}`,
        measured: x ? `${x.sheet.totalS} s (check ${x.sheet.checkS} s; the database alone writing the cards: ${x.sheet.besideInsertS} s)` : '-',
        pass: x ? x.sheet.totalS < 30 : null,
      },
      {
        target: `Rates: lookup over 100,000 rate lines, 5,000 lanes, p99 < 20 ms at concurrency 1 on ${name}`,
        measured: x ? `${x.lookup.route.p99} ms (service alone ${x.lookup.service.p99} ms; SQL alone ${x.lookup.sql.p99} ms)` : '-',
        pass: x ? x.lookup.route.p99 < 20 : null,
      },
    ];
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

type Timing = { p50: number; p95: number; p99?: number; max: number };
type Measured = { s: number; extraRssMb: number };
type BooksRun = {
  engine: string;
  ubl: { lines: number; bytes: number; runs: number; route: Timing; read: Timing; serializer: Timing };
  datev: { documents: number; loadS: number; exported: { invoices: number; credit_notes: number; payments: number; bytes: string }; export: Measured & { weekHeapMb: number; monthHeapMb: number }; sqlAlone: Measured; serializerAlone: Measured };
};
type BooksResult = { postgres: BooksRun; pglite: BooksRun };

/** bench/books.ts in a fresh Node with --expose-gc, on each engine: its last line is the JSON of the measurements. */
function booksBench(): BooksResult {
  console.log('\nBooks: the UBL of a 200-line invoice, and a month of 20,000 documents exported for DATEV...');
  const once = (engine: string) => {
    const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/books.ts'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BENCH_BOOKS_ENGINE: engine } });
    const r = JSON.parse(out.trim().split('\n').at(-1)!) as BooksRun;
    const d = r.datev;
    console.log(`  ${engine}: UBL p50 ${r.ubl.route.p50} ms, p95 ${r.ubl.route.p95} ms (${r.ubl.bytes} bytes; the read alone p95 ${r.ubl.read.p95} ms, the serializer alone ${r.ubl.serializer.p95} ms)`);
    console.log(`  ${engine}: DATEV ${d.exported.invoices + d.exported.credit_notes} documents and ${d.exported.payments} payments in ${d.export.s} s, +${d.export.extraRssMb} MB resident; heap kept ${d.export.monthHeapMb} MB (a week: ${d.export.weekHeapMb} MB) (SQL alone ${d.sqlAlone.s} s, serializer alone ${d.serializerAlone.s} s)`);
    return r;
  };
  return { postgres: once('postgres'), pglite: once('pglite') };
}

function booksChecks(b: BooksResult | null): Check[] {
  return (['postgres', 'pglite'] as const).flatMap((engine) => {
    const r = b?.[engine];
    return [
      {
        target: `Books (${engine}): UBL of a 200-line invoice, p95 < 100 ms`,
        measured: r ? `${r.ubl.route.p95} ms (read alone ${r.ubl.read.p95} ms, serializer alone ${r.ubl.serializer.p95} ms)` : '-',
        pass: r ? r.ubl.route.p95 < 100 : null,
      },
      {
        target: `Books (${engine}): DATEV export of a month of 20,000 documents < 10 s, flat memory (heap kept for the month within 10 MB of a week's)`,
        measured: r
          ? `${r.datev.export.s} s, heap kept ${r.datev.export.monthHeapMb} MB (a week: ${r.datev.export.weekHeapMb} MB), +${r.datev.export.extraRssMb} MB resident (SQL alone ${r.datev.sqlAlone.s} s, serializer alone ${r.datev.serializerAlone.s} s)`
          : '-',
        pass: r ? r.datev.export.s < 10 && r.datev.export.monthHeapMb - r.datev.export.weekHeapMb < 10 : null,
      },
    ];
  });
}
