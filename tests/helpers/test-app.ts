import crypto from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serve } from '@hono/node-server';
import { localStorageIn } from '@server/storage/local';
import type { Storage } from '@server/storage/storage';
import type { RateStore } from '@server/http/rate-limit';
import { assemble } from '@server/bootstrap';
import { openPglite, openPostgres, type Database } from '@server/db/client';
import { createLogger } from '@server/logger';
import type { Mail } from '@server/mail/outbox';
import type { MailTransport } from '@server/mail/transports';
import type { WebhookNet } from '@server/http/net-guard';
import { DEMO_PASSWORD } from '@domain/auth/rules';
import { pgliteFromTemplate, type TemplateKind, type Templates } from './templates';

export const ORIGIN = 'http://localhost:3000';
/** The auth secret of every test app; it also signs document links (tests sign their own to probe expiry). */
export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123456789';
export { DEMO_PASSWORD };

/** The run's template databases when vitest's API project runs this (tests/api-global-setup.ts); none in a bench. */
async function templates(): Promise<Templates | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('apiTemplates');
}

/**
 * A fresh database for one test file: in-memory PGlite, or a new PostgreSQL database when TEST_DB=postgres. Empty,
 * or with `from`, a copy of the run's migrated or seeded template (tests/helpers/templates.ts); empty when the run
 * has none (a bench), and the app's start then migrates and seeds it.
 */
export async function freshDatabase(o: { max?: number; from?: TemplateKind } = {}): Promise<Database & { dropped: () => Promise<void> }> {
  const template = o.from ? await templates() : undefined;
  if (process.env.TEST_DB !== 'postgres') {
    const db = template ? await pgliteFromTemplate(template[o.from!]) : await openPglite(undefined);
    return { ...db, dropped: db.close };
  }
  const adminUrl = new URL(process.env.TEST_DATABASE_URL!);
  const name = `cargodesk_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template[o.from!]}` : `create database ${name}`);
  // A commit does not wait for its WAL to reach the disk: what the tests read is the same (only a crash of PostgreSQL
  // itself could lose the last commits, and no API test crashes it); imports.api.test.ts 84.6 s -> 74.5 s here.
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), { max: o.max ?? 5 });
  return {
    ...db,
    dropped: async () => {
      await db.close();
      const a = new pg.Client({ connectionString: adminUrl.toString() });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** Collects mails in memory; `fail` makes the next sends throw (a peer that is down). */
export function memoryTransport() {
  const sent: (Mail & { key: string })[] = [];
  const state = { fail: false };
  const transport: MailTransport = {
    name: 'dev-mailbox',
    send: async (mail, key) => {
      if (state.fail) throw new Error('peer down');
      sent.push({ ...mail, key });
    },
  };
  return { transport, sent, state };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function createTestApp(
  options: {
    seedDemo?: boolean;
    trustProxy?: boolean;
    transport?: MailTransport;
    storage?: Storage;
    rateStore?: RateStore;
    sameOrigin?: boolean;
    /** This machine's own hosts for the origin rule (e.g. an office address); the real machine's when absent. */
    ownHost?: ((host: string) => boolean) | undefined;
    extraOrigins?: string[];
    metricsToken?: string;
    processMetrics?: boolean;
    /** Where webhook deliveries may go (issue 18): development's rules (loopback allowed) when absent. */
    webhookNet?: WebhookNet;
    /** An open database to serve (e.g. one a restore filled); a fresh one by default. Closed with the app. */
    database?: Database & { dropped: () => Promise<void> };
    /** Work the periodic jobs on the queue, as a worker instance does (issue 44); tests run them when they choose otherwise. */
    background?: boolean;
    /** A built web app's folder (index.html, route-preloads.json) whose pages the app serves, as `npm start` does. */
    webRoot?: string;
  } = {},
) {
  const seedDemo = options.seedDemo ?? true;
  // The seeded template's documents are in its own folder: a storage of the test's own is seeded by the app's start.
  const from: TemplateKind = seedDemo && !options.storage ? 'seeded' : 'migrated';
  const database = options.database ?? (await freshDatabase({ from }));
  const filesDir = options.storage ? undefined : await mkdtemp(path.join(os.tmpdir(), 'cargodesk-files-'));
  const template = options.database ? undefined : await templates();
  if (filesDir && template && from === 'seeded') await cp(template.filesDir, filesDir, { recursive: true });
  const storage = options.storage ?? localStorageIn(filesDir!);
  const mailbox = memoryTransport();
  const { app, auth, worker, housekeeping } = await assemble(database, createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'), {
    publicUrl: ORIGIN,
    authSecret: TEST_AUTH_SECRET,
    trustProxy: options.trustProxy ?? true,
    seedDemo,
    transport: options.transport ?? mailbox.transport,
    trackingEmbedUrl: 'https://tracker.example/embed?container={container}',
    storage,
    rateStore: options.rateStore,
    sameOrigin: options.sameOrigin ?? false,
    ownHost: options.ownHost,
    extraOrigins: options.extraOrigins,
    metricsToken: options.metricsToken,
    processMetrics: options.processMetrics,
    digests: false,
    background: options.background ?? false,
    webhookNet: options.webhookNet,
    webRoot: options.webRoot,
  });
  let ipCounter = 0;
  // The promise, not the server, is kept: two first socket requests at once share one server (keeping the server
  // instead let each start its own, and the one not kept stayed listening after close: the process never ended).
  let server: Promise<http.Server> | undefined;

  /** Serves the app on a real socket through @hono/node-server, as production does; returns its port. */
  async function listen(): Promise<number> {
    server ??= new Promise<http.Server>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as http.Server));
    });
    return ((await server).address() as AddressInfo).port;
  }

  /**
   * app.request with JSON, the session cookie, our Origin on writes and (by default) a fresh client address; with
   * `socket`, the same request over a real HTTP connection to `listen()`'s server.
   */
  async function request(
    path: string,
    init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string>; ip?: string; socket?: boolean } = {},
  ) {
    const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) headers['content-type'] ??= 'application/json';
    if (method !== 'GET' && method !== 'HEAD' && !('origin' in headers)) headers.origin = ORIGIN;
    if (init.cookie) headers.cookie = init.cookie;
    headers['x-forwarded-for'] ??= init.ip ?? `192.0.2.${(ipCounter++ % 250) + 1}`;
    for (const [k, v] of Object.entries(headers)) if (v === '') delete headers[k];
    const requestInit = {
      method,
      headers,
      body: init.body === undefined ? undefined : typeof init.body === 'string' || init.body instanceof Uint8Array ? (init.body as BodyInit) : JSON.stringify(init.body),
    };
    return init.socket ? fetch(`http://127.0.0.1:${await listen()}${path}`, requestInit) : app.request(`${ORIGIN}${path}`, requestInit);
  }

  /** Signs in and returns the session cookie to pass to `request`. */
  async function signIn(email: string, password = DEMO_PASSWORD, ip?: string): Promise<string> {
    const res = await request('/api/auth/sign-in/email', { body: { email, password }, ...(ip ? { ip } : {}) });
    if (res.status !== 200) throw new Error(`sign-in ${email} failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers.get('set-cookie');
    if (!cookie) throw new Error('no session cookie');
    return cookie.split(';')[0]!;
  }

  return {
    app,
    auth,
    worker,
    db: database.db,
    database,
    mailbox,
    request,
    listen,
    signIn,
    storage,
    housekeeping,
    close: async () => {
      if (server) {
        const s = await server;
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
      await worker.stop();
      await housekeeping.stop();
      await database.dropped();
      if (filesDir) await rm(filesDir, { recursive: true, force: true });
    },
  };
}
