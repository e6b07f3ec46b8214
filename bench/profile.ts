/**
 * Profiles one signed-in request (issue 44: a read or a create): starts the built portal with `--cpu-prof` on a benchmark database, signs in,
 * sends the scenario's request at concurrency 1 for a few seconds, stops the server, and prints where its CPU went:
 * the functions with the most time of their own, and the time spent inside each of our modules and each package
 * (inclusive, a frame counted once per sample however deep it recurs).
 *
 *   BENCH_DATABASE_URL=postgres://.../cargodesk_bench200 npm run bench:profile -- S10 [seconds]
 *
 * The .cpuprofile stays in bench/results/profiles/ (open it in Chrome's DevTools or speedscope for a flame graph).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runLoad } from './load';
import { check, discover, httpCall, SCENARIOS, type ScenarioId } from './scenarios';
import { BENCH_AUTH_SECRET, ROOT, startServer } from './server';
import { signInAll } from './session';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

/** Where a frame's code lives: one of our modules (src/…), a package (node_modules/<name>), Node itself, or native. */
export function placeOf(url: string): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1]!;
  const ours = url.match(/\/(src\/[^?]+)/);
  return ours ? ours[1]! : url.replace(/^file:\/\//, '');
}

/** Self and inclusive milliseconds per function and per place, from a V8 CPU profile. */
export function summarizeProfile(p: Profile): { total: number; self: Map<string, number>; inclusive: Map<string, number>; places: Map<string, number> } {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const places = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  p.samples.forEach((id, i) => {
    const ms = (p.timeDeltas[i] ?? 0) / 1000;
    const leaf = byId.get(id)!;
    if (leaf.callFrame.functionName === '(idle)') return;
    total += ms;
    self.set(frameName(leaf), (self.get(frameName(leaf)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!;
      const place = placeOf(frame.callFrame.url);
      if (!seen.has(place)) places.set(place, (places.get(place) ?? 0) + ms);
      seen.add(place);
      const name = frameName(frame);
      if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
      seen.add(name);
    }
  });
  return { total, self, inclusive, places };
}

function frameName(n: Node): string {
  return `${n.callFrame.functionName || '(anonymous)'} ${placeOf(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
}

async function main() {
  const id = (process.argv[2] ?? 'S10') as ScenarioId;
  const seconds = Number(process.argv[3] ?? 10);
  const scenario = SCENARIOS[id];
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!scenario || scenario.pooled) throw new Error(`${id}: no such scenario, or one that takes ids from a pool`);
  if (!databaseUrl) throw new Error('BENCH_DATABASE_URL: a database seeded by npm run seed:large');
  const dir = path.join(ROOT, 'bench/results/profiles');
  fs.mkdirSync(dir, { recursive: true });
  const before = new Set(fs.readdirSync(dir));
  const server = await startServer({
    port: 3411,
    databaseUrl,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-profile-')),
    seedDemo: false,
    env: { AUTH_SECRET: BENCH_AUTH_SECRET, NODE_OPTIONS: `--cpu-prof --cpu-prof-interval=200 --cpu-prof-dir=${dir}` },
  });
  let requests = 0;
  try {
    const cookies = await signInAll(server.url);
    const ctx = await discover(server.url, cookies);
    await check(scenario, ctx);
    const call = httpCall(scenario, ctx);
    const warm = await runLoad(call, 1, 2);
    const measured = await runLoad(call, 1, seconds);
    // Per request over both runs: the profile holds the warm-up too (and the sign-in, a few requests' worth).
    requests = warm.requests + measured.requests;
    console.log(`${id} ${call.url}: ${measured.rps.toFixed(0)} req/s at concurrency 1, ${measured.errors} errors`);
  } finally {
    await server.stop();
  }
  const file = fs.readdirSync(dir).find((f) => !before.has(f) && f.endsWith('.cpuprofile'));
  if (!file) throw new Error('the server wrote no profile');
  const { total, self, inclusive, places } = summarizeProfile(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile);
  const perRequest = (ms: number) => (requests ? (ms / requests).toFixed(3) : '-');
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log(`profile ${path.relative(ROOT, path.join(dir, file))}: ${total.toFixed(0)} ms busy (warm-up and sign-in included)`);
  console.log('\ninclusive per place   ms/request  share');
  for (const [place, ms] of top(places, 30)) console.log(`  ${place.padEnd(60)} ${perRequest(ms).padStart(8)}  ${((100 * ms) / total).toFixed(1)}%`);
  console.log('\ninclusive per function   ms/request  share');
  for (const [name, ms] of top(inclusive, Number(process.env.PROFILE_TOP ?? 60))) console.log(`  ${name.slice(0, 90).padEnd(90)} ${perRequest(ms).padStart(8)}  ${((100 * ms) / total).toFixed(1)}%`);
  console.log('\nself per function     ms/request  share');
  for (const [name, ms] of top(self, 30)) console.log(`  ${name.slice(0, 90).padEnd(90)} ${perRequest(ms).padStart(8)}  ${((100 * ms) / total).toFixed(1)}%`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
