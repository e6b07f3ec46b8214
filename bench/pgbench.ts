/**
 * The database's own limit for a read scenario: pgbench runs the statements the endpoint ran (captured from
 * the real app), with the same parameters sent the same way (extended protocol, text parameters).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { CapturedQuery } from './capture';
import { summarize, type Measured } from './stats';

const run = promisify(execFile);
export const PGBENCH = process.env.PGBENCH ?? '/usr/bin/pgbench';

export type PgbenchScript = { file: string; defines: string[]; statements: number };

/** One pgbench script per scenario: each $n becomes a variable bound as a parameter; NULLs are written inline. */
export function writeScript(name: string, queries: CapturedQuery[], dir: string): PgbenchScript {
  const defines: string[] = [];
  const lines = queries.map((q, i) => {
    const text = q.text.replace(/\$(\d+)/g, (_m, n: string) => {
      const value = q.values[Number(n) - 1];
      if (value === null || value === undefined) return 'NULL';
      const variable = `q${i}p${n}`;
      defines.push(`${variable}=${value}`);
      return `:${variable}`;
    });
    const one = text.replace(/\s+/g, ' ').trim();
    // Several statements in one message (a customer's `begin read only; select set_config(...)`, decision 0298) have
    // no parameters and went in one round trip: pgbench sends them the same way, in a pipeline (extended protocol
    // refuses a compound statement). A semicolon inside a statement of its own is not ours to split.
    if (one.includes(';')) {
      if (q.values.length > 0 || /'[^']*;[^']*'/.test(one)) throw new Error(`statement ${i} of ${name} holds a semicolon pgbench cannot split`);
      return ['\\startpipeline', ...one.split(/;\s*/).filter(Boolean).map((s) => `${s};`), '\\endpipeline'].join('\n');
    }
    return `${one};`;
  });
  const file = path.join(dir, `${name}.sql`);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return { file, defines, statements: queries.length };
}

function latenciesIn(dir: string, prefix: string): number[] {
  const out: number[] = [];
  for (const f of fs.readdirSync(dir).filter((n) => n.startsWith(prefix))) {
    for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      const cols = line.split(' ');
      if (cols.length >= 3) out.push(Number(cols[2]) / 1000); // microseconds -> ms
    }
    fs.rmSync(path.join(dir, f));
  }
  return out;
}

/** Runs the script for `seconds` with `clients` connections; latencies from pgbench's per-transaction log. */
export async function runPgbench(url: string, script: PgbenchScript, clients: number, seconds: number): Promise<Measured> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-pgbench-'));
  const prefix = 'tx';
  const args = [
    '-n', '-M', 'extended', '-f', script.file, '-c', String(clients), '-j', String(Math.min(clients, os.cpus().length)), '-T', String(seconds),
    '--log', `--log-prefix=${path.join(dir, prefix)}`,
    ...script.defines.flatMap((d) => ['-D', d]),
    url,
  ];
  try {
    const { stdout } = await run(PGBENCH, args, { maxBuffer: 16 * 1024 * 1024 });
    const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? NaN);
    const m = summarize(latenciesIn(dir, prefix), failed, seconds);
    return { ...m, rps: Math.round(tps * 100) / 100 };
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new Error(`pgbench failed: ${err.stderr?.split('\n').slice(0, 5).join('\n') ?? err.message}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
