import path from 'node:path';
import type { Config } from './config';
import { SERVER_FILES } from './paths';
import type { Logger } from './logger';
import { openPglite, openPostgres, type Database } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { customerRoleUsable } from './db/customer-scope';
import { resolveAuthSecret } from './auth/secret';
import { createAuth } from './auth/auth';
import { createApp, originPolicyOf } from './app';
import { seedReferenceData } from './db/seed/reference';
import { seedDemoData } from './db/seed/demo';
import { chooseTransport } from './mail';
import { createOutboxWorker, type OutboxWorker } from './mail/worker';
import { webhookHandler } from './features/webhooks/deliver';
import { DEV_WEBHOOK_NET, type WebhookNet } from './http/net-guard';
import type { MailTransport } from './mail/transports';
import type { Storage } from './storage/storage';
import { databaseRateStore, type RateStore } from './http/rate-limit';
import { RedisRateStore } from './http/redis-rate-store';
import { localStorageIn } from './storage/local';
import { ORPHAN_MIN_AGE_MS, sweepOrphanFiles } from './features/documents/sweep';
import { pruneRateLimits } from './http/rate-limit';
import { jobQueue, type JobSpec } from './jobs/queue';
import { fetchEcbRates } from './features/exchange-rates/fetch';
import { pruneDigests, runDigests } from './features/notifications/digest';
import { warnExpiringQuotes } from './features/requests/quotes';
import { remindChecklistDue } from './features/checklist/reminders';
import { remindOverdueInvoices } from './features/payments/reminders';
import { checkImportJob, commitImportJob } from './features/imports/service';
import { startControlSocket, type ControlServer } from './db/backup/control';
import { writeBackupFile } from './db/backup/archive';

/** The built web app: dist/web, or WEB_DIST_DIR (so parallel work trees and test runs do not share a bundle). */
export const WEB_ROOT = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : SERVER_FILES.webDist;

export type Runtime = {
  app: ReturnType<typeof createApp>;
  database: Database;
  auth: ReturnType<typeof createAuth>;
  worker: OutboxWorker;
  transport: MailTransport;
  close: () => Promise<void>;
};

type AssembleOptions = {
  publicUrl: string;
  authSecret: string;
  trustProxy: boolean;
  trackingEmbedUrl?: string | undefined;
  messageMailWindowSeconds?: number | undefined;
  seedDemo: boolean;
  transport: MailTransport;
  /** Where documents live (local folder or S3-compatible). */
  storage: Storage;
  /** Auth rate-limit counters; the database table when absent. */
  rateStore?: RateStore | undefined;
  webRoot?: string;
  extraOrigins?: string[];
  /** Trust a request's own origin (PUBLIC_URL unset; http/origins.ts). */
  sameOrigin?: boolean;
  /** Whether a host is this machine's own (http/origins.ts); the machine's names and addresses when absent (tests name theirs). */
  ownHost?: ((host: string) => boolean) | undefined;
  metricsToken?: string | undefined;
  processMetrics?: boolean;
  /** Auth rate limits; false only with RATE_LIMITS_OFF_FOR_LOAD_TEST (decision record 0030). */
  rateLimits?: boolean;
  /** The daily digest loop; false in API tests, which run digests at the times they choose. */
  digests?: boolean;
  /** The periodic background work (sweeps, prunes, digests, reminders, rates); false on a `web` instance (issue 44). */
  background?: boolean;
  /** Where webhook deliveries may go (production, WEBHOOK_ALLOWED_NETWORKS); development's rules when absent. */
  webhookNet?: WebhookNet;
  /** ECB_RATES_URL: fetch the ECB's reference rates from here every few hours (issue 38). */
  ecbRatesUrl?: string | undefined;
};

/** Composition on an open database: migrations, seed, auth, outbox worker, orphan sweep and the app. Shared by main and tests. */
export async function assemble(database: Database, logger: Logger, o: AssembleOptions) {
  // Instances starting together on one PostgreSQL server migrate and seed one at a time (issue 44, decision 0282).
  await (database.startup ?? ((fn) => fn()))(() => prepare(database, logger, o));
  return composeApp(database, logger, o);
}

/** Migrations, the row-level security check, reference data and (when asked) the demo data. */
async function prepare(database: Database, logger: Logger, o: AssembleOptions): Promise<void> {
  await database.migrate();
  if (!(await customerRoleUsable(database.db))) {
    logger.warn(
      'customer row-level security is off: the app cannot switch to the role cargodesk_customer (create it and grant it to the app user, then run select cargodesk_customer_role_setup(); decision record 0020)',
    );
  }
  const ref = await seedReferenceData(database.db);
  if (ref.airports || ref.seaports) logger.info(ref, 'reference data loaded');
  if (o.seedDemo && (await seedDemoData(database.db, { storage: o.storage }))) logger.info('demo data seeded');
}

function composeApp(database: Database, logger: Logger, o: AssembleOptions) {
  const originPolicy = originPolicyOf({ publicUrl: o.publicUrl, extraOrigins: o.extraOrigins, sameOrigin: o.sameOrigin, trustProxy: o.trustProxy, ownHost: o.ownHost });
  const auth = createAuth({ db: database.db, secret: o.authSecret, publicUrl: o.publicUrl, originPolicy });
  const webhookNet = o.webhookNet ?? DEV_WEBHOOK_NET;
  const worker = createOutboxWorker(database.db, o.transport, logger, 1000, {
    webhook: webhookHandler({ db: database.db, net: webhookNet, logger, publicUrl: o.publicUrl }),
  });
  // The periodic work on the job queue (issue 44, decision 0285): each job once across worker instances, retried with
  // backoff, listed on /jobs. Orphaned stored objects (decision 0175), ended rate-limit windows (0206), digests past
  // their keeping time (0231); daily digests at each person's hour (issue 17); quote expiry warnings (issue 15);
  // checklist reminders (issues 16/17); overdue invoice reminders (issue 38); the ECB's rates where reachable.
  const links = { publicUrl: o.publicUrl, linkSecret: o.authSecret };
  const specs: JobSpec[] = [
    { name: 'orphan-sweep', run: () => sweepOrphanFiles(database.db, o.storage, logger, { olderThan: new Date(Date.now() - ORPHAN_MIN_AGE_MS) }) },
    { name: 'rate-limit-prune', run: () => pruneRateLimits(database.db) },
    { name: 'digest-prune', run: () => pruneDigests(database.db) },
    ...(o.digests === false
      ? []
      : ([
          { name: 'daily-digests', run: () => runDigests(database.db, links) },
          { name: 'quote-expiry-warnings', run: () => warnExpiringQuotes(database.db, links) },
          { name: 'checklist-reminders', run: () => remindChecklistDue(database.db, links) },
          { name: 'overdue-invoice-reminders', run: () => remindOverdueInvoices(database.db, links) },
        ] satisfies JobSpec[])),
    ...(o.ecbRatesUrl ? [{ name: 'ecb-rates', run: () => fetchEcbRates(database.db, o.ecbRatesUrl!, logger) } satisfies JobSpec] : []),
    // Imports (issue 18, decision 0245): an uploaded file's check and a checked import's commit, sent by the request.
    { name: 'import-check', run: (data) => checkImportJob(database.db, logger, data) },
    { name: 'import-commit', run: (data) => commitImportJob(database, logger, data) },
  ];
  const housekeeping = jobQueue(database, logger, { specs, work: o.background !== false });
  const app = createApp({
    database,
    auth,
    logger,
    publicUrl: o.publicUrl,
    trustProxy: o.trustProxy,
    trackingEmbedUrl: o.trackingEmbedUrl,
    messageMailWindowSeconds: o.messageMailWindowSeconds,
    webhookNet,
    storage: o.storage,
    rateStore: o.rateStore,
    // Signed document links use the auth secret; the link MAC carries its own purpose string.
    linkSecret: o.authSecret,
    webRoot: o.webRoot,
    extraOrigins: o.extraOrigins,
    sameOrigin: o.sameOrigin,
    ownHost: o.ownHost,
    rateLimits: o.rateLimits,
    metricsToken: o.metricsToken,
    processMetrics: o.processMetrics,
    jobs: housekeeping,
  });
  return { app, auth, worker, housekeeping };
}

/** Composition root of the process: lock, open the configured database, then assemble. */
export async function bootstrap(
  config: Config,
  logger: Logger,
  options: { transport?: MailTransport; webRoot?: string; extraOrigins?: string[] } = {},
): Promise<Runtime> {
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let database: Database | undefined;
  let redis: RedisRateStore | undefined;
  try {
    database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
    if (config.redisUrl) {
      redis = new RedisRateStore(config.redisUrl, databaseRateStore(database.db), (err) =>
        logger.warn({ err: { message: (err as Error).message } }, 'redis unavailable: rate limits counted in the database'),
      );
      await redis.ready();
    }
    const transport = options.transport ?? chooseTransport(config, logger);
    // The AWS SDK loads only when S3 is configured (start-up time, decision record 0199).
    const storage = config.s3 ? new (await import('./storage/s3')).S3Storage(config.s3) : localStorageIn(config.dataDir);
    const { app, auth, worker, housekeeping } = await assemble(database, logger, {
      publicUrl: config.publicUrl,
      authSecret: resolveAuthSecret(config.authSecret, config.dataDir),
      trustProxy: config.trustProxy,
      trackingEmbedUrl: config.trackingEmbedUrl,
      messageMailWindowSeconds: config.messageMailWindowSeconds,
      seedDemo: config.seedDemo,
      transport,
      storage,
      rateStore: redis,
      webRoot: options.webRoot,
      extraOrigins: options.extraOrigins,
      sameOrigin: config.sameOrigin,
      rateLimits: config.rateLimits,
      metricsToken: config.metricsToken,
      ecbRatesUrl: config.ecbRatesUrl,
      processMetrics: true,
      background: config.role !== 'web',
      webhookNet: { production: config.production, allowed: config.webhookAllowedNetworks },
    });
    // The embedded database is this process's alone: `npm run db:backup` asks it for a backup over a socket in DATA_DIR.
    let control: ControlServer | undefined;
    if (!config.databaseUrl) {
      const db = database;
      const started = await startControlSocket(config.dataDir, (file) =>
        writeBackupFile({ database: db, storage: config.s3 ? null : storage, authSecretFile: path.join(config.dataDir, 'auth-secret') }, file),
      );
      if ('unavailable' in started) logger.warn(`npm run db:backup cannot reach this process (${started.unavailable}); stop it to back up`);
      else control = started;
    }
    if (!config.rateLimits) logger.warn('auth rate limits are OFF (RATE_LIMITS_OFF_FOR_LOAD_TEST=yes): for a load test on loopback only');
    const db = database;
    return {
      app,
      database: db,
      auth,
      worker,
      transport,
      close: async () => {
        await control?.close();
        await worker.stop();
        await housekeeping.stop();
        transport.close?.();
        await redis?.close();
        await db.close();
        unlock();
      },
    };
  } catch (e) {
    await redis?.close();
    await database?.close().catch(() => undefined);
    unlock();
    throw e;
  }
}
