import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database, Db } from '../db/client';
import type { AppEnv } from '../http/context';

export type FeatureDeps = {
  db: Db;
  database: Database;
  /** The site's public address (links in mails). */
  publicUrl: string;
  /** TRACKING_EMBED_URL: the container tracker's address with a {container} placeholder, if configured. */
  trackingEmbedUrl: string | undefined;
};

/**
 * Every signed-in feature router, mounted under /api after the session check.
 * A new feature adds one line here.
 */
export function featureRoutes(_deps: FeatureDeps): OpenAPIHono<AppEnv>[] {
  return [];
}
