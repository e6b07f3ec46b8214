/**
 * `npm run bench:web-profile`: where a page's main thread goes while it loads, for a customer on a phone (decision
 * record 0299). Two reports, each over WEB_PROFILE_RUNS loads (default 3) of WEB_PROFILE_PAGE (default the customer's
 * shipment page) in WEB_PROFILE_LANGUAGE (en or tr):
 *  - tasks: the main thread's tasks over 12.5 ms after the first paint, unthrottled as Lighthouse observes them before
 *    it simulates a phone's CPU (4x), with what fills each (trace events by self time), and the blocking time they
 *    would make at 4x: the figure Lighthouse's mobile score weighs most, without its network simulation;
 *  - modules (WEB_PROFILE_MODULES=1): a CPU profile at 4x of an unminified build with source maps, self time by
 *    package and by function, and by the module whose initialisation runs it (the bundle's `init_X` wrappers).
 * BENCH_WEB_DIST reuses a build (the tasks report only: the modules report needs its own, unminified).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium, type BrowserContext } from 'playwright';
import { DEMO_ACCOUNTS } from '@server/db/seed/demo-fixtures';
import { ROOT, startServer } from './server';
import { signIn } from './session';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-web-profile-'));
const modules = !!process.env.WEB_PROFILE_MODULES;
const outDir = !modules && process.env.BENCH_WEB_DIST ? process.env.BENCH_WEB_DIST : path.join(work, 'web');
const page = process.env.WEB_PROFILE_PAGE ?? '/all-shipments/{id}';
const language = process.env.WEB_PROFILE_LANGUAGE ?? 'en';
const runs = Math.max(1, Number(process.env.WEB_PROFILE_RUNS ?? 3));
const port = Number(process.env.WEB_PROFILE_PORT ?? 3295);

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
/** Per key, the median over the runs (a run without the key counts 0). */
function medians(perRun: Map<string, number>[]): [string, number][] {
  const keys = new Set(perRun.flatMap((m) => [...m.keys()]));
  return [...keys].map((k): [string, number] => [k, median(perRun.map((m) => m.get(k) ?? 0))]).sort((a, b) => b[1] - a[1]);
}
function show(title: string, rows: [string, number][], n: number) {
  console.log(`\n${title}`);
  for (const [k, v] of rows.slice(0, n)) console.log(`${v.toFixed(1).padStart(8)}  ${k}`);
}

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string; data?: { url?: string; functionName?: string; type?: string } } };

/** One load's tasks over 12.5 ms after the first paint; returns the blocking time they would make at 4x. */
async function tasksOfOneLoad(ctx: BrowserContext, url: string, run: number): Promise<number> {
  const p = await ctx.newPage();
  const traceFile = path.join(work, `trace-${run}.json`);
  await ctx.browser()!.startTracing(p, { path: traceFile, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading', 'toplevel', 'v8'] });
  await p.goto(url, { waitUntil: 'networkidle' });
  await p.waitForTimeout(1000);
  await ctx.browser()!.stopTracing();
  const events = (JSON.parse(fs.readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'firstContentfulPaint'));
  if (!main) throw new Error('no renderer main thread with a first paint in the trace');
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  const nav = events.find((e) => e.name === 'navigationStart' && e.pid === main.pid)?.ts ?? mine[0]!.ts;
  const fcp = events.filter((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid).map((e) => (e.ts - nav) / 1000)[0] ?? 0;
  let blocking = 0;
  console.log(`\nload ${run + 1}: first paint at ${fcp.toFixed(0)} ms; tasks over 12.5 ms after it (start, +duration, ms unthrottled):`);
  for (const task of mine.filter((e) => e.name === 'RunTask')) {
    const start = (task.ts - nav) / 1000;
    const ms = task.dur! / 1000;
    if (ms < 12.5 || start + ms < fcp) continue;
    blocking += Math.max(0, ms * 4 - 50);
    // What fills it: the events inside, by self time (their duration less their direct children's).
    const inside = mine.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!);
    const contains = (a: TraceEvent, b: TraceEvent) => a !== b && b.ts >= a.ts && b.ts + b.dur! <= a.ts + a.dur!;
    const self = new Map<string, number>();
    for (const e of inside) {
      const children = inside.filter((k) => contains(e, k) && !inside.some((m) => contains(e, m) && contains(m, k)));
      const d = e.args?.data;
      add(self, [e.name, d?.url && path.basename(d.url).slice(0, 40), d?.functionName, d?.type].filter(Boolean).join(' '), (e.dur! - children.reduce((n, k) => n + k.dur!, 0)) / 1000);
    }
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, v]) => `${k} ${v.toFixed(1)}`);
    console.log(`  ${start.toFixed(0).padStart(5)} +${ms.toFixed(1).padStart(5)}  ${top.join(' | ')}`);
  }
  console.log(`  blocking time if each were 4x as long: ${blocking.toFixed(0)} ms`);
  await p.close();
  return blocking;
}

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const maps = new Map<string, TraceMap | null>();
const sources = new Map<string, string[]>();
function mapOf(url: string): TraceMap | null {
  if (!maps.has(url)) {
    const file = path.join(outDir, new URL(url).pathname + '.map');
    maps.set(url, fs.existsSync(file) ? new TraceMap(fs.readFileSync(file, 'utf8')) : null);
  }
  return maps.get(url)!;
}
function linesOf(url: string): string[] {
  if (!sources.has(url)) sources.set(url, fs.readFileSync(path.join(outDir, new URL(url).pathname), 'utf8').split('\n'));
  return sources.get(url)!;
}
const packageOf = (source: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ?? source.replace(/^(\.\.\/)+/, '');
const NOT_JS = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

/** One load's CPU profile at 4x: self time by package, by function and by the module whose initialisation runs it. */
async function modulesOfOneLoad(ctx: BrowserContext, url: string): Promise<Map<string, number>[]> {
  const p = await ctx.newPage();
  const cdp = await ctx.newCDPSession(p);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await p.goto(url, { waitUntil: 'networkidle' });
  await p.waitForTimeout(500);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await p.close();
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // The module a sample's time belongs to: the nearest module wrapper on its stack (`init_X = __esmMin(...)`,
  // `require_X = __commonJSMin(...)`, `__share("X", ...)`, as the unminified build writes them).
  const wrapper = (n: ProfileNode): string | null => {
    const f = n.callFrame;
    if (f.functionName !== '' || !f.url.includes('/assets/')) return null;
    const text = linesOf(f.url)[f.lineNumber] ?? '';
    return (/(init_\w+|require_\w+) = (?:\/\* @__PURE__ \*\/ )?__(?:esmMin|commonJSMin)\(/.exec(text) ?? /__share\("([\w$-]+)"/.exec(text))?.[1] ?? null;
  };
  const owners = new Map<number, string | null>();
  const owner = (id: number): string | null => {
    if (!owners.has(id)) owners.set(id, wrapper(byId.get(id)!) ?? (parent.has(id) ? owner(parent.get(id)!) : null));
    return owners.get(id)!;
  };
  const [byKind, byPackage, byFunction, byModule] = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>(), new Map<string, number>()];
  for (const [id, ms] of self) {
    const f = byId.get(id)!.callFrame;
    add(byKind, NOT_JS.has(f.functionName) ? f.functionName : 'script', ms);
    if (NOT_JS.has(f.functionName)) continue;
    const map = f.url.includes('/assets/') ? mapOf(f.url) : null;
    const pos = map ? originalPositionFor(map, { line: f.lineNumber + 1, column: f.columnNumber }) : null;
    const source = pos?.source ?? `? ${f.url ? path.basename(f.url) : '(native)'}`;
    add(byPackage, packageOf(source), ms);
    add(byFunction, `${f.functionName || '(anonymous)'} ${source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')}:${pos?.line ?? f.lineNumber + 1}`, ms);
    const o = owner(id);
    if (o) add(byModule, o, ms);
  }
  return [byKind, byPackage, byFunction, byModule];
}

if (!process.env.BENCH_WEB_DIST || modules) {
  const flags = modules ? ['--sourcemap', '--minify', 'false'] : [];
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', ...flags, '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
}
const server = await startServer({ port, dataDir: path.join(work, 'data'), seedDemo: true, env: { WEB_DIST_DIR: outDir, LOG_LEVEL: 'warn' } });
try {
  const cookie = await signIn(server.url, DEMO_ACCOUNTS.find((a) => a.role === 'customer')!.email);
  await fetch(`${server.url}/api/me/language`, { method: 'PUT', headers: { cookie, origin: server.url, 'content-type': 'application/json' }, body: JSON.stringify({ language }) });
  const list = await fetch(`${server.url}/api/shipments?pageSize=1`, { headers: { cookie } });
  const url = server.url + page.replace('{id}', ((await list.json()) as { rows: { id: string }[] }).rows[0]!.id);
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
  const blocking: number[] = [];
  const profiles: Map<string, number>[][] = [];
  for (let run = 0; run < runs; run++) {
    // A phone's viewport, as Lighthouse's mobile preset emulates it.
    const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, locale: language === 'tr' ? 'tr-TR' : 'en-US' });
    await ctx.addCookies([{ name: cookie.slice(0, cookie.indexOf('=')), value: cookie.slice(cookie.indexOf('=') + 1), url: server.url }]);
    if (modules) profiles.push(await modulesOfOneLoad(ctx, url));
    else blocking.push(await tasksOfOneLoad(ctx, url, run));
    await ctx.close();
  }
  await browser.close();
  if (modules) {
    console.log(`${page} in ${language}, CPU at 4x, medians of ${runs} loads (ms)`);
    ['by kind', 'by package or folder', 'by function', "by module initialisation (what runs inside a module's wrapper and outside any other's)"].forEach((title, i) =>
      show(`self time ${title}`, medians(profiles.map((p) => p[i]!)), i === 0 ? 4 : 30),
    );
  } else console.log(`\n${page} in ${language}: blocking time at 4x, median of ${runs} loads: ${median(blocking).toFixed(0)} ms (${blocking.map((x) => x.toFixed(0)).join(' ')})`);
} finally {
  await server.stop();
}
