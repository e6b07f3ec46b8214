/**
 * Starts the portal as `npm start` runs it, in production mode, on its own port and database, in a child
 * process; measures the time from spawn to the first healthy answer.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The secret the benchmark servers share (PostgreSQL needs one); never used outside benchmarks. */
export const BENCH_AUTH_SECRET = 'cargodesk-benchmark-secret-not-for-production-0001';

export type ServerOptions = {
  port: number;
  /** PostgreSQL when set; else PGlite in dataDir. */
  databaseUrl?: string;
  /** PGlite data, the dev mailbox and the lock live here. */
  dataDir: string;
  seedDemo?: boolean;
  /** Where stdout and stderr go (a file; the server logs one JSON line per request in production). */
  logFile?: string;
  env?: Record<string, string>;
  /** Start through `npm start` itself (with its web build check), as an operator does; stopped by its process group. */
  npmStart?: boolean;
  /** The Node binary that runs the portal (default: this one); issue 19 compares Node 20 and 24. */
  node?: string;
};

export type RunningServer = {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 from /api/health. */
  startMs: number;
  logFile: string;
  stop: () => Promise<void>;
  /** Resolves with the exit code (null when a signal ended it) once the spawned process has exited. */
  exited: Promise<number | null>;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Whether any process of the group `pid` leads is still running (signal 0 only checks). */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
  });
}

const tail = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
};

export async function startServer(o: ServerOptions, timeoutMs = 180_000): Promise<RunningServer> {
  const url = `http://127.0.0.1:${o.port}`;
  if (await healthy(url)) throw new Error(`port ${o.port} is already serving; pick another BENCH_PORT`);
  const logFile = o.logFile ?? path.join(os.tmpdir(), `cargodesk-bench-server-${o.port}.log`);
  const out = fs.openSync(logFile, 'w');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(o.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: o.dataDir,
    SEED_DEMO: o.seedDemo ? 'true' : 'false',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    ...(o.databaseUrl ? { DATABASE_URL: o.databaseUrl, AUTH_SECRET: BENCH_AUTH_SECRET } : {}),
    ...o.env,
  };
  // The same program `npm start` runs (the bundle in dist/server, built when stale), in one process so signals reach it.
  if (!o.npmStart) execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-if-needed.mjs')], { cwd: ROOT, stdio: 'ignore' });
  const started = performance.now();
  const child = o.npmStart
    ? spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', out, out], detached: true })
    : spawn(o.node ?? process.execPath, [path.join(ROOT, 'dist/server/main.mjs')], { cwd: ROOT, env, stdio: ['ignore', out, out] });
  const signal = (sig: NodeJS.Signals) => {
    try {
      if (o.npmStart) process.kill(-child.pid!, sig);
      else child.kill(sig);
    } catch {
      /* already gone */
    }
  };
  fs.closeSync(out);
  const gone = exited(child);
  let dead = false;
  void gone.then(() => {
    dead = true;
  });
  while (!(await healthy(url))) {
    if (dead) throw new Error(`the server exited during start (code ${child.exitCode}); ${logFile}:\n${tail(logFile)}`);
    if (performance.now() - started > timeoutMs) {
      signal('SIGKILL');
      throw new Error(`the server did not answer within ${timeoutMs} ms; ${logFile}:\n${tail(logFile)}`);
    }
    await sleep(20);
  }
  const startMs = Math.round(performance.now() - started);
  return {
    url,
    pid: child.pid!,
    startMs,
    logFile,
    exited: gone,
    stop: async () => {
      if (dead) return;
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 15_000);
      await gone;
      // Under `npm start`, npm may end before the portal it started has drained and closed its database (the next
      // start on the same port found it still answering): wait for every process of the group (the SIGKILL still applies).
      // A process left unreaped would keep the group alive: 20 s at most.
      const until = performance.now() + 20_000;
      while (o.npmStart && groupAlive(child.pid!) && performance.now() < until) await sleep(20);
      clearTimeout(timer);
    },
  };
}
