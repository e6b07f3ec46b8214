/**
 * Records the SQL an endpoint runs: the real app (every middleware, the session lookup, the service) answers
 * one request in this process against the benchmark database while every query on a `pg` client is recorded
 * with its parameters as `pg` sends them. pgbench and the `pg` loop then run exactly these statements.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApp } from '@server/app';
import { jobQueue } from '@server/jobs/queue';
import { createAuth } from '@server/auth/auth';
import { openPostgres } from '@server/db/client';
import { createLogger } from '@server/logger';
import { localStorageIn } from '@server/storage/local';
import { BENCH_AUTH_SECRET } from './server';

export type Param = string | null;
export type CapturedQuery = { text: string; values: Param[]; rowMode?: 'array'; firstRow: unknown[] | null };
export type Capture = { status: number; bytes: number; queries: CapturedQuery[] };
export type Call = { method?: string; path: string; cookie: string; body?: unknown };

const utils = (pg as unknown as { utils: { prepareValue: (v: unknown) => string | Buffer | null | undefined } }).utils;

/** A parameter as `pg` puts it on the wire (text); Buffers do not occur in these endpoints. */
export function wireValue(v: unknown): Param {
  const prepared = utils.prepareValue(v);
  if (prepared === null || prepared === undefined) return null;
  return typeof prepared === 'string' ? prepared : prepared.toString('utf8');
}

type QueryConfig = { text: string; values?: unknown[]; rowMode?: 'array' };
type Recorder = (q: CapturedQuery) => void;
let recorder: Recorder | null = null;
let patched = false;

/** Wraps pg.Client#query once: while a recorder is set, each query, its wire values and its first row are kept. */
function patchClient() {
  if (patched) return;
  patched = true;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const rec = recorder;
    if (!rec) return original.apply(this, args);
    const [first, second] = args;
    const config: QueryConfig = typeof first === 'string' ? { text: first } : (first as QueryConfig);
    const values = (Array.isArray(second) ? second : config.values ?? []).map(wireValue);
    const entry: CapturedQuery = { text: config.text, values, rowMode: config.rowMode, firstRow: null };
    rec(entry);
    const keep = (result: unknown) => {
      const rows = (result as { rows?: unknown[] } | undefined)?.rows;
      const row = rows?.[0];
      entry.firstRow = row === undefined ? null : Array.isArray(row) ? row : Object.values(row as object);
    };
    const callbackAt = args.findIndex((a) => typeof a === 'function');
    if (callbackAt >= 0) {
      const cb = args[callbackAt] as (err: unknown, result: unknown) => void;
      args[callbackAt] = (err: unknown, result: unknown) => {
        if (!err) keep(result);
        cb(err, result);
      };
      return original.apply(this, args);
    }
    const out = original.apply(this, args) as Promise<unknown> | undefined;
    return out && typeof out.then === 'function' ? out.then((r) => (keep(r), r)) : out;
  };
}

/** The app wired as the benchmark server runs it (same auth secret, so the bench sessions are valid here). */
export async function captureApp(url: string, publicUrl: string) {
  patchClient();
  const database = await openPostgres(url, { max: 4 });
  const logger = createLogger('silent');
  // Nothing is stored by the captured calls; the folder goes with the app (it was left in the temp folder by every run).
  const files = mkdtempSync(path.join(os.tmpdir(), 'cargodesk-bench-capture-'));
  const auth = createAuth({ db: database.db, secret: BENCH_AUTH_SECRET, publicUrl });
  const app = createApp({
    database,
    auth,
    logger,
    publicUrl,
    trustProxy: false,
    storage: localStorageIn(files),
    linkSecret: BENCH_AUTH_SECRET,
    jobs: jobQueue(database, logger, { specs: [], work: false }),
  });

  /** Answers one call through the whole app and returns the statements it ran, in order. */
  async function capture(call: Call): Promise<Capture> {
    const queries: CapturedQuery[] = [];
    recorder = (q) => queries.push(q);
    try {
      const res = await app.request(call.path, {
        method: call.method ?? 'GET',
        headers: { cookie: call.cookie, origin: publicUrl, ...(call.body ? { 'content-type': 'application/json' } : {}) },
        body: call.body ? JSON.stringify(call.body) : undefined,
      });
      const body = await res.arrayBuffer();
      if (res.status >= 300) throw new Error(`capture ${call.path}: ${res.status} ${Buffer.from(body).toString()}`);
      return { status: res.status, bytes: body.byteLength, queries };
    } finally {
      recorder = null;
    }
  }
  return {
    capture,
    close: async () => {
      await database.close();
      rmSync(files, { recursive: true, force: true });
    },
  };
}
