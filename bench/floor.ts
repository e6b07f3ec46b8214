/**
 * The floors the portal is measured beside: S6's server answering the exact bytes of the portal's /api/health, and a
 * read scenario's SQL run by Node alone (`node + pg`: node:http, the `pg` pool, the captured statements, the rows as
 * JSON), which is what the same work costs in Node without our code (issue 44).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CapturedQuery } from './capture';
import { ROOT } from './server';

/** Headers that differ per response or per connection; the floor sets its own. */
const VOLATILE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

export type FloorKind = 'node:http floor' | 'bare Hono' | 'node + pg';

export type Floor = { url: string; pid: number; stop: () => Promise<void> };

/** Starts bench/floor-server.ts with `env` and waits until it answers. */
async function spawnFloor(port: number, env: Record<string, string>, cleanup?: () => void): Promise<Floor> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/floor-server.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    const answer = await fetch(url).then(async (r) => (await r.arrayBuffer(), r.status), () => null);
    if (answer !== null) {
      if (answer !== 200) {
        child.kill('SIGKILL');
        throw new Error(`the floor server answered ${answer}`);
      }
      break;
    }
    if (child.exitCode !== null || Date.now() - started > 30_000) {
      child.kill('SIGKILL');
      throw new Error('the floor server did not start');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => (cleanup?.(), resolve());
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}

export async function startFloor(portalUrl: string, port: number, kind: Exclude<FloorKind, 'node + pg'> = 'node:http floor'): Promise<Floor> {
  const res = await fetch(`${portalUrl}/api/health`);
  const body = await res.text();
  const headers = Object.fromEntries([...res.headers].filter(([k]) => !VOLATILE.has(k)));
  return spawnFloor(port, { FLOOR_KIND: kind === 'bare Hono' ? 'hono' : 'node', FLOOR_RESPONSE: JSON.stringify({ headers, body }) });
}

/** Starts the `node + pg` floor for a read: it runs `queries` (as captured from the portal) on `databaseUrl` per request. */
export async function startSqlFloor(databaseUrl: string, port: number, queries: CapturedQuery[]): Promise<Floor> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-bench-floor-'));
  const file = path.join(dir, 'queries.json');
  fs.writeFileSync(file, JSON.stringify(queries.map(({ text, values, rowMode }) => ({ text, values, rowMode }))));
  return spawnFloor(port, { FLOOR_KIND: 'sql', FLOOR_QUERIES: file, FLOOR_DATABASE_URL: databaseUrl }, () => fs.rmSync(dir, { recursive: true, force: true }));
}
