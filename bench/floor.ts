/** Starts the floor server beside the portal with the exact answer of the portal's /api/health. */
import { spawn } from 'node:child_process';
import { ROOT } from './server';

/** Headers that differ per response or per connection; the floor sets its own. */
const VOLATILE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

export type FloorKind = 'node:http floor' | 'bare Hono';

export async function startFloor(portalUrl: string, port: number, kind: FloorKind = 'node:http floor'): Promise<{ url: string; stop: () => Promise<void> }> {
  const res = await fetch(`${portalUrl}/api/health`);
  const body = await res.text();
  const headers = Object.fromEntries([...res.headers].filter(([k]) => !VOLATILE.has(k)));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/floor-server.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), FLOOR_KIND: kind === 'bare Hono' ? 'hono' : 'node', FLOOR_RESPONSE: JSON.stringify({ headers, body }) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    try {
      const r = await fetch(url);
      await r.arrayBuffer();
      break;
    } catch {
      if (child.exitCode !== null || Date.now() - started > 30_000) throw new Error('the floor server did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
