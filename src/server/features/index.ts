import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database, Db } from '../db/client';
import type { AppEnv } from '../http/context';

export type FeatureDeps = { db: Db; database: Database };

/**
 * Every signed-in feature router, mounted under /api after the session check.
 * A new feature adds one line here.
 */
export function featureRoutes(_deps: FeatureDeps): OpenAPIHono<AppEnv>[] {
  return [];
}
