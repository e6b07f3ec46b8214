/**
 * Shared pieces of `npm run test:reliability` (issue 8, load and faults): ports, throw-away PostgreSQL
 * databases, the portal started as `npm start` starts it (bench/server.ts), its real process id, memory
 * samples, sign-in and the calls the tests make. Loopback only.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer, type RunningServer, type ServerOptions } from '../../bench/server';
import { signIn } from '../../bench/session';
import { createBody } from '../../bench/scenarios';
import { minimalPdf } from '@server/db/seed/sample-files';

/** First of the ports the servers of this suite listen on (each file adds its own offset). */
export const BASE_PORT = Number(process.env.RELIABILITY_PORT ?? 3380);
/** The local SMTP peer of the mail test. */
export const SMTP_PORT = Number(process.env.RELIABILITY_SMTP_PORT ?? 2580);
/** Port of the private PostgreSQL cluster the database-restart test creates and drops. */
export const CLUSTER_PORT = Number(process.env.RELIABILITY_PG_PORT ?? 5439);
/** The PostgreSQL server on which throw-away databases are created (never restarted by this suite). */
export const ADMIN_URL = process.env.RELIABILITY_ADMIN_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Prints one figure line, prefixed so the run's figures are easy to find in the output. */
export function figure(label: string, value: unknown): void {
  console.log(`[reliability] ${label}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
}

export function tempDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `cargodesk-rel-${name}-`));
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A new empty database on the shared server, and how to drop it. */
export async function throwAwayDatabase(adminUrl = ADMIN_URL): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cargodesk_rel_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** One query on a database, on its own connection. */
export async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return out;
}

function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/**
 * The process that really serves: under `npm start` the tree is npm -> sh -> tsx -> node src/server/main.ts;
 * the deepest process whose command line names main.ts is the one holding the port and the database.
 */
export function servingPid(rootPid: number): number {
  let best = rootPid;
  const walk = (pid: number) => {
    for (const child of childrenOf(pid)) {
      if (cmdline(child).includes('src/server/main.ts')) best = child;
      walk(child);
    }
  };
  walk(rootPid);
  return best;
}

/** Resident memory of a process in bytes (Linux /proc). */
export function rssBytes(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export type Portal = RunningServer & { realPid: number };

/** Starts the portal (production mode, own port and data directory) and finds its serving process. */
export async function startPortal(o: ServerOptions): Promise<Portal> {
  const s = await startServer({ ...o, env: { LOG_LEVEL: 'info', ...o.env } });
  return { ...s, realPid: servingPid(s.pid) };
}

export function logOf(p: Pick<RunningServer, 'logFile'>): string {
  try {
    return fs.readFileSync(p.logFile, 'utf8');
  } catch {
    return '';
  }
}

/** Lines of the server log at level error or fatal, and any mention of a pool used after its end. */
export function serverErrors(p: Pick<RunningServer, 'logFile'>): string[] {
  return logOf(p)
    .split('\n')
    .filter((l) => /"level":(50|60)/.test(l) || /Cannot use a pool after calling end/i.test(l) || /UnhandledPromiseRejection|uncaught/i.test(l));
}

export const DEMO_ADMIN = 'admin@cargodesk.test';

/** A signed-in admin of the demo data and the company the creates use (Anatolia Textiles Ltd, which has contacts). */
export async function demoContext(base: string): Promise<{ cookie: string; companyId: string }> {
  const cookie = await signIn(base, DEMO_ADMIN);
  const res = await fetch(`${base}/api/companies?q=Anatolia&pageSize=5`, { headers: { cookie } });
  const page = (await res.json()) as { rows?: { id: string; name: string }[] };
  const company = page.rows?.find((r) => r.name === 'Anatolia Textiles Ltd');
  if (!company) throw new Error(`Anatolia Textiles Ltd not found (${res.status})`);
  return { cookie, companyId: company.id };
}

/** What a failed fetch says: the network error behind it when there is one (refused, reset, timeout). */
export function errorText(e: unknown): string {
  const err = e as Error;
  const cause = err?.cause as Error | undefined;
  return cause?.message ?? err?.message ?? 'unknown error';
}

export type Outcome = { status: number; ms: number; id?: string; error?: string };

/** Creates one shipment through the API; the answer's id when the server acknowledged it (201). */
export async function createShipment(base: string, cookie: string, companyId: string, reference: string, timeoutMs = 10_000): Promise<Outcome> {
  const t = performance.now();
  try {
    const res = await fetch(`${base}/api/shipments`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify(createBody({ companyId }, reference)),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await res.json().catch(() => ({}))) as { id?: string };
    return { status: res.status, ms: performance.now() - t, ...(res.status === 201 && body.id ? { id: body.id } : {}) };
  } catch (e) {
    return { status: 0, ms: performance.now() - t, error: errorText(e) };
  }
}

export const PDF = minimalPdf(['Reliability test', 'Upload during a crash']);

/** Uploads a PDF (optionally streamed slowly in pieces); the stored name when the server acknowledged it. */
export async function uploadPdf(
  base: string,
  cookie: string,
  originalName: string,
  o: { pieces?: number; pauseMs?: number; timeoutMs?: number } = {},
): Promise<Outcome & { name?: string }> {
  const t = performance.now();
  const pieces = o.pieces ?? 1;
  const size = Math.ceil(PDF.length / pieces);
  const body =
    pieces === 1
      ? PDF
      : new ReadableStream<Uint8Array>({
          async start(controller) {
            for (let i = 0; i < pieces; i++) {
              controller.enqueue(PDF.subarray(i * size, (i + 1) * size));
              if (i < pieces - 1) await sleep(o.pauseMs ?? 200);
            }
            controller.close();
          },
        });
  try {
    const res = await fetch(`${base}/api/documents`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/pdf', 'x-file-name': encodeURIComponent(originalName) },
      body,
      signal: AbortSignal.timeout(o.timeoutMs ?? 30_000),
      ...(pieces === 1 ? {} : { duplex: 'half' }),
    } as RequestInit);
    const answer = (await res.json().catch(() => ({}))) as { name?: string };
    return { status: res.status, ms: performance.now() - t, ...(res.status === 201 && answer.name ? { name: answer.name } : {}) };
  } catch (e) {
    return { status: 0, ms: performance.now() - t, error: errorText(e) };
  }
}

/** Waits until `check` answers true, polling; throws after the timeout. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string, everyMs = 100): Promise<number> {
  const t = performance.now();
  for (;;) {
    if (await check()) return performance.now() - t;
    if (performance.now() - t > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

export const percentile = (values: number[], q: number) => {
  const v = [...values].sort((a, b) => a - b);
  return v.length ? v[Math.min(v.length - 1, Math.max(0, Math.ceil(q * v.length) - 1))]! : NaN;
};
