import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { DataDirLockedError } from './db/data-dir-lock';
import { bootstrap, WEB_ROOT } from './bootstrap';
import { DEMO_ACCOUNTS, DEMO_PENDING_STAFF } from './db/seed/demo-fixtures';
import { DEMO_PASSWORD } from '@domain/auth/rules';
import { createDrainGate } from './http/drain';
import { networkInterfaces } from 'node:os';
import { listenAddresses } from './http/origins';
import { workerOnly } from './http/instance-role';

/** A shutdown that has not finished by then exits anyway (code 1). */
const SHUTDOWN_DEADLINE_MS = 10_000;
/** After the last handler returns, idle keep-alive sockets get this long to close before they are cut. */
const SOCKET_GRACE_MS = 1_000;

async function main() {
  const started = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const logger = createLogger(config.logLevel);
  let runtime;
  try {
    // In development the Vite dev server (port 5173) proxies /api, so its origin is trusted too.
    runtime = await bootstrap(config, logger, {
      webRoot: WEB_ROOT,
      extraOrigins: [...config.allowedOrigins, ...(config.production ? [] : ['http://localhost:5173'])],
    });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  // A `web` instance leaves the outbox to the workers; a `worker` answers its health check only (issue 44).
  if (config.role !== 'web') runtime.worker.start();
  const gate = createDrainGate(config.role === 'worker' ? workerOnly(runtime.app.fetch) : runtime.app.fetch);
  const server = serve({ fetch: gate.fetch, port: config.port, hostname: config.host }, (info) => {
    const ms = Math.round(performance.now() - started);
    logger.info({ port: info.port, database: runtime.database.kind, role: config.role, ms }, 'listening');
    const role = config.role === 'both' ? '' : `, role: ${config.role}`;
    const lines = [
      '',
      `  Cargodesk is running at ${config.publicUrl}  (database: ${runtime.database.kind}${role}, ready in ${ms} ms)`,
    ];
    // Every address it answers at (issue 19). Without PUBLIC_URL each works for signing in; mail links follow the
    // address the action was taken at, so set PUBLIC_URL for links that work from outside.
    const others = listenAddresses(config.host, info.port, networkInterfaces()).filter((a) => a !== config.publicUrl);
    if (others.length > 0) {
      lines.push(`  Also listening at: ${others.join(', ')}${config.sameOrigin ? '' : '  (PUBLIC_URL is set: sign-in works at it and ALLOWED_ORIGINS only)'}`);
    }
    if (config.seedDemo) {
      lines.push(
        '',
        `  Demo accounts (password: ${DEMO_PASSWORD}):`,
        ...DEMO_ACCOUNTS.map((a) => `    ${a.role.padEnd(9)} ${a.email}`),
        `  Can register at /signup: ${DEMO_PENDING_STAFF.map((s) => s.email).join(', ')} (staff), new.customer@cargodesk.test (customer)`,
      );
    }
    console.log(lines.join('\n') + '\n');
  });
  // An idle kept-alive connection outlives the client's and a load balancer's reuse of it (Node closes one after 5 s
  // by default: a request sent on it as it closes was reset, ECONNRESET, as an end-to-end test saw). 65 s is longer
  // than the usual balancers' 60 s idle time; the headers' limit must stay above it. Idle ones close on shutdown.
  const plain = server as Server;
  plain.keepAliveTimeout = 65_000;
  plain.headersTimeout = 66_000;

  // Graceful shutdown (decision record 0034): refuse new requests, let those in flight finish, stop the outbox
  // worker (its claims handed back), then close the database; a second signal or the deadline exits anyway.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      logger.warn({ signal, inFlight: gate.inFlight() }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    logger.info({ signal, inFlight: gate.inFlight() }, 'shutting down');
    setTimeout(() => {
      logger.error({ inFlight: gate.inFlight() }, `shutdown did not finish within ${SHUTDOWN_DEADLINE_MS} ms: exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    const http = server as Server;
    gate.close();
    const socketsClosed = new Promise<void>((resolve) => http.close(() => resolve()));
    http.closeIdleConnections();
    await Promise.all([gate.idle(), runtime.worker.stop()]);
    await Promise.race([socketsClosed, new Promise((resolve) => setTimeout(resolve, SOCKET_GRACE_MS).unref())]);
    http.closeAllConnections();
    await runtime.close();
    logger.info({ signal }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
