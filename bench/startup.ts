/**
 * Start-up times through `npm start` in production mode on PGlite: the first start on an empty data
 * directory (migrations, reference and demo data) and a second start on the directory it left.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, startServer } from './server';

export type Startup = { firstMs: number; existingMs: number; runs: { firstMs: number; existingMs: number }[] };

export async function measureStartup(port: number, rounds: number): Promise<Startup> {
  // npm start builds the web app when it is stale; build it first so only the start itself is timed.
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-if-needed.mjs')], { cwd: ROOT, stdio: 'ignore' });
  const runs: Startup['runs'] = [];
  for (let i = 0; i < rounds; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-bench-start-'));
    try {
      const first = await startServer({ port, dataDir, seedDemo: true, npmStart: true });
      await first.stop();
      const again = await startServer({ port, dataDir, seedDemo: true, npmStart: true });
      await again.stop();
      runs.push({ firstMs: first.startMs, existingMs: again.startMs });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { firstMs: med(runs.map((r) => r.firstMs)), existingMs: med(runs.map((r) => r.existingMs)), runs };
}
