/**
 * What the feature routers are built with: the registry (index.ts) passes it, each feature's routes take it. A module
 * of its own, below both, so no feature imports the registry.
 */
import type { Database, Db } from '@server/db/client';
import type { WebhookNet } from '@server/http/net-guard';
import type { Storage } from '@server/storage/storage';
import type { JobQueue } from '@server/jobs/queue';

export type FeatureDeps = {
  db: Db;
  database: Database;
  /** The site's public address. */
  publicUrl: string;
  /** Where links in mails caused by this request start (PUBLIC_URL, or the request's own address without it). */
  linkBase: (req: Request) => string;
  /** TRACKING_EMBED_URL: the container tracker's address with a {container} placeholder, if configured. */
  trackingEmbedUrl: string | undefined;
  /** Document storage (local folder or S3-compatible). */
  storage: Storage;
  /** The secret that signs short-lived document links. */
  linkSecret: string;
  /** Messages to one person on one thread within this many seconds go out as one mail. */
  messageMailWindowSeconds: number;
  /** Where webhook deliveries may go (production, WEBHOOK_ALLOWED_NETWORKS; issue 18). */
  webhookNet: WebhookNet;
  /** The background work's queue (issue 44, decision 0285). */
  jobs: JobQueue;
};
