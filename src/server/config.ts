import { z } from 'zod';
import path from 'node:path';
import type { S3Settings } from './storage/s3';
import { parseAllowedNetworks, type Cidr } from '@domain/webhooks/schema';

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? def : v === 'true' || v === '1' || v === 'yes'));

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional());

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  /** More origins trusted for state-changing requests, comma-separated (issue 19): another name of the same site. */
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((o) => o.trim()).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/, message: 'must be a comma-separated list of http(s) addresses' }))),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: bool(true),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Cargodesk <no-reply@cargodesk.test>'),
  NOTIFY_WEBHOOK_URL: optionalUrl,
  NOTIFY_WEBHOOK_KEY1: z.string().optional(),
  NOTIFY_WEBHOOK_KEY2: z.string().optional(),
  TRACKING_EMBED_URL: z.string().optional(),
  TRUST_PROXY: bool(false),
  /** Messages to one person on one thread within this many seconds go out as one mail (issue 15; 300). */
  MESSAGE_MAIL_WINDOW_SECONDS: z.coerce.number({ message: 'must be a whole number of seconds' }).int('must be a whole number of seconds').min(0).max(86400).default(300),
  REDIS_URL: optionalUrl,
  S3_BUCKET: z.string().optional().transform((v) => v || undefined),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool(false),
  RATE_LIMITS_OFF_FOR_LOAD_TEST: z.enum(['yes']).optional(),
  /** A bearer token for GET /api/metrics (a Prometheus scraper); admins' sessions work without it. */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** Networks webhooks may reach although private (issue 18): comma-separated CIDRs, e.g. 10.20.0.0/16,fd12::/64. */
  WEBHOOK_ALLOWED_NETWORKS: z.string().optional(),
  /** Where to fetch the ECB's reference rates every few hours (issue 38), e.g. its daily XML or a mirror; unset: none. */
  ECB_RATES_URL: optionalUrl,
  /**
   * What this instance does (issue 44, decision 0282): `web` answers the portal's requests, `worker` runs the
   * background work (the mail and webhook outbox, digests, reminders, sweeps) and answers /api/health only, `both`
   * (the default: `npm start` stays one process) does both.
   */
  INSTANCE_ROLE: z.enum(['both', 'web', 'worker']).default('both'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /**
   * Without PUBLIC_URL the portal is opened by name and by address (http://127.0.0.1:3000, http://192.168.1.20:3000):
   * a request's own origin is trusted then, and mail links follow the request (http/origins.ts, decision 0225).
   */
  sameOrigin: boolean;
  /** ALLOWED_ORIGINS as origins. */
  allowedOrigins: string[];
  authSecret: string | undefined;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  notifyWebhookUrl: string | undefined;
  notifyWebhookKey1: string | undefined;
  notifyWebhookKey2: string | undefined;
  trackingEmbedUrl: string | undefined;
  messageMailWindowSeconds: number;
  trustProxy: boolean;
  /** METRICS_TOKEN. */
  metricsToken: string | undefined;
  ecbRatesUrl: string | undefined;
  /** Shared auth rate-limit counters (else the database table). */
  redisUrl: string | undefined;
  /** Where documents are stored: S3-compatible when S3_BUCKET is set, else DATA_DIR/files. */
  s3: S3Settings | undefined;
  /** `web`, `worker` or `both` (INSTANCE_ROLE). */
  role: 'both' | 'web' | 'worker';
  logLevel: string;
  production: boolean;
  /** WEBHOOK_ALLOWED_NETWORKS, parsed. */
  webhookAllowedNetworks: Cidr[];
  /** False only for a load test on loopback (RATE_LIMITS_OFF_FOR_LOAD_TEST=yes, decision record 0030). */
  rateLimits: boolean;
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

export class ConfigError extends Error {}

/** Parses and validates the environment once; a bad value names the variable. */
/** `forTools`: the database tools (backup, restore, move) sign nothing, so they run without AUTH_SECRET. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { forTools?: boolean } = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_URL && !e.AUTH_SECRET && !options.forTools) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_SECRET: required when DATABASE_URL is set (every instance must share it)',
    );
  }
  if (e.INSTANCE_ROLE !== 'both' && !e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  INSTANCE_ROLE: ${e.INSTANCE_ROLE} needs DATABASE_URL (the embedded database is one process's: run web and worker as one, INSTANCE_ROLE=both)`,
    );
  }
  if (e.S3_BUCKET && Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (e.TRACKING_EMBED_URL && !e.TRACKING_EMBED_URL.includes('{container}')) {
    throw new ConfigError('Invalid configuration:\n  TRACKING_EMBED_URL: must contain the {container} placeholder');
  }
  if (e.RATE_LIMITS_OFF_FOR_LOAD_TEST && (!LOOPBACK_HOSTS.has(e.HOST) || e.TRUST_PROXY)) {
    throw new ConfigError(
      'Invalid configuration:\n  RATE_LIMITS_OFF_FOR_LOAD_TEST: only for a load test on this machine: needs HOST=127.0.0.1 (or ::1, localhost) and TRUST_PROXY unset',
    );
  }
  const webhookNetworks = parseAllowedNetworks(e.WEBHOOK_ALLOWED_NETWORKS);
  if ('bad' in webhookNetworks) {
    throw new ConfigError(`Invalid configuration:\n  WEBHOOK_ALLOWED_NETWORKS: "${webhookNetworks.bad}" is not a network: use comma-separated CIDRs such as 10.20.0.0/16 or fd12:3456::/64`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    sameOrigin: !e.PUBLIC_URL,
    allowedOrigins: e.ALLOWED_ORIGINS.map((o) => new URL(o).origin),
    authSecret: e.AUTH_SECRET,
    seedDemo: e.SEED_DEMO,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    notifyWebhookUrl: e.NOTIFY_WEBHOOK_URL,
    notifyWebhookKey1: e.NOTIFY_WEBHOOK_KEY1,
    notifyWebhookKey2: e.NOTIFY_WEBHOOK_KEY2,
    trackingEmbedUrl: e.TRACKING_EMBED_URL,
    messageMailWindowSeconds: e.MESSAGE_MAIL_WINDOW_SECONDS,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    ecbRatesUrl: e.ECB_RATES_URL,
    redisUrl: e.REDIS_URL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    role: e.INSTANCE_ROLE,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    webhookAllowedNetworks: webhookNetworks.networks,
    rateLimits: e.RATE_LIMITS_OFF_FOR_LOAD_TEST !== 'yes',
  };
}
