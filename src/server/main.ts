import { serve } from '@hono/node-server';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { DataDirLockedError } from './db/data-dir-lock';
import { bootstrap, WEB_ROOT } from './bootstrap';
import { DEMO_ACCOUNTS, DEMO_PENDING_STAFF } from './db/seed/demo-fixtures';
import { DEMO_PASSWORD } from '../domain/auth';

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
    runtime = await bootstrap(config, logger, { webRoot: WEB_ROOT, extraOrigins: config.production ? [] : ['http://localhost:5173'] });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  runtime.worker.start();
  const server = serve({ fetch: runtime.app.fetch, port: config.port, hostname: config.host }, (info) => {
    const ms = Math.round(performance.now() - started);
    logger.info({ port: info.port, database: runtime.database.kind, ms }, 'listening');
    const lines = [
      '',
      `  Cargodesk is running at ${config.publicUrl}  (database: ${runtime.database.kind}, ready in ${ms} ms)`,
    ];
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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await runtime.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
