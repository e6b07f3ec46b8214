import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config';
import type { Logger } from './logger';
import { openPglite, openPostgres, type Database } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { resolveAuthSecret } from './auth/secret';
import { createAuth } from './auth/auth';
import { createApp } from './app';
import { seedReferenceData } from './db/seed/reference';
import { seedDemoData } from './db/seed/demo';
import { chooseTransport } from './mail';
import { createOutboxWorker, type OutboxWorker } from './mail/worker';
import type { MailTransport } from './mail/transports';

export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

export type Runtime = {
  app: ReturnType<typeof createApp>;
  database: Database;
  auth: ReturnType<typeof createAuth>;
  worker: OutboxWorker;
  transport: MailTransport;
  close: () => Promise<void>;
};

/** Composition root shared by main.ts and the tests: database, migrations, seed, auth, outbox, app. */
export async function bootstrap(
  config: Config,
  logger: Logger,
  options: { transport?: MailTransport; webRoot?: string; extraOrigins?: string[] } = {},
): Promise<Runtime> {
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let database: Database | undefined;
  try {
    database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
    await database.migrate();
    const ref = await seedReferenceData(database.db);
    if (ref.airports || ref.seaports) logger.info(ref, 'reference data loaded');
    if (config.seedDemo && (await seedDemoData(database.db))) logger.info('demo data seeded');
    const secret = resolveAuthSecret(config.authSecret, config.dataDir);
    const auth = createAuth({ db: database.db, secret, publicUrl: config.publicUrl, trustedOrigins: options.extraOrigins });
    const transport = options.transport ?? chooseTransport(config, logger);
    const worker = createOutboxWorker(database.db, transport, logger);
    const app = createApp({
      database,
      auth,
      logger,
      publicUrl: config.publicUrl,
      trustProxy: config.trustProxy,
      trackingEmbedUrl: config.trackingEmbedUrl,
      webRoot: options.webRoot,
      extraOrigins: options.extraOrigins,
    });
    const db = database;
    return {
      app,
      database: db,
      auth,
      worker,
      transport,
      close: async () => {
        await worker.stop();
        transport.close?.();
        await db.close();
        unlock();
      },
    };
  } catch (e) {
    await database?.close().catch(() => undefined);
    unlock();
    throw e;
  }
}
